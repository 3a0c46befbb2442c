import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One iCalendar `VEVENT`: what `crm log --calendar` adds and `crm calendar` exports.
///
/// Times are floating local times (no `TZID`, no `Z`): the event happens at that wall-clock time
/// wherever the calendar is shown, as a logged interaction's `HH:MM` means.
package struct ICalendarEvent: Sendable, Hashable {
    /// When the event happens.
    package enum Start: Sendable, Hashable {
        /// A whole day (`DTSTART;VALUE=DATE`, with the exclusive `DTEND` the next day).
        case allDay(Day)
        /// A floating local time lasting `durationMinutes`; 0 or less writes no `DTEND`,
        /// which RFC 5545 reads as an event ending when it starts.
        case timed(Day, TimeOfDay, durationMinutes: Int)
    }

    /// The event's `UID`; see ``EventUID`` for stable and random ones.
    package var uid: String
    /// The `SUMMARY` (title).
    package var summary: String
    /// The `DESCRIPTION`, any text including newlines; `nil` writes none.
    package var description: String?
    /// When the event happens.
    package var start: Start
    /// Whether the event repeats every year on the same date (`RRULE:FREQ=YEARLY`).
    ///
    /// A yearly event starting on 29 February is written
    /// `RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1`, the last day of February, so it shows every
    /// year: on 29 February in leap years and on 28 February in the others. (A plain
    /// `FREQ=YEARLY` from 29 February recurs only in leap years.)
    package var recursYearly = false
    /// The `CATEGORIES`, in order; empty writes none.
    package var categories: [String] = []
    /// The `DTSTAMP`: when this event's data was created, written in UTC.
    package var stamp: Date
    /// The reminder, written as a `VALARM` whose `DESCRIPTION` is the summary; nil writes none.
    package var alarm: CalendarAlarm?

    /// A yearly all-day event for a `birthday` (or a date of `dates:`) written as in a person file: `YYYY-MM-DD`, starting
    /// on that day, or `--MM-DD` when the year is unknown; nil for anything else.
    ///
    /// Without a year the event starts in 1904: the first leap year from 1900 on, so 29 February
    /// exists, and not before 1900, a year some clients mishandle (khal uses 1900 for its own
    /// year-less birthdays; Apple uses 1604). The placeholder year is not an age.
    package static func birthday(
        uid: String,
        summary: String,
        birthday: String,
        description: String? = nil,
        categories: [String] = [],
        stamp: Date
    ) -> ICalendarEvent? {
        let first: Day?
        if let day = Day(birthday) {
            first = day
        } else if let yearless = YearlessDate(birthday) {
            first = Day(year: yearlessBirthdayYear, month: yearless.month, day: yearless.day)
        } else {
            first = nil
        }
        guard let first else { return nil }
        return ICalendarEvent(uid: uid, summary: summary, description: description, start: .allDay(first),
                              recursYearly: true, categories: categories, stamp: stamp)
    }

    static let yearlessBirthdayYear = 1904
}

