import CRMKit

let refreshCommand = Command(
    name: "refresh",
    summary: "Update people's phone, email and birthday from their contacts.",
    usage: ["refresh [PERSON…] [--contacts SOURCE] [--dry-run]"],
    arguments: [("PERSON…", "only these people (default: everyone with a contact_id)")],
    options: [
        OptionSpec(name: "--contacts", value: "SOURCE", help: "a .vcf file or a vdir folder (default: $CRM_CONTACTS, else contacts: in .crm/config.yaml)"),
        OptionSpec(name: "--dry-run", help: "say what would change; write nothing"),
    ],
    examples: ["crm refresh --contacts ~/contacts.vcf", "crm refresh ada --contacts ~/contacts.vcf --dry-run"],
    discussion: """
    A person whose contact_id is found gets the contact's phone numbers, emails and birthday where
    they changed; only those lines of the file change. The name is kept (you may have edited it),
    and so is a field the contact no longer has. People whose contact is gone keep their snapshot.
    The source is only read.
    """,
    run: { context in
        let args = context.arguments
        let dryRun = args.flag("--dry-run")
        let vault = try context.vault()
        let (location, book) = try context.contactBook(args.value("--contacts"), vault: vault, option: "--contacts SOURCE")
        let named = !args.positionals.isEmpty
        var people: [Person] = []
        if named {
            for query in args.positionals {
                let person = try vault.find(query)
                if !people.contains(where: { $0.path == person.path }) { people.append(person) }
            }
        } else {
            people = vault.loadAll().people
        }
        let contacts = book.contactsByUID()
        let outcomes = people.map { RefreshOutcome(person: $0, contacts: contacts) }.filter { named || $0.status != .unlinked }
        if !dryRun { try vault.refuseReadOnly(outcomes.filter { $0.status == .updated }.map(\.person.path)) }
        for outcome in outcomes where outcome.status == .updated && !dryRun {
            guard let contact = outcome.contact else { continue }
            try vault.update(outcome.person) { try $0.refreshed(from: contact) }
        }
        let of = { (status: RefreshOutcome.Status) in outcomes.filter { $0.status == status } }
        if context.json {
            func entry(_ outcome: RefreshOutcome, _ extra: [(String, JSON)] = []) -> JSON {
                .object([("id", .string(outcome.person.id)), ("name", .string(outcome.person.name))] + extra)
            }
            context.printJSON(.object([
                ("source", .string(location.display)), ("dry_run", .bool(dryRun)),
                ("updated", .array(of(.updated).map { outcome in
                    entry(outcome, [("path", .string(outcome.person.path)), ("changes", .array(outcome.changes.map { change in
                        .object([("field", .string(change.key)), ("old", .array(change.old.map(JSON.string))),
                                 ("new", .array(change.new.map(JSON.string)))])
                    }))])
                })),
                ("unchanged", .array(of(.unchanged).map { entry($0) })),
                ("gone", .array(of(.gone).map { entry($0, [("contact_id", .optional($0.person.document.contactID))]) })),
                ("unlinked", .array(of(.unlinked).map { entry($0) })),
            ]))
            return
        }
        let t = context.terminal
        func listed(_ values: [String]) -> String { values.isEmpty ? "(none)" : values.joined(separator: ", ") }
        for outcome in outcomes {
            let person = outcome.person
            switch outcome.status {
            case .updated:
                t.print((dryRun ? "Would update" : "Updated") + " \(person.name) (\(person.path)):")
                for change in outcome.changes {
                    t.print("  \(change.key): \(listed(change.old)) → \(listed(change.new))")
                }
            case .unchanged:
                t.print("Unchanged: \(person.name)")
            case .gone:
                t.print("Gone: \(person.name): contact \(person.document.contactID ?? "") not found in \(location.display); snapshot kept")
            case .unlinked:
                t.print("Not linked: \(person.name) has no contact_id")
            }
        }
        var summary = "\(of(.updated).count) \(dryRun ? "to update" : "updated"), \(of(.unchanged).count) unchanged, \(of(.gone).count) gone"
        if named, !of(.unlinked).isEmpty { summary += ", \(of(.unlinked).count) not linked" }
        t.print(summary + "." + (dryRun ? " Nothing written (--dry-run)." : ""))
    }
)
