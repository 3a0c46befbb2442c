import CRMKit
import CRMTerminal

private enum AgendaOption {
    static let within = OptionSpec(name: "--within", value: "C", completion: .none, help: "how far ahead (default 2w; 7d, 1m…)")
}

let agendaCommand = Command(
    name: "agenda",
    summary: "What needs you, day by day: overdue people and follow-ups, plans, due dates, birthdays and dates.",
    usage: ["agenda [--within C]"],
    options: [AgendaOption.within],
    examples: ["crm agenda", "crm agenda --within 1m", "crm agenda --json | jq '.[] | select(.kind == \"planned\")'"],
    discussion: """
    Everything overdue comes first, most overdue first: people whose due date has passed and
    follow-ups (open items '- [ ] …' whose day has passed), with how overdue they are. Then each
    day from today that has something on it: planned items (open items and entries dated after
    today) with their times, people who become due that day, birthdays with the age turned, and
    the dates of 'dates:' in the front matter that come back that day (anniversary: 2015-06-20,
    with the years since; a date without a day, met: 2019-03, never comes back). A person with
    deceased: in the front matter is never due and gets no birthday nor date here.
    Undated follow-ups ('- [ ] NOTE') come last. The agenda lists everyone 'crm due --within' the
    same span lists, once each as "due" (a plan that moved a due date shows beside it). Tick an
    item with 'crm done' or in any editor.
    JSON: a list of {date, kind (follow-up, planned, due, birthday, date), id, name, time, type,
    note, overdue_days} in the order printed, with age for a birthday and key (its name in dates:)
    and years for a date; date is null for undated follow-ups.
    """,
    pages: true,
    run: { context in
        _ = try context.positionals()
        let within = try context.cadence(context.arguments.value(AgendaOption.within) ?? "2w", option: AgendaOption.within.name)
        let vault = try context.vault()
        let today = try context.today()
        let (agenda, problems) = Agenda.of(Everyone(vault, today: today), today: today, within: within)
        for problem in problems { context.warn(problem) }
        if context.json {
            context.printJSON(agenda.json)
            return
        }
        let t = context.terminal
        let items = agenda.items
        guard !items.isEmpty else {
            t.print("Nothing planned until \(agenda.horizon). Plan something with: crm plan PERSON NOTE… --date D")
            return
        }
        let namesakes = items.map(\.person).namesakeLabels(reading: vault)
        func name(_ item: Agenda.Item) -> String { namesakes[item.person.id] ?? item.person.name }
        let nameWidth = items.map { DisplayWidth.of(name($0)) }.max() ?? 0
        // Wide enough for "birthday", the dates' names and the overdue items' dates.
        let labelWidth = ([10] + agenda.overdue.filter { $0.kind != .due }.map { DisplayWidth.of(dayMonth($0.date!, today: today)) + 2 }
            + items.compactMap { $0.yearlyLabel.map { DisplayWidth.of($0) + 2 } }).max()!
        // Written into one string as it goes: joining lines and sections was a tenth of the
        // printing at 10,000 people.
        var out = ""
        func section(_ heading: String) {
            if !out.isEmpty { out += "\n\n" }
            out += t.style(heading, .bold)
        }
        /// The item's line: its label, name and words (a due date's dim), then `late`.
        func row(_ label: String, _ item: Agenda.Item, late: String = "", labelStyle: Terminal.Style = .dim) {
            out += "\n  "
            out += t.style(label.padding(labelWidth), labelStyle)
            out += t.style(name(item).padding(nameWidth), .bold)
            out += "  "
            out += item.kind == .due ? t.style(item.words(today: today), .dim) : item.words(today: today)
            out += late
        }
        if !agenda.overdue.isEmpty {
            section("Overdue")
            for item in agenda.overdue {
                let late = item.lateness.map { "  " + t.style($0, .red) } ?? ""
                row(item.kind == .due ? "due" : dayMonth(item.date!, today: today), item, late: late)
            }
        }
        for (day, items) in agenda.days {
            section(dayHeading(day, today: today))
            for item in items {
                switch item.kind {
                case .planned: row(item.time?.description ?? "", item, labelStyle: .cyan)
                case .due: row("due", item)
                case .birthday, .date: row(item.yearlyLabel ?? "", item)
                case .followUp: row("", item)
                }
            }
        }
        if !agenda.someday.isEmpty {
            section("Someday")
            for item in agenda.someday { row("[ ]", item) }
        }
        t.print(out)
    }
)
