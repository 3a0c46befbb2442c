import CRMKit

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
        let vault = try context.vault()
        let outcome = try usage { try vault.rename(args[0], to: args[1], force: context.arguments.flag(RenameOption.force)) }
        context.show(outcome)
        if !outcome.renamed.failures.isEmpty { throw ExitStatus(code: 1) }
    }
)
