import CRMKit

let searchCommand = Command(
    name: "search",
    summary: "Find text in person files and daily notes, ignoring case and accents.",
    usage: ["search TEXT…"],
    arguments: [ArgumentSpec("TEXT…", completion: .none, help: "what to look for; several words are searched as one phrase")],
    examples: ["crm search nunez", "crm search \"lemon cake\"", "crm search chess --json | jq -r '.[].id | values' | sort -u"],
    discussion: """
    Prints each matching line as path:line: text, like grep, in file and line order; every line of
    a person file is searched, its front matter included, then every line of the daily notes
    (with 'journal:' set). Exit status 1 when nothing is found (as grep), also with --json (which
    then prints []; a hit's id is the person whose file it is, null in a daily note). A file the tool cannot read (not UTF-8, front
    matter without its closing ---) is not searched: a warning on stderr names it.
    """,
    pages: true,
    run: { context in
        let words = try context.positionals("TEXT", atLeast: 1)
        let query = words.joined(separator: " ")
        guard !query.folded.isEmpty else { throw UsageError("TEXT is empty") }
        let vault = try context.vault()
        let needle = query.folded
        // A file the tool cannot read is not searched, and says so (see `ReadProblems`).
        // Each file's hits are made into output bytes where the file was read; the bytes are
        // written a batch of files at a time.
        let terminal = context.terminal
        let asJSON = context.json
        var json = asJSON ? JSONArrayWriter() : nil
        var found = false
        VaultSearch.search(needle, in: vault, render: { file in
            if asJSON {
                var out: [UInt8] = []
                for hit in file.hits { JSONArrayWriter.element(hit.json, to: &out) }
                return out
            }
            let path = Array(terminal.style(file.path, .cyan).utf8)
            var out: [UInt8] = []
            out.reserveCapacity(file.reduce(0) { $0 + $1.text.count } + file.count * (path.count + 24))
            for (line, text) in file {
                out.append(contentsOf: path)
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: terminal.style(String(line), .green).utf8)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: text)
                out.append(0x0A)
            }
            return out
        }) { rendered, problems in
            for problem in problems { context.warn(problem) }
            found = found || !rendered.isEmpty
            var out: [UInt8] = []
            for piece in rendered {
                if json != nil { json!.append(piece, to: &out) } else { out.append(contentsOf: piece) }
            }
            if !out.isEmpty { terminal.write(bytes: out[...]) }
        }
        if let json {
            var out: [UInt8] = []
            json.finish(to: &out)
            terminal.write(bytes: (out + [0x0A])[...])
        }
        if !found { throw ExitStatus(code: 1) }
    }
)
