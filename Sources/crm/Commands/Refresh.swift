import CRMKit

private enum RefreshOption {
    static let contacts = OptionSpec(name: "--contacts", value: "SOURCE", completion: .files, help: "a .vcf file, a vdir folder or a CSV export (default: $CRM_CONTACTS, else contacts: in .crm/config.yaml)")
    static let dryRun = OptionSpec(name: "--dry-run", help: "say what would change; write nothing")
    static let prune = OptionSpec(name: "--prune", help: "also remove the phones and emails the contact no longer has")
    static let verbose = OptionSpec(name: "--verbose", help: "name each person it cannot follow (no contact_id) or whose contact is another source's")
}

let refreshCommand = Command(
    name: "refresh",
    summary: "Update people's phone, email, birthday and aliases from their contacts.",
    usage: ["refresh [PERSON…] [--contacts SOURCE] [--dry-run] [--prune]"],
    arguments: [ArgumentSpec("PERSON…", completion: .people, help: "only these people (default: everyone)")],
    options: [RefreshOption.contacts, RefreshOption.dryRun, RefreshOption.prune, RefreshOption.verbose],
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
    so is an alias. People whose contact is gone keep their snapshot. People whose contact id is
    another source's (a LinkedIn profile against an address book, or the other way round) and
    people without a contact_id cannot be followed here: one line says how many of each
    (--verbose names them). Against a LinkedIn export, people are found by their linkedin: too.
    The source is only read.
    """,
    run: { context in
        let args = context.arguments
        let dryRun = args.flag(RefreshOption.dryRun), pruning = args.flag(RefreshOption.prune)
        let vault = try context.vault()
        let (location, book) = try context.contactBook(args.value(RefreshOption.contacts), vault: vault, option: "--contacts SOURCE")
        var people: [Person] = []
        if args.positionals.isEmpty {
            people = vault.scan { $0.person }.rows
        } else {
            for query in args.positionals {
                let person = try vault.find(query)
                if !people.contains(where: { $0.path == person.path }) { people.append(person) }
            }
        }
        let contacts = book.contactsByUID()
        let outcomes = people.map { RefreshOutcome(person: $0, contacts: contacts, in: book, pruning: pruning) }
        if !dryRun { try vault.refuseReadOnly(outcomes.filter { $0.status == .updated }.map(\.person.path)) }
        for outcome in outcomes where outcome.status == .updated && !dryRun {
            guard let contact = outcome.contact else { continue }
            try vault.update(outcome.person) { try $0.refreshed(from: contact, pruning: pruning) }
        }
        if context.json {
            context.printJSON(RefreshOutcome.json(outcomes, source: location.display, dryRun: dryRun, pruning: pruning))
        } else {
            let lines = RefreshOutcome.lines(outcomes, source: location.display, dryRun: dryRun, verbose: args.flag(RefreshOption.verbose))
            for line in lines { context.terminal.print(line) }
        }
    }
)
