import CRMKit

let refreshCommand = Command(
    name: "refresh",
    summary: "Update people's phone, email, birthday and aliases from their contacts.",
    usage: ["refresh [PERSON…] [--contacts SOURCE] [--dry-run] [--prune]"],
    arguments: [("PERSON…", "only these people (default: everyone)")],
    options: [
        OptionSpec(name: "--contacts", value: "SOURCE", help: "a .vcf file or a vdir folder (default: $CRM_CONTACTS, else contacts: in .crm/config.yaml)"),
        OptionSpec(name: "--dry-run", help: "say what would change; write nothing"),
        OptionSpec(name: "--prune", help: "also remove the phones and emails the contact no longer has"),
    ],
    examples: [
        "crm refresh --contacts ~/contacts.vcf",
        "crm refresh ada --contacts ~/contacts.vcf --dry-run",
        "crm refresh --contacts ~/contacts.vcf --prune --dry-run",
    ],
    discussion: """
    A person whose contact_id is found gets the contact's phone numbers and emails (the card's
    first), birthday and new nicknames (as aliases); only those lines of the file change, their
    comments kept. A phone or email the file holds and the card does not is kept after the card's
    and named in the output; --prune removes it. The name is kept (you may have edited it), and
    so is an alias. People whose contact is gone keep their snapshot; people without a contact_id
    cannot be followed and are named. The source is only read.
    """,
    run: { context in
        let args = context.arguments
        let dryRun = args.flag("--dry-run"), pruning = args.flag("--prune")
        let vault = try context.vault()
        let (location, book) = try context.contactBook(args.value("--contacts"), vault: vault, option: "--contacts SOURCE")
        var people: [Person] = []
        if args.positionals.isEmpty {
            people = vault.loadAll().people
        } else {
            for query in args.positionals {
                let person = try vault.find(query)
                if !people.contains(where: { $0.path == person.path }) { people.append(person) }
            }
        }
        let contacts = book.contactsByUID()
        let outcomes = people.map { RefreshOutcome(person: $0, contacts: contacts, pruning: pruning) }
        if !dryRun { try vault.refuseReadOnly(outcomes.filter { $0.status == .updated }.map(\.person.path)) }
        for outcome in outcomes where outcome.status == .updated && !dryRun {
            guard let contact = outcome.contact else { continue }
            try vault.update(outcome.person) { try $0.refreshed(from: contact, pruning: pruning) }
        }
        if context.json {
            context.printJSON(RefreshOutcome.json(outcomes, source: location.display, dryRun: dryRun, pruning: pruning))
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
                t.print("Not linked: \(person.name) (\(person.path)) has no contact_id; refresh cannot follow them")
            }
            for kept in outcome.kept {
                let one = kept.new.count == 1
                t.print("  kept \(kept.key)\(one ? "" : "s") \(listed(kept.new)): not on the card (--prune removes \(one ? "it" : "them"))")
            }
        }
        let count = { (status: RefreshOutcome.Status) in outcomes.count { $0.status == status } }
        var summary = "\(count(.updated)) \(dryRun ? "to update" : "updated"), \(count(.unchanged)) unchanged, \(count(.gone)) gone"
        if count(.unlinked) > 0 { summary += ", \(count(.unlinked)) not linked" }
        t.print(summary + "." + (dryRun ? " Nothing written (--dry-run)." : ""))
    }
)
