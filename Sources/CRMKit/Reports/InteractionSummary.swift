import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What happened between two days (`crm summary`): interactions by type and by month, who was
/// contacted most and least, and, as of today, who is due and who was never contacted.
package struct InteractionSummary: Sendable {
    /// How many interactions one person had in the period.
    package struct PersonCount: Sendable {
        package let person: PeopleListing.Row
        package let count: Int
        /// The person's last interaction ever, when any.
        package var last: Day? { person.schedule.last?.date }
    }

    package let since: Day
    package let until: Day
    /// Interactions dated from `since` to `until`, both included.
    package let interactions: Int
    /// Open items and planned entries dated today or later.
    package let planned: Int
    /// Counts for every interaction type of the vault, in the vault's order (zeros included).
    package let byType: [(type: String, count: Int)]
    /// Counts for every month from `since` to `until` (`YYYY-MM`), oldest first (zeros included).
    package let byMonth: [(month: String, count: Int)]
    /// Everyone, with their count in the period.
    package let perPerson: [PersonCount]
    /// People with at least one interaction in the period.
    package let peopleContacted: Int
    /// Up to three people with the most interactions in the period (then by name).
    package let mostContacted: [PersonCount]
    /// Up to three people with the fewest interactions in the period among those contacted at
    /// least once ever (the never contacted are listed apart), the longest unheard-of first on ties.
    package let leastContacted: [PersonCount]
    /// Who is due today, most overdue first.
    package let due: [DueList.Entry]
    /// People without any interaction at all, by name.
    package let neverContacted: [PeopleListing.Row]
    /// The labels of people who share a name with another (`namesakeLabels(reading:)`), by id.
    package var namesakes: [String: String] = [:]

    /// How the summary names `person`: by name, or with their id and a detail when someone else
    /// has that name (`Sam Lee (sam-lee-2, Lee Design)`).
    package func label(_ person: PeopleListing.Row) -> String { namesakes[person.id] ?? person.name }

    /// The default period: the twelve calendar months up to and including today's month.
    package static func defaultSince(today: Day) -> Day {
        let first = today.adding(months: -11)
        return Day(year: first.year, month: first.month, day: 1)!
    }

    /// The counts of the period, added to as each person is counted (in any order).
    struct Totals {
        let today: Day
        let firstMonth: Int
        let first: Int, last: Int, now: Int
        var types: [String: Int] = [:]
        var months: [Int]
        var planned = 0
        /// Interactions in the period.
        var interactions = 0

        init(today: Day, since: Day, until: Day) {
            self.today = today
            firstMonth = InteractionSummary.monthNumber(since)
            (first, last, now) = (since.dayNumber, until.dayNumber, today.dayNumber)
            months = [Int](repeating: 0, count: InteractionSummary.monthNumber(until) - firstMonth + 1)
        }

        /// Adds one person's interactions (from their `InteractionTally`, so no file is read).
        mutating func count(_ facts: PersonFacts) {
            // Only what happened counts; plans (open items from today on, entries after today) apart.
            planned += facts.timeline.open.count { $0.date >= today }
            let tally = facts.tally
            let names = tally.types
            var counts = [Int](repeating: 0, count: names.count)
            tally.forEach { day, type in
                guard day <= now else {
                    planned += 1
                    return
                }
                guard day >= first && day <= last else { return }
                interactions += 1
                counts[type] += 1
                months[InteractionSummary.monthNumber(Day(dayNumber: day)) - firstMonth] += 1
            }
            for (name, count) in zip(names, counts) where count > 0 { types[name, default: 0] += count }
        }

        /// Adds one interaction that is no one's own (a daily note's item).
        mutating func count(_ entry: Interaction) {
            let day = entry.date.dayNumber
            if !entry.isInteraction {
                if day >= now { planned += 1 }
                return
            }
            guard day <= now else {
                planned += 1
                return
            }
            guard day >= first && day <= last else { return }
            interactions += 1
            types[entry.type, default: 0] += 1
            months[InteractionSummary.monthNumber(entry.date) - firstMonth] += 1
        }
    }

    /// The summary of people already counted into `totals`.
    init(counted perPerson: [PersonCount], totals: Totals, config: VaultConfig, since: Day, until: Day) {
        self.since = since
        self.until = until
        let today = totals.today
        let people = perPerson.map(\.person)
        self.perPerson = perPerson
        interactions = totals.interactions
        planned = totals.planned
        let extraTypes = totals.types.keys.filter { !config.types.contains($0) }.sorted()
        byType = (config.types + extraTypes).map { ($0, totals.types[$0] ?? 0) }
        let firstDay = Day(year: since.year, month: since.month, day: 1)!
        byMonth = totals.months.enumerated().map { (InteractionSummary.month(firstDay.adding(months: $0.offset)), $0.element) }
        peopleContacted = perPerson.count { $0.count > 0 }
        // Rankings sort positions in name order (ties stay by name), not the people themselves.
        let byName = nameOrder(people.map(\.sortName), ids: people.map(\.id))
        let counts = perPerson.map(\.count)
        mostContacted = byName.enumerated().filter { counts[$0.element] > 0 }
            .map { (count: counts[$0.element], rank: $0.offset, index: $0.element) }
            .sorted { ($1.count, $0.rank) < ($0.count, $1.rank) }
            .prefix(3).map { perPerson[$0.index] }
        var everContacted: [(count: Int, last: Int, rank: Int, index: Int)] = []
        for (rank, index) in byName.enumerated() {
            if let last = perPerson[index].last { everContacted.append((counts[index], last.dayNumber, rank, index)) }
        }
        leastContacted = everContacted.sorted { ($0.count, $0.last, $0.rank) < ($1.count, $1.last, $1.rank) }
            .prefix(3).map { perPerson[$0.index] }
        due = DueList(people: people, today: today).entries
        neverContacted = byName.filter { perPerson[$0].last == nil }.map { people[$0] }
    }

    static func month(_ day: Day) -> String { String(day.description.prefix(7)) }

    /// Months counted from year 0, for counting by month without building `YYYY-MM` strings.
    static func monthNumber(_ day: Day) -> Int { day.year * 12 + day.month - 1 }

    /// `crm summary --json`: `{"since", "until", "interactions", "by_type", "by_month",
    /// "people_contacted", "due", "never_contacted"}` (counts), plus `planned`, `people`, `most_contacted`,
    /// `least_contacted` (`[{"id", "name", "interactions"}]`), `due_ids` and `never_contacted_ids`.
    package var json: JSON {
        func counts(_ list: [PersonCount]) -> JSON {
            .array(list.map { .object([("id", .string($0.person.id)), ("name", .string($0.person.name)), ("interactions", .number($0.count))]) })
        }
        return .object([
            ("since", .string(since.description)),
            ("until", .string(until.description)),
            ("interactions", .number(interactions)),
            ("planned", .number(planned)),
            ("by_type", .object(byType.map { ($0.type, .number($0.count)) })),
            ("by_month", .object(byMonth.map { ($0.month, .number($0.count)) })),
            ("people_contacted", .number(peopleContacted)),
            ("due", .number(due.count)),
            ("never_contacted", .number(neverContacted.count)),
            ("people", .number(perPerson.count)),
            ("most_contacted", counts(mostContacted)),
            ("least_contacted", counts(leastContacted)),
            ("due_ids", .array(due.map { .string($0.person.id) })),
            ("never_contacted_ids", .array(neverContacted.map { .string($0.id) })),
        ])
    }
}

extension InteractionSummary {
    /// `crm summary` of everyone the listings show (`Everyone.listed`) from `since` to `until`,
    /// as of `today`, and the warnings to print. Files that cannot be read are not listed, so not
    /// counted.
    package static func of(_ everyone: Everyone, today: Day, since: Day, until: Day) -> (summary: InteractionSummary, problems: [Diagnostic]) {
        let config = everyone.config
        let (first, last) = (since.dayNumber, min(until, today).dayNumber)
        // The totals count each file's own entries once; a shared entry counts for each
        // participant, and in the totals once, in its own file.
        var totals = InteractionSummary.Totals(today: today, since: since, until: until)
        for facts in everyone.facts where facts.isReadable { totals.count(facts) }
        let (people, problems) = everyone.listed()
        let counted = people.map { facts in
            let own = facts.tally.count(from: first, through: last)
            let shared = facts.shared.count { $0.interaction.isInteraction && $0.interaction.date.dayNumber >= first && $0.interaction.date.dayNumber <= last }
            return InteractionSummary.PersonCount(person: PeopleListing.Row(facts: facts, config: config, today: today), count: own + shared)
        }
        // A daily note's item is no one's own: it counts in the totals once, however many it links.
        var seen = Set<String>()
        for facts in people {
            for item in facts.shared where item.owner == nil && seen.insert("\(item.path):\(item.interaction.line)").inserted {
                totals.count(item.interaction)
            }
        }
        var summary = InteractionSummary(counted: counted, totals: totals, config: config, since: since, until: until)
        summary.namesakes = counted.map(\.person).namesakeLabels(reading: everyone.vault)
        return (summary, problems)
    }
}
