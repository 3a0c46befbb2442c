import CRMKit

let importCommand = Command(
    name: "import",
    summary: "Add every contact of an address book that is not tracked yet.",
    usage: ["import [SOURCE] [--tag T]… [--dry-run]"],
    arguments: [("SOURCE", "a .vcf file or a vdir folder (default: $CRM_CONTACTS, else contacts: in .crm/config.yaml)")],
    options: [
        OptionSpec(name: "--tag", value: "T", help: "tag every person added (repeat for several)", repeatable: true),
        OptionSpec(name: "--dry-run", help: "say what would be added; write nothing"),
    ],
    examples: ["crm import ~/contacts.vcf --dry-run", "crm import ~/.contacts/personal --tag imported"],
    discussion: """
    A card is tracked already when a person has its contact id, else one of its emails, else its
    name (ignoring case and accents); running import twice adds nothing. Each person added gets
    the card's id and a snapshot of its name, phones, emails and birthday. The source is only read.
    A card that cannot be read (no name, a name in a charset that cannot be decoded, no end) is
    reported with its file and line and not added; the others are, and the exit status is 1.
    """,
    run: { context in
        let args = context.arguments
        guard args.positionals.count <= 1 else { throw UsageError("unexpected argument '\(args.positionals[1])'") }
        let dryRun = args.flag("--dry-run")
        let vault = try context.vault()
        let today = try context.today()
        let (location, book) = try context.contactBook(args.positionals.first, vault: vault, option: "SOURCE")
        var tail: [(key: String, value: FieldValue)] = []
        if !args.all("--tag").isEmpty { tail.append(("tags", .list(args.all("--tag")))) }
        tail.append(("added", .string(today.description)))

        let plan = ContactImport.plan(book, vault: vault)
        // New files are written together: one lock, one flush of the folder.
        var newFiles: [(slug: String, bytes: [UInt8])] = []
        for case .add(let contact) in plan where !dryRun {
            newFiles.append((Slug.make(contact.name), NewPersonFile.render(contact.personFields + tail, heading: vault.config.heading)))
        }
        var created = newFiles.isEmpty ? [] : try vault.create(newFiles, keeping: { (id: $0.id, path: $0.path) })[...]
        var added: [JSON] = [], skipped: [JSON] = [], lines: [String] = []
        for decision in plan {
            switch decision {
            case .add(let contact):
                let person = dryRun ? nil : created.popFirst()
                lines.append(person.map { "Added \(contact.name) (\($0.path))" } ?? "Would add \(contact.name)")
                added.append(.object([
                    ("id", .optional(person?.id)), ("path", .optional(person?.path)),
                    ("name", .string(contact.name)), ("contact_id", .optional(contact.uid)),
                ]))
            case .skip(let contact, let tracker, let match):
                let who = tracker.id.map { "tracked as \($0)" } ?? "a card above"
                lines.append("Skipped \(contact.name): \(who) (same \(match.rawValue))")
                skipped.append(.object([
                    ("name", .string(contact.name)), ("contact_id", .optional(contact.uid)),
                    ("reason", .string("same \(match.rawValue)")), ("id", .optional(tracker.id)),
                ]))
            case .unnamed(let contact):
                lines.append("Skipped the card at \(contact.path):\(contact.line): it has no name")
                skipped.append(.object([
                    ("name", .string("")), ("contact_id", .optional(contact.uid)),
                    ("reason", .string("no name")), ("id", .null),
                ]))
            }
        }
        let unreadable = book.diagnostics.filter { $0.severity == .error }.count
        if context.json {
            context.printJSON(.object([
                ("source", .string(location.display)), ("dry_run", .bool(dryRun)),
                ("added", .array(added)), ("skipped", .array(skipped)), ("unreadable", .number(unreadable)),
            ]))
        } else {
            for line in lines { context.terminal.print(line) }
            let total = added.count + skipped.count + unreadable
            context.terminal.print((dryRun ? "Would add" : "Added") + " \(added.count) of \(total) contact\(total == 1 ? "" : "s") from \(location.display); "
                                   + "skipped \(skipped.count)." + (unreadable == 0 ? "" : " \(unreadable) card\(unreadable == 1 ? "" : "s") could not be read (see above).")
                                   + (dryRun ? " Nothing written (--dry-run)." : ""))
        }
        if unreadable > 0 { throw ExitStatus(code: 1) }
    }
)
