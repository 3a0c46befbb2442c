import CRMKit

/// The options of `crm rename`.
private enum RenameOption {
    static let force = OptionSpec(name: "--force", help: "rename even when another person has that name already")
}

let renameCommand = Command(
    name: "rename",
    summary: "Give a person a new name and the file name that goes with it.",
    usage: ["rename PERSON NEW-NAME [--force]"],
    arguments: [Command.personArgument,
                ArgumentSpec("NEW-NAME", completion: .none, help: "the new display name")],
    options: [RenameOption.force],
    examples: ["crm rename ada \"Ada King\"", "crm rename \"Ada King\" \"Ada Lovelace\" --force"],
    discussion: """
    The name: field changes (nothing else in the file), then the file is renamed in its folder in
    the style of its name: a slug of the name stays a slug (ada-lovelace.md → ada-king.md), a file
    named as the person stays so ("Rosa Díaz.md" → "Rosa Díaz García.md"), and a name chosen by
    hand (mom.md) is kept, and the output says so. Like 'crm add', it refuses a name another
    person has (ignoring case and accents) unless --force.
    Then every link to the person across the vault (other person files, daily notes, the other
    notes) is rewritten to the new id or name, each a change of that link alone: link text that
    was the old name becomes the new name, any other text and a #heading stay, and a link without
    text keeps showing a name: [[Mom]], by an alias, becomes [[francesca-rossi|Mom]]. The files and
    lines changed are listed.
    """,
    run: { context in
        let args = try context.positionals("PERSON", "NEW-NAME")
        let name = try usage { try FieldAssignment.name(args[1]) }
        let vault = try context.vault()
        let person = try vault.find(args[0])
        let renamed = try vault.renameAndRelink(person, to: name, force: context.arguments.flag(RenameOption.force))
        let moved = renamed.person
        if context.json {
            context.printJSON(renamed.json(previousPath: person.path))
        } else {
            let file = renamed.keptFileName ? " (\(person.path) keeps its file name: it is not made from the name)"
                : moved.path == person.path ? "" : " (\(person.path) → \(moved.path))"
            context.terminal.print("Renamed \(person.name) to \(name)" + file)
            let count = renamed.links.reduce(0) { $0 + $1.lines.count }
            if count > 0 {
                context.terminal.print("Updated the links to \(name) on \(count) line\(count == 1 ? "" : "s") of \(renamed.links.count) file\(renamed.links.count == 1 ? "" : "s"):")
                for change in renamed.links { context.terminal.print("  \(change.path):" + change.lines.map(String.init).joined(separator: ",")) }
            }
        }
        for failure in renamed.failures { context.warn("links not updated in \(failure)") }
        if !renamed.failures.isEmpty { throw ExitStatus(code: 1) }
    }
)
