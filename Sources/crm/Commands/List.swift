import CRMKit

let listCommand = Command(
    name: "list",
    summary: "The tracked people: last interaction, cadence, due date, tags.",
    usage: ["list [--tag T] [--sort name|last|due] [--ids]"],
    options: [
        OptionSpec(name: "--tag", value: "T", help: "only people with this tag"),
        OptionSpec(name: "--sort", value: "KEY", help: "name (default), last (most recent first) or due (soonest first)"),
        OptionSpec(name: "--ids", help: "print only ids, one per line (for scripts and shell completion)"),
    ],
    examples: ["crm list", "crm list --tag family --sort due", "crm list --json | jq '.[] | select(.due != null)'"],
    run: { context in
        let vault = try context.vault()
        let today = try context.today()
        let (all, problems) = vault.loadAll()
        for problem in problems { context.warn(problem.description) }
        var people = all
        if let tag = context.arguments.value("--tag") {
            people = people.filter { $0.document.tags.contains { $0.folded == tag.folded } }
        }
        if context.arguments.flag("--ids") {
            for person in people { context.terminal.print(person.id) }
            return
        }
        // Sort keys are computed once per person, not once per comparison.
        let rows = people.map { ($0, ContactSchedule(document: $0.document, config: vault.config, today: today), $0.name.folded) }
        let sorted: [(Person, ContactSchedule)]
        switch context.arguments.value("--sort") ?? "name" {
        case "name": sorted = rows.sorted { ($0.2, $0.0.id) < ($1.2, $1.0.id) }.map { ($0.0, $0.1) }
        case "last":
            sorted = rows.sorted { a, b in
                (a.1.last?.date.dayNumber ?? Int.min, b.2) > (b.1.last?.date.dayNumber ?? Int.min, a.2)
            }.map { ($0.0, $0.1) }
        case "due":
            sorted = rows.sorted { a, b in
                (a.1.due?.dayNumber ?? Int.max, a.2) < (b.1.due?.dayNumber ?? Int.max, b.2)
            }.map { ($0.0, $0.1) }
        case let other: throw UsageError("--sort: unknown key '\(other)'; use name, last or due")
        }
        if context.json {
            context.printJSON(.array(sorted.map { $0.0.listJSON(config: vault.config, today: today) }))
            return
        }
        guard !sorted.isEmpty else {
            context.terminal.print(all.isEmpty ? "No people yet. Add one with: crm add \"Ada Lovelace\"" : "Nobody matches.")
            return
        }
        let terminal = context.terminal
        var table = TextTable(headers: ["NAME", "LAST CONTACT", "EVERY", "DUE", "TAGS"])
        var overdue: Set<Int> = []
        for (index, (person, schedule)) in sorted.enumerated() {
            let due = schedule.due.map { day -> String in
                let days = day.days(until: today)
                if days > 0 { overdue.insert(index); return "\(span(days)) overdue" }
                return relative(day, from: today)
            } ?? "-"
            table.rows.append([
                person.name,
                schedule.last.map { relative($0.date, from: today) } ?? "never",
                schedule.cadence?.description ?? "-",
                due,
                person.document.tags.joined(separator: ", "),
            ])
        }
        table.style = { row, column, text in
            column == 3 && overdue.contains(row) ? terminal.style(text, .red) : column == 0 ? terminal.style(text, .bold) : text
        }
        terminal.print(table.rendered { terminal.style($0, .dim) })
    }
)
