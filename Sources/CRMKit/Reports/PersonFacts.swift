/// What the listings need from one person file, read once. It depends on the file and the vault's
/// log settings only — not on cadence settings, and on today only as the first day its timeline
/// answers for — so it can be cached per file (see `FactsCache`) and turned into a
/// `DueSchedule` or `PersonSummary` on that day or any later one.
///
/// A class, unlike the other models: a listing of 100,000 people passes each person's facts
/// through the cache, the rows and the sorted output, and sharing one immutable object keeps that
/// to one copy in memory. Read the fields directly (`facts.name`); they live in `Fields`.
@dynamicMemberLookup
public final class PersonFacts: Sendable, Equatable {
    public let fields: Fields

    public init(fields: Fields) { self.fields = fields }

    /// The facts of `person` for `today` and later days; nil `today`: from the newest interaction's day on.
    public convenience init(_ person: Person, today: Day? = nil) {
        self.init(fields: Fields(document: person.document, id: person.id, today: today))
    }

    /// The facts of a document; `checking: false` leaves `problems` empty, for callers that only
    /// need the schedule.
    public convenience init(document: PersonDocument, id: String, checking: Bool = true, today: Day? = nil) {
        self.init(fields: Fields(document: document, id: id, checking: checking, today: today))
    }

    public subscript<T>(dynamicMember keyPath: KeyPath<Fields, T>) -> T { fields[keyPath: keyPath] }

    public static func == (a: PersonFacts, b: PersonFacts) -> Bool { a.fields == b.fields }

    /// The values themselves.
    public struct Fields: Sendable, Equatable {
        public var id: String
        /// The path relative to the vault (`people/<id>.md`).
        public var path: String { "people/" + id + ".md" }
        public var name: String
        /// The name in lower case without accents, for sorting and matching.
        public var sortName: String
        public var tags: [String]
        /// Aliases in lower case without accents.
        public var foldedAliases: [String]
        /// Emails in lower case.
        public var emails: [String]
        public var contactID: String?
        /// `birthday:` as written.
        public var birthday: String?
        public var every: Cadence?
        public var snooze: Day?
        public var added: Day?
        /// Last and next contact, open items and follow-ups.
        public var timeline: Timeline
        /// Every interaction's day and type (`crm summary` counts them).
        public var tally: InteractionTally
        /// Plain and ticked entries (open items are plans, not interactions).
        public var interactionCount: Int { tally.count }
        /// Invalid `every`, `snooze`, `added` and `birthday` values, by key.
        public var fieldProblems: [String: Diagnostic]
        /// Every problem `crm check` reports for this file alone.
        public var problems: [Diagnostic]
        /// Whether the file could be read at all: false when it is not UTF-8 text, holds NUL bytes
        /// or its front matter has no closing `---` (see `PersonDocument.writeBlocker`).
        public var isReadable: Bool
        /// What the tool could not read in this file, at its line: why it was not read at all, or
        /// the lines the front-matter and log readers could not understand and the known keys whose
        /// values are not of their form. Listings warn about each (see `ReadProblems`).
        public var readProblems: [Diagnostic]
        /// 1-based lines of `name:` and `contact_id:` (1 without them), for problems across files.
        public var nameLine: Int
        public var contactIDLine: Int

        /// Empty facts for `id`, for the cache reader to fill in.
        init(id: String) {
            self.id = id
            name = ""
            sortName = ""
            tags = []
            foldedAliases = []
            emails = []
            timeline = Timeline(interactions: [], open: [], followUps: [], horizon: nil)
            tally = .empty
            fieldProblems = [:]
            problems = []
            isReadable = true
            readProblems = []
            nameLine = 1
            contactIDLine = 1
        }

        public init(document: PersonDocument, id: String, checking: Bool = true, today: Day? = nil) {
            self.id = id
            name = document.name
            sortName = name.folded
            tags = document.tags
            foldedAliases = document.aliases.map(\.folded)
            emails = document.emails.map { $0.lowercased() }
            contactID = document.contactID
            birthday = document.birthday
            every = document.every
            snooze = document.snooze
            added = document.added
            timeline = document.log.map { $0.timeline(today: today) }
                ?? Timeline(interactions: [], open: [], followUps: [], horizon: nil)
            tally = document.log?.tally ?? .empty
            let values = document.valueCheck
            fieldProblems = values.fieldProblems
            problems = checking ? document.problems(values: values) : []
            isReadable = document.writeBlocker == nil
            readProblems = ReadProblems.of(document, values: values)
            nameLine = document.frontMatter?.pair("name").map { $0.lineIndex + 1 } ?? 1
            contactIDLine = document.frontMatter?.pair("contact_id").map { $0.lineIndex + 1 } ?? 1
        }

    }
}
