import CRMKit

/// The command line was wrong: exit status 2, with the command's usage line.
struct UsageError: Error {
    var message: String
    /// An argument that starts with `-` but is text, not an option (`- dash note`): the message
    /// then says how to pass it (after `--`).
    var text: String?
    init(_ message: String, text: String? = nil) {
        self.message = message
        self.text = text
    }
}

/// The command could not do what was asked: exit status 1. The message is printed as
/// `crm: error: …`, as every other error's description is.
struct Failure: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Exit quietly with a status, after the command printed what it had to say
/// (`check` found errors, `index --check` found it stale).
struct ExitStatus: Error {
    var code: Int32
}

/// Runs `body`, reporting a value the library found invalid as a usage error (exit status 2).
@discardableResult
func usage<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as FieldInputError { throw UsageError(error.message) }
}
