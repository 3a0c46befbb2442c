/// One person as their page shows them (`crm show`, the person page of `crm browse`): details
/// with where they come from, tags, cadence, last, next and due, what is coming up, the log
/// numbered as `crm unlog` takes it, and the notes.
public struct PersonView: Sendable {
    /// An address book to take current details from: the contacts by UID, and how to name it.
    public struct AddressBook: Sendable {
        /// The source as the user gave it (`~/contacts.vcf`).
        public let source: String
        public let contactsByUID: [String: Contact]

        public init(source: String, contactsByUID: [String: Contact]) {
            self.source = source
            self.contactsByUID = contactsByUID
        }

        public init(location: ContactsLocation, book: ContactBook) {
            self.init(source: location.display, contactsByUID: book.contactsByUID())
        }
    }

    /// Where phone, email and birthday come from.
    public enum DetailsOrigin: Sendable, Equatable {
        /// No address book is configured: the file's snapshot, nothing to say.
        case file
        /// The person's contact, found in the address book `source`.
        case contacts(source: String)
        /// The file's snapshot (taken on `since`, the `added` date), because the address book
        /// `source` has no contact with the person's `contactID`, or the person has none.
        case snapshot(since: Day?, contactID: String?, source: String)

        /// "from contacts: ~/contacts.vcf", "snapshot from 2026-01-05; contact 6B29… not found in
        /// ~/contacts.vcf"; nil for `.file`.
        public var summary: String? {
            switch self {
            case .file: return nil
            case .contacts(let source): return "from contacts: \(source)"
            case .snapshot(let since, let id, let source):
                let snapshot = "snapshot from \(since?.description ?? "an unknown date"); "
                return snapshot + (id.map { "contact \($0) not found in \(source)" } ?? "no contact_id to look up in \(source)")
            }
        }
    }

    /// An entry of the log, or an undated follow-up.
    public struct Entry: Sendable, Equatable {
        /// The item's number as `crm show`, `crm done` and `crm unlog` count them (1 = newest
        /// entry; undated follow-ups after the entries, see `LogNumbering`).
        public let number: Int?
        /// Nil for an undated follow-up ("someday").
        public let date: Day?
        public let time: TimeOfDay?
        /// Nil for an undated follow-up.
        public let type: String?
        /// The note as written (links as `[[id|Name]]`; `PersonLink.readable` shows them as `crm show` does).
        public let note: String
        /// The 1-based line in the file.
        public let line: Int
        /// What the entry is on the view's day (an undated follow-up is open).
        public let status: Interaction.Status
        /// An open item dated before the view's day.
        public let isOverdue: Bool
        /// What ticking the entry ticks: open items, dated or not.
        public let openItem: OpenItem?
        /// The entry as the log holds it; nil for an undated follow-up.
        public let interaction: Interaction?
    }

    public let id: String
    public let path: String
    public let name: String
    public let today: Day
    /// Phones, emails and birthday as shown (see `origin`).
    public let details: ContactSnapshot
    public let origin: DetailsOrigin
    public let contactID: String?
    public let tags: [String]
    public let aliases: [String]
    public let cadence: Cadence?
    public let cadenceSource: DueSchedule.CadenceSource?
    public let last: Day?
    public let next: Day?
    public let due: Day?
    /// The snooze date when it is after the view's day.
    public let snoozedUntil: Day?
    /// The log's heading ("Interactions").
    public let heading: String
    /// Open items and entries dated after the view's day, soonest first, then undated follow-ups.
    public let comingUp: [Entry]
    /// What happened, newest first.
    public let history: [Entry]
    /// The body outside the log.
    public let notes: String
    /// What could not be read in the file (see `ReadProblems.shown`), as warnings.
    public let problems: [Diagnostic]

    /// The view of `person` on `today`; with `addressBook`, phone, email and birthday from the
    /// person's contact when it is there (as `crm refresh` would write them), else the file's.
    /// `connections` (see `VaultLinks`): the entries of other files the person takes part in
    /// count for last, next and due. Throws when the file could not be read at all.
    public init(person: Person, config: VaultConfig, today: Day, addressBook: AddressBook? = nil,
                connections: PersonConnections = PersonConnections()) throws(VaultError) {
        let document = person.document
        problems = try ReadProblems.shown(person)
        id = person.id
        path = person.path
        name = person.name
        self.today = today
        if let addressBook {
            let found = ContactView(document: document, contacts: addressBook.contactsByUID)
            details = found.details
            origin = found.source == .contacts ? .contacts(source: addressBook.source)
                : .snapshot(since: document.added, contactID: document.contactID, source: addressBook.source)
        } else {
            details = ContactSnapshot(document)
            origin = .file
        }
        contactID = document.contactID
        tags = document.tags
        aliases = document.aliases
        let schedule = DueSchedule(document: document, config: config, today: today, shared: connections.shared)
        cadence = schedule.cadence
        cadenceSource = schedule.cadenceSource
        last = schedule.last?.date
        next = schedule.next?.date
        due = schedule.due
        snoozedUntil = document.snooze.flatMap { $0 > today ? $0 : nil }
        heading = config.heading
        notes = document.notes
        var coming: [Entry] = [], history: [Entry] = []
        for (index, interaction) in document.interactions.enumerated() {
            let status = interaction.status(on: today)
            let entry = Entry(number: index + 1, date: interaction.date, time: interaction.time, type: interaction.type,
                              note: interaction.note, line: interaction.line, status: status,
                              isOverdue: status == .open && interaction.date < today,
                              openItem: status == .open ? .dated(interaction) : nil, interaction: interaction)
            if status == .done { history.append(entry) } else { coming.append(entry) }
        }
        // Soonest first; within a day, in the order the log numbers them from the oldest.
        coming = coming.enumerated().sorted { ($0.element.date!, -$0.offset) < ($1.element.date!, -$1.offset) }.map(\.element)
        if let log = document.log {
            for (index, item) in log.openFollowUps.enumerated() {
                coming.append(Entry(number: log.number(ofFollowUp: index), date: nil, time: nil, type: nil, note: item.note,
                                    line: item.line, status: .open,
                                    isOverdue: false, openItem: .undated(item), interaction: nil))
            }
        }
        comingUp = coming
        self.history = history
    }
}
