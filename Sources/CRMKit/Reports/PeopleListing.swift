/// Everyone as the people list shows them on one day (`crm list`, the people list of
/// `crm browse`): a row a person, in name order, with what a row prints and what a filter looks
/// at; answered from the facts cache where files are unchanged.
public struct PeopleListing: Sendable {
    /// The orders the list can be put in.
    public enum Order: String, Sendable, CaseIterable {
        /// Soonest due first; people with no due date (no cadence) last.
        case due
        /// By name, ignoring case and accents.
        case name
        /// Most recently contacted first; never contacted last.
        case last
    }

    /// One person.
    public struct Row: Sendable, Equatable {
        public let id: String
        public let name: String
        /// The name in lower case without accents (`String.folded`), for sorting and matching.
        public let sortName: String
        public let tags: [String]
        /// Aliases, folded.
        public let aliases: [String]
        /// Emails in lower case.
        public let emails: [String]
        public let contactID: String?
        public let cadence: Cadence?
        /// The newest interaction dated today or earlier.
        public let last: Day?
        /// The earliest open or planned item dated today or later.
        public let next: Day?
        /// When the person is due (see `DueSchedule`); nil without a cadence.
        public let due: Day?
        /// How many entries are interactions.
        public let interactionCount: Int

        public var path: String { "people/" + id + ".md" }

        init(facts: PersonFacts, config: VaultConfig, today: Day) {
            let schedule = DueSchedule(facts: facts, config: config, today: today)
            id = facts.id
            name = facts.name
            sortName = facts.sortName
            tags = facts.tags
            aliases = facts.foldedAliases
            emails = facts.emails
            contactID = facts.contactID
            cadence = schedule.cadence
            last = schedule.last?.date
            next = schedule.next?.date
            due = schedule.due
            interactionCount = facts.interactionCount
        }
    }

    public let today: Day
    /// In name order (ties by id).
    public let rows: [Row]
    /// Warnings about files not read, or read in part (see `ReadProblems`).
    public let problems: [Diagnostic]

    public init(today: Day, rows: [Row], problems: [Diagnostic] = []) {
        self.today = today
        self.rows = rows
        self.problems = problems
    }

    /// The people of `vault` on `today`, each row made from the person's facts where they were read.
    public init(vault: Vault, today: Day) {
        let config = vault.config
        let (rows, problems) = vault.listing(today: today) { Row(facts: $0, config: config, today: today) }
        let order = NameOrder(rows.map(\.sortName), ties: rows.map(\.id)).sortedIndices()
        self.init(today: today, rows: order.map { rows[$0] }, problems: problems)
    }

    /// The rows' indices in `order`; rows that tie stay in name order.
    public func indices(in order: Order) -> [Int] {
        let key: (Row) -> Int
        switch order {
        case .name: return Array(rows.indices)
        case .due: key = { $0.due?.dayNumber ?? Int.max }
        case .last: key = { $0.last.map { -$0.dayNumber } ?? Int.max }
        }
        return rows.indices.map { (key(rows[$0]), $0) }.sorted { $0 < $1 }.map(\.1)
    }

    /// How many people are due today or were due before (what `crm due` lists).
    public var dueCount: Int { rows.count(where: { $0.due.map { $0 <= today } ?? false }) }
}
