
/// A calendar date without a time zone, as written in person files (`YYYY-MM-DD`).
///
/// Arithmetic is done on day numbers (days since 1970-01-01, proleptic Gregorian), so no
/// `Calendar` or `DateFormatter` is needed on the hot path.
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    // Four bytes, not three words: a listing holds several days for each of 100,000 people.
    private let storedYear: Int16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }

    /// Creates a day; returns nil for impossible dates such as 2026-02-30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Day.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.init(unchecked: year, month, day)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        storedYear = Int16(truncatingIfNeeded: year)
        storedMonth = UInt8(truncatingIfNeeded: month)
        storedDay = UInt8(truncatingIfNeeded: day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes.
    package init?<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
        guard bytes.count == 10 else { return nil }
        var fields = (0, 0, 0), index = 0
        for byte in bytes {
            if index == 4 || index == 7 {
                guard byte == 0x2D else { return nil }
            } else {
                let digit = Int(byte) &- 0x30
                guard digit >= 0, digit <= 9 else { return nil }
                if index < 4 { fields.0 = fields.0 * 10 + digit }
                else if index < 7 { fields.1 = fields.1 * 10 + digit }
                else { fields.2 = fields.2 * 10 + digit }
            }
            index += 1
        }
        self.init(year: fields.0, month: fields.1, day: fields.2)
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    package var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The day with the given day number (Howard Hinnant's `civil_from_days`).
    package init(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(unchecked: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public func adding(days: Int) -> Day { Day(dayNumber: dayNumber + days) }

    /// Adds calendar months, clamping to the month's end (`1m` after Jan 31 is Feb 28 or 29).
    public func adding(months: Int) -> Day {
        let total = year * 12 + (month - 1) + months
        let y = total / 12, m = total % 12 + 1
        return Day(unchecked: y, m, Swift.min(day, Day.daysIn(month: m, year: y)))
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(until other: Day) -> Int { other.dayNumber - dayNumber }

    public static func < (a: Day, b: Day) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public var description: String {
        guard year >= 0, year <= 9999, month < 100, day < 100 else {
            return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        }
        // The ten bytes written in place: a listing words thousands of days.
        return String(unsafeUninitializedCapacity: 10) { out in
            func digits(_ value: Int, _ count: Int, at start: Int) {
                var value = value
                for i in (start..<(start + count)).reversed() {
                    out[i] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            digits(year, 4, at: 0)
            out[4] = UInt8(ascii: "-")
            digits(month, 2, at: 5)
            out[7] = UInt8(ascii: "-")
            digits(day, 2, at: 8)
            return 10
        }
    }

    /// Today's date: `$CRM_TODAY` when set (tests, scripts), else the local date.
    package static func today(environment: [String: String]) throws(DateInputError) -> Day {
        if let fixed = environment["CRM_TODAY"], !fixed.isEmpty {
            guard let day = Day(fixed) else { throw DateInputError(input: fixed, reason: "CRM_TODAY must be YYYY-MM-DD") }
            return day
        }
        let local = Platform.localDate()
        return Day(year: local.year, month: local.month, day: local.day)!
    }
}

package func pad(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

/// A time of day written in a log entry (`HH:MM`).
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    private let storedHour: UInt8
    private let storedMinute: UInt8

    public var hour: Int { Int(storedHour) }
    public var minute: Int { Int(storedMinute) }

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        storedHour = UInt8(hour)
        storedMinute = UInt8(minute)
    }

    /// Parses exactly `HH:MM` (24-hour clock).
    public init?(_ text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    /// Parses exactly `HH:MM` from UTF-8 bytes.
    package init?<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
        guard bytes.count == 5 else { return nil }
        var hour = 0, minute = 0, index = 0
        for byte in bytes {
            switch (index, byte) {
            case (2, 0x3A): break
            case (0..<2, 0x30...0x39): hour = hour * 10 + Int(byte - 0x30)
            case (3..<5, 0x30...0x39): minute = minute * 10 + Int(byte - 0x30)
            default: return nil
            }
            index += 1
        }
        self.init(hour: hour, minute: minute)
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }

    public var description: String { pad(hour, 2) + ":" + pad(minute, 2) }
}
