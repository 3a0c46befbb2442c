import CRMBrowse
import CRMKit

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
        let args = context.arguments
        let name = try context.positionals("NAME")[0]
        let person = AddRequest.Person.typed(name: name, phones: args.all(AddOption.phone), emails: args.all(AddOption.email),
                                             birthday: args.value(AddOption.birthday), contactID: args.value(AddOption.contactID))
        try add(person, vault: try context.vault(), today: try context.today(), context: context)
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
    let query = try context.optionalPositional() ?? ""
    let uid = args.value(AddOption.uid)
    let force = args.flag(AddOption.force)
    try usage { try AddRequest.cadence(args.value(AddOption.every)) }
    let today = try context.today()
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
    try add(.contact(contact, source: location.display), vault: vault, today: today, context: context)
}

/// Adds `person` with `--tag`, `--every` and `--force`, and prints what was added; someone the
/// vault has already is refused unless `--force`, and the message says so.
private func add(_ person: AddRequest.Person, vault: Vault, today: Day, context: Context) throws {
    let args = context.arguments
    let request = AddRequest(person, tags: args.all(AddOption.tag), every: args.value(AddOption.every), force: args.flag(AddOption.force))
    do {
        context.show(try usage { try vault.add(request, today: today) })
    } catch let error as Vault.DuplicatePerson {
        throw Failure(error.description + "; use --force to add another")
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
