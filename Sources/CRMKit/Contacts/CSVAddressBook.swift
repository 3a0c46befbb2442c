import CRMFormat
import CRMVault

/// A CSV export of Google Contacts, Outlook or LinkedIn read as contacts (see `CSVLayout`).
///
/// Each row is one contact, named by its name columns (prefix, given, middle, family, suffix;
/// Google's older layout by its `Name`), else by its organisation. Phones and emails come
/// preferred first (Google marks the primary with `* `; Outlook's `Primary Phone`), then mobile
/// numbers, then column order, each once. Nicknames become aliases; Google's labels and
/// Outlook's categories become tags, Google's system groups (`* myContacts`, `* starred`, …)
/// left out; company and position are kept. LinkedIn's profile `URL` is the contact's id (so
/// `crm refresh` can follow a connection), and its "Connected On" the day the person is added.
/// A CSV has no other id: a person added from a Google or Outlook row has no `contact_id`.
enum CSVAddressBook {
    /// The contacts of `bytes` when they are a CSV address book: `nil` when they are a vCard (or
    /// no CSV at all, for a file whose name does not end in `.csv`).
    ///
    /// - Throws: `ContactSourceError` for a CSV whose encoding or layout this tool does not read.
    static func read(_ bytes: [UInt8], path: String) throws(ContactSourceError) -> ContactBook? {
        let named = path.lowercased().hasSuffix(".csv")
        let decoded: CSVText
        switch CSVText.decode(bytes) {
        case .success(let text): decoded = text
        case .failure(let failure):
            guard named else { return nil }
            throw ContactSourceError(path: path, reason: failure.reason)
        }
        let start = decoded.text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if start.prefix(11).map({ $0 | 0x20 }) == Array("begin:vcard".utf8) { return nil }
        let (rows, readProblems) = CSVReader.rows(decoded.text, path: path)
        // The header is the first row of a known layout: LinkedIn writes a few lines of notes first.
        guard let headerIndex = rows.prefix(12).firstIndex(where: { CSVLayout.recognise($0.fields) != nil }),
              let layout = CSVLayout.recognise(rows[headerIndex].fields) else {
            let looksLikeCSV = (rows.first?.fields.count ?? 0) > 1 && !decoded.text.lowercased().contains("begin:vcard")
            guard named || looksLikeCSV else { return nil }
            throw ContactSourceError(path: path, reason: "not an address-book export this tool reads: its header row has the columns of none of "
                                     + CSVLayout.expected)
        }
        var diagnostics = readProblems
        if decoded.encoding == "Windows-1252" {
            diagnostics.append(Diagnostic(path: path, line: 1, severity: .warning,
                                          message: "not UTF-8: read as Windows-1252 (Outlook's default); check accented names"))
        }
        let columns = Columns(header: rows[headerIndex].fields, layout: layout)
        var contacts: [Contact] = []
        for row in rows[(headerIndex + 1)...] {
            let (contact, problems) = columns.contact(row, path: path)
            diagnostics += problems
            if let contact { contacts.append(contact) }
        }
        return ContactBook(checking: contacts, diagnostics: diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }
}

/// Which column of a header holds what.
private struct Columns {
    let layout: CSVLayout
    var fullName: Int?, given: Int?, middle: Int?, family: Int?, prefix: Int?, suffix: Int?
    var nickname: Int?, company: Int?, position: Int?, birthday: Int?, groups: Int?, url: Int?, connectedOn: Int?
    /// Value columns with the column of their label (Google's `E-mail 1 - Label`), if any.
    var emails: [(value: Int, label: Int?)] = []
    var phones: [(value: Int, label: Int?, name: String)] = []

    init(header: [String], layout: CSVLayout) {
        self.layout = layout
        let names = header.map { $0.trimmingSpaces }
        let lower = names.map { $0.lowercased() }
        func column(_ candidates: String...) -> Int? {
            candidates.lazy.compactMap { lower.firstIndex(of: $0.lowercased()) }.first
        }
        fullName = layout == .googleOlder ? column("Name") : nil
        given = column("First Name", "Given Name")
        middle = column("Middle Name", "Additional Name")
        family = column("Last Name", "Family Name")
        prefix = layout == .outlook ? column("Title") : column("Name Prefix")
        suffix = column("Name Suffix", "Suffix")
        nickname = column("Nickname")
        company = column("Organization Name", "Organization 1 - Name", "Company")
        position = column("Organization Title", "Organization 1 - Title", "Job Title", "Position")
        birthday = column("Birthday")
        groups = column("Labels", "Group Membership", "Categories")
        url = layout == .linkedIn ? column("URL") : nil
        connectedOn = column("Connected On")
        for (index, name) in lower.enumerated() {
            if name.hasPrefix("e-mail "), name.hasSuffix(" - value") {
                let stem = String(name.dropLast(" - value".count))
                emails.append((index, lower.firstIndex(of: stem + " - label") ?? lower.firstIndex(of: stem + " - type")))
            } else if name == "e-mail address" || name == "email address" || (name.hasPrefix("e-mail ") && name.hasSuffix(" address")) {
                emails.append((index, nil))
            } else if name.hasPrefix("phone "), name.hasSuffix(" - value") {
                let stem = String(name.dropLast(" - value".count))
                phones.append((index, lower.firstIndex(of: stem + " - label") ?? lower.firstIndex(of: stem + " - type"), name))
            } else if layout == .outlook, name.contains("phone") || name == "pager" || name == "callback" || name == "telex", !name.contains("fax") {
                phones.append((index, nil, name))
            }
        }
    }

    /// The contact of one row, with the problems of its cells; `nil` for a row with no cell.
    func contact(_ row: CSVReader.Row, path: String) -> (Contact?, [Diagnostic]) {
        func cell(_ index: Int?) -> String {
            guard let index, index < row.fields.count else { return "" }
            return row.fields[index].trimmingSpaces
        }
        func warning(_ index: Int, _ message: String) -> Diagnostic {
            let position = index < row.positions.count ? row.positions[index] : (line: row.line, column: 1)
            return Diagnostic(path: path, line: position.line, column: position.column, severity: .warning, message: message)
        }
        guard row.fields.contains(where: { !$0.trimmingSpaces.isEmpty }) else { return (nil, []) }
        var problems: [Diagnostic] = []
        let parts = [prefix, given, middle, family, suffix].map(cell).filter { !$0.isEmpty }
        let company = cell(self.company)
        var name = cell(fullName)
        if name.isEmpty { name = parts.joined(separator: " ") }
        if name.isEmpty { name = company }

        var birthday: String?
        if let column = self.birthday {
            switch CSVDate.birthday(cell(column)) {
            case .none: break
            case .date(let date): birthday = date
            case .ambiguous(let why):
                problems.append(warning(column, "birthday \"\(cell(column))\" could be read two ways (\(why)); left out"))
            case .invalid:
                problems.append(warning(column, "birthday \"\(cell(column))\" is not a date; left out"))
            }
        }
        var added: Day?
        if let column = connectedOn, !cell(column).isEmpty {
            added = CSVDate.connectedOn(cell(column))
            if added == nil { problems.append(warning(column, "\"Connected On\" \"\(cell(column))\" is not a date; left out")) }
        }
        let emails = Self.ordered(emails.map { (cell($0.value), cell($0.label), nil) }, key: { $0.lowercased() })
        let phones = Self.ordered(phones.map { phone in
            let label = cell(phone.label).lowercased()
            return (cell(phone.value), cell(phone.label), phone.name == "primary phone" ? 0 : phone.name == "mobile phone"
                    || label.contains("mobile") || label.contains("cell") ? 1 : nil)
        }, key: PhoneNumber.compact)
        let nicknames = Self.values(cell(nickname)).filter { $0.folded != name.folded }
        return (Contact(
            uid: cell(url).isEmpty ? nil : cell(url), name: name, phones: phones, emails: emails, birthday: birthday,
            nicknames: nicknames, company: company.isEmpty || company == name ? nil : company,
            position: cell(position).isEmpty ? nil : cell(position), tags: Self.tags(cell(groups), layout: layout),
            added: added, path: path, line: row.line), problems)
    }

    /// Values preferred first (a label starting with `* `, then by `rank`: 0 for Outlook's
    /// primary phone, 1 for a mobile one), then column order; a cell may hold several, joined by
    /// ` ::: `; each value once by `key`.
    private static func ordered(_ cells: [(value: String, label: String, rank: Int?)], key: (String) -> String) -> [String] {
        var ranked: [(rank: Int, order: Int, value: String)] = []
        for cell in cells {
            let rank = cell.label.hasPrefix("* ") ? 0 : cell.rank ?? 2
            for value in values(cell.value) { ranked.append((rank, ranked.count, value)) }
        }
        var seen: Set<String> = []
        return ranked.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.value).filter { seen.insert(key($0)).inserted }
    }

    /// The values of a cell: Google joins several with ` ::: `.
    private static func values(_ cell: String) -> [String] {
        cell.split(separator: ":::").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// Google's system groups: every contact is in `myContacts`; `starred` is a flag.
    private static let systemGroups: Set<String> = ["mycontacts", "my contacts", "starred", "starred in android", "other", "other contacts", "blocked"]

    /// Tags from Google's labels (` ::: `, a `* ` before a system group's name) or Outlook's
    /// categories (`;`), system groups left out, each once.
    private static func tags(_ cell: String, layout: CSVLayout) -> [String] {
        let names = layout == .outlook ? cell.split(separator: ";").map { String($0).trimmingSpaces } : values(cell)
        var tags: [String] = []
        for name in names {
            let tag = name.hasPrefix("* ") ? String(name.dropFirst(2)).trimmingSpaces : name
            guard !tag.isEmpty, !systemGroups.contains(tag.lowercased()), !tags.contains(tag) else { continue }
            tags.append(tag)
        }
        return tags
    }
}
