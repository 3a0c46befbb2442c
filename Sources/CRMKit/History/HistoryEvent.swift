#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CRMFormat

/// One thing that happened with somebody, as a history file records it: a call, a message, a
/// mail or a meeting. Readers give events one at a time; only counts and lengths are kept, never
/// what was said.
package struct HistoryEvent: Sendable, Hashable {
    /// How the user and the other side were in touch; the log entry's kind.
    package enum Channel: String, Sendable, Hashable, CaseIterable {
        case call, message, email, meeting
    }

    /// Who the event was with, as the file names them: a phone number, an email address, a
    /// name, or several of them for one person (`Ada <ada@example.org>`, a number with the
    /// phone's contact name). The importer tries them in that order: the first that matches
    /// anyone decides (several people for it: ambiguous, listed, not logged).
    package struct Party: Sendable, Hashable {
        package var phone: String?
        package var email: String?
        package var name: String?

        package init(phone: String? = nil, email: String? = nil, name: String? = nil) {
            func given(_ text: String?) -> String? { text.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0.trimmingSpaces } }
            (self.phone, self.email, self.name) = (given(phone), given(email), given(name))
        }

        package static func phone(_ number: String) -> Party { Party(phone: number) }
        package static func email(_ address: String) -> Party { Party(email: address) }
        package static func name(_ name: String) -> Party { Party(name: name) }

        /// Whether the file gave nothing to match the party by (a hidden number, an empty name).
        package var isEmpty: Bool { phone == nil && email == nil && name == nil }
    }

    package var channel: Channel
    /// The user's own date of it: a time with a zone or offset is moved into the user's time
    /// zone (`localDay(epochSeconds:)`); a time the file writes without one is taken as written.
    package var day: Day
    /// The other side: one or more parties (a group message, a meeting's attendees).
    package var parties: [Party]
    /// A call's length in seconds; 0 for everything else.
    package var seconds = 0
    /// The line of the file where the event is written (1-based), for messages that point at it.
    package var line: Int
    /// When it happened, as precisely as the file says (milliseconds or seconds since 1970, or a
    /// local time as written): the same event in two files (an export and a newer one that holds
    /// it) has the same moment, which is how a run of both counts it once. Nil when the file
    /// gives no more than the day.
    package var moment: Int64?

    /// The user's date at `epochSeconds` (seconds since 1970-01-01 UTC), in `zone` (by default
    /// the one `$TZ` or the system sets).
    package static func localDay(epochSeconds: Int64, in zone: TimeZone = .current) -> Day {
        let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(epochSeconds))))
        let local = epochSeconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return Day(dayNumber: Int(days))
    }
}

/// A history file read one event at a time, in bounded memory.
package protocol HistoryReader {
    /// The source as the log shows it in parentheses: `call log`, `SMS`, `WhatsApp`, `Telegram`,
    /// `calendar`, `mail`.
    var source: String { get }
    /// The next event, or nil at the end of the file. Throws `HistoryFileError` for what it
    /// cannot read, with the line.
    mutating func next() throws(HistoryFileError) -> HistoryEvent?
    /// What the reader noticed and could not be sure of (an ambiguous date order, a skipped
    /// record), each with its line: shown as `path:line:col: warning: …`.
    var warnings: [HistoryFileWarning] { get }
    /// How many bytes of the file are read, of how many, for a progress bar
    /// (`StreamedLines.bytesRead` and `size`).
    var progress: (done: Int64, total: Int64) { get }
}

/// A history file the reader cannot go on with, at a line and column.
package struct HistoryFileError: Error, Sendable, Hashable {
    package var line: Int
    package var column: Int
    package var message: String
    package init(line: Int, column: Int = 1, _ message: String) {
        (self.line, self.column, self.message) = (line, column, message)
    }
}

/// Something a reader noticed and says without stopping: a place and a message, as an error has.
package typealias HistoryFileWarning = HistoryFileError
