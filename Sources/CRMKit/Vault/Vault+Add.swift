extension Vault {
    /// A second person with the same name or contact id, which `add(_:name:contactID:today:)` refuses.
    public struct DuplicatePerson: Error, Sendable, CustomStringConvertible {
        /// The person already tracked.
        public let existing: PersonKeys
        /// "people/ada.md already tracks Ada Lovelace" (see `duplicateMessage`).
        public let description: String
    }

    /// Writes a new person's file, as `crm add` does: front matter with `fields` in their order
    /// (`name` first) and `added:` on `today`, then the log heading (`NewPersonFile`), at
    /// `people/<slug of name>.md` (or `-2`, `-3`… when taken). Unless `allowingDuplicate`, a
    /// second person with the same name or contact id is refused (`DuplicatePerson`).
    public func add(_ fields: [(key: String, value: FieldValue)], name: String, contactID: String?, today: Day,
                    allowingDuplicate: Bool = false) throws -> Person {
        if !allowingDuplicate, let same = duplicate(name: name, contactID: contactID) {
            throw DuplicatePerson(existing: same, description: Vault.duplicateMessage(same, name: name))
        }
        let all = fields + [(key: "added", value: FieldValue.string(today.description))]
        return try create(slug: Slug.make(name), bytes: NewPersonFile.render(all, heading: config.heading))
    }
}
