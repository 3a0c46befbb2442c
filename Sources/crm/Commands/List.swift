import CRMKit

private enum ListOption {
    static let tag = OptionSpec(name: "--tag", value: "T", completion: .tags, help: "only people with this tag")
    static let sort = OptionSpec(name: "--sort", value: "KEY", completion: .words(["name", "last", "due"]),
                                 help: "name (default), last (most recent first) or due (soonest first)")
    static let ids = OptionSpec(name: "--ids", help: "print only ids, one per line (for scripts and shell completion)")
}

let listCommand = Command(
    name: "list",
    summary: "The tracked people: last interaction, next plan, cadence, due date, tags.",
    usage: ["list [--tag T] [--sort name|last|due] [--ids]"],
    options: [ListOption.tag, ListOption.sort, ListOption.ids],
    examples: ["crm list", "crm list --tag family --sort due", "crm list --json | jq '.[] | select(.due != null)'"],
    discussion: """
    A file the tool cannot read (not UTF-8, front matter without its closing ---) is left out, and each
    line or value it could not read is a warning on stderr: path:line:col: warning: …
    """,
    pages: true,
    run: { context in
        let vault = try context.vault()
        let today = try context.today()
        let tag = context.arguments.value(ListOption.tag)
        let order = context.arguments.value(ListOption.sort).flatMap(PeopleListing.Order.init(rawValue:)) ?? .name
        if context.arguments.flag(ListOption.ids), tag == nil {
            for path in vault.personPaths().people { context.terminal.print(Person.id(forPath: path)) }   // no file needs to be read
            return
        }
        let everyone = PeopleListing(vault: vault, today: today)
        let listing = tag.map(everyone.tagged) ?? everyone
        for problem in listing.problems { context.warn(problem) }
        if context.arguments.flag(ListOption.ids) {
            for row in listing.rows { context.terminal.print(row.id) }
            return
        }
        let indices = listing.indices(in: order)
        if context.json {
            listing.json(order: indices) { context.terminal.write(bytes: $0) }
            context.terminal.print()
            return
        }
        guard !indices.isEmpty else {
            context.terminal.print(tag == nil ? "No people yet. Add one with: crm add \"Ada Lovelace\"" : "Nobody matches.")
            return
        }
        let terminal = context.terminal
        var table = TextTable(headers: ["NAME", "LAST CONTACT", "NEXT", "EVERY", "DUE", "TAGS"])
        table.rows.reserveCapacity(indices.count)
        var overdue: Set<Int> = []
        for (index, position) in indices.enumerated() {
            let row = listing.rows[position]
            if let due = row.due, due < today { overdue.insert(index) }
            table.rows.append([
                listing.label(row),
                row.last.map { relative($0, from: today) } ?? "never",
                row.next.map { relative($0, from: today) } ?? "-",
                row.cadence?.description ?? "-",
                row.due.map { dueWording($0, from: today, snoozed: row.isSnoozed) } ?? "-",
                row.tags.joined(separator: ", "),
            ])
        }
        table.style = { row, column, text in
            column == 4 && overdue.contains(row) ? terminal.style(text, .red) : column == 0 ? terminal.style(text, .bold) : text
        }
        table.print(to: terminal) { terminal.style($0, .dim) }
    }
)
