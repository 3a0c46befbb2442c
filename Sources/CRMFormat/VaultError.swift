/// A problem with the vault or a person in it, with the message the user sees.
package struct VaultError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
