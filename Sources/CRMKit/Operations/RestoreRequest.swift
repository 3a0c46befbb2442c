/// What `crm restore NAME` asks for: one item of the trash put back. `Vault.restore(_:)` does it
/// and returns a `RestoreOutcome`.
package struct RestoreRequest: Sendable {
    /// A trash file's name, or a unique part of it, of the person's name or of the entry.
    package var name: String

    package init(name: String) { self.name = name }
}
