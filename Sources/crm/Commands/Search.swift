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
    grep), also with --json (which then prints []).
    """,
    run: { context in
        let words = try context.positionals("TEXT", atLeast: 1)
        let query = words.joined(separator: " ")
        guard !query.folded.isEmpty else { throw UsageError("TEXT is empty") }
        let vault = try context.vault()
        let needle = query.folded
        let (found, problems) = vault.scanFiles { VaultSearch.hits(of: needle, inFile: $1, path: $0) }
        for problem in problems { context.warn(problem.description) }
        let hits = found.flatMap { $0 }
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
