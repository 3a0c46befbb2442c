import CRMKit

let setCommand = Command(
    name: "set",
    summary: "Change front-matter fields, nothing else.",
    usage: ["set PERSON KEY=VALUE…"],
    arguments: [
        Command.personArgument,
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
            let field = FieldSchema.named(key)
            if let problem = FieldSchema.keyProblem(key) ?? field?.problem(with: value) { throw UsageError(problem) }
            let listKey = field?.commaSeparated == true
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
    arguments: [Command.personArgument,
                ("KEY…", "the keys to remove, with their values")],
    examples: ["crm unset ada snooze", "crm unset ada phone email"],
    run: { context in
        let args = try context.positionals("PERSON", "KEY", atLeast: 2)
        for key in args.dropFirst() {
            if let problem = FieldSchema.keyProblem(key) { throw UsageError(problem) }
            if let problem = FieldSchema.named(key)?.removalProblem { throw Failure(problem) }
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
