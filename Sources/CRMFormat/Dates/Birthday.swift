/// A birthday as written in a person file: `YYYY-MM-DD`, or `--MM-DD` when the year is unknown.
///
/// 29 February is celebrated on 28 February in years without a 29 February.
package struct Birthday: Sendable, Hashable, CustomStringConvertible {
    /// The year of birth, when known.
    package let year: Int?
    package let month: Int
    package let day: Int

    /// Parses `YYYY-MM-DD` or `--MM-DD`; nil for anything else or an impossible date.
    package init?(_ text: String) {
        if let date = Day(text) {
            (year, month, day) = (date.year, date.month, date.day)
        } else if let yearless = YearlessDate(text) {
            (year, month, day) = (nil, yearless.month, yearless.day)
        } else {
            return nil
        }
    }

    /// The day it falls on in `year` (28 February for 29 February in a common year).
    package func date(in year: Int) -> Day {
        Day(year: year, month: month, day: min(day, Day.daysIn(month: month, year: year)))!
    }

    /// The next birthday on or after `today` (today itself when it is today). With a known year,
    /// never before the first birthday.
    package func next(onOrAfter today: Day) -> Day {
        var year = today.year
        if let born = self.year { year = max(year, born + 1) }
        let candidate = date(in: year)
        return candidate < today ? date(in: year + 1) : candidate
    }

    /// The age turned on `day`, a birthday; nil without a year of birth.
    package func age(on day: Day) -> Int? { year.map { day.year - $0 } }

    package var description: String {
        (year.map { pad($0, 4) } ?? "-") + "-" + pad(month, 2) + "-" + pad(day, 2)
    }
}
