/// What the listings need from one person file, read once. It depends on the file and the vault's
/// log settings only — not on today or on cadence settings — so it can be cached per file
/// (see `FactsCache`) and turned into a `ContactSchedule` or `PersonSummary` on any day.
public struct PersonFacts: Sendable, Equatable {
    public var id: String
    public var path: String
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
    /// The most recent interaction.
    public var last: Interaction?
    public var interactionCount: Int
    /// Invalid `every`, `snooze`, `added` and `birthday` values, by key.
    public var fieldProblems: [String: Diagnostic]
    /// Every problem `crm check` reports for this file alone.
    public var problems: [Diagnostic]
    /// 1-based lines of `name:` and `contact_id:` (1 without them), for problems across files.
    public var nameLine: Int
    public var contactIDLine: Int

    /// Empty facts for `id` at `path`, for the cache reader to fill in.
    init(id: String, path: String) {
        self.id = id
        self.path = path
        name = ""
        sortName = ""
        tags = []
        foldedAliases = []
        emails = []
        interactionCount = 0
        fieldProblems = [:]
        problems = []
        nameLine = 1
        contactIDLine = 1
    }

    public init(_ person: Person) {
        self.init(document: person.document, id: person.id, path: person.path)
    }

    /// The facts of a document; `checking: false` leaves `problems` empty, for callers that only
    /// need the schedule.
    public init(document: PersonDocument, id: String, path: String, checking: Bool = true) {
        self.id = id
        self.path = path
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
        last = document.log?.latest
        interactionCount = document.log?.entries.count ?? 0
        var fieldProblems: [String: Diagnostic] = [:]
        for key in ["every", "snooze", "added", "birthday"] { fieldProblems[key] = document.fieldProblem(key) }
        self.fieldProblems = fieldProblems
        problems = checking ? document.problems : []
        nameLine = document.frontMatter?.pair("name").map { $0.line + 1 } ?? 1
        contactIDLine = document.frontMatter?.pair("contact_id").map { $0.line + 1 } ?? 1
    }
}
