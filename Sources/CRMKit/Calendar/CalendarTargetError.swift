import CRMFormat
import CRMVault

/// Why an event could not be added to a calendar target. Paths are shown as the user wrote
/// them (`~/calendars/personal`); ``description`` is one plain line for a warning.
package enum CalendarTargetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path starts with `~` but `$HOME` is not set.
    case homeNotSet(path: String)
    /// The vdir folder, or the folder meant to hold the `.ics` file, does not exist.
    case folderMissing(path: String)
    /// The path is something other than a folder or an `.ics` file.
    case notACalendar(path: String)
    /// The `.ics` file has no `BEGIN:VCALENDAR` … `END:VCALENDAR` to add the event to.
    case noVCalendar(path: String)
    /// The vdir already holds a file named for this event's UID; it is never overwritten.
    case eventFileExists(path: String)
    /// The file or folder could not be read or written; `reason` is the system's message.
    case inaccessible(path: String, reason: String)
    /// The `.ics` file changed under every attempt to add the event, so it was left alone.
    case keptChanging(path: String)

    /// The reason as one plain line, for `crm: warning: no calendar event added: …`.
    package var description: String {
        switch self {
        case .homeNotSet(let path):
            "cannot find calendar \(path): HOME is not set"
        case .folderMissing(let path):
            "calendar folder \(path) does not exist"
        case .notACalendar(let path):
            "calendar \(path) is neither a folder nor an .ics file"
        case .noVCalendar(let path):
            "calendar file \(path) has no VCALENDAR to add the event to"
        case .eventFileExists(let path):
            "calendar event file \(path) already exists"
        case .inaccessible(let path, let reason):
            "cannot write calendar \(path): \(reason)"
        case .keptChanging(let path):
            "calendar file \(path) kept changing while the event was being added"
        }
    }
}
