/// A stay-in-touch interval: `N` followed by `d`, `w`, `m` or `y` (`10d`, `2w`, `3m`, `1y`).
public struct Cadence: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: Character, Sendable { case day = "d", week = "w", month = "m", year = "y" }

    public var count: Int
    public var unit: Unit

    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Parses `N` + unit; the count must be a positive whole number below 10,000.
    public init?(_ text: String) {
        guard let last = text.last, let unit = Unit(rawValue: Character(last.lowercased())),
              let count = Int(text.dropLast()), text.first != "+", text.first != "-",
              (1..<10_000).contains(count) else { return nil }
        self.init(count: count, unit: unit)
    }

    /// `day` moved by this cadence `times` times (negative goes back); months clamp to the month's end.
    public func step(from day: Day, times: Int = 1) -> Day {
        switch unit {
        case .day: return day.adding(days: count * times)
        case .week: return day.adding(days: 7 * count * times)
        case .month: return day.adding(months: count * times)
        case .year: return day.adding(months: 12 * count * times)
        }
    }

    /// An approximate length in days, to compare cadences (`2w` is shorter than `1m`).
    package var approximateDays: Double {
        switch unit {
        case .day: return Double(count)
        case .week: return Double(count * 7)
        case .month: return Double(count) * 30.44
        case .year: return Double(count) * 365.25
        }
    }

    public var description: String { String(count) + String(unit.rawValue) }
}
