import CRMKit

let renameCommand = Command(
    name: "rename",
    summary: "Give a person a new name and the file name that goes with it.",
    usage: ["rename PERSON NEW-NAME [--force]"],
    arguments: [Command.personArgument,
                ("NEW-NAME", "the new display name")],
    options: [OptionSpec(name: "--force", help: "rename even when another person has that name already")],
    examples: ["crm rename ada \"Ada King\"", "crm rename \"Ada King\" \"Ada Lovelace\" --force"],
    discussion: """
    The name: field changes (nothing else in the file), then the file moves to people/<slug>.md in
    its folder. Like 'crm add', it refuses a name another person has (ignoring case and accents)
    unless --force.
    """,
    run: { context in
        let args = try context.positionals("PERSON", "NEW-NAME")
        let name = try usage { try FieldAssignment.name(args[1]) }
        let vault = try context.vault()
        let person = try vault.find(args[0])
        let moved = try vault.rename(person, to: name, force: context.arguments.flag("--force"))
        if context.json {
            context.printJSON(.object([("id", .string(moved.id)), ("path", .string(moved.path)), ("previous_path", .string(person.path))]))
        } else {
            context.terminal.print("Renamed \(person.name) to \(name)" + (moved.path == person.path ? "" : " (\(person.path) → \(moved.path))"))
        }
    }
)
