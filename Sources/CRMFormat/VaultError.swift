/// A problem with the vault or a person in it, with the message the user sees.
public struct VaultError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
