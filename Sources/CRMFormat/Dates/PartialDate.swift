/// A date as a person file gives one when not all of it may be known: a day (`2015-06-20`), a
/// day without the year (`--06-20`), both as `birthday:` takes them (`Birthday`), or only a month
/// (`2019-03`) or a year (`2019`). The values of `dates:` and `deceased:` have this form.
package struct PartialDate: Sendable, Hashable, CustomStringConvertible {
    /// The year, when known.
    package let year: Int?
    /// The month, when known.
    package let month: Int?
    /// The day of the month, when known (then `month` is known too).
    package let day: Int?

    /// Parses `YYYY-MM-DD`, `--MM-DD` (as `Birthday` does), `YYYY-MM` or `YYYY`; nil for anything
    /// else or an impossible date.
    package init?(_ text: String) {
        if let date = Birthday(text) {
            (year, month, day) = (date.year, date.month, date.day)
            return
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].utf8.count == 4, let year = Self.number(parts[0]), year >= 1 else { return nil }
        self.year = year
        day = nil
        if parts.count == 2 {
            guard parts[1].utf8.count == 2, let month = Self.number(parts[1]), (1...12).contains(month) else { return nil }
            self.month = month
        } else {
            month = nil
        }
    }

    private static func number(_ text: Substring) -> Int? {
        text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? Int(text) : nil
    }

    /// The date as a day that comes back every year, when it names a month and a day.
    package var yearly: Birthday? { Birthday(description) }

    /// As written: `2015-06-20`, `--06-20`, `2019-03`, `2019`.
    package var description: String {
        guard let month else { return pad(year!, 4) }
        guard let day else { return pad(year!, 4) + "-" + pad(month, 2) }
        return (year.map { pad($0, 4) } ?? "-") + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// The form a message names: what `dates:` and `deceased:` take.
    package static let form = "a date (YYYY-MM-DD, --MM-DD without the year, YYYY-MM or YYYY)"
}

/// One date of a person's `dates:`: its name (`anniversary`, `met`) and the date.
package struct NamedDate: Sendable, Hashable {
    package let name: String
    package let date: PartialDate

    package init(name: String, date: PartialDate) {
        self.name = name
        self.date = date
    }

    /// The name as words: `first_date` is "first date".
    package var label: String { Self.label(of: name) }

    /// A name of `dates:` as words: `first_date` is "first date".
    package static func label(of name: String) -> String { name.replacing("_", with: " ") }
}
