import CRMKit

let restoreCommand = Command(
    name: "restore",
    summary: "List what .crm/trash/ holds, or put a removed person or log entry back.",
    usage: ["restore", "restore NAME"],
    arguments: [ArgumentSpec("NAME", completion: .none, help: "a trash file's name as listed, or a unique part of it, of the person's name or of the entry")],
    examples: ["crm restore", "crm restore 20261130-091500-ada-lovelace.entry.md", "crm restore ada"],
    discussion: """
    Without NAME, lists the trash, most recent first: people removed by 'crm rm' (and conflict
    copies 'crm resolve' merged) and entries removed by 'crm unlog'. A person goes back to the
    file it was removed from (never over another file); an entry goes back on the line it was
    removed from when the file has not changed since, else where the log's order puts it. 'crm rm'
    or 'crm unlog' followed by 'crm restore' gives the same bytes back. Restoring takes the item
    out of the trash.
    """,
    run: { context in
        let name = try context.optionalPositional()
        let vault = try context.vault()
        if let name {
            context.show(try vault.restore(named: name))
            return
        }
        let items = vault.trashItems()
        if context.json {
            context.printJSON(.array(items.map(\.json)))
            return
        }
        let t = context.terminal
        guard !items.isEmpty else {
            t.print("The trash is empty.")
            return
        }
        var table = TextTable(headers: ["NAME", "REMOVED", "WHAT"])
        table.uncut = [0]   // the name to type, whole
        for item in items {
            let what = item.kind == .person ? "person \(item.summary) (\(item.personPath))" : "entry of \(item.personPath): \(item.summary)"
            table.rows.append([item.name, item.removed, what])
        }
        table.print(to: t) { t.style($0, .dim) }
    }
)
