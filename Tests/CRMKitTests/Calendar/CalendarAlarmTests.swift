import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Every event the tool writes carries a reminder: 09:00 on the day of an all-day event, the
/// `calendar_alarm` lead before a timed one (15 minutes when not set), none with `none`.
@Suite struct CalendarAlarmTests {
    @Test(arguments: [("15m", "-PT15M"), ("0m", "-PT0M"), ("90m", "-PT90M"), ("1h", "-PT1H"), ("2d", "-P2D"), ("1w", "-P1W")])
    func aLeadIsATriggerBeforeATimedEvent(_ text: String, _ trigger: String) throws {
        let alarm = try #require(CalendarAlarm(text))
        #expect(alarm.description == text)
        #expect(alarm.trigger(for: .timed(Day("2026-12-05")!, TimeOfDay(hour: 19, minute: 0)!, durationMinutes: 60)) == trigger)
        #expect(alarm.trigger(for: .allDay(Day("2026-12-05")!)) == "PT9H")
    }

    @Test(arguments: ["", "15", "m", "15 m", "-15m", "15min", "1.5h", "99999m", "１５m", "15M"])
    func anythingElseIsNotALead(_ text: String) {
        #expect(CalendarAlarm(text) == nil)
        #expect(CalendarAlarm.setting(text) == nil)
    }

    @Test func theConfigSetsTheLeadOrTurnsAlarmsOff() {
        func config(_ text: String) -> VaultConfig { VaultConfig(bytes: Array(text.utf8), path: ".crm/config.yaml") }
        #expect(VaultConfig().calendarAlarm == .standard)
        #expect(config("calendar_alarm: 1h\n").calendarAlarm == CalendarAlarm(amount: 1, unit: .hours))
        #expect(config("calendar_alarm: none\n").calendarAlarm == nil)
        let bad = config("calendar_alarm: soon\n")
        #expect(bad.calendarAlarm == .standard)
        #expect(bad.diagnostics.map(\.description) == [".crm/config.yaml:1:17: error: calendar_alarm must be \(CalendarAlarm.form); using 15m [config-value]"])
    }

    @Test func theAlarmIsAVALARMInsideTheEvent() {
        let event = ICalendarEvent(uid: "u", summary: "Visit with Ada, Countess; of Lovelace", start: .allDay(Day("2026-12-05")!),
                                   stamp: Day("2026-11-29")!.midnightUTC, alarm: .standard)
        #expect(event.rendered.hasSuffix("""
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:Visit with Ada\\, Countess\\; of Lovelace\r
            TRIGGER:PT9H\r
            END:VALARM\r
            END:VEVENT\r

            """))
        #expect(!event.alarmed(by: nil).rendered.contains("VALARM"))
    }

    // MARK: from the command line

    /// The VALARM blocks of an iCalendar text, each as `TRIGGER DESCRIPTION`.
    func alarms(_ ics: String) -> [String] {
        let lines = ics.components(separatedBy: "\r\n")
        return lines.indices.filter { lines[$0] == "BEGIN:VALARM" }.map { start in
            let block = lines[start...].prefix { $0 != "END:VALARM" }
            let trigger = block.first { $0.hasPrefix("TRIGGER:") }?.dropFirst(8) ?? "?"
            let description = block.first { $0.hasPrefix("DESCRIPTION:") }?.dropFirst(12) ?? "?"
            #expect(block.contains("ACTION:DISPLAY"))
            return "\(trigger) \(description)"
        }
    }

    @Test func everyEventOfCalendarHasOneAlarm() throws {
        let vault = try TemporaryVault(copyingExample: true)
        for arguments in [["calendar"], ["calendar", "--plans"], ["calendar", "--birthdays"]] {
            let ics = try CRM.run(["--vault", vault.path] + arguments).stdout
            let events = ics.components(separatedBy: "BEGIN:VEVENT").count - 1
            let found = alarms(ics)
            #expect(found.count == events && events > 0, "\(arguments)")
            // Timed plans 15 minutes before, everything else 09:00 on its day.
            let timed = ics.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART:") }.count
            #expect(found.filter { $0.hasPrefix("-PT15M ") }.count == timed, "\(arguments)")
            #expect(found.filter { $0.hasPrefix("PT9H ") }.count == events - timed, "\(arguments)")
        }
        let plans = alarms(try vault.crm("calendar", "--plans").stdout)
        #expect(plans.contains("-PT15M Call with Lena Marsh"))
        #expect(plans.contains("PT9H Message with Bea Quill"))
    }

    @Test func logAndPlanCalendarEventsTakeTheConfiguredLead() throws {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.write(".crm/config.yaml", "calendar_alarm: 2h\n")
        try vault.crm("log", "lena", "Dinner", "--date", "2026-12-05", "--time", "19:00", "--calendar=" + vault.path + "/a.ics")
        try vault.crm("plan", "lena", "Flat viewing", "--date", "2026-12-07", "--calendar=" + vault.path + "/a.ics")
        #expect(alarms(vault.read("a.ics")) == ["-PT2H Call with Lena Marsh", "PT9H Call with Lena Marsh"])
        #expect(try vault.crm("calendar", "--json").stdout.contains("\"alarm\": \"PT9H\""))
        try vault.write(".crm/config.yaml", "calendar_alarm: none\n")
        try vault.crm("log", "lena", "Lunch", "--date", "2026-12-06", "--time", "12:00", "--calendar=" + vault.path + "/b.ics")
        #expect(!vault.read("b.ics").contains("VALARM"))
        #expect(!(try vault.crm("calendar").stdout.contains("VALARM")))
        #expect(try vault.crm("calendar", "--json").stdout.contains("\"alarm\": null"))
    }
}
