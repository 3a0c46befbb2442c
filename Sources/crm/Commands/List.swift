import CRMKit

let listCommand = Command(
    name: "list",
    summary: "The tracked people: last interaction, next plan, cadence, due date, tags.",
    usage: ["list [--tag T] [--sort name|last|due] [--ids]"],
    options: [
        OptionSpec(name: "--tag", value: "T", help: "only people with this tag"),
        OptionSpec(name: "--sort", value: "KEY", help: "name (default), last (most recent first) or due (soonest first)",
                   choices: ["name", "last", "due"]),
        OptionSpec(name: "--ids", help: "print only ids, one per line (for scripts and shell completion)"),
    ],
    examples: ["crm list", "crm list --tag family --sort due", "crm list --json | jq '.[] | select(.due != null)'"],
    discussion: """
    A file the tool cannot read (not UTF-8, front matter without its closing ---) is left out, and each
    line or value it could not read is a warning on stderr: path:line:col: warning: …
    """,
    pages: true,
    run: { context in
        let vault = try context.vault()
        let today = try context.today()
        let tag = context.arguments.value("--tag")?.folded
        let sort = context.arguments.value("--sort") ?? "name"
        if context.arguments.flag("--ids"), tag == nil {
            for id in vault.personIDs() { context.terminal.print(id) }   // no file needs to be read
            return
        }
        let (everyone, problems) = vault.summaries(today: today, omitting: [.notes, .lastNote, .otherEntries, .tally, .problems, .matchKeys])
        context.keepUntilExit(everyone)
        let people = tag.map { tag in everyone.filter { $0.tags.contains { $0.folded == tag } } } ?? everyone
        for problem in problems { context.warn(problem) }
        if context.arguments.flag("--ids") {
            for person in people { context.terminal.print(person.id) }
            return
        }
        // Sort small keys, not the summaries themselves.
        let names = NameOrder(people.map(\.sortName), ties: people.map(\.id))
        let order: [Int]
        switch sort {
        case "last":
            // Newest first, never contacted last.
            order = names.sortedIndices(first: people.map { $0.schedule.last.map { -$0.date.dayNumber } ?? Int.max })
        case "due":
            order = names.sortedIndices(first: people.map { $0.schedule.due?.dayNumber ?? Int.max })
        default: order = names.sortedIndices()
        }
        if context.json {
            PersonSummary.listJSON(people, order: order) { context.terminal.write(bytes: $0) }
            context.terminal.print()
            return
        }
        guard !order.isEmpty else {
            context.terminal.print(tag == nil ? "No people yet. Add one with: crm add \"Ada Lovelace\"" : "Nobody matches.")
            return
        }
        let terminal = context.terminal
        var table = TextTable(headers: ["NAME", "LAST CONTACT", "NEXT", "EVERY", "DUE", "TAGS"])
        table.rows.reserveCapacity(order.count)
        var overdue: Set<Int> = []
        for (index, position) in order.enumerated() {
            let person = people[position]
            let schedule = person.schedule
            let due = schedule.due.map { day -> String in
                if day < today { overdue.insert(index) }
                return dueWording(day, from: today)
            } ?? "-"
            table.rows.append([
                person.name,
                schedule.last.map { relative($0.date, from: today) } ?? "never",
                schedule.next.map { relative($0.date, from: today) } ?? "-",
                schedule.cadence?.description ?? "-",
                due,
                person.tags.joined(separator: ", "),
            ])
        }
        table.style = { row, column, text in
            column == 4 && overdue.contains(row) ? terminal.style(text, .red) : column == 0 ? terminal.style(text, .bold) : text
        }
        table.print(to: terminal) { terminal.style($0, .dim) }
        context.keepUntilExit(table.rows)
    }
)
