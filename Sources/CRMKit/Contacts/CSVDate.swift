import CRMFormat
import CRMVault

/// The dates address-book CSV exports write: birthdays in ISO, year-less and locale forms, and
/// LinkedIn's "Connected On".
enum CSVDate {
    /// What a birthday cell says.
    enum Birthday: Equatable {
        /// No birthday: an empty cell, or Outlook's `0/0/00`.
        case none
        /// `YYYY-MM-DD`, or `--MM-DD` without a year.
        case date(String)
        /// A date that could be read two ways (`03/04/1980`); the reason says how.
        case ambiguous(String)
        /// Not a date this reader knows.
        case invalid
    }

    /// Reads `1906-12-09`, `--04-02` (and `--0402`), `1980/03/15`, and the short forms
    /// `15/03/1980`, `3/15/1980` and `15.03.1980` (day or month first, one or two digits, a
    /// four-digit year). Day and month are told apart only when one of them is above 12, or both
    /// are the same: `03/04/1980` is ambiguous, never guessed. A two-digit year is ambiguous
    /// (which century?), except in Outlook's `0/0/00`, which means no birthday.
    static func birthday(_ cell: String) -> Birthday {
        let text = cell.trimmingSpaces
        guard !text.isEmpty else { return .none }
        if let read = VCardBirthday.parse(text, valueType: nil, omitYear: nil) { return .date(read) }
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "." || $0 == "-" }
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }) else {
            return .invalid
        }
        let numbers = parts.map { Int($0)! }
        if numbers.allSatisfy({ $0 == 0 }) { return .none }
        if parts[0].count == 4 { return date(year: numbers[0], month: numbers[1], day: numbers[2]) }
        guard parts[2].count == 4 else {
            return parts[2].count == 2 ? .ambiguous("a two-digit year (19\(parts[2]) or 20\(parts[2])?)") : .invalid
        }
        let (first, second, year) = (numbers[0], numbers[1], numbers[2])
        if first > 12 { return date(year: year, month: second, day: first) }
        if second > 12 || first == second { return date(year: year, month: first, day: second) }
        return .ambiguous("\(monthNames[second - 1]) \(first) or \(monthNames[first - 1]) \(second)?")
    }

    private static func date(year: Int, month: Int, day: Int) -> Birthday {
        guard let day = Day(year: year, month: month, day: day) else { return .invalid }
        return .date(day.description)
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    /// LinkedIn's "Connected On": `05 Nov 2024` (also `5 Nov 2024`, `5 November 2024`), or an
    /// ISO date; `nil` for anything else.
    static func connectedOn(_ cell: String) -> Day? {
        let text = cell.trimmingSpaces
        if let day = Day(text) { return day }
        let parts = text.split(separator: " ")
        guard parts.count == 3, let dayNumber = Int(parts[0]), let year = Int(parts[2]), parts[2].count == 4,
              let month = monthNames.firstIndex(where: { $0.lowercased().hasPrefix(parts[1].lowercased()) && parts[1].count >= 3 })
        else { return nil }
        return Day(year: year, month: month + 1, day: dayNumber)
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
