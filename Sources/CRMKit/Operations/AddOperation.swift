import CRMFormat
import CRMVault

/// What `crm add` and `crm browse`'s `a` ask for: a new person, from fields typed (`crm add
/// NAME --phone …`, browse's name entry) or from one contact of an address book (`crm add
/// --from`, browse's picker). `Vault.add(_:today:)` does it and returns an `AddOutcome`.
package struct AddRequest: Sendable {
    package enum Person: Sendable {
        /// NAME, `--phone`, `--email` (the first primary), `--birthday` and `--contact-id`, as typed.
        case typed(name: String, phones: [String] = [], emails: [String] = [], birthday: String? = nil, contactID: String? = nil)
        /// The contact picked, and the address book it was read from as the user names it.
        case contact(Contact, source: String)
    }

    package var person: Person
    /// `--tag`: written as the vault spells them.
    package var tags: [String]
    /// `--every`, as typed.
    package var every: String?
    /// `--force`: add even when someone has the same name or contact id, or tracks the contact.
    package var force: Bool

    package init(_ person: Person, tags: [String] = [], every: String? = nil, force: Bool = false) {
        (self.person, self.tags, self.every, self.force) = (person, tags, every, force)
    }

    /// `every` as a cadence; one that is not is refused (`FieldInputError`, a usage error for
    /// `crm`). `crm add --from` asks before it opens the picker.
    package static func cadence(_ every: String?) throws(FieldInputError) -> Cadence? {
        guard let every else { return nil }
        if let problem = FieldSchema.every.problem(with: every) { throw FieldInputError(problem) }
        return Cadence(every)
    }
}

/// What `Vault.add(_:today:)` did: the person written, what of the contact was not written as it
/// is, and what to tell the user.
package struct AddOutcome: Outcome {
    /// The person as written.
    package let person: Person
    /// The contact they were added from, and its address book as the user names it.
    package let contact: (contact: Contact, source: String)?
    /// Notes and relations of the contact not written as they are.
    package let problems: [Diagnostic]
    package let config: VaultConfig
    package let today: Day

    /// The contact's problems, that `crm refresh` cannot follow a contact without a UID, then
    /// who was added where.
    package var lines: [OutcomeLine] {
        var lines = problems.map { OutcomeLine.problem($0.description) }
        if let (contact, _) = contact, contact.uid == nil {
            lines.append(.warning("\(contact.path):\(contact.line): this contact has no UID, so 'crm refresh' cannot follow it"))
        }
        return lines + [.said("Added \(person.name) (\(person.path))" + (contact.map { " from \($0.source)" } ?? ""))]
    }

    /// `crm add --json`: the person as `crm show --json` gives them.
    package var json: JSON { person.showJSON(config: config, today: today) }
}

extension Vault {
    /// Does `request` on `today`. Typed fields: refuses a name that is not one, a birthday and a
    /// cadence that are not (`FieldInputError`, a usage error for `crm`), and someone the vault
    /// has by that name or contact id unless `force` (`DuplicatePerson`), then writes the file
    /// (`newFile(_:name:contactID:today:allowingDuplicate:)`, at `people/<slug of name>.md`, or
    /// `-2`, `-3`… when taken). A contact: refuses a cadence that is
    /// not one, then adds it (`add(_:options:allowingTracked:problems:)`, which refuses a contact
    /// without a name and one someone tracks unless `force`). What `crm add` and `crm browse`'s
    /// `a` both do.
    package func add(_ request: AddRequest, today: Day) throws -> AddOutcome {
        switch request.person {
        case .typed:
            let file = try newFile(request, today: today)
            let person = try create(slug: file.slug, bytes: file.bytes)
            return AddOutcome(person: person, contact: nil, problems: [], config: config, today: today)
        case .contact(let contact, let source):
            let options = NewPersonOptions(tags: request.tags, every: try AddRequest.cadence(request.every), today: today)
            var problems: [Diagnostic] = []
            let person = try add(contact, options: options, allowingTracked: request.force, problems: &problems)
            return AddOutcome(person: person, contact: (contact, source), problems: problems, config: config, today: today)
        }
    }

    /// The file `add(_:today:)` writes for typed fields, and the path it gets (`people/<slug>.md`,
    /// or `-2`, `-3`… when taken), nothing written, refused as `add` refuses it: what `crm lsp`
    /// offers to create for a link that names nobody. A contact is not planned (`VaultError`).
    package func newFile(_ request: AddRequest, today: Day) throws -> (slug: String, path: String, bytes: [UInt8]) {
        guard case .typed(let typed, let phones, let emails, let birthday, let contactID) = request.person else {
            throw VaultError("a person added from a contact is not planned, only added")
        }
        let name = try FieldAssignment.name(typed)
        var fields: [(key: String, value: FieldValue)] = [("name", .string(name))]
        if let contactID { fields.append(("contact_id", .string(contactID))) }
        for (key, values) in [("phone", phones), ("email", emails)] {
            if let value = FieldValue(values) { fields.append((key, value)) }
        }
        if let birthday {
            if let problem = FieldSchema.birthday.problem(with: birthday) { throw FieldInputError(problem) }
            fields.append(("birthday", .string(birthday)))
        }
        let every = try AddRequest.cadence(request.every)
        if !request.tags.isEmpty { fields.append(("tags", .list(facts().rows.spelt(request.tags)))) }
        if let every { fields.append(("every", .string(every.description))) }
        let file = try newFile(fields, name: name, contactID: contactID, today: today, allowingDuplicate: request.force)
        return (file.slug, freePath(folder: "people", slug: file.slug), file.bytes)
    }
}
