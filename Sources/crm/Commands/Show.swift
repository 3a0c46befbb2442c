import CRMKit

let showCommand = Command(
    name: "show",
    summary: "One person: details, notes and the whole log.",
    usage: ["show PERSON [--contacts SOURCE]"],
    arguments: [Command.personArgument],
    options: [
        OptionSpec(name: "--contacts", value: "SOURCE", help: "show the current phone, email and birthday from this .vcf file or vdir folder (default: $CRM_CONTACTS, else contacts: in .crm/config.yaml)"),
    ],
    examples: ["crm show ada", "crm show \"Ada Lovelace\" --json", "crm show ada --contacts ~/contacts.vcf"],
    discussion: """
    With a contacts source, phone, email and birthday come from the person's contact when its
    contact_id is still there (as 'crm refresh' would write them), else from the file's snapshot;
    a line says which. The file is not changed.
    A file the tool cannot read (not UTF-8, front matter without its closing ---) is not shown: the
    error names the file and line. Log lines and values it could not read (an entry dated
    2026-13-22, every: sometimes) are warnings on stderr: path:line:col: warning: …

    Open items ('- [ ] …'), entries dated after today and undated follow-ups are listed under
    "Coming up", apart from what happened; an item ticked done but dated after today says so.
    Entries are numbered newest first (1 = newest), then undated follow-ups in file order: the
    numbers 'crm unlog' and 'crm done' take. Links in notes show as the text they show in Obsidian.

    Entries of other files the person takes part in (a shared entry in someone else's log, an
    item of a daily note) are listed among their own, unnumbered, with the file and line they live
    in. "Related" gives the relationships, stated in this file or in the other person's;
    "Mentioned" every other line of the vault that links the person (path:line and the line).
    """,
    pages: true,
    run: { context in
        let query = try context.positionals("PERSON")[0]
        let vault = try context.vault()
        let today = try context.today()
        let (person, links) = try vault.findLinked(query, notesOnDemand: true)
        for problem in try ReadProblems.shown(person) { context.warn(problem) }
        let connections = links.connections(of: person.id)
        let doc = person.document
        let t = context.terminal
        let explicit = context.arguments.value("--contacts")
        var view: ContactView?
        var origin: String?
        if let location = ContactsLocation.resolve(explicit: explicit, environment: context.environment, vault: vault) {
            do throws(ContactSourceError) {
                let book = try ContactBook.load(location.path)
                if explicit != nil { for diagnostic in book.diagnostics { t.error(diagnostic.description) } }
                let found = ContactView(document: doc, contacts: book.contactsByUID())
                let snapshot = "snapshot from \(doc.added?.description ?? "an unknown date"); "
                switch (found.source, doc.contactID) {
                case (.contacts, _): origin = "from contacts: \(location.display)"
                case (.snapshot, let id?): origin = snapshot + "contact \(id) not found in \(location.display)"
                case (.snapshot, nil): origin = snapshot + "no contact_id to look up in \(location.display)"
                }
                view = found
            } catch {
                if explicit != nil { throw Failure(error.description) }
                context.warn("\(error.description); showing the snapshot")
            }
        }
        if context.json {
            context.printJSON(person.showJSON(config: vault.config, today: today, view: view, connections: connections))
            return
        }
        let details = view?.details ?? ContactSnapshot(doc)
        let schedule = DueSchedule(document: doc, config: vault.config, today: today, shared: connections.shared)
        t.print(t.style(person.name, .bold) + "  " + t.style(person.path, .dim))
        if let origin { t.print("  " + t.style(origin, .dim)) }
        var fields: [(String, String)] = []
        if !details.phones.isEmpty { fields.append(("phone", details.phones.joined(separator: ", "))) }
        if !details.emails.isEmpty { fields.append(("email", details.emails.joined(separator: ", "))) }
        if let birthday = details.birthday { fields.append(("birthday", birthday)) }
        if !doc.tags.isEmpty { fields.append(("tags", doc.tags.joined(separator: ", "))) }
        if !doc.aliases.isEmpty { fields.append(("aliases", doc.aliases.joined(separator: ", "))) }
        if let cadence = schedule.cadence {
            let source = schedule.cadenceSource == .person ? "" : " (from \(schedule.cadenceSource == .tag ? "a tag" : "the vault"))"
            fields.append(("every", cadence.description + source))
        }
        fields.append(("last", schedule.last.map { "\($0.date) (\(relative($0.date, from: today)))" } ?? "never"))
        if let next = schedule.next { fields.append(("next", "\(next.date) (\(relative(next.date, from: today)))")) }
        if let due = schedule.due {
            fields.append(("due", "\(due) (\(dueWording(due, from: today)))"))
        }
        if let snooze = doc.snooze, snooze > today { fields.append(("snoozed", "until \(snooze)")) }
        if let contact = doc.contactID { fields.append(("contact", contact)) }
        let width = fields.map { $0.0.count }.max() ?? 0
        for (key, value) in fields { t.print("  " + t.style(key.padding(width), .dim) + "  " + value) }
        if !connections.related.isEmpty {
            t.print()
            t.print(t.style("Related (\(connections.related.count))", .bold))
            let relationWidth = connections.related.map { displayWidth($0.relation) }.max() ?? 0
            for relation in connections.related { t.print("  " + t.style(relation.relation.padding(relationWidth), .dim) + "  " + relation.name) }
        }
        if !doc.notes.isEmpty { t.print(); t.print(doc.notes) }
        // Numbered newest first, as `crm unlog` takes them; plans apart from what happened. Entries
        // are held as indices into the log, each note read only to be printed (a log can be huge).
        // Entries of other files (`shared`) are not numbered: they are not this log's.
        let log = doc.log
        let newestFirst = log?.newestFirst()
        let count = newestFirst?.count ?? 0
        func entry(_ number: Int) -> Interaction { log!.entry(at: newestFirst![number - 1]) }
        var coming: [(number: Int, date: Day)] = []
        var historyCount = 0
        var typeWidths: [String: Int] = [:]
        for number in 1..<count + 1 {
            let head = log!.head(at: newestFirst![number - 1])
            if head.status(on: today) == .done { historyCount += 1 } else { coming.append((number, head.date)) }
            if typeWidths[head.type] == nil { typeWidths[head.type] = head.type.count }
        }
        coming.sort { ($0.date, $1.number) < ($1.date, $0.number) }
        let shared = connections.shared
        for item in shared where typeWidths[item.interaction.type] == nil { typeWidths[item.interaction.type] = item.interaction.type.count }
        let sharedHistory = shared.filter { $0.interaction.status(on: today) == .done }
        let sharedComing = shared.filter { $0.interaction.status(on: today) != .done }.reversed()
        let followUps = log?.openFollowUps ?? []
        let typeWidth = typeWidths.values.max() ?? 0
        let numberWidth = String(log?.numberedCount ?? 0).count
        func printEntry(_ number: Int?, _ entry: Interaction, from shared: SharedInteraction? = nil) {
            let when = "\(entry.date)" + (entry.time.map { " \($0)" } ?? "      ")
            let lines = PersonLink.readable(entry.note).split(separator: "\n", omittingEmptySubsequences: false)
            let label = number.map(String.init) ?? ""
            let lead = String(repeating: " ", count: numberWidth - label.count) + label
            let indent = String(repeating: " ", count: 2 + numberWidth + 2 + when.count + 2 + typeWidth + 2)
            var first = lines.first.map(String.init) ?? ""
            if entry.checkbox == .open, entry.date < today { first += t.style(" (\(dueWording(entry.date, from: today)))", .red) }
            if entry.checkbox == .done, entry.date > today { first += t.style(" (ticked done, but dated after today)", .red) }
            t.print("  " + t.style(lead, .dim) + "  " + t.style(when, .dim) + "  " + t.style(entry.type.padding(typeWidth), .cyan) + "  " + first)
            for line in lines.dropFirst() { t.print(indent + line) }
            if let shared {
                let log = shared.owner.map { "\(links.name(of: $0))'s log, " } ?? ""
                t.print(indent + t.style("in " + log + "\(shared.path):\(entry.line)", .dim))
            }
        }
        if !coming.isEmpty || !followUps.isEmpty || !sharedComing.isEmpty {
            t.print()
            t.print(t.style("Coming up (\(coming.count + sharedComing.count + followUps.count))", .bold))
            var others = sharedComing.makeIterator(), other = others.next()
            for (number, date) in coming {
                while let item = other, item.interaction.date < date { printEntry(nil, item.interaction, from: item); other = others.next() }
                printEntry(number, entry(number))
            }
            while let item = other { printEntry(nil, item.interaction, from: item); other = others.next() }
            for (index, item) in followUps.enumerated() {
                let lines = PersonLink.readable(item.note).split(separator: "\n", omittingEmptySubsequences: false)
                let label = String(log!.number(ofFollowUp: index))
                let lead = String(repeating: " ", count: numberWidth - label.count) + label
                t.print("  " + t.style(lead, .dim) + "  " + t.style("someday".padding(16), .dim) + "  "
                        + "".padding(typeWidth) + "  " + (lines.first.map(String.init) ?? ""))
            }
        }
        t.print()
        t.print(t.style("\(vault.config.heading) (\(historyCount + sharedHistory.count))", .bold))
        var others = sharedHistory.makeIterator(), other = others.next()
        for number in 1..<count + 1 where log!.head(at: newestFirst![number - 1]).status(on: today) == .done {
            let own = entry(number)
            while let item = other, item.interaction.isNewer(than: own) { printEntry(nil, item.interaction, from: item); other = others.next() }
            printEntry(number, own)
        }
        while let item = other { printEntry(nil, item.interaction, from: item); other = others.next() }
        if historyCount + sharedHistory.count == 0 { t.print("  none yet — add one with: crm log \(person.id) \"…\"") }
        if !connections.mentions.isEmpty {
            t.print()
            t.print(t.style("Mentioned (\(connections.mentions.count))", .bold))
            for mention in connections.mentions { t.print("  " + t.style("\(mention.path):\(mention.line)", .dim) + "  " + mention.text) }
        }
    }
)
