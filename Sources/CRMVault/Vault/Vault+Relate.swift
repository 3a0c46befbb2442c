import CRMFormat

/// `crm relate` and `crm unrelate`: a relationship is one item of `related:`, stored once, on one
/// of the two people, and read from both sides (see `Relationship`).
/// A relationship as a file states it: an item in `person`'s file says `other` is `person`'s `relation`.
package struct StatedRelationship: Sendable {
    package var person: Person
    package var relation: String
    /// The other person; nil for someone without a file in the vault (`"RELATION: Name"`).
    package var other: Person?
    /// The other person's name.
    package var otherName: String
    /// 1-based line of the item.
    package var line: Int

    init(person: Person, relation: String, other: Person, line: Int) {
        (self.person, self.relation, self.other, otherName, self.line) = (person, relation, other, other.name, line)
    }

    init(person: Person, relation: String, named name: String, line: Int) {
        (self.person, self.relation, other, otherName, self.line) = (person, relation, nil, name, line)
    }

    /// `Bob Marsh is Ada Lovelace's parent`.
    package var wording: String { "\(otherName) is \(person.name)'s \(relation)" }
}

extension Vault {
    /// Says in `person`'s file that `other` is `person`'s `relation` (lower-cased): one item
    /// `"[[ID|RELATION: Name]]"` added to `related:` (a new list when there is none). Returns the
    /// relationship and whether the file changed: a relationship already stated, on either side
    /// (`parent` on one side is `child` on the other), is not written twice. Refuses a relation
    /// that is not one (`Relationship.relationProblem`), relating someone to themselves, and a
    /// pair already related another way (unrelate them first).
    package func relate(_ person: Person, _ relation: String, _ other: Person) throws -> (relationship: StatedRelationship, changed: Bool) {
        let relation = relation.trimmingSpaces.lowercased()
        if let problem = Relationship.relationProblem(relation) { throw VaultError(problem) }
        guard person.id != other.id else { throw VaultError("\(person.name) cannot be related to themselves") }
        let links = VaultLinks.read(self, notes: false)
        let existing = relationships(between: person, and: other, links)
        if let same = existing.first(where: { $0.person.id == person.id ? $0.relation.lowercased() == relation
                                              : Relationship.inverse(of: $0.relation).lowercased() == relation }) {
            return (same, false)
        }
        if let found = existing.first {
            throw VaultError("\(person.name) and \(other.name) are related already: \(found.wording) (\(found.person.path):\(found.line)); "
                             + "'crm unrelate \(person.id) \(other.id)' first")
        }
        let item = Relationship.item(relation: relation, id: other.id, name: other.name)
        let (written, changed) = try update(person, change: "\(relation) of \(person.name): \(other.name)") { document in
            try document.setting(FieldSchema.related.key, to: .list(try document.relatedList() + [item]))
        }
        let line = written.document.relatedItems.last { $0.target == other.id }?.line ?? 1
        return (StatedRelationship(person: written, relation: relation, other: other, line: line), changed)
    }

    /// Says in `person`'s file that `name`, someone without a file in the vault, is `person`'s
    /// `relation`: one item in the text form, `"RELATION: Name"` (see `crm relate`). The same
    /// relation to the same name (ignoring case and accents) is not written twice. Refuses a
    /// relation that is not one and a name an item cannot hold.
    package func relate(_ person: Person, _ relation: String, named name: String) throws -> (relationship: StatedRelationship, changed: Bool) {
        let relation = relation.trimmingSpaces.lowercased()
        let name = name.trimmingSpaces
        if let problem = Relationship.relationProblem(relation) { throw VaultError(problem) }
        guard !name.isEmpty, PersonLink.canHold(name), !name.hasPrefix("[") else {
            throw VaultError("'\(name)' cannot be a name in related: (no '|', brackets or line breaks)")
        }
        func same(_ item: RelatedItem) -> Bool { item.target == nil && item.relation.lowercased() == relation && item.name.folded == name.folded }
        if let stated = person.document.relatedItems.first(where: same) {
            return (StatedRelationship(person: person, relation: relation, named: stated.name, line: stated.line), false)
        }
        let (written, changed) = try update(person, change: "\(relation) of \(person.name): \(name)") { document in
            try document.setting(FieldSchema.related.key, to: .list(try document.relatedList() + [relation + ": " + name]))
        }
        let line = written.document.relatedItems.last(where: same)?.line ?? 1
        return (StatedRelationship(person: written, relation: relation, named: name, line: line), changed)
    }

    /// Removes every `related:` item between `person` and `other`, on both sides. Returns the
    /// relationships removed; throws when there is none.
    package func unrelate(_ person: Person, _ other: Person) throws -> [StatedRelationship] {
        let links = VaultLinks.read(self, notes: false)
        let existing = relationships(between: person, and: other, links)
        guard !existing.isEmpty else { throw VaultError("\(person.name) and \(other.name) are not related (no related: item names the other)") }
        for (owner, target) in [(person, other), (other, person)] where existing.contains(where: { $0.person.id == owner.id }) {
            try update(owner, change: "not related: \(person.name), \(other.name)") { document in
                let kept = try document.relatedList().filter { text in
                    guard case .success(let item) = Relationship.parse(text), let linked = item.target else { return true }
                    return links.resolver.person(linked) != target.id
                }
                return try kept.isEmpty ? document.removing(FieldSchema.related.key) : document.setting(FieldSchema.related.key, to: .list(kept))
            }
        }
        return existing
    }

    /// Removes the `related:` items of `person` that name `name` as text (someone without a file
    /// in the vault), ignoring case and accents. Returns them; throws when there is none.
    package func unrelate(_ person: Person, named name: String) throws -> [StatedRelationship] {
        let folded = name.trimmingSpaces.folded
        let items = person.document.relatedItems.filter { $0.target == nil && $0.name.folded == folded }
        guard !items.isEmpty else {
            throw VaultError("no person matches '\(name)', and no related: item of \(person.name) names '\(name)'")
        }
        try update(person, change: "not related: \(person.name), \(name)") { document in
            let kept = try document.relatedList().filter { text in
                guard case .success(let item) = Relationship.parse(text), item.target == nil else { return true }
                return item.name.folded != folded
            }
            return try kept.isEmpty ? document.removing(FieldSchema.related.key) : document.setting(FieldSchema.related.key, to: .list(kept))
        }
        return items.map { StatedRelationship(person: person, relation: $0.relation, named: $0.name, line: $0.line) }
    }

    /// The `related:` items in either file that name the other person.
    private func relationships(between person: Person, and other: Person, _ links: VaultLinks) -> [StatedRelationship] {
        [(person, other), (other, person)].flatMap { owner, target in
            owner.document.relatedItems.compactMap { item in
                guard let linked = item.target, links.resolver.person(linked) == target.id else { return nil }
                return StatedRelationship(person: owner, relation: item.relation, other: target, line: item.line)
            }
        }
    }
}

extension PersonDocument {
    /// The texts of `related:` as a list (none without the key), for an edit that writes the list
    /// back; refused when the value is not text or a list of text (nothing in it would survive).
    func relatedList() throws(PersonFileError) -> [String] {
        guard let pair = frontMatter?.pair(FieldSchema.related.key) else { return [] }
        switch pair.value {
        case .empty: return []
        case .scalar where pair.value.string != nil: return [pair.value.string!]
        case .sequence(let items) where items.allSatisfy({ $0.string != nil }): return items.map { $0.string! }
        default:
            throw PersonFileError(path: path, line: pair.lineIndex + 1,
                                  message: "not changed: related: is not a list of text (\(Relationship.form) for each item); fix it first")
        }
    }
}
