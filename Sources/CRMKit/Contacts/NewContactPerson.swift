import CRMFormat
import CRMVault

/// What a person added from a contact (`crm add --from`, `crm import`) starts with, besides the
/// contact's own fields.
public struct NewPersonOptions: Sendable {
    /// `--tag`: tags for everyone added, after the contact's own (its address-book groups).
    public var tags: [String]
    /// `--every`: the stay-in-touch cadence of everyone added.
    public var every: Cadence?
    /// `--spread` (with `every`): the first due dates of the people one import adds spread over
    /// one cadence (see `ImportSpread`).
    package var spread: Bool
    /// The day of the import: everyone added gets it as `added`, so their cadence starts then.
    public var today: Day
    /// How the vault spells its tags (`tagSpellings` of everyone's facts): a contact's group or `--tag` in
    /// another case or with other accents is written so.
    package var tagSpellings: [String: String] = [:]

    public init(tags: [String] = [], every: Cadence? = nil, spread: Bool = false, today: Day) {
        self.tags = tags
        self.every = every
        self.spread = spread
        self.today = today
    }
}

extension ContactImport {
    /// The files of the people `plan` adds, in its order, ready for `Vault.create`: a slug of
    /// each name and the person file (`Contact.newFile`, with the `snooze` `ImportSpread` gives
    /// when `options.spread`), and the warnings about notes that could not be written as they are.
    package static func newFiles(_ plan: [Decision], options: NewPersonOptions, settings: PersonDocument.LogSettings)
        -> (files: [(slug: String, bytes: [UInt8])], problems: [Diagnostic]) {
        let adding = plan.compactMap { decision -> Contact? in if case .add(let contact) = decision { contact } else { nil } }
        var snoozes: [Day?] = Array(repeating: nil, count: adding.count)
        if options.spread, let every = options.every {
            snoozes = ImportSpread.snoozes(count: adding.count, every: every, today: options.today)
        }
        var files: [(slug: String, bytes: [UInt8])] = [], problems: [Diagnostic] = []
        for (contact, snooze) in zip(adding, snoozes) {
            let file = contact.newFile(options, snooze: snooze, settings: settings)
            files.append((Slug.make(contact.name), file.bytes))
            if let problem = file.problem { problems.append(problem) }
        }
        return (files, problems)
    }
}

extension Contact {
    /// The front matter of a person added from this contact, in this order: `name`,
    /// `contact_id` (the UID as written, when the card has one), `phone` and `email` (preferred
    /// first; a list when several), `birthday`, `aliases` (its nicknames), `company`,
    /// `position`, `tags` (its groups, then `options.tags`, as the vault spells them), `every`, `snooze` (when given: see
    /// `ImportSpread`), `added` (`options.today`: the cadence starts at the import), `connected`
    /// (when the address book says when you connected); then its `ANNIVERSARY` as `dates:` (see
    /// `newFile`). Its relations are written once every
    /// person of the import has a file (`Vault.relateImported`).
    package func personFields(_ options: NewPersonOptions, snooze: Day? = nil) -> [(key: String, value: FieldValue)] {
        var fields: [(key: String, value: FieldValue)] = [("name", .string(name))]
        if let uid { fields.append(("contact_id", .string(uid))) }
        if let phone = FieldValue(phones) { fields.append(("phone", phone)) }
        if let email = FieldValue(emails) { fields.append(("email", email)) }
        if let birthday { fields.append(("birthday", .string(birthday))) }
        if !nicknames.isEmpty { fields.append(("aliases", .list(nicknames))) }
        if let company { fields.append(("company", .string(company))) }
        if let position { fields.append(("position", .string(position))) }
        var tags: [String] = []
        for tag in self.tags + options.tags where !tags.contains(where: { Tag.same($0, tag) }) {
            tags.append(options.tagSpellings[Tag.key(tag)] ?? tag)
        }
        if !tags.isEmpty { fields.append(("tags", .list(tags))) }
        if let every = options.every { fields.append(("every", .string(every.description))) }
        if let snooze { fields.append(("snooze", .string(snooze.description))) }
        fields.append(("added", .string(options.today.description)))
        if let connected { fields.append((FieldSchema.connected.key, .string(connected.description))) }
        return fields
    }

    /// The file of a person added from this contact: `personFields`, then the contact's notes,
    /// then the log heading. Notes are written as they are when the file reads them back so:
    /// control characters other than tabs and line breaks become U+FFFD, and notes whose
    /// Markdown would change the file's sections (a heading that is the log's, a code fence or
    /// an HTML comment left open) go inside a code block; either way `problem` says so, at the
    /// card's line.
    package func newFile(_ options: NewPersonOptions, snooze: Day? = nil, settings: PersonDocument.LogSettings)
        -> (bytes: [UInt8], problem: Diagnostic?) {
        let fields = personFields(options, snooze: snooze)
        let dates = anniversary.map { [(name: "anniversary", date: $0)] } ?? []
        guard let notes else { return (NewPersonFile.render(fields, dates: dates, heading: settings.heading), nil) }
        var changes: [String] = []
        let cleaned = String(String.UnicodeScalarView(notes.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control && scalar != "\t" && scalar != "\n" ? "\u{FFFD}" : scalar
        }))
        if cleaned != notes { changes.append("its control characters are written as U+FFFD") }
        var bytes = NewPersonFile.render(fields, dates: dates, notes: cleaned, heading: settings.heading)
        if !Self.readsBack(bytes, notes: cleaned, settings: settings) {
            let longest = cleaned.split { $0 != "`" }.map(\.count).max() ?? 0
            let fence = String(repeating: "`", count: max(3, longest + 1))
            let fenced = fence + "\n" + cleaned + "\n" + fence
            bytes = NewPersonFile.render(fields, dates: dates, notes: fenced, heading: settings.heading)
            changes.append("it is written inside a code block: as Markdown it would change the file's sections "
                           + "(a heading '\(settings.heading)', or a code fence or comment left open)")
            if !Self.readsBack(bytes, notes: fenced, settings: settings) {
                bytes = NewPersonFile.render(fields, dates: dates, heading: settings.heading)
                changes = ["it is left out: no way of writing it keeps the file's sections"]
            }
        }
        let problem = changes.isEmpty ? nil : Diagnostic(path: path, line: line, severity: .warning,
                                                         message: "the note of \(name): " + changes.joined(separator: "; "))
        return (bytes, problem)
    }

    /// Whether `bytes` read as a person file whose notes are `notes` and whose log is the last
    /// line's heading.
    private static func readsBack(_ bytes: [UInt8], notes: String, settings: PersonDocument.LogSettings) -> Bool {
        let document = PersonDocument(bytes: bytes, path: "new.md", settings: settings)
        return document.notes == notes && document.log?.headingLine == document.text.lineCount - 1
    }
}

/// `crm import --every C --spread`: the first due dates of the people one import adds, spread
/// evenly over one cadence so that they do not all fall due on one day.
///
/// Someone added today with cadence C is first due on today + C. Spread, the k-th of n people
/// added (0-based, in the order they are added) is first due k/n of a cadence later: the
/// first on today + C, the last a little before today + 2C. The later date is written as
/// `snooze:` (not due before), so `added` stays the day the person was added and `every` their
/// cadence; a snooze never makes anyone due sooner, and once the first contact is logged it is
/// in the past and counts no more.
package enum ImportSpread {
    /// The `snooze` of each of `count` people added today, in order; `nil` where none is needed (the first).
    package static func snoozes(count: Int, every: Cadence, today: Day) -> [Day?] {
        let start = every.step(from: today)
        let length = start.days(until: every.step(from: start))
        return (0..<count).map { k in
            let due = start.adding(days: k * length / count)
            return due > start ? due : nil
        }
    }
}
