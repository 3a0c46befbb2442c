import CRMFormat
import CRMVault

/// An iCalendar document: one `VCALENDAR` holding events.
package enum ICalendar {
    /// The whole document holding `events`, in this order, as RFC 5545 text: CRLF line ends,
    /// lines folded at 75 octets.
    package static func rendered(_ events: [ICalendarEvent]) -> String {
        header + events.map(\.rendered).joined() + footer
    }

    static let header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//My Person CRM//crm//EN\r\nCALSCALE:GREGORIAN\r\n"
    static let footer = "END:VCALENDAR\r\n"
}
