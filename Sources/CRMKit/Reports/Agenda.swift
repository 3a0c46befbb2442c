import CRMFormat
import CRMVault

/// What needs you, day by day (`crm agenda`): everything overdue first (open items whose day has
/// passed and people whose due date has), then each day from today to the horizon with its planned
/// items, the people who become due, the birthdays and the dates of `dates:` that come back that
/// day (see `DateList`), then the undated follow-ups. Days with
/// nothing on them are left out.
///
/// The agenda covers what `crm due --within` the same span lists: every `DueList` entry is one
/// `.due` item, overdue or on its day, even when a plan falls on that day (the plan that set the
/// due date shows beside it).
package struct Agenda: Sendable {
    /// One line of the agenda.
    package struct Item: Sendable {
        package enum Kind: String, Sendable {
            /// An open item dated before today (overdue), or an undated one.
            case followUp = "follow-up"
            /// An open item or a plain entry dated from today on.
            case planned
            /// The person's due date: on this day, or passed (overdue).
            case due
            case birthday
            /// A date of the person's `dates:` coming back (`anniversary`).
            case date
        }

        package let kind: Kind
        /// Nil for an undated follow-up.
        package let date: Day?
        package let person: PeopleListing.Row
        package let time: TimeOfDay?
        package let type: String?
        package let note: String?
        /// Days overdue: for dated follow-ups and due dates (positive when overdue, 0 on the day,
        /// negative before it); nil otherwise.
        package let overdueDays: Int?
        /// The age turned on a birthday; nil without a year of birth.
        package let age: Int?
        /// For a date: its name in `dates:` (`anniversary`).
        package var dateName: String? = nil
        /// For a date: the years since it on this day; nil without its year.
        package var years: Int? = nil

        /// What `crm agenda` and browse's Today view print before the name of a birthday
        /// (`birthday`) or a date (its name as words: `anniversary`, `first date`); nil for others.
        package var yearlyLabel: String? {
            switch kind {
            case .birthday: "birthday"
            case .date: dateName.map(NamedDate.label(of:))
            default: nil
            }
        }
    }

    package let today: Day
    /// The last day shown.
    package let horizon: Day
    /// Open items dated before today and people whose due date is before today, most overdue
    /// first (then by name; a person's due date before their follow-ups).
    package let overdue: [Item]
    /// Each day with something on it, in order, its items: planned (timed ones by time, then the
    /// rest), due, birthdays, dates; by name within a kind.
    package let days: [(day: Day, items: [Item])]
    /// Undated follow-ups, by name.
    package let someday: [Item]

    /// The agenda of `people`, each with their timeline (plans and follow-ups).
    package init(people: [(person: PeopleListing.Row, timeline: Timeline)], today: Day, within: Cadence) {
        self.today = today
        let horizon = within.step(from: today)
        self.horizon = horizon
        // Everyone in name order once; every list below keeps that order within its own keys.
        let order = nameOrder(people.map(\.person.sortName), ids: people.map(\.person.id))
        let byName = order.map { people[$0].person }
        var overdue: [Item] = [], someday: [Item] = [], planned: [Item] = []
        for (person, timeline) in order.lazy.map({ people[$0] }) {
            for entry in timeline.overdue(on: today) {
                overdue.append(Item(kind: .followUp, date: entry.date, person: person, time: entry.time, type: entry.type,
                                    note: entry.note, overdueDays: entry.date.days(until: today), age: nil))
            }
            for entry in timeline.coming(on: today, through: horizon) {
                planned.append(Item(kind: .planned, date: entry.date, person: person, time: entry.time, type: entry.type,
                                    note: entry.note, overdueDays: nil, age: nil))
            }
            for note in timeline.followUps {
                someday.append(Item(kind: .followUp, date: nil, person: person, time: nil, type: nil, note: note, overdueDays: nil, age: nil))
            }
        }
        let dueList = DueList(people: byName, today: today, within: within)
        let due = dueList.entries.map {
            Item(kind: .due, date: $0.due, person: $0.person, time: nil, type: nil, note: nil, overdueDays: $0.overdueDays, age: nil)
        }
        let birthdayList = BirthdayList(people: byName, today: today, within: within)
        let birthdays = birthdayList.entries.map {
            Item(kind: .birthday, date: $0.next, person: $0.person, time: nil, type: nil, note: nil, overdueDays: nil, age: $0.age)
        }
        let dates = DateList(people: byName, today: today, within: within).entries.map {
            Item(kind: .date, date: $0.next, person: $0.person, time: nil, type: nil, note: nil, overdueDays: nil, age: nil,
                 dateName: $0.date.name, years: $0.years)
        }
        // Most overdue first; among equals, by name, a person's due date before their follow-ups.
        // Positions are sorted by keys made once, not the items.
        let rank = Dictionary(byName.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { first, _ in first })
        let late = due.filter { $0.date! < today } + overdue
        let lateKeys = late.map { (-($0.overdueDays ?? 0), rank[ObjectIdentifier($0.person)] ?? 0) }
        self.overdue = late.indices.sorted { a, b in (lateKeys[a].0, lateKeys[a].1, a) < (lateKeys[b].0, lateKeys[b].1, b) }.map { late[$0] }
        self.someday = someday
        var byDay: [Day: [Item]] = [:]
        // Timed plans by time first, then untimed ones; stable, so names stay in order.
        let minutes = planned.map { $0.time.map { $0.hour * 60 + $0.minute } ?? 24 * 60 }
        let timed = planned.indices.sorted { a, b in (minutes[a], a) < (minutes[b], b) }.map { planned[$0] }
        for item in timed + due.filter({ $0.date! >= today }) + birthdays + dates { byDay[item.date!, default: []].append(item) }
        days = byDay.keys.sorted().map { ($0, byDay[$0]!) }
    }

    /// Every item in the order printed.
    package var items: [Item] { overdue + days.flatMap(\.items) + someday }

    /// `crm agenda --json`: `[{"date", "kind", "id", "name", "time", "type", "note", "overdue_days"}]`
    /// in the order printed, plus `age` for birthdays, `key` (its name in `dates:`) and `years` for dates.
    package var json: JSON {
        .array(items.map { item in
            var pairs: [(String, JSON)] = [
                ("date", .optional(item.date?.description)),
                ("kind", .string(item.kind.rawValue)),
                ("id", .string(item.person.id)),
                ("name", .string(item.person.name)),
                ("time", .optional(item.time?.description)),
                ("type", .optional(item.type)),
                ("note", .optional(item.note)),
                ("overdue_days", item.overdueDays.map { .number($0) } ?? .null),
            ]
            if item.kind == .birthday { pairs.append(("age", item.age.map { .number($0) } ?? .null)) }
            if item.kind == .date {
                pairs.append(("key", .optional(item.dateName)))
                pairs.append(("years", item.years.map { .number($0) } ?? .null))
            }
            return .object(pairs)
        })
    }
}

extension Agenda {
    /// The agenda on `today` of everyone the listings show (`Everyone.listed`), and the warnings
    /// to print.
    package static func of(_ everyone: Everyone, today: Day, within: Cadence) -> (agenda: Agenda, problems: [Diagnostic]) {
        let (people, problems) = everyone.listed()
        let config = everyone.config
        let rows = people.map { (person: PeopleListing.Row(facts: $0, config: config, today: today), timeline: $0.timeline) }
        return (Agenda(people: rows, today: today, within: within), problems)
    }
}
