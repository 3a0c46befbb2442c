import CRMFormat
import CRMVault

/// The upcoming days of people's `dates:` that come back every year (those with a month and a
/// day: `anniversary: 2015-06-20`, `met: --03-14`; `met: 2019-03` has no day to come back on),
/// soonest first, as `BirthdayList` lists birthdays: from today to the horizon, never before the
/// first anniversary, a 29 February on 28 February in other years. A person whose `deceased:` is
/// a date is not reminded of.
package struct DateList: Sendable {
    /// One date's next return.
    package struct Entry: Sendable {
        package let person: PeopleListing.Row
        package let date: NamedDate
        /// The next day it comes back on, on or after today.
        package let next: Day
        /// The years since the date on `next`; nil without its year.
        package let years: Int?
    }

    /// The dates from today to `today` plus `within`, both included, soonest first (then by name).
    package let entries: [Entry]

    package init(people: [PeopleListing.Row], today: Day, within: Cadence) {
        var all: [Entry] = []
        for person in people where person.deceased == nil {
            for date in person.dates {
                guard let yearly = date.date.yearly else { continue }
                let next = yearly.next(onOrAfter: today)
                all.append(Entry(person: person, date: date, next: next, years: yearly.age(on: next)))
            }
        }
        entries = Upcoming.split(all, day: \.next, person: \.person, through: within.step(from: today)).shown
    }
}
