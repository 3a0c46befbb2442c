import CRMFormat
import CRMVault

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

    /// One person as every listing shows them (`crm list`, `due`, `birthdays`, `calendar`,
    /// `index`, each person of `agenda` and `summary`, the people list of `crm browse`): what they
    /// print of the file's facts, and the schedule those give under the vault's settings.
    ///
    /// A class: the row is made once and then only referred to (sorted, filtered, put in a due
    /// list, a ranking, an agenda), so it is one reference to pass around instead of a dozen
    /// fields to copy (as a struct, `crm agenda` took 29 % more instructions at 10,000 people).
    public final class Row: Sendable, Equatable {
        public let id: String
        public let name: String
        /// The name in lower case without accents (`String.folded`), for sorting and matching.
        public let sortName: String
        public let tags: [String]
        /// The rest of what the person is known by, decoded when asked for (a listing of
        /// thousands prints none of it).
        package let keys: PersonKeys
        /// Aliases, folded.
        public var aliases: [String] { keys.foldedAliases }
        /// Emails in lower case.
        public var emails: [String] { keys.emails }
        public var contactID: String? { keys.contactID }
        /// `birthday:` as written.
        package let birthday: String?
        /// The problem with `birthday:`, when it is not a date.
        package let birthdayProblem: Diagnostic?
        package let added: Day?
        package let snooze: Day?
        /// `dates:`, the values that are dates.
        package let dates: [NamedDate]
        /// `deceased:`, when it is a date: never due, no birthday nor dates reminded.
        package let deceased: PartialDate?
        /// When the person is due, and from what (see `DueSchedule`).
        package let schedule: DueSchedule
        public var cadence: Cadence? { schedule.cadence }
        /// The newest interaction dated today or earlier.
        public var last: Day? { schedule.last?.date }
        /// The earliest open or planned item dated today or later.
        public var next: Day? { schedule.next?.date }
        /// When the person is due (see `DueSchedule`); nil without a cadence.
        public var due: Day? { schedule.due }
        /// Whether a snooze sets `due` (see `DueSchedule.isSnoozed`).
        package var isSnoozed: Bool { schedule.isSnoozed }
        /// How many entries are interactions.
        public let interactionCount: Int
        /// Open items dated before the listing's day (the person's own and those of other
        /// files): the overdue follow-ups `crm agenda` and browse's Today list.
        package let overdueFollowUps: Int
        /// The person's own open items and undated follow-ups (`crm index` lists them).
        package let open: [Interaction]
        package let followUps: [String]

        public var path: String { "people/" + id + ".md" }

        public static func == (a: Row, b: Row) -> Bool {
            (a.id, a.name, a.sortName, a.tags, a.keys) == (b.id, b.name, b.sortName, b.tags, b.keys)
                && (a.cadence, a.last, a.next, a.due, a.isSnoozed) == (b.cadence, b.last, b.next, b.due, b.isSnoozed)
                && (a.interactionCount, a.overdueFollowUps) == (b.interactionCount, b.overdueFollowUps)
        }

        /// The row in `crm list --json`: `{"id", "name", "tags", "every", "last", "due", "next", "interactions"}`.
        package var json: JSON {
            var object = JSONObjectValue()
            members(&object)
            return object.json
        }

        /// The members of `json`, once for both ways it goes out (see `JSONObjectSink`).
        func members<Sink: JSONObjectSink>(_ sink: inout Sink) {
            sink.member("id", id)
            sink.member("name", name)
            sink.member("tags", strings: tags)
            sink.member("every", cadence?.description)
            sink.member("last", last?.description)
            sink.member("due", due?.description)
            sink.member("next", next?.description)
            sink.member("interactions", number: interactionCount)
        }

        /// The person on `today` under `config`; without a day, the schedule the files alone give
        /// (`crm index`, whose page does not change with the day).
        package init(facts: PersonFacts, config: VaultConfig, today: Day?) {
            id = facts.id
            name = facts.name
            sortName = facts.sortName
            tags = facts.tags
            keys = facts.keys
            birthday = facts.birthday
            birthdayProblem = facts.fieldProblems["birthday"]
            added = facts.added
            snooze = facts.snooze
            dates = facts.dates
            deceased = facts.deceased
            schedule = DueSchedule(facts: facts, config: config, on: today)
            interactionCount = facts.interactionCount
            overdueFollowUps = today.map { today in facts.timeline.open.prefix { $0.date < today }.count } ?? 0
            (open, followUps) = (facts.timeline.open, facts.timeline.followUps)
        }
    }

    public let today: Day
    /// In name order (ties by id).
    public let rows: [Row]
    /// Warnings about files not read, or read in part (see `ReadProblems`).
    public let problems: [Diagnostic]
    /// The labels of people who share a name with another (`namesakeLabels(reading:)`), by id.
    package var namesakes: [String: String] = [:]

    package init(today: Day, rows: [Row], problems: [Diagnostic] = [], namesakes: [String: String] = [:]) {
        self.today = today
        self.rows = rows
        self.problems = problems
        self.namesakes = namesakes
    }

    /// How a listing names `row`: by name, or with their id and a detail when someone else has
    /// that name (`Sam Lee (sam-lee-2, Lee Design)`), as a PERSON matching both words them.
    public func label(_ row: Row) -> String { namesakes[row.id] ?? row.name }

    /// The people of `vault` on `today` (from its one read, `Everyone(_:today:)`).
    public init(vault: Vault, today: Day) {
        self.init(Everyone(vault, today: today), today: today)
    }

    /// Everyone a listing shows (`Everyone.listed`), on `today`, in name order.
    package init(_ everyone: Everyone, today: Day) {
        let (rows, problems) = Row.listed(everyone, today: today)
        let sorted = nameOrder(rows.map(\.sortName), ids: rows.map(\.id)).map { rows[$0] }
        self.init(today: today, rows: sorted, problems: problems, namesakes: sorted.namesakeLabels(reading: everyone.vault))
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

    /// The listing of the people with `tag` (compared by `Tag.key`) alone.
    public func tagged(_ tag: String) -> PeopleListing {
        let tag = Tag.key(tag)
        return PeopleListing(today: today, rows: rows.filter { $0.tags.contains { Tag.key($0) == tag } }, problems: problems, namesakes: namesakes)
    }

    /// How many people are due today or were due before (what `crm due` lists).
    public var dueCount: Int { rows.count(where: { $0.due.map { $0 <= today } ?? false }) }
    /// How many follow-ups are overdue, everyone's together (what `crm due` adds to its count).
    package var overdueFollowUps: Int { rows.reduce(0) { $0 + $1.overdueFollowUps } }

    /// `crm list --json`: the rows at `order` (indices into `rows`), each its `json`, as one array
    /// (rendered from the rows' members, without making their values), handed to `write` in
    /// pieces of about 64 KB, so the output of 100,000 people is never whole in memory.
    package func json(order: [Int], to write: (ArraySlice<UInt8>) -> Void) {
        var array = JSONArrayWriter()
        var elements: [UInt8] = [], out: [UInt8] = []
        elements.reserveCapacity(1 << 16 + 4096)
        for index in order {
            elements.append(contentsOf: JSONArrayWriter.elementStart)
            var object = JSONObjectBytes(into: consume elements, indent: 2)
            rows[index].members(&object)
            elements = object.finish()
            if elements.count >= 1 << 16 {
                array.append(elements, to: &out)
                write(out[...])
                elements.removeAll(keepingCapacity: true)
                out.removeAll(keepingCapacity: true)
            }
        }
        array.append(elements, to: &out)
        array.finish(to: &out)
        write(out[...])
    }
}

extension PeopleListing.Row {
    /// A row for each person `everyone` lists (`Everyone.listed`), in path order, on `today`, and
    /// the warnings to print.
    package static func listed(_ everyone: Everyone, today: Day?) -> (rows: [PeopleListing.Row], problems: [Diagnostic]) {
        let (people, problems) = everyone.listed()
        let config = everyone.config
        return (people.map { PeopleListing.Row(facts: $0, config: config, today: today) }, problems)
    }
}

extension [PeopleListing.Row] {
    /// The labels of those of these rows who share a name with another of them (each person once,
    /// however many rows they have), by id: `Sam Lee (sam-lee-2, Lee Design)`, as a PERSON
    /// that matches both names them (see `labels(reading:)`; namesakes' files are read from `vault`).
    /// In name and id order one person's rows, and people of one name, are next to each other:
    /// found by comparing neighbours, not by hashing every name and id (a tenth of `crm list`).
    package func namesakeLabels(reading vault: Vault) -> [String: String] {
        let rows = self
        let order = nameOrder(rows.map(\.sortName), ids: rows.map(\.id))
        var namesakes: [PersonKeys] = []
        var start = 0
        while start < order.count {
            let name = rows[order[start]].sortName.utf8
            var people = [rows[order[start]]]
            var end = start + 1
            while end < order.count, rows[order[end]].sortName.utf8.elementsEqual(name) {
                if rows[order[end]].id != people.last!.id { people.append(rows[order[end]]) }
                end += 1
            }
            if people.count > 1 { namesakes += people.map(\.keys) }
            start = end
        }
        return namesakes.namesakeLabels(reading: vault)
    }
}
