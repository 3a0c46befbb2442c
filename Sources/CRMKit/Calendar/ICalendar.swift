import CRMFormat
import CRMVault

/// An iCalendar document: one `VCALENDAR` holding events.
package struct ICalendar: Sendable, Hashable {
    /// The events, written in this order.
    package var events: [ICalendarEvent]

    /// A calendar holding `events`, in that order.
    package init(events: [ICalendarEvent]) {
        self.events = events
    }

    /// The whole document as RFC 5545 text: CRLF line ends, lines folded at 75 octets.
    package var rendered: String {
        Self.header + events.map(\.rendered).joined() + Self.footer
    }

    static let header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//My Person CRM//crm//EN\r\nCALSCALE:GREGORIAN\r\n"
    static let footer = "END:VCALENDAR\r\n"
}
