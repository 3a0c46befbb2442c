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
        let assignments = try usage { try FieldAssignment.parse(Array(args.dropFirst())) }
        let vault = try context.vault()
        let (written, changed) = try vault.set(try vault.find(args[0]), assignments)
        report(context, written, changed, keys: assignments.map(\.key))
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
        let keys = Array(args.dropFirst())
        try usage { try FieldAssignment.checkRemovable(keys) }
        let vault = try context.vault()
        let (written, changed) = try vault.unset(try vault.find(args[0]), keys)
        report(context, written, changed, keys: keys)
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
