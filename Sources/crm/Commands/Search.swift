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
        // Output is written a batch of files at a time, in large pieces.
        let terminal = context.terminal
        var json = context.json ? VaultSearch.JSONWriter() : nil
        var found = 0
        VaultSearch.search(needle, in: vault) { hits, problems in
            for problem in problems { context.warn(problem) }
            found += hits.count
            var out: [UInt8] = []
            if json != nil {
                json!.append(hits, to: &out)
            } else {
                for hit in hits {
                    out.append(contentsOf: terminal.style(hit.path, .cyan).utf8)
                    out.append(UInt8(ascii: ":"))
                    out.append(contentsOf: terminal.style(String(hit.line), .green).utf8)
                    out.append(contentsOf: ": ".utf8)
                    out.append(contentsOf: hit.text.utf8)
                    out.append(0x0A)
                }
            }
            if !out.isEmpty { terminal.write(out) }
        }
        if let json {
            var out: [UInt8] = []
            json.finish(to: &out)
            terminal.write(out + [0x0A])
        }
        if found == 0 { throw ExitStatus(code: 1) }
    }
)
