import CRMFormat
import CRMVault

/// What each column of an address-book CSV's header row is kept as, and the row it makes a
/// contact of. Every column is one of three things (docs/contacts.md has the table):
///
/// - **kept**: the name columns, nickname, organisation and position, birthday, labels or
///   categories, emails and phones (with their labels and types), Google's relations and
///   Outlook's spouse, manager and assistant (`related:`), notes, and LinkedIn's URL and
///   "Connected On";
/// - **bookkeeping** the exporter derives from the others, left out without a word: `File As`,
///   Outlook's `E-mail Display Name`s, `Initials`, `Priority`, `Sensitivity` and `Private`;
/// - **not imported**, said once per file (`notDrawn`): any other column with a value in some
///   row, such as addresses, websites, events and custom fields. Outlook's placeholders for no
///   value (`0/0/00`, `Unspecified`) are no value.
struct CSVColumns {
    let layout: CSVLayout
    /// The header row's cells, as written.
    let header: [String]
    var fullName: Int?, given: Int?, middle: Int?, family: Int?, prefix: Int?, suffix: Int?
    var nickname: Int?, company: Int?, position: Int?, birthday: Int?, groups: Int?, url: Int?, connectedOn: Int?
    var notes: Int?
    /// Email value columns with the column of their label (Google's `E-mail 1 - Label`) or type
    /// (Outlook's `E-mail Type`, `EX` for an Exchange address), if any.
    var emails: [(value: Int, label: Int?)] = []
    var phones: [(value: Int, label: Int?, name: String)] = []
    /// Relation value columns, with the column of their label or the relation they always are.
    var relations: [(value: Int, label: Int?, relation: String?)] = []
    /// The columns read as one of the above, or left out as bookkeeping.
    private(set) var drawn: Set<Int> = []

    /// Outlook's columns of people other than the contact, as the relation they are to them.
    private static let outlookRelations = ["spouse": "spouse", "manager's name": "manager", "assistant's name": "assistant"]
    /// Columns an exporter derives from the others or fills for itself: nothing of the person's is lost.
    private static let bookkeeping: Set<String> = ["file as", "initials", "priority", "sensitivity", "private"]
    /// What Outlook writes in a cell that has no value.
    private static let placeholders: Set<String> = ["0/0/00", "unspecified"]

    init(header: [String], layout: CSVLayout) {
        self.layout = layout
        self.header = header
        let lower = header.map { $0.trimmingSpaces.lowercased() }
        var drawn: Set<Int> = []
        func column(_ candidates: String...) -> Int? {
            let found = candidates.lazy.compactMap { lower.firstIndex(of: $0.lowercased()) }.first
            if let found { drawn.insert(found) }
            return found
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
        notes = column("Notes")
        for (index, name) in lower.enumerated() {
            func paired(_ suffixes: String...) -> Int? {
                let stem = String(name.dropLast(" - value".count))
                let found = suffixes.lazy.compactMap { lower.firstIndex(of: stem + $0) }.first
                drawn.formUnion([index] + (found.map { [$0] } ?? []))
                return found
            }
            if name.hasPrefix("e-mail "), name.hasSuffix(" - value") {
                emails.append((index, paired(" - label", " - type")))
            } else if name.hasPrefix("phone "), name.hasSuffix(" - value") {
                phones.append((index, paired(" - label", " - type"), name))
            } else if name.hasPrefix("relation "), name.hasSuffix(" - value") {
                relations.append((index, paired(" - label", " - type"), nil))
            } else if name == "e-mail address" || name == "email address" || (name.hasPrefix("e-mail ") && name.hasSuffix(" address")) {
                // Outlook: `E-mail 2 Address` beside `E-mail 2 Type` and `E-mail 2 Display Name`.
                let stem = String(name.dropLast(" address".count))
                let type = lower.firstIndex(of: stem + " type")
                drawn.formUnion([index] + (type.map { [$0] } ?? []) + (lower.firstIndex(of: stem + " display name").map { [$0] } ?? []))
                emails.append((index, type))
            } else if layout == .outlook, name.contains("phone") || ["pager", "callback", "telex", "isdn"].contains(name),
                      !name.contains("fax"), !name.hasPrefix("assistant") {
                drawn.insert(index)
                phones.append((index, nil, name))
            } else if layout == .outlook, let relation = Self.outlookRelations[name] {
                drawn.insert(index)
                relations.append((index, nil, relation))
            } else if Self.bookkeeping.contains(name) {
                drawn.insert(index)
            }
        }
        self.drawn = drawn
    }

    /// Whether a cell holds a value: not empty, nor one of Outlook's placeholders.
    static func hasValue(_ cell: String) -> Bool {
        let text = cell.trimmingSpaces
        return !text.isEmpty && !placeholders.contains(text.lowercased())
    }

    /// The one warning for the columns with a value that are not imported, at the header cell
    /// of the first: each column named, with how many rows have a value in it; `nil` when every
    /// value was kept.
    func notDrawn(in rows: ArraySlice<CSVReader.Row>, header row: CSVReader.Row, path: String) -> Diagnostic? {
        var counts: [Int: Int] = [:]
        for row in rows {
            for (index, field) in row.fields.enumerated() where !drawn.contains(index) && Self.hasValue(field) {
                counts[index, default: 0] += 1
            }
        }
        var notImported = NotImported(unit: "row")
        for index in counts.keys.sorted() {
            let name = index < header.count && !header[index].trimmingSpaces.isEmpty ? header[index].trimmingSpaces : "column \(index + 1)"
            let position = index < row.positions.count ? row.positions[index] : (line: row.line, column: 1)
            notImported.add("'\(name)'", count: counts[index]!, line: position.line, column: position.column)
        }
        return notImported.warning(path: path)
    }
}

extension CSVColumns {
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
        var connected: Day?
        if let column = connectedOn, !cell(column).isEmpty {
            connected = CSVDate.connectedOn(cell(column))
            if connected == nil { problems.append(warning(column, "\"Connected On\" \"\(cell(column))\" is not a date; left out")) }
        }
        var emailCells: [(value: String, label: String, rank: Int?)] = []
        for email in emails where !cell(email.value).isEmpty {
            // Outlook gives a contact of an Exchange organisation its X.500 address (type EX),
            // which no mail program can send to.
            let type = cell(email.label)
            guard type.uppercased() != "EX", !cell(email.value).lowercased().hasPrefix("/o=") else {
                problems.append(warning(email.value, "\"\(cell(email.value))\" is an Exchange address (E-mail Type EX), "
                                        + "not an email address; left out"))
                continue
            }
            emailCells.append((cell(email.value), type, nil))
        }
        let emails = Self.ordered(emailCells, key: { $0.lowercased() })
        let phones = Self.ordered(phones.map { phone in
            let label = cell(phone.label).lowercased()
            return (cell(phone.value), cell(phone.label), phone.name == "primary phone" ? 0 : phone.name == "mobile phone"
                    || label.contains("mobile") || label.contains("cell") ? 1 : nil)
        }, key: PhoneNumber.compact)
        let nicknames = Self.values(cell(nickname)).filter { $0.folded != name.folded }
        var related: [ContactRelation] = []
        for relation in relations {
            let label = cell(relation.label).drop { $0 == "*" || $0 == " " }
            let named = relation.relation ?? (label.isEmpty ? "contact" : label.lowercased())
            related += Self.values(cell(relation.value)).map { ContactRelation(relation: named, name: $0) }
        }
        return (Contact(
            uid: cell(url).isEmpty ? nil : cell(url), name: name, phones: phones, emails: emails, birthday: birthday,
            nicknames: nicknames, company: company.isEmpty ? nil : company,
            position: cell(position).isEmpty ? nil : cell(position), tags: Self.tags(cell(groups), layout: layout),
            notes: Self.notes(notes.flatMap { $0 < row.fields.count ? row.fields[$0] : nil }), related: related,
            connected: connected, path: path, line: row.line), problems)
    }

    /// A notes cell as the person's notes: line breaks as `\n`, blank lines at both ends
    /// dropped; `nil` when nothing is left.
    private static func notes(_ cell: String?) -> String? {
        guard let cell else { return nil }
        var lines = cell.replacing("\r\n", with: "\n").replacing("\r", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)[...]
        while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
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

    /// Tags from Google's labels (` ::: `, a `* ` before a system group's name) or Outlook's
    /// categories (`;`), system groups left out, each once (`Tag.same`).
    private static func tags(_ cell: String, layout: CSVLayout) -> [String] {
        let names = layout == .outlook ? cell.split(separator: ";").map { String($0).trimmingSpaces } : values(cell)
        var tags: [String] = []
        for name in names {
            let tag = name.hasPrefix("* ") ? String(name.dropFirst(2)).trimmingSpaces : name
            guard !tag.isEmpty, !Contact.isSystemGroup(tag), !tags.contains(where: { Tag.same($0, tag) }) else { continue }
            tags.append(tag)
        }
        return tags
    }
}
