#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one reading of the clock a command makes, with `$CRM_TODAY` applied: the library takes
/// this value (or the `Day` it holds) and never reads the clock or the environment itself.
public struct Clock: Sendable {
    /// This moment.
    public let now: Date
    /// Today's date: `$CRM_TODAY` when set (scripts, tests), else the local date.
    public let today: Day
    /// Whether `today` was fixed by `$CRM_TODAY`.
    package let isFixed: Bool

    /// The clock as `environment` sets it; throws when `$CRM_TODAY` is not `YYYY-MM-DD`.
    public init(environment: [String: String], now: Date = Date()) throws(DateInputError) {
        self.now = now
        today = try Day.today(environment: environment)
        isFixed = !(environment["CRM_TODAY"] ?? "").isEmpty
    }

    /// The moment in UTC as the names of trash files and conflict copies hold it:
    /// `20261130-093512`.
    package var fileStamp: String {
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        // The second of the day, counted from its start before 1970 too.
        let second = (seconds % 86_400 + 86_400) % 86_400
        let day = Day(dayNumber: (seconds - second) / 86_400)
        return pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2) + "-"
            + pad(second / 3600, 2) + pad(second / 60 % 60, 2) + pad(second % 60, 2)
    }

    /// The `DTSTAMP` of an event made now: this moment, or 00:00 UTC of `today` when `$CRM_TODAY`
    /// fixes it, so scripted runs write the same bytes.
    package var eventStamp: Date {
        isFixed ? today.midnightUTC : now
    }
}

extension Day {
    /// 00:00:00 UTC on this day: an event's `DTSTAMP` that is the same for every run on that day.
    package var midnightUTC: Date { Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400) }
}
