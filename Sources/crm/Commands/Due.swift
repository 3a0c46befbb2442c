import CRMKit

private enum DueOption {
    static let within = OptionSpec(name: "--within", value: "C", completion: .none, help: "also list people due within this cadence from today (7d, 2w, 1m)")
}

let dueCommand = Command(
    name: "due",
    summary: "Who is due for contact, most overdue first.",
    usage: ["due [--within C]"],
    options: [DueOption.within],
    examples: ["crm due", "crm due --within 2w", "crm due --json | jq -r '.[].id'"],
    discussion: """
    Due is the last interaction plus the cadence (1m after 31 January is 28/29 February); never
    contacted: the `added` date plus the cadence, or at once without `added`. A `snooze` later than
    that moves it, and so does a plan: the next open item ('- [ ] …') or entry dated after today,
    shown as NEXT. The cadence is the person's `every`, else the shortest `tag_every` of their tags,
    else the vault's `every`. A person whose `every` is not a cadence has no due date and gets a
    warning; an invalid `snooze` or `added` is ignored with a warning.
    A file the tool cannot read (not UTF-8, front matter without its closing ---) is left out, and each
    line or value it could not read is a warning on stderr: path:line:col: warning: …
    JSON: overdue_days is negative for people not due yet (with --within).
    """,
    run: { context in
        let within = try context.arguments.value(DueOption.within).map { try context.cadence($0, option: DueOption.within.name) }
        let vault = try context.vault()
        let today = try context.today()
        let (people, problems) = PeopleListing.Row.listed(Everyone(vault, today: today), today: today)
        let list = DueList(people: people, today: today, within: within)
        for problem in problems { context.warn(problem) }
        if context.json {
            context.printJSON(list.json)
            return
        }
        let terminal = context.terminal
        guard !list.entries.isEmpty else {
            var message = within.map { "Nobody is due within \($0)." } ?? "Nobody is due."
            if let next = list.next {
                message += " Next: \(next.person.name), \(relative(next.due, from: today)) (\(next.due))."
            }
            switch list.overdueFollowUps {
            case 0: break
            case 1: message += " 1 follow-up is overdue: see 'crm agenda'."
            case let n: message += " \(n) follow-ups are overdue: see 'crm agenda'."
            }
            terminal.print(message)
            return
        }
        var table = TextTable(headers: ["NAME", "DUE", "EVERY", "NEXT", "LAST CONTACT"])
        let namesakes = list.entries.map(\.person).namesakeLabels(reading: vault)
        for entry in list.entries {
            table.rows.append([namesakes[entry.person.id] ?? entry.person.name,
                               dueWording(entry.due, from: today, snoozed: entry.schedule.isSnoozed),
                               entry.schedule.cadence?.description ?? "-",
                               entry.schedule.next.map { relative($0.date, from: today) } ?? "-", lastContact(entry, today: today)])
        }
        table.style = { row, column, text in
            column == 1 && list.entries[row].overdueDays > 0 ? terminal.style(text, .red) : column == 0 ? terminal.style(text, .bold) : text
        }
        table.print(to: terminal) { terminal.style($0, .dim) }
    }
)

/// "3 weeks ago, call: Talked about the winter…", or "never (added 2026-07-01)".
private func lastContact(_ entry: DueList.Entry, today: Day) -> String {
    guard let last = entry.schedule.last else {
        return entry.person.added.map { "never (added \($0))" } ?? "never"
    }
    return "\(relative(last.date, from: today)), \(last.type): \(shortNote(last.note))"
}

/// The note's first line, cut to 40 characters with "…".
func shortNote(_ note: String) -> String {
    let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
    let first = lines.first.map(String.init) ?? ""
    if first.count > 40 { return String(first.prefix(39)).trimmingTrailingSpaces + "…" }
    return lines.count > 1 ? first + " …" : first
}
