import CRMFormat
import CRMVault

/// The `related:` items of the people an import adds, written once every one of them has a file
/// (a relation may name a card of the same import, whose file name is known only then).
///
/// A relation that names a card by its `UID` (`RELATED:urn:uuid:…`) links the person who has
/// that card: one the import adds, one it found tracking a card of the book, or one whose
/// `contact_id` it is (`urn:uuid:` and case aside), as `[[id|RELATION: Name]]`. Any other
/// relation (a name, or a card nobody has) is the text `RELATION: NAME`, as the card gives it. A
/// relationship is stated once: when two people's cards both state it (as `crm export` writes
/// both sides), the first card's is written.
package struct ImportedRelations {
    /// People by the UID of their card (`uidKey`): the id and name of each.
    private var byUID: [String: (id: String, name: String)] = [:]
    /// The pairs of ids already related.
    private var stated: Set<[String]> = []

    /// Relations whose `UID`s are found among `added` (each contact with the id of its new file),
    /// the people `plan` found tracking a card, and the people of `vault` with a `contact_id`.
    package init(added: [(contact: Contact, id: String)], plan: [ContactImport.Decision], vault: Vault) {
        let wanted = Set((added.flatMap { $0.contact.related.compactMap(\.uid) }).map(Self.uidKey))
        guard !wanted.isEmpty else { return }
        let rows = vault.facts(today: nil).rows.map { person -> (key: String, id: String, name: String)? in
            guard let contactID = person.contactID, wanted.contains(Self.uidKey(contactID)) else { return nil }
            return (Self.uidKey(contactID), person.id, person.name)
        }
        for case let row? in rows { byUID[row.key] = (row.id, row.name) }
        for case .skip(let contact, let tracker, _) in plan {
            if let uid = contact.uid, let id = tracker.id { byUID[Self.uidKey(uid)] = (id, tracker.name) }
        }
        for (contact, id) in added {
            if let uid = contact.uid { byUID[Self.uidKey(uid)] = (id, contact.name) }
        }
    }

    /// `urn:uuid:X` and `X` alike, in any case.
    static func uidKey(_ uid: String) -> String {
        let lower = uid.lowercased()
        return lower.hasPrefix("urn:uuid:") ? String(lower.dropFirst(9)) : lower
    }

    /// The items to write for `contact`, whose new file has `id`, and the warnings about
    /// relations that cannot be written (at the card's line). Marks the pairs it links as stated.
    package mutating func items(of contact: Contact, id: String) -> (items: [String], problems: [Diagnostic]) {
        var items: [String] = [], problems: [Diagnostic] = []
        for relation in contact.related {
            var name = relation.relation.trimmingSpaces
            if Relationship.relationProblem(name) != nil {
                problems.append(Diagnostic(path: contact.path, line: contact.line, severity: .warning,
                                           message: "the relation '\(relation.relation)' of \(contact.name) is not a relation name; written as 'contact'"))
                name = "contact"
            }
            if let uid = relation.uid, let other = byUID[Self.uidKey(uid)], other.id != id {
                guard stated.insert([id, other.id].sorted()).inserted else { continue }
                items.append(Relationship.item(relation: name, id: other.id, name: other.name))
                continue
            }
            let text = name + ": " + (relation.name ?? relation.uid ?? "")
            guard case .success = Relationship.parse(text), !items.contains(text) else {
                if !items.contains(text) {
                    problems.append(Diagnostic(path: contact.path, line: contact.line, severity: .warning,
                                               message: "the relation '\(text)' of \(contact.name) cannot be written as a related: item; left out"))
                }
                continue
            }
            items.append(text)
        }
        return (items, problems)
    }
}

extension Vault {
    /// Writes the `related:` items (`ImportedRelations`) of each of `added` (a contact and the
    /// person made of it) who has any; returns the warnings about relations left as they were.
    package func relateImported(_ added: [(contact: Contact, id: String)], plan: [ContactImport.Decision]) throws -> [Diagnostic] {
        guard added.contains(where: { !$0.contact.related.isEmpty }) else { return [] }
        var relations = ImportedRelations(added: added, plan: plan, vault: self)
        var problems: [Diagnostic] = []
        for (contact, id) in added where !contact.related.isEmpty {
            let (items, found) = relations.items(of: contact, id: id)
            problems += found
            guard !items.isEmpty else { continue }
            let person = try load(path: "people/" + id + ".md")
            try update(person, change: "related of \(person.name)") { try $0.setting(FieldSchema.related.key, to: .list(items)) }
        }
        return problems
    }
}
