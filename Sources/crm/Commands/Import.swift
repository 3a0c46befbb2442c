import CRMKit

private enum ImportOption {
    static let tag = OptionSpec(name: "--tag", value: "T", completion: .tags, help: "tag every person added (repeat for several)", repeatable: true)
    static let every = OptionSpec(name: "--every", value: "C", completion: .none, help: "stay-in-touch cadence of every person added: 10d, 2w, 3m, 1y")
    static let spread = OptionSpec(name: "--spread", help: "with --every: spread the first due dates over one cadence (as snooze:)")
    static let dryRun = OptionSpec(name: "--dry-run", help: "say what would be added; write nothing")
}

let importCommand = Command(
    name: "import",
    summary: "Add every contact of an address book that is not tracked yet.",
    usage: ["import [SOURCE] [--tag T]… [--every C [--spread]] [--dry-run]"],
    arguments: [ArgumentSpec("SOURCE", completion: .files,
                             help: "a .vcf file, a vdir folder or a CSV export of Google Contacts, Outlook or LinkedIn (default: $CRM_CONTACTS, else contacts: in .crm/config.yaml)")],
    options: [ImportOption.tag, ImportOption.every, ImportOption.spread, ImportOption.dryRun],
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
    A card several people of its name fit equally well is not added, and said. Each person added
    gets the card's id and a snapshot of its name, phones, emails, birthday, nicknames (as
    aliases), groups (tags), company, position, notes and relations; added: is today, and
    LinkedIn's "Connected On" is kept as connected:. A LinkedIn connection found tracked adds its
    URL to the person as linkedin:. CSV columns with values that are not kept are named. The
    source is only read. A card that cannot be read (a name that cannot be decoded, no end) is
    reported with its file and line and not added; the others are, and the exit status is 1.
    With --spread, the k-th of n people added gets snooze: k/n of a cadence after the first.
    """,
    run: { context in
        let args = context.arguments
        let source = try context.optionalPositional()
        let dryRun = args.flag(ImportOption.dryRun)
        let every = try usage { try AddRequest.cadence(args.value(ImportOption.every)) }
        if args.flag(ImportOption.spread), every == nil { throw UsageError("--spread needs --every C: the cadence to spread over") }
        let vault = try context.vault()
        let options = NewPersonOptions(tags: args.all(ImportOption.tag), every: every, spread: args.flag(ImportOption.spread), today: try context.today())
        let (location, book) = try context.contactBook(source, vault: vault, option: "SOURCE")
        let report = try vault.importContacts(book, source: location.display, options: options, dryRun: dryRun)
        for problem in report.problems { context.terminal.error(problem.description) }
        if context.json {
            context.printJSON(report.json)
        } else {
            for line in report.lines + report.summary { context.terminal.print(line) }
        }
        if report.unreadable > 0 { throw ExitStatus(code: 1) }
    }
)
