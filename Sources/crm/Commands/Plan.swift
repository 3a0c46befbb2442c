import CRMKit

let planCommand = Command(
    name: "plan",
    summary: "Plan an interaction or a follow-up: an open item '- [ ] …' in the person's log.",
    usage: ["plan PERSON NOTE… --date D [--time HH:MM] [--type T] [--calendar | --calendar=TARGET]"],
    arguments: [
        Command.personArgument,
        ("NOTE…", "what is planned; several words are joined with spaces; '-' reads it from standard input"),
    ],
    options: [
        OptionSpec(name: "--date", value: "D", help: "YYYY-MM-DD, today, tomorrow, +3d, +2w, or a weekday (friday: the next one)"),
    ] + entryOptions,
    examples: [
        "crm plan ada Dinner at the club --type visit --date friday --time 19:00",
        "crm plan ada Ask about the interview --date +1w",
        "crm plan ada Dinner --type visit --date 2026-12-05 --time 19:00 --calendar",
    ],
    discussion: """
    Writes one line, '- [ ] 2026-12-05 19:00 visit: Dinner', where the log's order puts it. An
    open item never counts as an interaction: it is the person's next contact until its day, then
    an overdue follow-up until it is ticked, by 'crm done' or by ticking the box in any editor
    ('[x]'). A plan later than the due date moves the due date to its day. An undated follow-up
    is written by hand: '- [ ] Ask about the interview'. 'crm agenda' shows what is coming.
    --calendar adds an event as 'crm log --calendar' does, with the UID 'crm calendar --plans' gives it.
    """,
    run: { context in
        let words = try context.positionals("PERSON", "NOTE", atLeast: 2)
        guard let dateText = context.arguments.value("--date") else { throw UsageError("missing --date (when is it planned?)") }
        let vault = try context.vault()
        let note = try context.note(words.dropFirst())
        let today = try context.today()
        let date = try context.date(dateText, option: "--date", tense: .future)
        let time = try context.timeOption()
        let type = try context.typeOption(vault)
        let person = try vault.find(words[0])
        let entry = Interaction(date: date, time: time, type: type, note: note, checkbox: .open)
        let (written, line) = try vault.log(entry, to: person)
        var eventFile: String?
        if context.arguments.flag("--calendar") {
            let event = VaultCalendar.plan(entry, of: written, durationMinutes: vault.config.calendarDuration, stamp: try context.clock().eventStamp)
            eventFile = context.addToCalendar(event, vault: vault)
        }
        if context.json {
            var json = entry
            json.line = line
            context.printJSON(.object([("id", .string(written.id)), ("path", .string(written.path)), ("interaction", json.json(on: today)),
                                       ("calendar_event", eventFile.map(JSON.string) ?? .null)]))
        } else {
            let when = "\(date)\(time.map { " \($0)" } ?? "") (\(weekdayName(date)), \(relative(date, from: today)))"
            context.terminal.print("Planned \(type) with \(written.name) on \(when) (\(written.path):\(line))")
            if date < today { context.warn("\(date) is in the past: the item is an overdue follow-up until it is done") }
            if let eventFile { context.terminal.print("Added the event to \(eventFile)") }
        }
    }
)
