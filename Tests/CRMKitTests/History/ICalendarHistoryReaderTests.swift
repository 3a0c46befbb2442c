import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit

/// iCalendar files (RFC 5545) as calendar exports and vdirs hold them: past events whose
/// organiser or attendees are parties, with the property forms of the RFC's examples.
@Suite("History: iCalendar events")
struct ICalendarHistoryReaderTests {
    static func calendar(_ events: String...) -> String { calendar(lines: events) }

    static func calendar(lines events: [String]) -> String {
        (["BEGIN:VCALENDAR", "PRODID:-//Example Corp.//CalDAV Client//EN", "VERSION:2.0"] + events + ["END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    static func read(_ text: String, today: String = "2024-06-01", zone hours: Int = 0) throws -> (events: [HistoryEvent], warnings: [HistoryFileWarning]) {
        let file = try HistorySampleFile("calendar.ics", text)
        var reader = try ICalendarHistoryReader(path: file.path, today: day(today), zone: zone(hours: hours))
        let events = try allEvents(&reader)
        return (events, reader.warnings)
    }

    @Test("Organiser and attendees (address and CN, folded lines, quoted parameters); rooms, alarms and the future are not parties or meetings")
    func parties() throws {
        let text = Self.calendar(
            "BEGIN:VEVENT",
            "UID:19970901T130000Z-123401@example.com",
            "DTSTAMP:19970901T130000Z",
            "DTSTART:19970903T163000Z",
            "SUMMARY:Annual Employee Review",
            "ORGANIZER;CN=John Smith:mailto:jsmith@example.com",
            "ATTENDEE;CN=\"Doe, Jane\";DIR=\"ldap://example.com:6666/o=ABC%20Industries,c=US???(cn=Jim%20Dolittle)\":mai",
            " lto:jdoe@example.com",
            "ATTENDEE;CUTYPE=ROOM;CN=Conference Room 2:mailto:room2@example.com",
            "ATTENDEE;MEMBER=\"mailto:DEV-GROUP@example.com\":mailto:joecool@example.com",
            "BEGIN:VALARM",
            "ACTION:EMAIL",
            "TRIGGER:-PT30M",
            "ATTENDEE:mailto:reminders@example.com",
            "END:VALARM",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "UID:future@example.com",
            "DTSTART:20240601T090000Z",
            "ATTENDEE;CN=John Smith:mailto:jsmith@example.com",
            "END:VEVENT")
        let (events, warnings) = try Self.read(text)
        #expect(warnings.isEmpty)
        #expect(events == [HistoryEvent(channel: .meeting, day: day("1997-09-03"), parties: [
            HistoryEvent.Party(email: "jsmith@example.com", name: "John Smith"),
            HistoryEvent.Party(email: "jdoe@example.com", name: "Doe, Jane"), .email("joecool@example.com"),
        ], line: 4, moment: 873_304_200)])   // 1997-09-03T16:30:00Z, seconds since 1970
    }

    @Test("DTSTART in UTC, with a TZID, floating and as a date: the user's day")
    func startDays() throws {
        func event(_ start: String) -> String {
            "BEGIN:VEVENT\r\nUID:\(start)\r\n\(start)\r\nATTENDEE:mailto:ada@example.org\r\nEND:VEVENT"
        }
        let text = Self.calendar(
            event("DTSTART:20240110T230000Z"),
            event("DTSTART;TZID=America/New_York:20240110T200000"),
            event("DTSTART:20240110T230000"),
            event("DTSTART;VALUE=DATE:20240110"),
            event("DTSTART;TZID=/mozilla.org/20050126_1/Europe/London:20240110T233000"))
        // At UTC+2: 23:00Z is the 11th; 20:00 in New York (01:00Z) is the 11th; a floating time
        // and a date are as written; 23:30 in London (23:30Z) is the 11th.
        let (events, warnings) = try Self.read(text, zone: 2)
        #expect(warnings.isEmpty)
        #expect(events.map(\.day) == [day("2024-01-11"), day("2024-01-11"), day("2024-01-10"), day("2024-01-10"), day("2024-01-11")])
        let west = try Self.read(text, zone: -6)
        #expect(west.events.map(\.day) == [day("2024-01-10"), day("2024-01-10"), day("2024-01-10"), day("2024-01-10"), day("2024-01-10")])
    }

    @Test("A meeting's length: to DTEND across zones, or its DURATION; none for a whole day or a day or more")
    func lengths() throws {
        func event(_ lines: String...) -> String {
            (["BEGIN:VEVENT", "UID:\(lines.joined())", "ATTENDEE:mailto:ada@example.org"] + lines + ["END:VEVENT"]).joined(separator: "\r\n")
        }
        let text = Self.calendar(
            event("DTSTART;TZID=Europe/London:20240110T100000", "DTEND;TZID=Europe/Paris:20240110T113000"),
            event("DTSTART:20240110T100000Z", "DURATION:PT1H15M"),
            event("DTSTART:20240110T100000", "DTEND:20240110T104500"),
            event("DTSTART;VALUE=DATE:20240110", "DTEND;VALUE=DATE:20240111"),
            event("DTSTART:20240110T100000Z", "DURATION:P2D"),
            event("DTSTART:20240110T100000Z", "DTEND:20240110T090000Z"),
            event("DTSTART:20240110T100000Z", "DURATION:PT"))
        let (events, warnings) = try Self.read(text)
        #expect(warnings.isEmpty)
        #expect(events.map(\.seconds) == [1800, 4500, 2700, 0, 0, 0, 0])
        #expect(ICalendarHistoryReader.seconds(duration: "P1W") == 604_800)
        #expect(ICalendarHistoryReader.seconds(duration: "P1DT2H3M4S") == 93_784)
        #expect(ICalendarHistoryReader.seconds(duration: "1H") == nil)
    }

    @Test("Series of each kind: every other week on two days from Sunday-started weeks, the last Friday of the month until a day, an EXDATE, an RDATE, today and later left out; a rule not expanded counts once, said")
    func seriesOfEachKind() throws {
        func series(_ uid: String, _ lines: String...) -> [String] {
            ["BEGIN:VEVENT", "UID:\(uid)"] + lines + ["ATTENDEE:mailto:ada@example.org", "END:VEVENT"]
        }
        let text = Self.calendar(lines: series("fortnight", "DTSTART:20240505T090000Z", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,TU;WKST=SU")
            + series("last-friday", "DTSTART:20240126T170000Z", "RRULE:FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20240430T000000Z",
                     "EXDATE:20240223T170000Z", "RDATE:20240301T170000Z")
            + series("setpos", "DTSTART:20240101T090000Z", "RRULE:FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1"))
        let (events, warnings) = try Self.read(text, today: "2024-05-22")
        #expect(events.map(\.day.description) == [
            "2024-05-05", "2024-05-07", "2024-05-19", "2024-05-21",
            "2024-01-26", "2024-03-01", "2024-03-29", "2024-04-26",
            "2024-01-01",
        ])
        #expect(warnings == [HistoryFileWarning(line: 18, "a recurrence rule this reader does not expand (RRULE:FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1) counts once, on its first day; it expands FREQ daily, weekly, monthly or yearly with INTERVAL, COUNT, UNTIL, WKST, BYDAY, BYMONTHDAY and BYMONTH")])
    }

    @Test("A weekly series is a meeting each week until COUNT, less the occurrence moved out of it (named in UTC) (the moved one on its own day); cancelled events are not meetings; a zone the system does not know is said")
    func recurringAndCancelled() throws {
        let text = Self.calendar(
            "BEGIN:VEVENT", "UID:weekly@example.com", "DTSTART;TZID=America/Los_Angeles:20240102T180000", "RRULE:FREQ=WEEKLY;COUNT=10",
            "ATTENDEE;CN=Ada Lovelace:mailto:ada@example.org", "END:VEVENT",
            // Tuesday 9 January 18:00 in Los Angeles, written in UTC (the next day there).
            "BEGIN:VEVENT", "UID:weekly@example.com", "RECURRENCE-ID:20240110T020000Z",
            "DTSTART;TZID=Europe/London:20240110T100000", "ATTENDEE;CN=Ada Lovelace:mailto:ada@example.org", "END:VEVENT",
            "BEGIN:VEVENT", "UID:cancelled@example.com", "DTSTART:20240103T100000Z", "STATUS:CANCELLED",
            "ATTENDEE;CN=Ada Lovelace:mailto:ada@example.org", "END:VEVENT",
            "BEGIN:VEVENT", "UID:outlook@example.com", "DTSTART;TZID=W. Europe Standard Time:20240104T100000",
            "ORGANIZER;CN=Charles Babbage:mailto:charles@example.org", "END:VEVENT",
            "BEGIN:VEVENT", "UID:alone@example.com", "DTSTART:20240105T100000Z", "SUMMARY:Dentist", "END:VEVENT")
        let (events, warnings) = try Self.read(text)
        // The moved occurrence and Charles's meeting as they are read; the series when the file
        // ends, each at 18:00 in Los Angeles: 02:00 the next day in UTC, the user's zone here.
        #expect(events.map(\.day) == [day("2024-01-10"), day("2024-01-04"), day("2024-01-03")]
            + ["01-17", "01-24", "01-31", "02-07", "02-14", "02-21", "02-28", "03-06"].map { day("2024-" + $0) })
        #expect(events.map(\.line) == [10, 22] + Array(repeating: 4, count: 9))
        #expect(warnings == [
            HistoryFileWarning(line: 24, "time zone \"W. Europe Standard Time\" is not one this system knows; its events' days are taken as written"),
        ])
    }

    @Test("Broken events are said at their line; a file that is not iCalendar is refused")
    func broken() throws {
        let text = Self.calendar(
            "BEGIN:VEVENT", "UID:a@example.com", "ATTENDEE:mailto:ada@example.org", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b@example.com", "DTSTART:2024-01-05", "ATTENDEE:mailto:ada@example.org", "this is no content line", "END:VEVENT")
        let (events, warnings) = try Self.read(text)
        #expect(events.isEmpty)
        #expect(warnings == [
            HistoryFileWarning(line: 4, "an event without DTSTART; not counted"),
            HistoryFileWarning(line: 12, "not an iCalendar content line (`NAME;PARAM=…:value`); skipped"),
            HistoryFileWarning(line: 10, "DTSTART is not a date or date-time (`20231231`, `20231231T214100Z`); event not counted"),
        ])
        #expect(throws: HistoryFileError(line: 1, "not an iCalendar file: it does not start with BEGIN:VCALENDAR")) {
            _ = try Self.read("BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n")
        }
    }

    @Test("A vdir's events are its .ics files, in name order")
    func vdir() throws {
        let file = try HistorySampleFile("b.ics", Self.calendar())
        for name in ["a.ics", "c.ICS", ".hidden.ics", "notes.txt"] {
            try Data().write(to: file.folder.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: file.folder.appendingPathComponent("d.ics"), withIntermediateDirectories: true)
        #expect(ICalendarHistoryReader.files(inFolder: file.folder.path).map { ($0 as NSString).lastPathComponent } == ["a.ics", "b.ics", "c.ICS"])
    }
}
