import CRMFormat
import CRMVault

/// One person as their page shows them (`crm show`, the person page of `crm browse`): details
/// with where they come from, tags, cadence, last, next and due, relationships, what is coming
/// up, the log numbered as `crm unlog` takes it (with the entries of other files they take part
/// in, unnumbered), the notes, and where else the vault mentions them.
public struct PersonView: Sendable {
    /// An address book to take current details from: the contacts by UID, and how to name it.
    public struct AddressBook: Sendable {
        /// The source as the user gave it (`~/contacts.vcf`).
        package let source: String
        package let contactsByUID: [String: Contact]

        public init(source: String, contactsByUID: [String: Contact]) {
            self.source = source
            self.contactsByUID = contactsByUID
        }

        package init(location: ContactsLocation, book: ContactBook) {
            self.init(source: location.display, contactsByUID: book.contactsByUID())
        }
    }

    /// Where phone, email and birthday come from.
    package enum DetailsOrigin: Sendable, Equatable {
        /// No address book is configured: the file's snapshot, nothing to say.
        case file
        /// The person's contact, found in the address book `source`.
        case contacts(source: String)
        /// The file's snapshot (taken on `since`, the `added` date), because the address book
        /// `source` has no contact with the person's `contactID`, or the person has none.
        case snapshot(since: Day?, contactID: String?, source: String)

        /// "from contacts: ~/contacts.vcf", "snapshot from 2026-01-05; contact 6B29… not found in
        /// ~/contacts.vcf"; nil for `.file`.
        package var summary: String? {
            switch self {
            case .file: return nil
            case .contacts(let source): return "from contacts: \(source)"
            case .snapshot(let since, let id, let source):
                let snapshot = "snapshot from \(since?.description ?? "an unknown date"); "
                return snapshot + (id.map { "contact \($0) not found in \(source)" } ?? "no contact_id to look up in \(source)")
            }
        }
    }

    /// One line of details: `died` (`2 April 2025`, from `deceased:`), `phone`, `email`,
    /// `birthday`, each date of `dates:` by its name (`anniversary`), `tags`, `aliases`, `every`,
    /// `last`, `next`, `due`, `snoozed`, `contact`, each only when there is something to say.
    public struct Field: Sendable, Equatable {
        public let key: String
        public let value: String
    }

    /// Where an entry of another file lives.
    public struct Elsewhere: Sendable, Equatable {
        /// The file, relative to the vault.
        public let path: String
        /// The name of the person whose log holds it; nil for a daily note.
        public let owner: String?

        /// "in Lena Marsh's log, people/lena-marsh.md:12", "in journal/2026-11-30.md:3".
        public func label(line: Int) -> String {
            "in " + (owner.map { "\($0)'s log, " } ?? "") + "\(path):\(line)"
        }
    }

    /// An entry of the log, an undated follow-up, or an entry of another file.
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
        /// Text typed by hand under the entry in the log, lines that are not entries (see
        /// `InteractionLog.textBelow`); nil when there is none.
        public let text: String?
        /// The 1-based line in the file (in `elsewhere`'s file for an entry of another file).
        public let line: Int
        /// What the entry is on the view's day (an undated follow-up is open).
        public let status: Interaction.Status
        /// An open item dated before the view's day.
        public let isOverdue: Bool
        /// Ticked done (`- [x]`) but dated after the view's day.
        public let isTickedAhead: Bool
        /// For an entry of another file (a shared entry, a daily note's item), where it is; nil
        /// for the person's own.
        public let elsewhere: Elsewhere?
        /// What ticking the entry ticks: open items, dated or not.
        package let openItem: OpenItem?
        /// The entry as the log holds it; nil for an undated follow-up.
        package let interaction: Interaction?

        init(number: Int?, interaction: Interaction, today: Day, text: String? = nil, elsewhere: Elsewhere? = nil) {
            let status = interaction.status(on: today)
            self.number = number
            date = interaction.date
            time = interaction.time
            type = interaction.type
            note = interaction.note
            self.text = text
            line = interaction.line
            self.status = status
            isOverdue = status == .open && interaction.date < today
            isTickedAhead = interaction.checkbox == .done && interaction.date > today
            self.elsewhere = elsewhere
            openItem = status == .open && elsewhere == nil ? .dated(interaction) : nil
            self.interaction = interaction
        }

        init(number: Int, followUp item: FollowUp) {
            self.number = number
            date = nil
            time = nil
            type = nil
            note = item.note
            text = nil
            line = item.line
            status = .open
            isOverdue = false
            isTickedAhead = false
            elsewhere = nil
            openItem = .undated(item)
            interaction = nil
        }
    }

    public let id: String
    public let path: String
    public let name: String
    public let today: Day
    /// Phones, emails and birthday as shown (see `origin`).
    package let details: ContactSnapshot
    package let origin: DetailsOrigin
    public let contactID: String?
    public let tags: [String]
    public let aliases: [String]
    public let cadence: Cadence?
    package let cadenceSource: DueSchedule.CadenceSource?
    public let last: Day?
    public let next: Day?
    public let due: Day?
    /// The snooze date when it is after the view's day.
    public let snoozedUntil: Day?
    /// The details as a page lists them, in order.
    public let fields: [Field]
    /// Relationships, stated in this file or in the other person's.
    package let related: [Relation]
    /// Other lines of the vault that link the person.
    package let mentions: [Mention]
    /// The log's heading ("Interactions").
    public let heading: String
    /// Open items and entries dated after the view's day, soonest first (the person's own before
    /// an entry of another file on the same day), then undated follow-ups.
    public let comingUp: [Entry]
    /// What happened, newest first (the person's own first at the same moment).
    public let history: [Entry]
    /// The body outside the log.
    public let notes: String
    /// What could not be read in the file (see `ReadProblems.shown`), as warnings.
    public let problems: [Diagnostic]

    /// The view of `person` on `today`; with `addressBook`, phone, email and birthday from the
    /// person's contact when it is there (as `crm refresh` would write them), else the file's.
    /// With the vault's `links`, the entries of other files the person takes part in are listed
    /// and count for last, next and due, with relationships and mentions. Throws when the file
    /// could not be read at all.
    public init(person: Person, config: VaultConfig, today: Day, addressBook: AddressBook? = nil,
                links: VaultLinks? = nil) throws(VaultError) {
        let document = person.document
        let connections = links?.connections(of: person.id) ?? PersonConnections()
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
        related = connections.related
        mentions = connections.mentions
        var fields: [Field] = []
        func add(_ key: String, _ value: String?) { if let value { fields.append(Field(key: key, value: value)) } }
        func listed(_ items: [String]) -> String? { items.isEmpty ? nil : items.joined(separator: ", ") }
        let snapshot = details, source = schedule.cadenceSource, snooze = snoozedUntil
        add("died", document.deceased.map(spelledOut))
        add("phone", listed(snapshot.phones))
        add("email", listed(snapshot.emails))
        add("birthday", snapshot.birthday)
        for date in document.dates { add(date.label, date.date.description) }
        add("tags", listed(document.tags))
        add("aliases", listed(document.aliases))
        add("every", schedule.cadence.map { $0.description + (source == .person ? "" : " (from \(source == .tag ? "a tag" : "the vault"))") })
        add("last", schedule.last.map { "\($0.date) (\(relative($0.date, from: today)))" } ?? "never")
        add("next", schedule.next.map { "\($0.date) (\(relative($0.date, from: today)))" })
        add("due", schedule.due.map { "\($0) (\(dueWording($0, from: today)))" })
        add("snoozed", snooze.map { "until \($0)" })
        add("contact", document.contactID)
        self.fields = fields

        var coming: [Entry] = [], history: [Entry] = []
        for (index, interaction) in document.interactions.enumerated() {
            let entry = Entry(number: index + 1, interaction: interaction, today: today, text: document.log?.textBelow[interaction.line]?.text)
            if entry.status == .done { history.append(entry) } else { coming.append(entry) }
        }
        // Soonest first; within a day, in the order the log numbers them from the oldest.
        coming = coming.reversed().sorted { $0.date! < $1.date! }
        // Entries of other files among the person's own: newest first in `shared`.
        let shared = connections.shared.map { item in
            Entry(number: nil, interaction: item.interaction, today: today,
                  elsewhere: Elsewhere(path: item.path, owner: item.owner.map { links?.name(of: $0) ?? $0 }))
        }
        coming = coming.merged(with: shared.filter { $0.status != .done }.reversed()) { $0.interaction!.date < $1.interaction!.date }
        history = history.merged(with: shared.filter { $0.status == .done }) { $0.interaction!.isNewer(than: $1.interaction!) }
        if let log = document.log {
            for (index, item) in log.openFollowUps.enumerated() {
                coming.append(Entry(number: log.number(ofFollowUp: index), followUp: item))
            }
        }
        comingUp = coming
        self.history = history
    }
}

extension Array {
    /// These elements with `others` (in the same order) put in: each before the first of these it
    /// comes `before`.
    func merged(with others: [Element], before: (Element, Element) -> Bool) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count + others.count)
        var rest = others[...]
        for element in self {
            while let other = rest.first, before(other, element) { result.append(other); rest.removeFirst() }
            result.append(element)
        }
        return result + rest
    }
}
