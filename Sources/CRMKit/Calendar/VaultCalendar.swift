import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The events of `crm calendar`: a yearly all-day event per birthday and per date of `dates:`
/// with a month and a day, and an all-day event on each person's due date, each with the vault's
/// alarm (`CalendarAlarm`). A person whose `deceased:` is a date has no birthday nor date events
/// (and no due date). UIDs are stable (``EventUID/stable(_:)`` of `birthday:`, `date:NAME:` or
/// `due:` and the person's `contact_id`, else their id), so importing a newer export updates its
/// events.
package enum VaultCalendar {
    /// The birthday events, then the date events, then the due-date events, each in `people`'s order, then (with
    /// `plans`) the open items and planned entries: `ownPlans` (each person's own file's, by
    /// key, in `people`'s order), then the daily notes' items, each once whoever it names.
    /// Birthdays that are not `YYYY-MM-DD` or `--MM-DD`, and people without a cadence, give none.
    package static func events(for people: [PeopleListing.Row], ownPlans: [(key: String, name: String, items: [Interaction])],
                               dailyNotes: [DailyNoteItem], config: VaultConfig, today: Day,
                               birthdays: Bool, dates: Bool = false, due: Bool, plans: Bool) -> [ICalendarEvent] {
        let stamp = today.midnightUTC
        var events: [ICalendarEvent] = []
        if birthdays {
            events += people.compactMap { person in
                guard person.deceased == nil else { return nil }
                return person.birthday.flatMap { birthday in
                    ICalendarEvent.birthday(
                        uid: EventUID.stable("birthday:" + key(id: person.id, contactID: person.contactID)),
                        summary: person.name + "'s birthday",
                        birthday: birthday,
                        description: birthday.hasPrefix("--") ? "Year of birth unknown." : nil,
                        categories: ["birthday"],
                        stamp: stamp
                    )
                }
            }
        }
        if dates {
            for person in people where person.deceased == nil {
                events += person.dates.compactMap { date in
                    ICalendarEvent.birthday(
                        uid: EventUID.stable("date:" + date.name + ":" + key(id: person.id, contactID: person.contactID)),
                        summary: person.name + ": " + date.label,
                        birthday: date.date.description,
                        description: date.date.year == nil ? "Year unknown." : nil,
                        categories: ["date"],
                        stamp: stamp
                    )
                }
            }
        }
        if due {
            events += people.compactMap { person in
                let schedule = person.schedule
                guard let day = schedule.due, let cadence = schedule.cadence else { return nil }
                return ICalendarEvent(
                    uid: EventUID.stable("due:" + key(id: person.id, contactID: person.contactID)),
                    summary: "Get in touch with " + person.name,
                    description: dueDescription(cadence: cadence, last: schedule.last, snooze: person.snooze, due: day),
                    start: .allDay(day),
                    categories: ["due"],
                    stamp: stamp
                )
            }
        }
        if plans {
            for person in ownPlans {
                events += person.items.map { plan($0, key: person.key, name: person.name, durationMinutes: config.calendarDuration, stamp: stamp) }
            }
            let names = Dictionary(people.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            for item in dailyNotes where isPlan(item.interaction, today: today) {
                let with = SharedEntry.list(item.people.map { names[$0] ?? $0 })
                events.append(plan(item.interaction, key: "daily:" + item.path, name: with,
                                   durationMinutes: config.calendarDuration, stamp: stamp))
            }
        }
        return events.map { $0.alarmed(by: config.calendarAlarm) }
    }

    /// Whether an entry is a plan on `today`: open, or dated after today.
    static func isPlan(_ entry: Interaction, today: Day) -> Bool { !entry.isInteraction || entry.date > today }

    /// The event for an open item or a planned entry: timed or all day as `crm log --calendar`
    /// makes it, with a UID stable for the same person, day, time, type and note, so that
    /// `crm plan --calendar` and a later `crm calendar --plans` give the same event.
    package static func plan(_ entry: Interaction, of person: Person, durationMinutes: Int, stamp: Date) -> ICalendarEvent {
        plan(entry, key: key(id: person.id, contactID: person.document.contactID), name: person.name,
             durationMinutes: durationMinutes, stamp: stamp)
    }

    /// The event of `entry`, with `name` (who it is with) and a UID of `key` and the item.
    static func plan(_ entry: Interaction, key: String, name: String, durationMinutes: Int, stamp: Date) -> ICalendarEvent {
        let item = "\(entry.date) \(entry.time?.description ?? "-") \(entry.type): \(entry.note)"
        var event = ICalendarEvent.interaction(entry, with: name, durationMinutes: durationMinutes,
                                               uid: EventUID.stable("plan:" + key + ":" + item), stamp: stamp)
        event.categories = ["plan"]
        return event
    }

    /// `contact_id:<id>` when the person has one, else `id:<person id>`.
    static func key(id: String, contactID: String?) -> String {
        if let contactID, !contactID.isEmpty { return "contact_id:" + contactID }
        return "id:" + id
    }

    /// `Every 30d. Last interaction: 2026-11-28 (call).`, `Every 90d. Never contacted.`,
    /// plus `Snoozed until D.` when the snooze set the due date.
    static func dueDescription(cadence: Cadence, last: Interaction?, snooze: Day?, due: Day) -> String {
        var text = "Every \(cadence). " + (last.map { "Last interaction: \($0.date) (\($0.type))." } ?? "Never contacted.")
        if let snooze, snooze == due { text += " Snoozed until \(snooze)." }
        return text
    }
}

extension VaultCalendar {
    /// The events of `crm calendar` on `today` of everyone the listings show (see `events`), and
    /// the warnings to print: files that could not be read are left out (see `ReadProblems`).
    package static func events(of everyone: Everyone, today: Day, birthdays: Bool, dates: Bool = false, due: Bool, plans: Bool)
        -> (events: [ICalendarEvent], problems: [Diagnostic]) {
        let (people, problems) = PeopleListing.Row.listed(everyone, today: today)
        var own: [(key: String, name: String, items: [Interaction])] = []
        var daily: [DailyNoteItem] = []
        if plans {
            // Each person's own items (not those of others' files they take part in: each item is one event).
            own = everyone.facts.compactMap { facts in
                guard facts.isReadable else { return nil }
                let timeline = facts.timeline
                let items = timeline.open + timeline.interactions.filter { $0.date > today }.reversed()
                return items.isEmpty ? nil : (VaultCalendar.key(id: facts.id, contactID: facts.contactID), facts.name, items)
            }
            daily = everyone.dailyNoteItems
        }
        let events = VaultCalendar.events(for: people, ownPlans: own, dailyNotes: daily, config: everyone.config, today: today,
                                          birthdays: birthdays, dates: dates, due: due, plans: plans)
        return (events, problems)
    }
}
