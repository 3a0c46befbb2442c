/// A field value given on a command line that is not valid (`every=fortnightly`, `'1x' is not a
/// key`): a command reports it as a usage error.
public struct FieldInputError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One front-matter field to set, parsed from `KEY=VALUE` (see `FieldAssignment.parse`).
public struct FieldAssignment: Sendable, Equatable {
    public var key: String
    public var value: FieldValue

    /// Parses `KEY=VALUE` arguments, each checked against `FieldSchema`: a comma-separated key
    /// (`tags=friends,mathematics`) gives a list of its non-empty trimmed items; a key given again
    /// adds its items to the same key's list (`email=a email=b`), in the order given.
    public static func parse(_ arguments: [String]) throws(FieldInputError) -> [FieldAssignment] {
        var assignments: [FieldAssignment] = []
        for argument in arguments {
            guard let eq = argument.firstIndex(of: "=") else { throw FieldInputError("'\(argument)' is not KEY=VALUE") }
            let key = String(argument[..<eq])
            let value = String(argument[argument.index(after: eq)...])
            let field = FieldSchema.named(key)
            if let problem = FieldSchema.keyProblem(key) ?? field?.problem(with: value) { throw FieldInputError(problem) }
            let listKey = field?.commaSeparated == true
            let items = listKey ? value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty } : [value]
            if let index = assignments.firstIndex(where: { $0.key == key }) {
                switch assignments[index].value {
                case .string(let first): assignments[index].value = .list([first] + items)
                case .list(let list): assignments[index].value = .list(list + items)
                }
            } else {
                assignments.append(FieldAssignment(key: key, value: listKey ? .list(items) : .string(value)))
            }
        }
        return assignments
    }

    /// Checks keys to remove: a key that is not a key throws `FieldInputError`; a key every person
    /// file needs (`name`) throws `VaultError`.
    public static func checkRemovable(_ keys: [String]) throws {
        for key in keys {
            if let problem = FieldSchema.keyProblem(key) { throw FieldInputError(problem) }
            if let problem = FieldSchema.named(key)?.removalProblem { throw VaultError(problem) }
        }
    }

    /// A new display name: `text` without surrounding spaces, when it is a valid name.
    public static func name(_ text: String) throws(FieldInputError) -> String {
        let name = text.trimmingSpaces
        if let problem = FieldSchema.name.problem(with: name) { throw FieldInputError(problem) }
        return name
    }
}
