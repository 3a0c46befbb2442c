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
        let name = args[1].trimmingSpaces
        if let problem = FieldSchema.name.problem(with: name) { throw UsageError(problem) }
        let vault = try context.vault()
        let person = try vault.find(args[0])
        if !context.arguments.flag("--force"), let same = vault.duplicate(name: name, excluding: person.id) {
            throw Failure(Vault.duplicateMessage(same, name: name) + "; use --force to rename anyway")
        }
        let (renamed, _) = try vault.update(person) { try $0.setting("name", to: .string(name)) }
        let moved = try vault.move(renamed, toSlug: Slug.make(name))
        if context.json {
            context.printJSON(.object([("id", .string(moved.id)), ("path", .string(moved.path)), ("previous_path", .string(person.path))]))
        } else {
            context.terminal.print("Renamed \(person.name) to \(name)" + (moved.path == person.path ? "" : " (\(person.path) → \(moved.path))"))
        }
    }
)
