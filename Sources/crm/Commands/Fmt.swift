import CRMKit

private enum FmtOption {
    static let check = OptionSpec(name: "--check", help: "list the files that would change and exit 1 if any; write nothing")
}

let fmtCommand = Command(
    name: "fmt",
    summary: "Rewrite entries, their order and unsafe quoting in canonical form, with the smallest diff.",
    usage: ["fmt [PERSON…] [--check]"],
    arguments: [ArgumentSpec("PERSON…", completion: .people, help: "the people to format (default: everyone)")],
    options: [FmtOption.check],
    examples: ["crm fmt --check", "crm fmt", "crm fmt ada"],
    discussion: """
    Canonical entries: '- DATE [HH:MM] type: note', and '- DATE: note' for type note ('*' and '+'
    bullets become '-', types lower case). Obsidian links '[[DATE]]' stay links; continuation lines
    stay as written. A log whose entries are out of order is sorted into its main order (newest first
    unless most of it is oldest first). Plain values of name, contact_id, phone, email, tags and
    aliases that a YAML reader would take for a number, date, boolean or null get quotes. Only lines
    that change are rewritten; comments, unknown keys and notes are untouched. A command stopped
    half way ('crm check' says which) is finished first.
    """,
    run: { context in
        let vault = try context.vault()
        let checkOnly = context.arguments.flag(FmtOption.check)
        if !checkOnly { try vault.finishStoppedCommand() }
        // Everyone is read on all cores, one file at a time: only the names of files to change are kept.
        let paths = context.arguments.positionals.isEmpty ? vault.personPaths().people
            : try context.arguments.positionals.map { try vault.find($0).path }
        let changed = vault.scan(paths: paths) { file in
            let person = file.person
            return person.document.formatted() != person.document.text.bytes ? (id: person.id, path: person.path) : nil
        }.rows
        if !checkOnly {
            try vault.refuseReadOnly(changed.map(\.path))
            for file in changed { try vault.update(try vault.load(path: file.path)) { $0.formatted() } }
        }
        if context.json {
            context.printJSON(.array(changed.map { .object(Person.reference(id: $0.id, path: $0.path)) }))
        } else if changed.isEmpty {
            context.terminal.print("Nothing to format: \(paths.count) file\(paths.count == 1 ? "" : "s") already formatted.")
        } else {
            for person in changed { context.terminal.print(checkOnly ? person.path : "formatted \(person.path)") }
        }
        if checkOnly, !changed.isEmpty { throw ExitStatus(code: 1) }
    }
)
