import CRMFormat
import CRMVault

extension Vault {
    /// Does `request` on `today`. Typed fields: refuses a name that is not one, a birthday and a
    /// cadence that are not (`FieldInputError`, a usage error for `crm`), and someone the vault
    /// has by that name or contact id unless `force` (`DuplicatePerson`), then writes the file
    /// (`add(_:name:contactID:today:allowingDuplicate:)`). A contact: refuses a cadence that is
    /// not one, then adds it (`add(_:options:allowingTracked:problems:)`, which refuses a contact
    /// without a name and one someone tracks unless `force`). What `crm add` and `crm browse`'s
    /// `a` both do.
    package func add(_ request: AddRequest, today: Day) throws -> AddOutcome {
        switch request.person {
        case .typed(let typed, let phones, let emails, let birthday, let contactID):
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
            if !request.tags.isEmpty { fields.append(("tags", .list(spelt(request.tags)))) }
            if let every { fields.append(("every", .string(every.description))) }
            let person = try add(fields, name: name, contactID: contactID, today: today, allowingDuplicate: request.force)
            return AddOutcome(person: person, contact: nil, problems: [], config: config, today: today)
        case .contact(let contact, let source):
            let options = NewPersonOptions(tags: request.tags, every: try AddRequest.cadence(request.every), today: today)
            var problems: [Diagnostic] = []
            let person = try add(contact, options: options, allowingTracked: request.force, problems: &problems)
            return AddOutcome(person: person, contact: (contact, source), problems: problems, config: config, today: today)
        }
    }
}
