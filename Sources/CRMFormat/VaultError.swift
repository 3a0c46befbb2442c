/// A problem with the vault or a person in it, with the message the user sees.
public struct VaultError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// When a PERSON argument names no one: the people closest to it, by id and name (perhaps
    /// none), for a command that then takes someone without a file (`crm relate`). Nil for any
    /// other problem.
    package var unmatched: [(id: String, name: String)]?
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
