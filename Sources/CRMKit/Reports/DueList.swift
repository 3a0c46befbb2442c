import CRMFormat
import CRMVault

/// Who is due for contact on a day, most overdue first (`crm due`).
package struct DueList: Sendable {
    /// One person in the list.
    package struct Entry: Sendable {
        package let person: PeopleListing.Row
        package var schedule: DueSchedule { person.schedule }
        /// The due date (the schedule's, never nil here).
        package let due: Day
        /// Days overdue: positive when overdue, 0 when due today, negative when not yet due.
        package let overdueDays: Int
    }

    package let today: Day
    /// People due on or before the last day included (today, or today plus `within`), most
    /// overdue first (then by name, then by id).
    package let entries: [Entry]
    /// The first person due after that day, if any: what to tell someone whose list is empty.
    package let next: Entry?
    /// How many open items everyone has dated before today: overdue follow-ups, which `crm agenda`
    /// lists with the overdue people, so that an empty list can say they are there.
    package let overdueFollowUps: Int

    /// The list on `today`: people due by today, or by today plus `within` when given.
    package init(people: [PeopleListing.Row], today: Day, within: Cadence? = nil) {
        self.today = today
        let horizon = within?.step(from: today) ?? today
        var all: [Entry] = []
        var overdueFollowUps = 0
        for person in people {
            overdueFollowUps += person.overdueFollowUps
            let schedule = person.schedule
            guard let due = schedule.due else { continue }
            all.append(Entry(person: person, due: due, overdueDays: due.days(until: today)))
        }
        (entries, next) = Upcoming.split(all, day: \.due, person: \.person, through: horizon)
        self.overdueFollowUps = overdueFollowUps
    }

    /// `crm due --json`: `[{"id", "name", "every", "last", "due", "overdue_days"}]`, plus `path`,
    /// `last_type`, `last_note`, `snoozed` and `next`.
    package var json: JSON {
        .array(entries.map { entry in
            .object([
                ("id", .string(entry.person.id)),
                ("name", .string(entry.person.name)),
                ("every", .optional(entry.schedule.cadence?.description)),
                ("last", .optional(entry.schedule.last?.date.description)),
                ("due", .string(entry.due.description)),
                ("overdue_days", .number(entry.overdueDays)),
                ("path", .string(entry.person.path)),
                ("last_type", .optional(entry.schedule.last?.type)),
                ("last_note", .optional(entry.schedule.last?.note)),
                ("snoozed", .bool(entry.schedule.isSnoozed && entry.due > today)),
                ("next", .optional(entry.schedule.next?.date.description)),
            ])
        })
    }
}
