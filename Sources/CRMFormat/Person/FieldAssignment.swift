/// A field value given on a command line that is not valid (`every=fortnightly`, `'1x' is not a
/// key`): a command reports it as a usage error.
package struct FieldInputError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// One change to a front-matter field, parsed from a `crm set` argument (`KEY=VALUE`, `KEY+=ITEM`,
/// `KEY-=ITEM`; see `parse`) or a `crm unset` key (see `removals`).
package struct FieldAssignment: Sendable, Equatable {
    package enum Operation: Sendable, Equatable {
        /// `KEY=VALUE`: the value replaces the old one.
        case set(FieldValue)
        /// `KEY+=ITEM`: the item is added at the end of the key's list, unless it is there.
        case add(String)
        /// `KEY-=ITEM`: every copy of the item leaves the key's list.
        case remove(String)
        /// `crm unset PERSON KEY`: the key and its value are removed.
        case unset
    }

    package var key: String
    package var operation: Operation

    package init(key: String, operation: Operation) {
        self.key = key
        self.operation = operation
    }

    /// `KEY=VALUE`.
    package init(key: String, value: FieldValue) {
        self.init(key: key, operation: .set(value))
    }

    /// What happened to one assignment: whether it changed the file (adding an item already
    /// there, removing one or a key that is not there, or setting the value a key has changes nothing).
    package struct Outcome: Sendable, Equatable {
        package var assignment: FieldAssignment
        package var changed: Bool
        package init(assignment: FieldAssignment, changed: Bool) { (self.assignment, self.changed) = (assignment, changed) }
    }

    /// Parses `crm set` arguments, each checked against `FieldSchema`:
    /// - `KEY=VALUE`: a comma-separated key (`tags=friends,mathematics`) gives a list of its
    ///   non-empty trimmed items; a key given again adds its items to the same key's list
    ///   (`email=a email=b`), in the order given. `KEY=` with no value is refused: removing a
    ///   key is `crm unset PERSON KEY` (`person` is named in the message).
    /// - `KEY+=ITEM` and `KEY-=ITEM`: one item added to or removed from a list key (`tags`,
    ///   `aliases`, `phone`, `email`, or a key the tool does not know); a comma-separated key
    ///   gives one assignment per item. A key of one value (`every`, `birthday`…) is refused.
    package static func parse(_ arguments: [String], person: String = "PERSON") throws(FieldInputError) -> [FieldAssignment] {
        var assignments: [FieldAssignment] = []
        for argument in arguments {
            guard let eq = argument.firstIndex(of: "=") else { throw FieldInputError("'\(argument)' is not KEY=VALUE") }
            var key = String(argument[..<eq])
            let value = String(argument[argument.index(after: eq)...])
            let listOperator = key.last == "+" || key.last == "-" ? key.removeLast() : nil
            let field = FieldSchema.named(key)
            if let problem = FieldSchema.keyProblem(key) { throw FieldInputError(problem) }
            let listKey = field?.commaSeparated == true
            let items = listKey ? value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty } : [value]
            if let listOperator {
                if let field, !field.isList {
                    throw FieldInputError("\(key) holds one value, not a list; set it with '\(key)=VALUE'")
                }
                guard !items.isEmpty, !value.trimmingSpaces.isEmpty else {
                    throw FieldInputError("'\(argument)' gives no item to \(listOperator == "+" ? "add" : "remove")")
                }
                assignments += items.map { FieldAssignment(key: key, operation: listOperator == "+" ? .add($0) : .remove($0)) }
                continue
            }
            guard !items.isEmpty, !value.trimmingSpaces.isEmpty || key == FieldSchema.name.key else {
                throw FieldInputError("'\(argument)' gives no value; to remove \(key), use 'crm unset \(person) \(key)'")
            }
            if let problem = field?.problem(with: value) { throw FieldInputError(problem) }
            if let index = assignments.firstIndex(where: { $0.key == key && $0.isSet }), case .set(let old) = assignments[index].operation {
                switch old {
                case .string(let first): assignments[index].operation = .set(.list([first] + items))
                case .list(let list): assignments[index].operation = .set(.list(list + items))
                }
            } else {
                assignments.append(FieldAssignment(key: key, value: listKey ? .list(items) : .string(value)))
            }
        }
        return assignments
    }

    private var isSet: Bool {
        if case .set = operation { return true }
        return false
    }

    /// `crm unset` keys as assignments, each checked: a key that is not a key throws
    /// `FieldInputError`; a key every person file needs (`name`) throws `VaultError`.
    package static func removals(_ keys: [String]) throws -> [FieldAssignment] {
        for key in keys {
            if let problem = FieldSchema.keyProblem(key) { throw FieldInputError(problem) }
            if let problem = FieldSchema.named(key)?.removalProblem { throw VaultError(problem) }
        }
        return keys.map { FieldAssignment(key: $0, operation: .unset) }
    }

    /// A new display name: `text` without surrounding spaces, when it is a valid name.
    package static func name(_ text: String) throws(FieldInputError) -> String {
        let name = text.trimmingSpaces
        if let problem = FieldSchema.name.problem(with: name) { throw FieldInputError(problem) }
        return name
    }
}
