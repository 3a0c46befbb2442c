import CRMFormat
import CRMVault

extension Vault {
    /// Someone the vault tracks already, which the `add` operations refuse unless told otherwise.
    package struct DuplicatePerson: Error, Sendable, CustomStringConvertible {
        /// "people/ada.md already tracks Ada Lovelace" (see `PersonKeys.duplicateMessage`,
        /// `ContactImport.trackedMessage`).
        package let description: String
    }

    /// A new person's file, as `crm add NAME` writes it, and the slug it is named by, nothing
    /// written: front matter with `fields` in their order (`name` first) and `added:` on `today`,
    /// then the log heading (`NewPersonFile`). Unless `allowingDuplicate`, a second person with
    /// the same name or contact id is refused (`DuplicatePerson`).
    package func newFile(_ fields: [(key: String, value: FieldValue)], name: String, contactID: String?, today: Day,
                         allowingDuplicate: Bool = false) throws -> (slug: String, bytes: [UInt8]) {
        if !allowingDuplicate, let same = VaultLinks(keysOf: self).everyone.duplicate(name: name, contactID: contactID) {
            throw DuplicatePerson(description: PersonKeys.duplicateMessage(same, name: name))
        }
        let all = fields + [(key: "added", value: FieldValue.string(today.description))]
        return (Slug.make(name), NewPersonFile.render(all, heading: config.heading))
    }

    /// Writes a new person from `contact`, as `crm add --from` does: its fields and notes
    /// (`Contact.newFile`) in a new file named after it, then its relations
    /// (`relateImported`). A contact without a name is refused (`VaultError`), and, unless
    /// `allowingTracked`, a contact someone tracks already (as `crm import` finds them:
    /// `ContactImport.trackers`) (`DuplicatePerson`).
    public func add(_ contact: Contact, options: NewPersonOptions, allowingTracked: Bool = false) throws -> Person {
        var problems: [Diagnostic] = []
        return try add(contact, options: options, allowingTracked: allowingTracked, problems: &problems)
    }

    /// The same, adding to `problems` the warnings about notes and relations not written as they are.
    package func add(_ contact: Contact, options: NewPersonOptions, allowingTracked: Bool = false, problems: inout [Diagnostic]) throws -> Person {
        guard !contact.name.isEmpty else { throw VaultError("\(contact.path):\(contact.line): this vCard has no name; nothing added") }
        if !allowingTracked, let (tracker, match) = ContactImport.trackers(of: [contact], vault: self)[0] {
            throw DuplicatePerson(description: ContactImport.trackedMessage(tracker, match: match, contact: contact))
        }
        var options = options
        options.tagSpellings = facts().rows.tagSpellings
        let file = contact.newFile(options, settings: config.logSettings)
        let person = try create(slug: Slug.make(contact.name), bytes: file.bytes)
        problems += file.problem.map { [$0] } ?? []
        problems += try relateImported([(contact, person.id)], plan: [])
        return contact.related.isEmpty ? person : try load(path: person.path)
    }
}
