import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

@Suite("Rendering events and documents")
struct ICalendarTests {
    private func rendered(_ events: [ICalendarEvent]) -> [UInt8] {
        Array(ICalendar.rendered(events).utf8)
    }

    private func eventLines(_ event: ICalendarEvent) -> [String] {
        event.rendered.components(separatedBy: "\r\n").dropLast()
    }

    @Test func timedEventMatchesGoldenFile() throws {
        #expect(rendered([Sample.timed]) == (try Fixtures.calendar("timed-event.ics")))
    }

    @Test func allDayEventMatchesGoldenFile() throws {
        #expect(rendered([Sample.allDay]) == (try Fixtures.calendar("all-day-event.ics")))
    }

    @Test func birthdaysMatchGoldenFile() throws {
        #expect(rendered(Sample.birthdays) == (try Fixtures.calendar("birthdays.ics")))
    }

    @Test func emptyCalendarHasHeaderAndFooterOnly() {
        #expect(ICalendar.rendered([]) == """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//My Person CRM//crm//EN\r
            CALSCALE:GREGORIAN\r
            END:VCALENDAR\r

            """)
    }

    @Test func timedEventIsFloatingLocalTime() {
        let lines = eventLines(Sample.timed)
        #expect(lines.contains("DTSTART:20261205T190000"))
        #expect(lines.contains("DTEND:20261205T200000"))
        #expect(!lines.contains { $0.hasPrefix("DTSTART;") || $0.hasPrefix("RRULE") })
    }

    @Test func allDayEventEndsTheNextDayExclusive() {
        let event = ICalendarEvent(uid: "u", summary: "s", start: .allDay(Day(year: 2026, month: 12, day: 31)!), stamp: Sample.stamp)
        let lines = eventLines(event)
        #expect(lines.contains("DTSTART;VALUE=DATE:20261231"))
        #expect(lines.contains("DTEND;VALUE=DATE:20270101"))
    }

    @Test func timedEventPastMidnightEndsTheNextDay() {
        let start = ICalendarEvent.Start.timed(Day(year: 2028, month: 2, day: 28)!, TimeOfDay(hour: 23, minute: 30)!, durationMinutes: 24 * 60 + 45)
        let lines = eventLines(ICalendarEvent(uid: "u", summary: "s", start: start, stamp: Sample.stamp))
        #expect(lines.contains("DTSTART:20280228T233000"))
        #expect(lines.contains("DTEND:20280301T001500"))
    }

    @Test(arguments: [0, -5])
    func timedEventWithoutDurationHasNoEnd(_ minutes: Int) {
        let start = ICalendarEvent.Start.timed(Day(year: 2026, month: 1, day: 2)!, TimeOfDay(hour: 8, minute: 5)!, durationMinutes: minutes)
        let lines = eventLines(ICalendarEvent(uid: "u", summary: "s", start: start, stamp: Sample.stamp))
        #expect(lines.contains("DTSTART:20260102T080500"))
        #expect(!lines.contains { $0.hasPrefix("DTEND") })
    }

    @Test(arguments: [
        (0.0, "19700101T000000Z"),
        (1_796_113_800.75, "20261201T083000Z"),
        (951_782_400, "20000229T000000Z"),
        (-1.5, "19691231T235958Z"),
        (-2_208_988_800, "19000101T000000Z"),
    ])
    func stampIsUTC(_ seconds: Double, _ expected: String) {
        let event = ICalendarEvent(uid: "u", summary: "s", start: .allDay(Day(year: 2026, month: 1, day: 1)!), stamp: Date(timeIntervalSince1970: seconds))
        #expect(eventLines(event).contains("DTSTAMP:" + expected))
    }

    @Test func yearlyEventOnAnOrdinaryDayRepeatsPlainly() {
        let event = ICalendarEvent(uid: "u", summary: "s", start: .allDay(Day(year: 2026, month: 2, day: 28)!), recursYearly: true, stamp: Sample.stamp)
        #expect(eventLines(event).contains("RRULE:FREQ=YEARLY"))
    }

    @Test func yearlyEventOn29FebruaryFallsOnTheLastDayOfFebruary() {
        let timed = ICalendarEvent.Start.timed(Day(year: 2024, month: 2, day: 29)!, TimeOfDay(hour: 9, minute: 0)!, durationMinutes: 30)
        let event = ICalendarEvent(uid: "u", summary: "s", start: timed, recursYearly: true, stamp: Sample.stamp)
        #expect(eventLines(event).contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"))
    }

    @Test func birthdayWithoutYearStartsIn1904() throws {
        let event = try #require(ICalendarEvent.birthday(uid: "u", summary: "s", birthday: "--02-29", stamp: Sample.stamp))
        #expect(event.start == .allDay(Day(year: 1904, month: 2, day: 29)!))
        #expect(event.recursYearly)
        #expect(eventLines(event).contains("DTEND;VALUE=DATE:19040301"))
    }

    @Test func birthdayWithAYearStartsOnTheDayOfBirth() throws {
        let event = try #require(ICalendarEvent.birthday(uid: "u", summary: "s", birthday: "1815-12-10", stamp: Sample.stamp))
        #expect(eventLines(event).contains("DTSTART;VALUE=DATE:18151210"))
        #expect(eventLines(event).contains("RRULE:FREQ=YEARLY"))
    }

    @Test(arguments: ["", "1815-02-29", "--13-01", "12/10/1815", "-12-10", "--02-30"])
    func birthdayThatIsNotADateGivesNoEvent(_ birthday: String) {
        #expect(ICalendarEvent.birthday(uid: "u", summary: "s", birthday: birthday, stamp: Sample.stamp) == nil)
    }

    @Test func stampAtMidnightUTC() {
        let event = ICalendarEvent(uid: "u", summary: "s", start: .allDay(Day(year: 2026, month: 1, day: 1)!),
                                   stamp: Day(year: 2026, month: 11, day: 29)!.midnightUTC)
        #expect(eventLines(event).contains("DTSTAMP:20261129T000000Z"))
    }

    @Test func summaryUIDAndCategoriesAreEscapedTextAndCategoriesJoinWithCommas() {
        let event = ICalendarEvent(uid: "a,b", summary: "x; y\nz", description: "", start: .allDay(Day(year: 2026, month: 1, day: 1)!),
                                   categories: ["friends, close", "work"], stamp: Sample.stamp)
        let lines = eventLines(event)
        #expect(lines.contains(#"UID:a\,b"#))
        #expect(lines.contains(#"SUMMARY:x\; y\nz"#))
        #expect(lines.contains("DESCRIPTION:"))
        #expect(lines.contains(#"CATEGORIES:friends\, close,work"#))
    }

    @Test func noDescriptionNoCategoriesWritesNeither() {
        let lines = eventLines(ICalendarEvent(uid: "u", summary: "s", start: .allDay(Day(year: 2026, month: 1, day: 1)!), stamp: Sample.stamp))
        #expect(lines == [
            "BEGIN:VEVENT", "UID:u", "DTSTAMP:20261201T083000Z", "DTSTART;VALUE=DATE:20260101",
            "DTEND;VALUE=DATE:20260102", "SUMMARY:s", "END:VEVENT",
        ])
    }

    @Test func everyRenderedLineFitsIn75Octets() {
        let text = ICalendar.rendered([Sample.timed, Sample.allDay] + Sample.birthdays)
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") && !$0.contains("\r") })
    }
}
