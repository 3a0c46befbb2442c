/// What `crm rm` asks for, once confirmed: one person's file moved to the trash. `Vault.remove(_:clock:)`
/// does it and returns a `RemoveOutcome`.
package struct RemoveRequest: Sendable {
    /// As a PERSON argument names them (id, name, alias or email).
    package var person: String

    package init(person: String) { self.person = person }
}
