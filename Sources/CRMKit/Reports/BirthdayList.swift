import CRMFormat
import CRMVault

/// Upcoming birthdays, soonest first (`crm birthdays`), of the living: a person whose
/// `deceased:` is a date is not reminded of.
package struct BirthdayList: Sendable {
    /// One person's next birthday.
    package struct Entry: Sendable {
        package let person: PeopleListing.Row
        package let birthday: Birthday
        /// The next birthday on or after today.
        package let next: Day
        /// The age turned on `next`; nil without a year of birth.
        package let age: Int?
    }

    /// The last day included.
    package let horizon: Day
    /// Birthdays from today to `horizon`, soonest first (then by name, then by id).
    package let entries: [Entry]
    /// The first birthday after `horizon`, if any.
    package let next: Entry?

    /// Birthdays from `today` to `today` plus `within`, both included.
    package init(people: [PeopleListing.Row], today: Day, within: Cadence) {
        let horizon = within.step(from: today)
        self.horizon = horizon
        var all: [Entry] = []
        for person in people {
            // An invalid `birthday` is not guessed at: a read problem of the file (`ReadProblems`), said once.
            if person.birthdayProblem != nil || person.deceased != nil { continue }
            guard let birthday = person.birthday.flatMap(Birthday.init) else { continue }
            let next = birthday.next(onOrAfter: today)
            all.append(Entry(person: person, birthday: birthday, next: next, age: birthday.age(on: next)))
        }
        (entries, next) = Upcoming.split(all, day: \.next, person: \.person, through: horizon)
    }

    /// `crm birthdays --json`: `[{"id", "name", "birthday", "next", "age"}]`.
    package var json: JSON {
        .array(entries.map { entry in
            .object([
                ("id", .string(entry.person.id)),
                ("name", .string(entry.person.name)),
                ("birthday", .string(entry.birthday.description)),
                ("next", .string(entry.next.description)),
                ("age", entry.age.map { .number($0) } ?? .null),
            ])
        })
    }
}
