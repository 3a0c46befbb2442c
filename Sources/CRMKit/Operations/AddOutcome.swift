import CRMFormat
import CRMVault

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
