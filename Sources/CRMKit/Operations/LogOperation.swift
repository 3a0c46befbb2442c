import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `crm log`, `crm plan --date` and `crm browse`'s log sheet ask for: one entry in one
/// person's log, perhaps with others taking part, perhaps with a calendar event. `Vault.log(_:clock:)`
/// does it and returns a `LogOutcome`.
package struct LogRequest: Sendable {
    /// Whose log the entry goes in, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// The others who take part (`--with`), each as a PERSON argument names them.
    package var with: [String]
    /// The entry: logged, or planned when its checkbox is open.
    package var entry: Interaction
    /// Where to add the entry's event (`--calendar`); nil: no event.
    package var calendar: CalendarChoice?

    /// `--calendar` or `--calendar=TARGET`, with what resolves the plain form (`$CRM_CALENDAR`,
    /// `calendar:` in the vault's config, then in the person's own settings).
    package struct CalendarChoice: Sendable {
        /// `--calendar=TARGET`; nil for plain `--calendar`.
        package var explicit: String?
        package var environment: [String: String]
        package var user: UserConfig

        package init(explicit: String? = nil, environment: [String: String], user: UserConfig) {
            (self.explicit, self.environment, self.user) = (explicit, environment, user)
        }
    }

    package init(person: String, with others: [String] = [], entry: Interaction, calendar: CalendarChoice? = nil) {
        (self.person, self.with, self.entry, self.calendar) = (person, others, entry, calendar)
    }
}

/// What `Vault.log(_:clock:)` did: the entry as written, where, with whom, the calendar event,
/// and what to tell the user (`lines`, worded here for `crm log`, `crm plan` and `crm browse`).
package struct LogOutcome: Outcome {
    /// The person as written.
    package let person: Person
    /// The entry's 1-based line in the person's file.
    package let line: Int
    /// The entry as written (the note with its `(with …)` links).
    package let entry: Interaction
    /// The others who took part, each once.
    package let others: [Person]
    package let today: Day
    /// The event added, or why none was; nil when none was asked for.
    package internal(set) var calendar: CalendarEvent?

    package enum CalendarEvent: Sendable {
        /// The event as written (alarm included) and the file it went in, as the user named it.
        case added(ICalendarEvent, file: String)
        /// Why no event could be added.
        case notAdded(reason: String)
    }

    /// Everyone the entry is with: `Lena Marsh, Priya Raman and José Núñez`.
    package var names: String { SharedEntry.list([person.name] + others.map(\.name)) }

    /// What to tell the user, in order: what was written and where, what the date means when
    /// it is not what the entry usually is, and what became of the event.
    package var lines: [OutcomeLine] {
        var lines: [OutcomeLine] = []
        let time = entry.time.map { " \($0)" } ?? ""
        let place = "(\(person.path):\(line))"
        if entry.checkbox == .open {
            let when = "\(entry.date)\(time) (\(weekdayName(entry.date)), \(relative(entry.date, from: today)))"
            lines.append(.said("Planned \(entry.type) with \(names) on \(when) \(place)"))
            if entry.date < today {
                lines.append(.warning("\(entry.date) is in the past: the item is an overdue follow-up until it is done"))
            }
        } else {
            lines.append(.said("Logged \(entry.type) with \(names) on \(entry.date)\(time) \(place)"))
            if entry.date > today {
                lines.append(.warning("\(entry.date) is after today: the entry counts as the last contact from its day on "
                                  + "(to plan it instead: crm plan)"))
            }
        }
        switch calendar {
        case .added(_, let file)?: lines.append(.said("Added the event to \(file)"))
        case .notAdded(let reason)?: lines.append(.warning("no calendar event added: " + reason))
        case nil: break
        }
        return lines
    }

    /// `crm log --json` and `crm plan --json`: `{"id", "path", "interaction", "calendar_event"}`.
    package var json: JSON {
        var written = entry
        written.line = line
        let eventFile: String? = if case .added(_, let file)? = calendar { file } else { nil }
        return .object(person.reference + [("interaction", written.json(on: today, with: others.map(\.id))),
                                           ("calendar_event", .optional(eventFile))])
    }
}

extension Vault {
    /// Does `request` on `clock`'s day: finds the person and the others (checked as
    /// `SharedEntry.participants` checks them), writes the entry (`log(_:to:with:)`), then, when
    /// asked, adds its event with the vault's duration and alarm. A calendar that cannot take the
    /// event does not undo the entry: the outcome says why. What `crm log`, `crm plan` and `crm
    /// browse`'s log sheet all do.
    package func log(_ request: LogRequest, clock: Clock) throws -> LogOutcome {
        let (person, others) = try SharedEntry.participants(request.with, of: request.person, in: self)
        let (written, line, entry) = try log(request.entry, to: person, with: others)
        var outcome = LogOutcome(person: written, line: line, entry: entry, others: others, today: clock.today)
        if let choice = request.calendar { outcome.calendar = addEvent(of: outcome, to: choice, stamp: clock.eventStamp) }
        return outcome
    }

    /// `log(_:clock:)` without writing and without a calendar event: `person`'s file (as an
    /// editor holds it) with the entry where `crm log` puts it, the others found and checked as
    /// `log` checks them, and the entry's line.
    package func logging(_ request: LogRequest, in person: Person) throws -> (bytes: [UInt8], line: Int) {
        let (_, others) = try SharedEntry.participants(request.with, of: request.person, in: self)
        try ReadProblems.refuseUnreadable(person, doing: "not changed")
        return try person.document.inserting(loggedEntry(request.entry, of: person, with: others).entry)
    }

    /// The entry's event, added to the calendar `choice` names: a plan's with the UID `crm calendar
    /// --plans` gives it, an interaction's with a new one.
    private func addEvent(of outcome: LogOutcome, to choice: LogRequest.CalendarChoice, stamp: Date) -> LogOutcome.CalendarEvent {
        let entry = outcome.entry
        let event = (entry.checkbox == .open
            ? VaultCalendar.plan(entry, of: outcome.person, durationMinutes: config.calendarDuration, stamp: stamp)
            : ICalendarEvent.interaction(entry, with: outcome.names, durationMinutes: config.calendarDuration,
                                         uid: EventUID.random(), stamp: stamp))
            .alarmed(by: config.calendarAlarm)
        do {
            let target = try CalendarTarget.configured(explicit: choice.explicit, environment: choice.environment, vault: self, user: choice.user)
            return .added(event, file: try target.add(event))
        } catch {
            return .notAdded(reason: "\(error)")
        }
    }
}
