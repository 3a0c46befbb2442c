/// What `crm rename` asks for: a person's new name, the file name that goes with it, and the
/// links to them rewritten. `Vault.rename(_:)` does it and returns a `RenameOutcome`.
package struct RenameRequest: Sendable {
    /// As a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// The new display name, as typed.
    package var name: String
    /// `--force`: rename even when another person has that name already.
    package var force: Bool

    package init(person: String, name: String, force: Bool = false) {
        (self.person, self.name, self.force) = (person, name, force)
    }
}
