import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The events of `crm calendar`: a yearly all-day event per birthday and an all-day event on each
/// person's due date, each with the vault's alarm (`CalendarAlarm`). UIDs are stable (``EventUID/stable(_:)`` of `birthday:` or `due:` and the
/// person's `contact_id`, else their id), so importing a newer export updates its events.
package enum VaultCalendar {
    /// The birthday events, then the due-date events, each in `people`'s order.
    /// Birthdays that are not `YYYY-MM-DD` or `--MM-DD`, and people without a cadence, give none.
    package static func events(for people: [Person], config: VaultConfig, today: Day,
                              birthdays: Bool, due: Bool, plans: Bool = false) -> [ICalendarEvent] {
        let stamp = today.midnightUTC
        var events: [ICalendarEvent] = []
        if birthdays {
            events += people.compactMap { person in
                person.document.birthday.flatMap { birthday in
                    ICalendarEvent.birthday(
                        uid: EventUID.stable("birthday:" + key(for: person)),
                        summary: person.name + "'s birthday",
                        birthday: birthday,
                        description: birthday.hasPrefix("--") ? "Year of birth unknown." : nil,
                        categories: ["birthday"],
                        stamp: stamp
                    )
                }
            }
        }
        if due {
            events += people.compactMap { person in
                let schedule = DueSchedule(document: person.document, config: config, today: today)
                guard let day = schedule.due, let cadence = schedule.cadence else { return nil }
                return ICalendarEvent(
                    uid: EventUID.stable("due:" + key(for: person)),
                    summary: "Get in touch with " + person.name,
                    description: dueDescription(cadence: cadence, last: schedule.last, snooze: person.document.snooze, due: day),
                    start: .allDay(day),
                    categories: ["due"],
                    stamp: stamp
                )
            }
        }
        if plans {
            for person in people {
                let timeline = Timeline(entries: person.document.log?.entries ?? [], today: today)
                let items = timeline.open + timeline.interactions.filter { $0.date > today }.reversed()
                events += items.map { plan($0, of: person, durationMinutes: config.calendarDuration, stamp: stamp) }
            }
        }
        return events.map { $0.alarmed(by: config.calendarAlarm) }
    }

    /// The event for an open item or a planned entry: timed or all day as `crm log --calendar`
    /// makes it, with a UID stable for the same person, day, time, type and note, so that
    /// `crm plan --calendar` and a later `crm calendar --plans` give the same event.
    package static func plan(_ entry: Interaction, of person: Person, durationMinutes: Int, stamp: Date) -> ICalendarEvent {
        let item = "\(entry.date) \(entry.time?.description ?? "-") \(entry.type): \(entry.note)"
        var event = ICalendarEvent.interaction(entry, with: person.name, durationMinutes: durationMinutes,
                                               uid: EventUID.stable("plan:" + key(for: person) + ":" + item), stamp: stamp)
        event.categories = ["plan"]
        return event
    }

    /// `contact_id:<id>` when the person has one, else `id:<person id>`.
    static func key(for person: Person) -> String {
        if let contactID = person.document.contactID, !contactID.isEmpty { return "contact_id:" + contactID }
        return "id:" + person.id
    }

    /// `Every 30d. Last interaction: 2026-11-28 (call).`, `Every 90d. Never contacted.`,
    /// plus `Snoozed until D.` when the snooze set the due date.
    static func dueDescription(cadence: Cadence, last: Interaction?, snooze: Day?, due: Day) -> String {
        var text = "Every \(cadence). " + (last.map { "Last interaction: \($0.date) (\($0.type))." } ?? "Never contacted.")
        if let snooze, snooze == due { text += " Snoozed until \(snooze)." }
        return text
    }
}
