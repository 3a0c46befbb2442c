import CRMFormat
import CRMVault

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
