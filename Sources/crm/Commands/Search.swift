import CRMKit

let searchCommand = Command(
    name: "search",
    summary: "Find text in names, aliases, notes and log entries, ignoring case and accents.",
    usage: ["search TEXT…"],
    arguments: [("TEXT…", "what to look for; several words are searched as one phrase")],
    examples: ["crm search nunez", "crm search \"lemon cake\"", "crm search chess --json | jq -r '.[].id' | sort -u"],
    discussion: """
    Prints each matching line as path:line: text, like grep, in file and line order; every line of
    a person file is searched, its front matter included. Exit status 1 when nothing is found (as
    grep), also with --json (which then prints []). A file the tool cannot read (not UTF-8, front
    matter without its closing ---) is not searched: a warning on stderr names it.
    """,
    run: { context in
        let words = try context.positionals("TEXT", atLeast: 1)
        let query = words.joined(separator: " ")
        guard !query.folded.isEmpty else { throw UsageError("TEXT is empty") }
        let vault = try context.vault()
        let needle = query.folded
        // A file the tool cannot read is not searched, and says so (see `ReadProblems`).
        let (hits, problems) = VaultSearch.search(needle, in: vault)
        for problem in problems { context.warn(problem) }
        if context.json {
            context.printJSON(VaultSearch.json(hits))
        } else {
            let terminal = context.terminal
            for hit in hits {
                terminal.print(terminal.style(hit.path, .cyan) + ":" + terminal.style(String(hit.line), .green) + ": " + hit.text)
            }
        }
        if hits.isEmpty { throw ExitStatus(code: 1) }
    }
)
