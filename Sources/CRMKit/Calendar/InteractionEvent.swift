import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ICalendarEvent {
    /// The event `crm log --calendar` adds for `entry`: at the entry's time as a floating local
    /// time lasting `durationMinutes`, or all day when it has no time. The `SUMMARY` is the type,
    /// capitalised, with the person's name (`Call with Ada Lovelace`); the `DESCRIPTION` is the note,
    /// its links as the text they show (`[[priya-raman|Priya Raman]]` is `Priya Raman`: a calendar
    /// does not read wiki links).
    package static func interaction(_ entry: Interaction, with name: String, durationMinutes: Int,
                                   uid: String, stamp: Date) -> ICalendarEvent {
        ICalendarEvent(
            uid: uid,
            summary: entry.type.prefix(1).uppercased() + entry.type.dropFirst() + " with " + name,
            description: PersonLink.readable(entry.note),
            start: entry.time.map { .timed(entry.date, $0, durationMinutes: durationMinutes) } ?? .allDay(entry.date),
            stamp: stamp
        )
    }
}
