import CRMKit

let doneCommand = Command(
    name: "done",
    summary: "Tick a person's open item: '- [ ] …' becomes '- [x] …', an interaction.",
    usage: ["done PERSON [TEXT] [--date D]"],
    arguments: [
        Command.personArgument,
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
    Without --date, one changed line: the box is ticked and the item keeps its date, unless that
    date is after today: a done interaction counts from its day on, so the item then takes today's
    date (and says so). With --date the item takes that date. An item whose date changes moves where
    the log's order puts it. An undated follow-up ('- [ ] NOTE') takes the date given, else today.
    When several open items hold TEXT they are listed and nothing is changed (exit status 1).
    Ticking the box in an editor does the same.
    """,
    run: { context in
        let words = try context.positionals("PERSON", "TEXT", atLeast: 1)
        let vault = try context.vault()
        let today = try context.today()
        let date = try context.arguments.value("--date").map { try context.date($0, option: "--date", tense: .past) }
        let text = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
        let ticked = try vault.tick(try vault.find(words[0]), text: text, date: date, today: today)
        let entry = ticked.entry
        if context.json {
            context.printJSON(.object([("id", .string(ticked.person.id)), ("path", .string(ticked.person.path)),
                                       ("interaction", entry.json(on: today))]))
        } else {
            let note = ticked.item.note.split(separator: "\n").first.map(String.init) ?? ""
            let what = ticked.item.date == nil ? "follow-up" : entry.type
            let planned = ticked.movedToToday ? ticked.item.date.map { " (planned for \($0))" } ?? "" : ""
            context.terminal.print("Done \(what) with \(ticked.person.name) on \(entry.date)\(planned): \(note) (\(ticked.person.path):\(entry.line))")
        }
    }
)
