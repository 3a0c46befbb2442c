import CRMFormat

/// What the listings need from one person file, read once. It depends on the file and the vault's
/// log settings only — not on cadence settings, and on today only as the first day its timeline
/// answers for — so it can be cached per file (see `FactsCache`) and turned into a
/// `DueSchedule` or any report's row on that day or any later one.
///
/// Always whole: a report chooses what it keeps by the row it makes of these facts
/// (`Everyone(_:today:)`), never by emptying parts of them. The keys a PERSON argument is
/// matched by live in `keys`, and read as `facts.name`, `facts.id`…
package struct PersonFacts: Sendable, Equatable {
    /// Id, name, sort name, aliases, emails and contact id: what a PERSON argument is matched by,
    /// read from the cache without the rest.
    package var keys: PersonKeys
    package var tags: [String]
    /// `birthday:` as written.
    package var birthday: String?
    package var every: Cadence?
    package var snooze: Day?
    package var added: Day?
    /// `dates:`, the values that are dates (see `PersonDocument.dates`).
    package var dates: [NamedDate]
    /// `deceased:`, when it is a date.
    package var deceased: PartialDate?
    /// Last and next contact, open items and follow-ups.
    package var timeline: Timeline
    /// Every interaction's day and type (`crm summary` counts them).
    package var tally: InteractionTally
    /// The links the file holds (entries with participants, mentions, `related`), unresolved.
    package var links: FileLinks
    /// Entries of other files this person takes part in (a shared entry of someone's log, a
    /// daily note's item): not the file's, so never cached; `Everyone(_:today:)` resolves them once per
    /// run and adds them with `including(_:today:)`.
    package private(set) var shared: [SharedInteraction] = []
    /// Plain and ticked entries, shared ones included (open items are plans, not interactions).
    package var interactionCount: Int { tally.count + shared.count { $0.interaction.isInteraction } }
    /// Invalid `every`, `snooze`, `added`, `birthday` and `deceased` values, by key.
    package var fieldProblems: [String: Diagnostic]
    /// Every problem `crm check` reports for this file alone.
    package var problems: [Diagnostic]
    /// Whether the file could be read at all: false when it is not UTF-8 text, holds NUL bytes
    /// or its front matter has no closing `---` (see `PersonDocument.writeBlocker`).
    package var isReadable: Bool
    /// What the tool could not read in this file, at its line: why it was not read at all, or
    /// the lines the front-matter and log readers could not understand and the known keys whose
    /// values are not of their form. Listings warn about each (see `ReadProblems`).
    package var readProblems: [Diagnostic]
    /// 1-based lines of `name:` and `contact_id:` (1 without them), for problems across files.
    package var nameLine: Int
    package var contactIDLine: Int

    // The keys, read where they are stored (each decodes its field from the record's bytes).
    package var id: String {
        get { keys.id }
        set { keys.id = newValue }
    }
    package var name: String {
        get { keys.name }
        set { keys.name = newValue }
    }
    package var sortName: String {
        get { keys.sortName }
        set { keys.sortName = newValue }
    }
    package var foldedAliases: [String] { keys.foldedAliases }
    package var emails: [String] { keys.emails }
    package var contactID: String? { keys.contactID }
    package var path: String { keys.path }

    /// Empty facts for `id`, for the cache reader to fill in.
    init(keys: PersonKeys) {
        self.keys = keys
        tags = []
        dates = []
        timeline = Timeline(interactions: [], open: [], followUps: [], horizon: nil)
        tally = .empty
        links = FileLinks()
        fieldProblems = [:]
        problems = []
        isReadable = true
        readProblems = []
        nameLine = 1
        contactIDLine = 1
    }

    /// The facts of `person` for `today` and later days; nil `today`: from the newest interaction's day on.
    package init(_ person: Person, today: Day? = nil) {
        self.init(document: person.document, id: person.id, today: today)
    }

    /// The facts of a document; `checking: false` leaves `problems` empty, for callers that only
    /// need the schedule.
    package init(document: PersonDocument, id: String, checking: Bool = true, today: Day? = nil) {
        keys = PersonKeys(document: document, id: id)
        tags = document.tags
        birthday = document.birthday
        every = document.every
        snooze = document.snooze
        added = document.added
        dates = document.dates
        deceased = document.deceased
        timeline = document.log.map { $0.timeline(today: today) }
            ?? Timeline(interactions: [], open: [], followUps: [], horizon: nil)
        tally = document.log?.tally ?? .empty
        links = FileLinks(person: document)
        let values = document.valueCheck
        fieldProblems = values.fieldProblems
        problems = checking ? document.problems(values: values) : []
        isReadable = document.writeBlocker == nil
        readProblems = ReadProblems.of(document, values: values)
        nameLine = document.frontMatter?.pair("name").map { $0.lineIndex + 1 } ?? 1
        contactIDLine = document.frontMatter?.pair("contact_id").map { $0.lineIndex + 1 } ?? 1
    }
}

extension PersonFacts {
    /// These facts with `shared` (entries of other files the person takes part in), which count
    /// for last and next contact and in `interactionCount` as the person's own do. `today` cuts
    /// the timeline as the cache's does.
    package func including(_ shared: [SharedInteraction], today: Day?) -> PersonFacts {
        guard !shared.isEmpty else { return self }
        var facts = self
        facts.shared = shared
        facts.timeline = timeline.including(shared.map(\.interaction), today: today)
        return facts
    }
}

extension PersonFacts {
    /// Warnings about entries' dates on `today` (see `Timeline.dateProblems`).
    package func dateProblems(today: Day) -> [Diagnostic] {
        Timeline.dateProblems(timeline.interactions, path: keys.path, today: today)
    }
}
