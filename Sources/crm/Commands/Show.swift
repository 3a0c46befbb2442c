import CRMKit
import CRMTerminal

private enum ShowOption {
    static let contacts = OptionSpec(name: "--contacts", value: "SOURCE", completion: .files,
                                     help: "show the current phone, email and birthday from this .vcf file or vdir folder (default: $CRM_CONTACTS, else contacts: in .crm/config.yaml)")
}

let showCommand = Command(
    name: "show",
    summary: "One person: details, notes and the whole log.",
    usage: ["show PERSON [--contacts SOURCE]"],
    arguments: [Command.personArgument],
    options: [ShowOption.contacts],
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
    numbers 'crm unlog' and 'crm done' take (they keep them, as listed, until the next listing).
    Links in notes show as the text they show in Obsidian.
    Text typed in the log between entries shows under the entry above it, dimmed.

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
        // Everyone's keys are read once, with their links: the person is found among them.
        let links = VaultLinks.read(vault, fileNames: false)
        let person = try vault.find(query, in: links, notesOnDemand: true)
        for problem in try ReadProblems.shown(person) { context.warn(problem) }
        vault.forgetNumbers(of: person)   // the numbers shown are the ones 'crm done' and 'crm unlog' take next
        let addressBook = try showAddressBook(context, vault)
        if context.json {
            let contacts = addressBook.map { ContactView(document: person.document, contacts: $0.contactsByUID) }
            context.printJSON(person.showJSON(config: vault.config, today: today, view: contacts, connections: links.connections(of: person.id)))
            return
        }
        printPage(try PersonView(person: person, config: vault.config, today: today, addressBook: addressBook, links: links),
                  on: context.terminal)
    }
)

/// The address book `--contacts` names, else the configured one; nil without either. A book given
/// by `--contacts` must load (its problems are printed); a configured one that does not is a
/// warning, and the file's snapshot is shown.
private func showAddressBook(_ context: Context, _ vault: Vault) throws -> PersonView.AddressBook? {
    let explicit = context.arguments.value(ShowOption.contacts)
    guard let location = ContactsLocation.resolve(explicit: explicit, environment: context.environment, vault: vault, user: context.user) else { return nil }
    do throws(ContactSourceError) {
        let book = try location.load()
        if explicit != nil { for diagnostic in book.diagnostics { context.terminal.error(diagnostic.description) } }
        return PersonView.AddressBook(location: location, book: book)
    } catch {
        if explicit != nil { throw Failure(error.description) }
        context.warn("\(error.description); showing the snapshot")
        return nil
    }
}

/// The page as `crm show` prints it: name and file, details, Related, notes, Coming up, the log
/// (numbered newest first, as `crm unlog` takes them; entries of other files unnumbered, with
/// the file and line they live in), Mentioned.
private func printPage(_ view: PersonView, on t: Terminal) {
    t.print(t.style(view.name, .bold) + "  " + t.style(view.path, .dim))
    if let origin = view.origin.summary { t.print("  " + t.style(origin, .dim)) }
    let keyWidth = view.fields.map { $0.key.count }.max() ?? 0
    for field in view.fields { t.print("  " + t.style(field.key.padding(keyWidth), .dim) + "  " + field.value) }
    if !view.related.isEmpty {
        t.print()
        t.print(t.style("Related (\(view.related.count))", .bold))
        let relationWidth = view.related.map { DisplayWidth.of($0.relation) }.max() ?? 0
        for relation in view.related { t.print("  " + t.style(relation.relation.padding(relationWidth), .dim) + "  " + relation.name) }
    }
    if !view.notes.isEmpty { t.print(); t.print(view.notes) }
    let entries = view.comingUp + view.history
    let numberWidth = String(entries.compactMap(\.number).max() ?? 0).count
    let typeWidth = entries.compactMap { $0.type.map(DisplayWidth.of) }.max() ?? 0
    func printEntry(_ entry: PersonView.Entry) {
        let when = entry.date.map { "\($0)" + (entry.time.map { " \($0)" } ?? "      ") } ?? "someday".padding(16)
        let lines = PersonLink.readable(entry.note).split(separator: "\n", omittingEmptySubsequences: false)
        let label = entry.number.map(String.init) ?? ""
        let lead = String(repeating: " ", count: numberWidth - label.count) + label
        let indent = String(repeating: " ", count: 2 + numberWidth + 2 + when.count + 2 + typeWidth + 2)
        var first = lines.first.map(String.init) ?? ""
        if entry.isOverdue, let date = entry.date { first += t.style(" (\(dueWording(date, from: view.today)))", .red) }
        if entry.isTickedAhead { first += t.style(" (ticked done, but dated after today)", .red) }
        let type = entry.type.map { t.style($0.padding(typeWidth), .cyan) } ?? "".padding(typeWidth)
        t.print("  " + t.style(lead, .dim) + "  " + t.style(when, .dim) + "  " + type + "  " + first)
        if entry.date == nil { return }   // an undated follow-up: its first line only
        for line in lines.dropFirst() { t.print(indent + line) }
        // Text typed under the entry in the log: dim, under its note.
        if let text = entry.text {
            for line in PersonLink.readable(text).split(separator: "\n", omittingEmptySubsequences: false) {
                t.print(line.isEmpty ? "" : indent + t.style(String(line), .dim))
            }
        }
        if let elsewhere = entry.elsewhere { t.print(indent + t.style(elsewhere.label(line: entry.line), .dim)) }
    }
    if !view.comingUp.isEmpty {
        t.print()
        t.print(t.style("Coming up (\(view.comingUp.count))", .bold))
        view.comingUp.forEach(printEntry)
    }
    t.print()
    t.print(t.style("\(view.heading) (\(view.history.count))", .bold))
    view.history.forEach(printEntry)
    if view.history.isEmpty { t.print("  none yet — add one with: crm log \(view.id) \"…\"") }
    if !view.mentions.isEmpty {
        t.print()
        t.print(t.style("Mentioned (\(view.mentions.count))", .bold))
        for mention in view.mentions { t.print("  " + t.style("\(mention.path):\(mention.line)", .dim) + "  " + mention.text) }
    }
}
