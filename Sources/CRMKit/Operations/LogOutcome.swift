import CRMFormat
import CRMVault

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

    /// The file the event went in, when it was added.
    package var eventFile: String? {
        if case .added(_, let file)? = calendar { return file }
        return nil
    }

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
        entry.writtenJSON(in: person, line: line, with: others, on: today, calendarEvent: eventFile)
    }
}
