import CRMKit

let importCommand = Command(
    name: "import",
    summary: "Add every contact of an address book that is not tracked yet.",
    usage: ["import [SOURCE] [--tag T]… [--every C [--spread]] [--dry-run]"],
    arguments: [("SOURCE", "a .vcf file, a vdir folder or a CSV export of Google Contacts, Outlook or LinkedIn (default: $CRM_CONTACTS, else contacts: in .crm/config.yaml)")],
    options: [
        OptionSpec(name: "--tag", value: "T", help: "tag every person added (repeat for several)", repeatable: true),
        OptionSpec(name: "--every", value: "C", help: "stay-in-touch cadence of every person added: 10d, 2w, 3m, 1y"),
        OptionSpec(name: "--spread", help: "with --every: spread the first due dates over one cadence (as snooze:)"),
        OptionSpec(name: "--dry-run", help: "say what would be added; write nothing"),
    ],
    examples: [
        "crm import ~/contacts.vcf --dry-run",
        "crm import ~/.contacts/personal --tag imported",
        "crm import ~/Downloads/contacts.csv --every 3m --spread",
        "crm import ~/Downloads/Connections.csv --tag linkedin",
    ],
    discussion: """
    A card is tracked already when a person has its contact id; else their name and details that
    fit (a phone or email in common, or nothing against); else one of its emails. Two cards with
    one name but other phones, emails or UIDs are two people; running import twice adds nothing.
    Each person added gets the card's id and a snapshot of its name, phones, emails, birthday and
    nicknames (as aliases); from a CSV also its groups (tags), company and position. The source is
    only read. A card that cannot be read (a name that cannot be decoded, no end) is reported with
    its file and line and not added; the others are, and the exit status is 1. With --spread, the
    k-th of n people added gets snooze: k/n of a cadence after the day they would first be due.
    """,
    run: { context in
        let args = context.arguments
        guard args.positionals.count <= 1 else { throw UsageError("unexpected argument '\(args.positionals[1])'") }
        let dryRun = args.flag("--dry-run")
        var every: Cadence?
        if let text = args.value("--every") {
            if let problem = FieldSchema.every.problem(with: text) { throw UsageError(problem) }
            every = Cadence(text)
        }
        if args.flag("--spread"), every == nil { throw UsageError("--spread needs --every C: the cadence to spread over") }
        let vault = try context.vault()
        let options = NewPersonOptions(tags: args.all("--tag"), every: every, spread: args.flag("--spread"), today: try context.today())
        let (location, book) = try context.contactBook(args.positionals.first, vault: vault, option: "SOURCE")

        let plan = ContactImport.plan(book, vault: vault)
        for warning in ContactImport.missingUIDs(plan, dryRun: dryRun) { context.terminal.error(warning.description) }
        let namesakes = ContactImport.namesakes(plan, vault: vault)   // before the new people exist
        // New files are written together: one lock, one flush of the folder.
        let newFiles = dryRun ? [] : ContactImport.newFiles(plan, options: options, heading: vault.config.heading)
        let created = newFiles.isEmpty ? [] : try vault.create(newFiles, keeping: { (id: $0.id, path: $0.path) })
        // The new person of each decision that adds one, in plan order.
        var person: [Int: (id: String, path: String)] = [:]
        for (index, new) in zip(plan.indices.filter { if case .add = plan[$0] { true } else { false } }, created) { person[index] = new }
        var added: [JSON] = [], skipped: [JSON] = []
        for (index, decision) in plan.enumerated() {
            guard case .add = decision else {
                skipped.append(decision.json(id: nil, path: nil))
                if !context.json { context.terminal.print(decision.line(path: nil, dryRun: dryRun)) }
                continue
            }
            let namesake: String? = switch namesakes[index] {
            case .person(let id): "people/\(id).md"
            case .card(let first): person[first]?.path ?? "the card at \(plan[first].contact.path):\(plan[first].contact.line)"
            case nil: nil
            }
            added.append(decision.json(id: person[index]?.id, path: person[index]?.path, namesake: namesake))
            if !context.json { context.terminal.print(decision.line(path: person[index]?.path, dryRun: dryRun, namesake: namesake)) }
        }
        let unreadable = book.diagnostics.count { $0.severity == .error }
        if context.json {
            context.printJSON(ContactImport.json(source: location.display, dryRun: dryRun, added: added, skipped: skipped, unreadable: unreadable))
        } else {
            let total = added.count + skipped.count + unreadable
            context.terminal.print((dryRun ? "Would add" : "Added") + " \(added.count) of \(total) contact\(total == 1 ? "" : "s") from \(location.display); "
                                   + "skipped \(skipped.count)." + (unreadable == 0 ? "" : " \(unreadable) card\(unreadable == 1 ? "" : "s") could not be read (see above).")
                                   + (dryRun ? " Nothing written (--dry-run)." : ""))
        }
        if unreadable > 0 { throw ExitStatus(code: 1) }
    }
)
