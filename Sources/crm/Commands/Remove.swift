import CRMKit

private enum RemoveOption {
    static let yes = OptionSpec(name: "--yes", short: "y", help: "do not ask (needed when standard input is not a terminal)")
}

let removeCommand = Command(
    name: "rm",
    summary: "Remove a person and their log (kept under .crm/trash/).",
    usage: ["rm PERSON [--yes]"],
    arguments: [Command.personArgument],
    options: [RemoveOption.yes],
    examples: ["crm rm ada", "crm rm ada --yes"],
    discussion: """
    The file moves to .crm/trash/ on this machine only (the trash is not synced); 'crm restore'
    puts it back. The links to the person elsewhere in the vault are left as they are, and listed
    (path:line): they point at nobody until the person is restored or the links are edited.
    """,
    run: { context in
        let query = try context.positionals("PERSON")[0]
        let vault = try context.vault()
        if !context.arguments.flag(RemoveOption.yes) {
            let person = try vault.find(query)
            guard context.terminal.stdinIsTerminal else {
                throw Failure("not removing \(person.name) without --yes (standard input is not a terminal to ask)")
            }
            let count = person.document.log?.entries.count ?? 0
            context.terminal.write("Remove \(person.name) (\(person.path)) and \(count) interaction\(count == 1 ? "" : "s")? [y/N] ")
            let answer = readLine()?.lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                context.terminal.print("Nothing removed.")
                return
            }
        }
        context.show(try vault.remove(query, clock: try context.clock()))
    }
)
