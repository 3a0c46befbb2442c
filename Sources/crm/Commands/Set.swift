import CRMKit

let setCommand = Command(
    name: "set",
    summary: "Change front-matter fields, nothing else.",
    usage: ["set PERSON KEY=VALUE…"],
    arguments: [
        ("PERSON", "an id, name, alias, email, contact id, or a unique part of a name or id"),
        ("KEY=VALUE…", "fields to set; tags and aliases take a comma-separated list; repeat a key for a list"),
    ],
    examples: [
        "crm set ada phone=\"+44 20 7946 0018\" every=30d",
        "crm set ada tags=friends,mathematics",
        "crm set ada email=ada@example.org email=countess@example.org",
    ],
    discussion: """
    A changed value replaces the old one in place (its comment and quoting kept); a new key goes at
    the end of the front matter. Values are quoted so every YAML reader reads back the same text.
    """,
    run: { context in
        let args = try context.positionals("PERSON", "KEY=VALUE", atLeast: 2)
        var changes: [(key: String, value: FieldValue)] = []
        for assignment in args.dropFirst() {
            guard let eq = assignment.firstIndex(of: "=") else { throw UsageError("'\(assignment)' is not KEY=VALUE") }
            let key = String(assignment[..<eq])
            let value = String(assignment[assignment.index(after: eq)...])
            try checkKey(key)
            try checkValue(value, key: key)
            let listKey = key == "tags" || key == "aliases"
            let items = listKey ? value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty } : [value]
            if let index = changes.firstIndex(where: { $0.key == key }) {
                switch changes[index].value {
                case .string(let first): changes[index].value = .list([first] + items)
                case .list(let list): changes[index].value = .list(list + items)
                }
            } else {
                changes.append((key, listKey ? .list(items) : .string(value)))
            }
        }
        let vault = try context.vault()
        let person = try vault.find(args[0])
        let (written, changed) = try vault.update(person) { document in
            var bytes = document.text.bytes
            for change in changes {
                bytes = try PersonDocument(bytes: bytes, path: document.path, settings: vault.logSettings)
                    .setting(change.key, to: change.value)
            }
            return bytes
        }
        report(context, written, changed, keys: changes.map(\.key))
    }
)

let unsetCommand = Command(
    name: "unset",
    summary: "Remove front-matter fields, nothing else.",
    usage: ["unset PERSON KEY…"],
    arguments: [("PERSON", "an id, name, alias, email, contact id, or a unique part of a name or id"),
                ("KEY…", "the keys to remove, with their values")],
    examples: ["crm unset ada snooze", "crm unset ada phone email"],
    run: { context in
        let args = try context.positionals("PERSON", "KEY", atLeast: 2)
        for key in args.dropFirst() {
            try checkKey(key)
            if key == "name" { throw Failure("name is required; use 'crm rename' to change it") }
        }
        let vault = try context.vault()
        let person = try vault.find(args[0])
        let (written, changed) = try vault.update(person) { document in
            var bytes = document.text.bytes
            for key in args.dropFirst() {
                bytes = try PersonDocument(bytes: bytes, path: document.path, settings: vault.logSettings).removing(key)
            }
            return bytes
        }
        report(context, written, changed, keys: Array(args.dropFirst()))
    }
)

private func report(_ context: Context, _ person: Person, _ changed: Bool, keys: [String]) {
    if context.json {
        context.printJSON(.object([("id", .string(person.id)), ("path", .string(person.path)), ("changed", .bool(changed))]))
    } else {
        context.terminal.print(changed ? "Updated \(keys.joined(separator: ", ")) of \(person.name) (\(person.path))"
                                       : "Nothing to change for \(person.name)")
    }
}

/// Keys are plain YAML words: a letter or `_` first, then letters, digits, `_` and `-`.
private func checkKey(_ key: String) throws {
    guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
          key.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-" })
    else { throw UsageError("'\(key)' is not a valid key (letters, digits, '_' and '-', starting with a letter)") }
}

/// Known keys must have their form, so the file never holds a value the tool cannot use.
private func checkValue(_ value: String, key: String) throws {
    switch key {
    case "name" where value.trimmingSpaces.isEmpty: throw UsageError("name cannot be empty")
    case "name" where value.unicodeScalars.contains { $0.properties.generalCategory == .control }:
        throw UsageError("name must be one line of text")
    case "every" where Cadence(value) == nil: throw UsageError("every: '\(value)' is not a cadence (10d, 2w, 3m, 1y)")
    case "birthday" where !FieldValue.isTypedValue(value, key: "birthday"):
        throw UsageError("birthday: '\(value)' is not YYYY-MM-DD or --MM-DD")
    case "added", "snooze":
        if Day(value) == nil { throw UsageError("\(key): '\(value)' is not a date (YYYY-MM-DD)") }
    default: break
    }
}
