/// One item of a person's `related:` list: the relation and the other person, by a link or by a
/// plain name. An item in PERSON's file says who the other is *to* PERSON: in Ada's file,
/// `"[[bob-marsh|parent: Bob Marsh]]"` says Bob Marsh is Ada's parent.
///
/// The forms (each a YAML string, so Obsidian's Properties view shows `related` as a List, and
/// an item that is a link as a whole is a clickable link there):
///
/// - `"[[TARGET|RELATION: NAME]]"`: the form the tool writes (`crm relate`);
/// - `"RELATION: [[TARGET]]"` or `"RELATION: [[TARGET|NAME]]"`: read the same, for hand-written
///   lists (Obsidian shows these as text, not as links);
/// - `"RELATION: NAME"`: someone who has no file in the vault.
package struct RelatedItem: Sendable, Equatable {
    /// The relation as written (`partner`, `parent`, `godmother`), spaces trimmed.
    package var relation: String
    /// The link's target, as written; nil for a plain name.
    package var target: String?
    /// The plain name, or the name the link shows (its text after `RELATION: `, else its target).
    package var name: String
    /// 1-based line and column of the item in its file.
    package var line: Int
    package var column: Int

    package init(relation: String, target: String?, name: String, line: Int, column: Int) {
        (self.relation, self.target, self.name, self.line, self.column) = (relation, target, name, line, column)
    }
}

/// The rules of relationships: the item grammar, the known pairs and the wording of the other side.
package enum Relationship {
    /// Relations named from the other side by a word of their own; any other relation reads
    /// "RELATION of NAME" there.
    static let inverses: [String: String] = [
        "partner": "partner", "spouse": "spouse", "parent": "child", "child": "parent", "sibling": "sibling",
        "friend": "friend", "colleague": "colleague", "manager": "report", "report": "manager",
    ]

    /// The relation names `crm relate` offers (shell completion), in the order people think of them.
    package static let knownNames = ["partner", "spouse", "parent", "child", "sibling", "friend", "colleague", "manager", "report"]

    /// How `relation` reads from the other side: `child` for `parent`, `godmother of` for
    /// `godmother`, and `godmother` for `godmother of` (as a card of the other side states it).
    package static func inverse(of relation: String) -> String {
        if let known = inverses[relation.lowercased()] { return known }
        return relation.lowercased().hasSuffix(" of") ? String(relation.dropLast(3)) : relation + " of"
    }

    /// The item `crm relate` writes: `[[ID|RELATION: NAME]]`, or `[[ID|RELATION]]` when the
    /// name cannot stand in a link's text.
    package static func item(relation: String, id: String, name: String) -> String {
        PersonLink.markup(id, text: PersonLink.canHold(name) ? relation + ": " + name : relation)
    }

    /// What is wrong with `relation` as a relation name `crm relate` writes, if anything.
    package static func relationProblem(_ relation: String) -> String? {
        let trimmed = relation.trimmingSpaces
        if trimmed.isEmpty { return "the relation is empty" }
        if trimmed.contains(":") || !PersonLink.canHold(trimmed) || trimmed.contains("[") || trimmed.contains("]")
            || trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the relation '\(relation)' must be a word or a few, without ':', '|', brackets or line breaks (partner, parent, godmother)"
        }
        return nil
    }

    /// The form a `related` item must have, as messages give it.
    package static let form = "'[[id|RELATION: Name]]', 'RELATION: [[id]]' or 'RELATION: Name'"

    /// Reads one item's text; the message says why it is not an item.
    package static func parse(_ text: String) -> Result<(relation: String, target: String?, name: String), ItemProblem> {
        let trimmed = text.trimmingSpaces
        let links = PersonLink.scan(trimmed)
        if links.count == 1, let link = links.first, !link.isEmbed, link.span == 0..<trimmed.utf8.count {
            // The whole item is a link: the relation is in its text.
            guard let shown = link.text, let colon = shown.firstIndex(of: ":") else {
                return .failure(ItemProblem("related: '\(trimmed)' has no relation; write it as '[[\(link.target)|RELATION: Name]]'"))
            }
            let relation = String(shown[..<colon]).trimmingSpaces
            let name = String(shown[shown.index(after: colon)...]).trimmingSpaces
            guard relationProblem(relation) == nil else { return .failure(ItemProblem("related: '\(trimmed)' is not \(form)")) }
            return .success((relation, link.target, name.isEmpty ? link.target : name))
        }
        guard let colon = trimmed.firstIndex(of: ":") else {
            return .failure(ItemProblem("related: '\(trimmed)' has no relation; write it as \(form)"))
        }
        let relation = String(trimmed[..<colon]).trimmingSpaces
        let rest = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces
        guard relationProblem(relation) == nil, !rest.isEmpty else { return .failure(ItemProblem("related: '\(trimmed)' is not \(form)")) }
        let restLinks = PersonLink.scan(rest)
        if restLinks.isEmpty, !rest.contains("[[") { return .success((relation, nil, rest)) }
        guard restLinks.count == 1, let link = restLinks.first, !link.isEmbed, link.span == 0..<rest.utf8.count else {
            return .failure(ItemProblem("related: '\(trimmed)' is not \(form): one link or one name after the relation"))
        }
        return .success((relation, link.target, link.text.map(\.trimmingSpaces).flatMap { $0.isEmpty ? nil : $0 } ?? link.target))
    }

    /// Why an item is not one.
    package struct ItemProblem: Error { var message: String; init(_ message: String) { self.message = message } }

    /// The message for an item's text that is not an item; nil when it is one (`FieldSchema.related`).
    static func problem(with item: String) -> String? {
        if case .failure(let problem) = parse(item) { return problem.message }
        return nil
    }
}

extension PersonDocument {
    /// The items of `related:` that read as items, in file order; the others are `crm check`'s
    /// to report (see `FieldSchema.related`).
    package var relatedItems: [RelatedItem] {
        guard let pair = frontMatter?.pair(FieldSchema.related.key) else { return [] }
        return placedItems(pair).compactMap { placed in
            guard let text = placed.node.string, case .success(let item) = Relationship.parse(text) else { return nil }
            return RelatedItem(relation: item.relation, target: item.target, name: item.name, line: placed.line, column: placed.column)
        }
    }

    /// The items of a list value (the value itself when it is not a list), each with the 1-based
    /// line and column where it starts (see `YAMLSpannedPair.itemPositions`), or the value's
    /// when its place cannot be told.
    func placedItems(_ pair: YAMLSpannedPair) -> [(node: YAMLNode, line: Int, column: Int)] {
        let nodes: [YAMLNode]
        if case .sequence(let items) = pair.value { nodes = items } else { nodes = [pair.value] }
        let positions = pair.itemPositions(in: text)
        return nodes.enumerated().map { index, node in
            let (line, column) = index < positions.count ? positions[index] : (pair.lineIndex + 1, valueColumn(pair))
            return (node, line, column)
        }
    }
}
