import CRMKit

let doneCommand = Command(
    name: "done",
    summary: "Tick a person's open item: '- [ ] …' becomes '- [x] …', an interaction.",
    usage: ["done PERSON [TEXT] [--date D]"],
    arguments: [
        ("PERSON", "an id, name, alias, email, contact id, or a unique part of a name or id"),
        ("TEXT", "a part of the item's note (ignoring case and accents); without it, the oldest open item"),
    ],
    options: [
        OptionSpec(name: "--date", value: "D", help: "when it happened (YYYY-MM-DD, today, yesterday, -3d…); the item takes that date"),
    ],
    examples: [
        "crm done ada",
        "crm done ada interview",
        "crm done ada dinner --date yesterday",
    ],
    discussion: """
    Without --date, one changed line: the box is ticked and the item keeps its date. With --date
    the item takes that date and moves where the log's order puts it. An undated follow-up
    ('- [ ] NOTE') takes the date given, else today. When several open items hold TEXT they are
    listed and nothing is changed (exit status 1). Ticking the box in an editor does the same.
    """,
    run: { context in
        let words = try context.positionals("PERSON", "TEXT", atLeast: 1)
        let vault = try context.vault()
        let today = try context.today()
        let date = try context.arguments.value("--date").map { try context.date($0, option: "--date") }
        let text = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
        let person = try vault.find(words[0])
        func describe(_ item: OpenItem) -> String {
            "\(person.path):\(item.line): " + (item.date.map { "\($0) " } ?? "") + (item.note.split(separator: "\n").first.map(String.init) ?? "")
        }
        let candidates = person.document.openItems(matching: text)
        guard candidates.count == 1, let wanted = candidates.first else {
            if candidates.isEmpty {
                throw Failure(text.map { "\(person.name) has no open item whose note holds '\($0)'" }
                              ?? "\(person.name) has no open items (plan one with: crm plan \(person.id) NOTE… --date D)")
            }
            throw Failure("\(candidates.count) open items of \(person.name) hold '\(text ?? "")'; say which with more of its note:\n"
                          + candidates.map { "  " + describe($0) }.joined(separator: "\n"))
        }
        let (written, _) = try vault.update(person) { document in
            // Applied again if the file changed meanwhile: the same item is looked for by its note and date.
            guard let item = document.openItems.first(where: { $0.note == wanted.note && $0.date == wanted.date }) else {
                throw Failure("\(person.path) changed and the item is no longer open; nothing was changed")
            }
            let dated = date ?? (item.date == nil ? today : nil)
            return try document.ticking(item, date: dated)
        }
        let finalDate = date ?? wanted.date ?? today
        let entry = written.document.log?.entries.first { (entry: Interaction) -> Bool in
            entry.checkbox == .done && entry.date == finalDate && entry.note == wanted.note
        }
        if context.json {
            context.printJSON(.object([("id", .string(written.id)), ("path", .string(written.path)),
                                       ("interaction", entry.map { $0.json(on: today) } ?? .null)]))
        } else {
            let note = wanted.note.split(separator: "\n").first.map(String.init) ?? ""
            let location = written.path + (entry.map { ":\($0.line)" } ?? "")
            context.terminal.print("Done \(entry?.type ?? "follow-up") with \(written.name) on \(finalDate): \(note) (\(location))")
        }
    }
)
