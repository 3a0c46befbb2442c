import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
