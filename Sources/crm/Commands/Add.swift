import CRMBrowse
import CRMKit

/// The options of `crm add`.
private enum AddOption {
    static let phone = OptionSpec(name: "--phone", value: "P", completion: .none, help: "a phone number (repeat for several; the first is primary)", repeatable: true)
    static let email = OptionSpec(name: "--email", value: "E", completion: .none, help: "an email address (repeat for several; the first is primary)", repeatable: true)
    static let tag = OptionSpec(name: "--tag", value: "T", completion: .tags, help: "a tag (repeat for several)", repeatable: true)
    static let every = OptionSpec(name: "--every", value: "C", completion: .none, help: "stay-in-touch cadence: 10d, 2w, 3m, 1y")
    static let birthday = OptionSpec(name: "--birthday", value: "D", completion: .none, help: "YYYY-MM-DD, or --MM-DD when the year is unknown")
    static let contactID = OptionSpec(name: "--contact-id", value: "ID", completion: .none, help: "the address-book id (vCard UID) of this person")
    static let from = OptionSpec(name: "--from", value: "SOURCE", completion: .files, help: "pick the person from a vCard file or a vdir folder (only ever read)")
    static let uid = OptionSpec(name: "--uid", value: "UID", completion: .none, help: "with --from: the contact whose vCard UID is exactly UID")
    static let force = OptionSpec(name: "--force", help: "add even when someone has the same name or contact id")
}

let addCommand = Command(
    name: "add",
    summary: "Add a person, with fields from flags or from one contact of an address book.",
    usage: [
        "add NAME [--phone P]… [--email E]… [--tag T]… [--every C] [--birthday D] [--contact-id ID] [--force]",
        "add --from SOURCE [QUERY] [--uid UID] [--tag T]… [--every C] [--force]",
    ],
    arguments: [
        ArgumentSpec("NAME", completion: .none, help: "the person's display name; the file is people/<slug-of-name>.md"),
        ArgumentSpec("QUERY", completion: .none, help: "with --from: part of a name, an email, or a phone number of the contact"),
    ],
    options: [
        AddOption.phone, AddOption.email, AddOption.tag, AddOption.every, AddOption.birthday, AddOption.contactID,
        AddOption.from, AddOption.uid, AddOption.force,
    ],
    examples: [
        "crm add \"Ada Lovelace\" --email ada@example.org --phone \"+44 20 7946 0018\" --tag friends --every 30d",
        "crm add \"Grandma Rose\" --tag family --birthday --04-12",
        "crm add --from ~/contacts.vcf Ada --tag friends",
    ],
    discussion: """
    With --from, the person gets the contact's id (vCard UID) and a snapshot of its name, phone
    numbers, emails, birthday and nicknames (as aliases); nothing else of the card is stored. On
    a terminal, when several contacts match, the picker opens with QUERY as its filter: type to
    narrow it (names, organisations, emails, phone numbers), Enter adds the contact selected, Esc
    cancels; contacts already tracked (as crm import finds them) are marked and cannot be picked
    unless --force. Elsewhere QUERY and --uid must match exactly one contact.
    """,
    run: { context in
        if context.arguments.value(AddOption.from) != nil {
            try addFromContacts(context)
            return
        }
        if context.arguments.value(AddOption.uid) != nil { throw UsageError("--uid needs --from SOURCE") }
        let name = try usage { try FieldAssignment.name(context.positionals("NAME")[0]) }
        let args = context.arguments
        var fields: [(key: String, value: FieldValue)] = [("name", .string(name))]
        if let id = args.value(AddOption.contactID) { fields.append(("contact_id", .string(id))) }
        for (key, option) in [("phone", AddOption.phone), ("email", AddOption.email)] {
            if let value = FieldValue(args.all(option)) { fields.append((key, value)) }
        }
        if let birthday = args.value(AddOption.birthday) {
            if let problem = FieldSchema.birthday.problem(with: birthday) { throw UsageError(problem) }
            fields.append(("birthday", .string(birthday)))
        }
        try addPerson(fields, name: name, contactID: args.value(AddOption.contactID), context: context)
    }
)

/// `crm add --from SOURCE [QUERY] [--uid UID]`: one contact, picked on a terminal. Contacts
/// someone already tracks (by the rule `crm import` uses) are marked and cannot be picked
/// unless `--force`.
private func addFromContacts(_ context: Context) throws {
    let args = context.arguments
    for option in [AddOption.phone, AddOption.email, AddOption.birthday, AddOption.contactID] where !args.all(option).isEmpty {
        throw UsageError("\(option.name) cannot be used with --from: the contact's own fields are stored")
    }
    guard args.positionals.count <= 1 else { throw UsageError("unexpected argument '\(args.positionals[1])'") }
    let query = args.positionals.first ?? ""
    let uid = args.value(AddOption.uid)
    let force = args.flag(AddOption.force)
    let options = try newPersonOptions(context)
    let vault = try context.vault()
    let (location, book) = try context.contactBook(args.value(AddOption.from), vault: vault, option: "--from SOURCE")
    let matches = book.candidates(query: query, uid: uid)
    var asked = [query.isEmpty ? nil : "'\(query)'", uid.map { "UID '\($0)'" }].compactMap { $0 }.joined(separator: " with ")
    if asked.isEmpty { asked = "anything" }
    let tracked = ContactImport.trackers(of: matches, vault: vault).map { force ? nil : $0 }
    let contact: Contact
    switch matches.count {
    case 0:
        throw Failure(book.contacts.isEmpty ? "no contacts in \(location.display)" : "no contact in \(location.display) matches \(asked)")
    case 1:
        contact = matches[0]
    default:
        let terminal = context.terminal
        let rows = zip(matches, tracked).map { (contact: $0, trackedAs: $1?.tracker.id) }
        guard terminal.stdinIsTerminal, terminal.stdoutIsTerminal else {
            throw Failure("\(asked) matches \(matches.count) contacts in \(location.display); give more of the name, or --uid:\n"
                          + contactTable(rows, terminal: terminal))
        }
        guard rows.contains(where: { $0.trackedAs == nil }) else {
            throw Failure("all \(matches.count) contacts in \(location.display) that match \(asked) are tracked already:\n"
                          + contactTable(rows, terminal: terminal) + "\nuse --force to add another")
        }
        guard let picked = try Browse.pickContact(from: book, source: location.display, query: query, vault: vault, allowingTracked: force,
                                                  environment: context.environment, user: context.user, version: CLI.version) else {
            terminal.print("Nothing added.")
            return
        }
        contact = picked
    }
    guard !contact.name.isEmpty else { throw Failure("\(contact.path):\(contact.line): this vCard has no name; nothing added") }
    let person: Person
    var problems: [Diagnostic] = []
    do {
        person = try vault.add(contact, options: options, allowingTracked: force, problems: &problems)
    } catch let error as Vault.DuplicatePerson {
        throw Failure(error.description + "; use --force to add another")
    }
    for problem in problems { context.terminal.error(problem.description) }
    if contact.uid == nil {
        context.warn("\(contact.path):\(contact.line): this contact has no UID, so 'crm refresh' cannot follow it")
    }
    try printAdded(person, vault: vault, context: context, from: location)
}

/// `--tag`, `--every` and today, for a new person.
private func newPersonOptions(_ context: Context) throws -> NewPersonOptions {
    let args = context.arguments
    var every: Cadence?
    if let text = args.value(AddOption.every) {
        if let problem = FieldSchema.every.problem(with: text) { throw UsageError(problem) }
        every = Cadence(text)
    }
    return NewPersonOptions(tags: args.all(AddOption.tag), every: every, today: try context.today())
}

/// Writes the new person: `fields`, then the `--tag`, `--every` and `added` fields; refuses a
/// second person with the same name or contact id unless `--force`.
private func addPerson(_ fields: [(key: String, value: FieldValue)], name: String, contactID: String?,
                       context: Context) throws {
    let args = context.arguments
    let options = try newPersonOptions(context)
    var fields = fields
    let vault = try context.vault()
    if !options.tags.isEmpty { fields.append(("tags", .list(vault.spelt(options.tags)))) }
    if let every = options.every { fields.append(("every", .string(every.description))) }
    let person: Person
    do {
        person = try vault.add(fields, name: name, contactID: contactID, today: try context.today(), allowingDuplicate: args.flag(AddOption.force))
    } catch let error as Vault.DuplicatePerson {
        throw Failure(error.description + "; use --force to add another")
    }
    try printAdded(person, vault: vault, context: context)
}

private func printAdded(_ person: Person, vault: Vault, context: Context, from location: ContactsLocation? = nil) throws {
    if context.json {
        context.printJSON(person.showJSON(config: vault.config, today: try context.today()))
    } else {
        context.terminal.print("Added \(person.name) (\(person.path))" + (location.map { " from \($0.display)" } ?? ""))
    }
}

/// Contacts as a table: name, primary email and phone, and the UID (and who tracks it, when
/// someone does).
private func contactTable(_ rows: [(contact: Contact, trackedAs: String?)], terminal: Terminal) -> String {
    let anyTracked = rows.contains { $0.trackedAs != nil }
    var table = TextTable(headers: ["NAME", "EMAIL", "PHONE", "UID"] + (anyTracked ? ["TRACKED AS"] : []))
    for (contact, trackedAs) in rows {
        let cells = [contact.name, contact.emails.first ?? "-", contact.phones.first ?? "-", contact.uid ?? "-"]
        table.rows.append(cells + (anyTracked ? [trackedAs ?? ""] : []))
    }
    table.style = { _, c, text in c == 0 ? terminal.style(text, .bold) : text }
    return table.rendered { terminal.style($0, .dim) }.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
}
