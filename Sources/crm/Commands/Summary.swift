import CRMKit

private enum SummaryOption {
    static let since = OptionSpec(name: "--since", value: "D", completion: .none, help: "first day (default: the 1st of the month 11 months ago): \(Day.InputTense.past.forms)")
    static let until = OptionSpec(name: "--until", value: "D", completion: .none, help: "last day (default: today), in the forms --since takes")
}

let summaryCommand = Command(
    name: "summary",
    summary: "Interactions by type and by month (a terminal chart), who was contacted, who is due.",
    usage: ["summary [--since D] [--until D]"],
    options: [SummaryOption.since, SummaryOption.until],
    examples: ["crm summary", "crm summary --since 2026-01-01 --until 2026-06-30", "crm summary --since -1m --json"],
    discussion: """
    By default the last twelve calendar months, this one included. Dates: YYYY-MM-DD, today,
    yesterday, -3d, -2w, -1m, or a weekday name (monday or mon: the last Monday before today). Bars use Unicode blocks, or '#' under NO_COLOR or a locale that
    is not UTF-8. "Due" and "never contacted" are as of today, whatever the period; the least
    contacted are among people contacted at least once. Only what happened is counted: open items
    ('- [ ] …') and entries dated after today are plans, counted apart as "Planned".
    A file the tool cannot read (not UTF-8, front matter without its closing ---) is left out, and each
    line or value it could not read is a warning on stderr: path:line:col: warning: …
    """,
    run: { context in
        let today = try context.today()
        let since = try context.arguments.value(SummaryOption.since).map { try context.date($0, option: SummaryOption.since.name, tense: .past) }
            ?? InteractionSummary.defaultSince(today: today)
        let until = try context.arguments.value(SummaryOption.until).map { try context.date($0, option: SummaryOption.until.name, tense: .past) } ?? today
        guard since <= until else { throw UsageError("--since \(since) is after --until \(until)") }
        let vault = try context.vault()
        let (summary, problems) = InteractionSummary.of(Everyone(vault, today: today), today: today, since: since, until: until)
        for problem in problems { context.warn(problem) }
        if context.json {
            context.printJSON(summary.json)
            return
        }
        let terminal = context.terminal
        let chart = BarChart(unicode: terminal.unicode)
        var out = terminal.style("\(summary.interactions) interaction\(summary.interactions == 1 ? "" : "s")", .bold)
        out += " from \(since) to \(until), with \(summary.peopleContacted) of \(summary.perPerson.count) people\n\n"
        out += terminal.style("By type", .bold) + "\n" + chart.rendered(summary.byType.map { ($0.type, $0.count) }) + "\n\n"
        out += terminal.style("By month", .bold) + "\n" + chart.rendered(summary.byMonth.map { ($0.month, $0.count) }) + "\n\n"
        func counted(_ list: [InteractionSummary.PersonCount]) -> String {
            list.isEmpty ? "-" : list.map { "\(summary.label($0.person)) (\($0.count))" }.joined(separator: ", ")
        }
        func names(_ list: [String]) -> String { list.isEmpty ? "-" : list.joined(separator: ", ") }
        let facts = [
            ("Most contacted", counted(summary.mostContacted)),
            ("Least contacted", counted(summary.leastContacted)),
            ("Due now (\(summary.due.count))", names(summary.due.map { summary.label($0.person) })),
            ("Never contacted (\(summary.neverContacted.count))", names(summary.neverContacted.map(summary.label))),
            ("Planned", "\(summary.planned)" + (summary.planned > 0 ? " (crm agenda)" : "")),
        ]
        let width = facts.map { $0.0.count + 1 }.max() ?? 0
        out += facts.map { ($0.0 + ":").padding(width) + "  " + $0.1 + "\n" }.joined()
        terminal.write(out)
    }
)
