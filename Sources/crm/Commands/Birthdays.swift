import CRMKit

private enum BirthdaysOption {
    static let within = OptionSpec(name: "--within", value: "C", completion: .none, help: "how far ahead to look (default 30d; 2w, 3m, 1y)")
}

let birthdaysCommand = Command(
    name: "birthdays",
    summary: "Upcoming birthdays and the age each person turns.",
    usage: ["birthdays [--within C]"],
    options: [BirthdaysOption.within],
    examples: ["crm birthdays", "crm birthdays --within 3m", "crm birthdays --within 1y --json"],
    discussion: """
    Lists birthdays from today to today plus C, soonest first. A birthday written --MM-DD has no
    year, so no age. Someone born on 29 February celebrates on 28 February in other years.
    A person with deceased: in the front matter is not listed.
    A file the tool cannot read (not UTF-8, front matter without its closing ---) is left out, and each
    line or value it could not read is a warning on stderr: path:line:col: warning: …
    """,
    run: { context in
        let within = try context.cadence(context.arguments.value(BirthdaysOption.within) ?? "30d", option: BirthdaysOption.within.name)
        let vault = try context.vault()
        let today = try context.today()
        let (people, problems) = PeopleListing.Row.listed(Everyone(vault, today: today), today: today)
        let list = BirthdayList(people: people, today: today, within: within)
        for problem in problems { context.warn(problem) }
        if context.json {
            context.printJSON(list.json)
            return
        }
        let terminal = context.terminal
        guard !list.entries.isEmpty else {
            var message = "No birthdays from \(today) to \(list.horizon)."
            if let next = list.next {
                message += " Next: \(next.person.name) on \(next.next) (\(relative(next.next, from: today)))"
                message += next.age.map { ", turning \($0)." } ?? "."
            }
            terminal.print(message)
            return
        }
        var table = TextTable(headers: ["NAME", "DATE", "WHEN", "TURNS"])
        for entry in list.entries {
            table.rows.append([entry.person.name, entry.next.description, relative(entry.next, from: today),
                               entry.age.map(String.init) ?? "-"])
        }
        table.style = { _, column, text in column == 0 ? terminal.style(text, .bold) : text }
        table.print(to: terminal) { terminal.style($0, .dim) }
    }
)
