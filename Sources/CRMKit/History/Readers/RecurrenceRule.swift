import CRMFormat

/// The part of an iCalendar recurrence rule (`RRULE`, RFC 5545 §3.3.10) calendars write for
/// meetings, which a history import expands into the days a meeting took place: `FREQ` daily,
/// weekly, monthly or yearly, with `INTERVAL`, `COUNT`, `UNTIL`, `WKST`, `BYDAY` (weekdays; with
/// an ordinal in a monthly or yearly rule: `1MO`, `-1FR`), `BYMONTHDAY` and `BYMONTH`. A rule with
/// any other part (`BYSETPOS`, `BYWEEKNO`, hourly…) is not read: nil.
struct RecurrenceRule: Equatable {
    enum Frequency: String { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    /// A `BYDAY` entry: a weekday (0 Monday … 6 Sunday) and, in a monthly or yearly rule, which
    /// of the month's such days (1 the first, -1 the last; 0 every one).
    struct Weekday: Equatable {
        var ordinal: Int
        var weekday: Int
    }

    var frequency: Frequency
    var interval = 1
    var count: Int?
    /// The last day an occurrence may start on (`UNTIL`'s date).
    var until: Day?
    var weekStart = 0
    var byDay: [Weekday] = []
    var byMonthDay: [Int] = []
    var byMonth: [Int] = []

    private static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    init?(_ text: String) {
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces.uppercased() }
            guard pair.count == 2 else { return nil }
            let values = pair[1].split(separator: ",").map(String.init)
            switch pair[0] {
            case "FREQ": frequency = Frequency(rawValue: pair[1])
            case "INTERVAL": guard let n = Int(pair[1]), n > 0 else { return nil }; rule.interval = n
            case "COUNT": guard let n = Int(pair[1]), n > 0 else { return nil }; rule.count = n
            case "UNTIL":
                let digits = Array(pair[1].utf8.prefix(8))
                guard digits.count == 8, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
                guard let day = Day(year: number(0..<4), month: number(4..<6), day: number(6..<8)) else { return nil }
                rule.until = day
            case "WKST": guard let day = Self.weekdays.firstIndex(of: pair[1]) else { return nil }; rule.weekStart = day
            case "BYDAY":
                for value in values {
                    guard value.count >= 2, let weekday = Self.weekdays.firstIndex(of: String(value.suffix(2))) else { return nil }
                    let ordinal = value.dropLast(2)
                    guard let n = ordinal.isEmpty ? 0 : Int(ordinal), abs(n) <= 53 else { return nil }
                    rule.byDay.append(Weekday(ordinal: n, weekday: weekday))
                }
            case "BYMONTHDAY":
                for value in values {
                    guard let n = Int(value), n != 0, abs(n) <= 31 else { return nil }
                    rule.byMonthDay.append(n)
                }
            case "BYMONTH":
                for value in values {
                    guard let n = Int(value), (1...12).contains(n) else { return nil }
                    rule.byMonth.append(n)
                }
            default: return nil
            }
        }
        guard let frequency else { return nil }
        rule.frequency = frequency
        // What this reader does not expand: ordinals outside a month's weeks, BYMONTH with
        // weekly or daily rules' own meaning, a yearly BYDAY without its months.
        guard !rule.byDay.contains(where: { $0.ordinal != 0 && !(frequency == .monthly || frequency == .yearly && !rule.byMonth.isEmpty) }),
              !(frequency == .yearly && !rule.byDay.isEmpty && rule.byMonth.isEmpty),
              rule.byMonthDay.isEmpty || frequency == .monthly || frequency == .yearly,
              rule.byMonth.isEmpty || frequency == .yearly,
              rule.byMonthDay.isEmpty || !rule.byDay.contains(where: { $0.ordinal != 0 })
        else { return nil }
        self = rule
    }

    private init(frequency: Frequency) { self.frequency = frequency }

    /// The days the occurrences start on, from `start` to before `end`, in order. `start`
    /// (`DTSTART`'s date) is the first occurrence, as RFC 5545 says, and counts towards `COUNT`.
    func days(from start: Day, before end: Day) -> [Day] {
        guard start < end else { return [] }
        var found = [start]
        var period = 0
        // Each period (a day, week, month or year), its days in order, until one starts at `end`.
        while periodStart(period, start) < end, period <= 100_000 {
            for day in candidates(period: period, start: start) where day > start {
                if let count, found.count >= count { return found }
                if let until, day > until { return found }
                if day >= end { return found }
                found.append(day)
            }
            period += 1
        }
        return found
    }

    /// The first day of period `n` (for ending the walk).
    private func periodStart(_ n: Int, _ start: Day) -> Day {
        switch frequency {
        case .daily: start.adding(days: n * interval)
        case .weekly: start.adding(days: n * interval * 7 - (start.weekday - weekStart + 7) % 7)
        case .monthly: Self.firstOfMonth(start).adding(months: n * interval)
        case .yearly: Day(year: start.year + n * interval, month: 1, day: 1) ?? start
        }
    }

    /// The days of period `n` the rule names, in order.
    private func candidates(period n: Int, start: Day) -> [Day] {
        switch frequency {
        case .daily:
            let day = start.adding(days: n * interval)
            return byDay.isEmpty || byDay.contains(where: { $0.weekday == day.weekday }) ? [day] : []
        case .weekly:
            let weekFirst = periodStart(n, start)
            let weekdays = byDay.isEmpty ? [start.weekday] : byDay.map(\.weekday)
            return weekdays.map { weekFirst.adding(days: ($0 - weekStart + 7) % 7) }.sorted()
        case .monthly:
            let first = periodStart(n, start)
            return monthDays(year: first.year, month: first.month, start: start)
        case .yearly:
            let year = start.year + n * interval
            // BYMONTHDAY without BYMONTH names days of every month (RFC 5545's expansion).
            let months = !byMonth.isEmpty ? byMonth.sorted() : byMonthDay.isEmpty ? [start.month] : Array(1...12)
            return months.flatMap { monthDays(year: year, month: $0, start: start) }
        }
    }

    /// The days of one month the rule names: `BYMONTHDAY`, else `BYDAY`, else the start's day of
    /// the month (none in a month too short for it).
    private func monthDays(year: Int, month: Int, start: Day) -> [Day] {
        guard let first = Day(year: year, month: month, day: 1) else { return [] }
        let length = Self.firstOfMonth(first).adding(months: 1).dayNumber - first.dayNumber
        var days: [Int] = []
        if !byMonthDay.isEmpty {
            days = byMonthDay.map { $0 > 0 ? $0 : length + 1 + $0 }.filter { (1...length).contains($0) }
            if !byDay.isEmpty {
                days = days.filter { d in byDay.contains { $0.weekday == first.adding(days: d - 1).weekday } }
            }
        } else if !byDay.isEmpty {
            for entry in byDay {
                let all = (1...length).filter { first.adding(days: $0 - 1).weekday == entry.weekday }
                if entry.ordinal == 0 { days += all } else {
                    let index = entry.ordinal > 0 ? entry.ordinal - 1 : all.count + entry.ordinal
                    if all.indices.contains(index) { days.append(all[index]) }
                }
            }
        } else if start.day <= length {
            days = [start.day]
        }
        return Set(days).sorted().map { first.adding(days: $0 - 1) }
    }

    private static func firstOfMonth(_ day: Day) -> Day { day.adding(days: 1 - day.day) }
}
