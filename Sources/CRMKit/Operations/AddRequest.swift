import CRMFormat

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
