import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ICalendarEvent {
    /// The `BEGIN:VEVENT` … `END:VEVENT` block, folded, every line ending in CRLF.
    var rendered: String {
        var lines = [
            "BEGIN:VEVENT",
            "UID:" + ContentLine.escaped(uid),
            "DTSTAMP:" + Self.utcStamp(stamp),
        ]
        switch start {
        case .allDay(let day):
            lines.append("DTSTART;VALUE=DATE:" + Self.dateValue(day))
            lines.append("DTEND;VALUE=DATE:" + Self.dateValue(day.adding(days: 1)))
        case .timed(let day, let time, let durationMinutes):
            let startMinute = time.hour * 60 + time.minute
            lines.append("DTSTART:" + Self.dateTimeValue(day, minuteOfDay: startMinute))
            if durationMinutes > 0 {
                lines.append("DTEND:" + Self.dateTimeValue(day, minuteOfDay: startMinute + durationMinutes))
            }
        }
        if recursYearly {
            lines.append("RRULE:" + yearlyRule)
        }
        lines.append("SUMMARY:" + ContentLine.escaped(summary))
        if let description {
            lines.append("DESCRIPTION:" + ContentLine.escaped(description))
        }
        if !categories.isEmpty {
            lines.append("CATEGORIES:" + categories.map(ContentLine.escaped).joined(separator: ","))
        }
        if let alarm {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ContentLine.escaped(summary),
                      "TRIGGER:" + alarm.trigger(for: start), "END:VALARM"]
        }
        lines.append("END:VEVENT")
        return lines.map(ContentLine.folded).joined()
    }

    private var yearlyRule: String {
        switch start {
        case .allDay(let day) where day.month == 2 && day.day == 29,
             .timed(let day, _, _) where day.month == 2 && day.day == 29:
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"
        default:
            "FREQ=YEARLY"
        }
    }

    /// `YYYYMMDD`.
    private static func dateValue(_ day: Day) -> String {
        pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2)
    }

    /// Floating `YYYYMMDDTHHMMSS` for `minuteOfDay` minutes after the start of `day`
    /// (past midnight rolls over to the following days).
    private static func dateTimeValue(_ day: Day, minuteOfDay: Int) -> String {
        let (extraDays, minute) = minuteOfDay.quotientAndRemainder(dividingBy: 24 * 60)
        return dateValue(day.adding(days: extraDays)) + "T" + pad(minute / 60, 2) + pad(minute % 60, 2) + "00"
    }

    /// UTC `YYYYMMDDTHHMMSSZ`, seconds truncated.
    private static func utcStamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = floorDivision(seconds, by: 86_400)
        return dateValue(Day(dayNumber: days)) + "T" + pad(secondOfDay / 3600, 2)
            + pad(secondOfDay / 60 % 60, 2) + pad(secondOfDay % 60, 2) + "Z"
    }

    private static func floorDivision(_ value: Int, by divisor: Int) -> (quotient: Int, remainder: Int) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
