import Foundation
import Testing
@testable import CRMFormat

/// `dates:` (named dates besides the birthday) and `deceased:`, as every command that shows them
/// does, through the built `crm` on 2 December 2026.
@Suite struct DatesThatMatterTests {
    static let today = ["CRM_TODAY": "2026-12-02"]

    /// Ada has three dates (a day, a month, a day without the year); Bob died, and would otherwise
    /// be due, have a birthday and an anniversary within the agenda's two weeks.
    static func vault(ada extra: String = "") throws -> TemporaryVault {
        let vault = try TemporaryVault()
        vault.environment = today
        try vault.write("people/ada-lovelace.md", """
            ---
            name: Ada Lovelace
            birthday: 1815-12-10
            every: 30d
            dates:
              anniversary: 2015-12-08
              met: 2019-03
              first_date: --12-12
            \(extra)---

            ## Interactions

            - 2026-11-01 call: Tea.

            """)
        try vault.write("people/bob-marsh.md", """
            ---
            name: Bob Marsh
            birthday: 1950-12-09
            every: 30d
            deceased: 2025-04-02
            dates:
              anniversary: 1975-12-08
            ---

            ## Interactions

            - 2025-01-01 call: The last call.

            """)
        return vault
    }

    @Test(arguments: [
        // written, year, month, day, in words
        ("2015-06-20", 2015 as Int?, 6 as Int?, 20 as Int?, "20 June 2015"),
        ("--06-20", nil, 6, 20, "20 June"),
        ("2019-03", 2019, 3, nil, "March 2019"),
        ("2019", 2019, nil, nil, "2019"),
    ])
    func partialDates(_ written: String, _ year: Int?, _ month: Int?, _ day: Int?, _ words: String) throws {
        let date = try #require(PartialDate(written))
        #expect((date.year, date.month, date.day) == (year, month, day))
        #expect(date.description == written)
        #expect(spelledOut(date) == words)
        #expect((date.yearly != nil) == (day != nil))
    }

    @Test(arguments: ["", "June", "2019-13", "2019-3", "19-03", "2019-02-30", "--13-01", "2019-03-", "0000", "+2019"])
    func notPartialDates(_ text: String) { #expect(PartialDate(text) == nil) }

    @Test func showListsTheDatesAndWhenSomeoneDied() throws {
        let vault = try Self.vault()
        let ada = try vault.crm("show", "ada")
        #expect(ada.status == 0 && ada.stderr.isEmpty, "\(ada.stderr)")
        #expect(ada.stdout.contains("""
              birthday     1815-12-10
              anniversary  2015-12-08
              met          2019-03
              first date   --12-12
              every        30d
            """), "\(ada.stdout)")
        let bob = try vault.crm("show", "bob")
        #expect(bob.stdout.contains("Bob Marsh  people/bob-marsh.md\n  died         2 April 2025\n"), "\(bob.stdout)")
        #expect(!bob.stdout.contains("  due "), "\(bob.stdout)")
        #expect(bob.stdout.contains("2025-01-01        call  The last call."), "the log stays: \(bob.stdout)")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", "ada", "--json").stdout.utf8)) as? [String: Any])
        #expect(json["dates"] as? [String: String] == ["anniversary": "2015-12-08", "met": "2019-03", "first_date": "--12-12"])
        #expect(json["deceased"] is NSNull)
        let dead = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", "bob", "--json").stdout.utf8)) as? [String: Any])
        #expect(dead["deceased"] as? String == "2025-04-02")
        #expect(dead["due"] is NSNull)
    }

    @Test func agendaRemindsOfDatesAsOfBirthdaysAndNotOfTheDead() throws {
        let vault = try Self.vault()
        let agenda = try vault.crm("agenda")
        #expect(agenda.status == 0 && agenda.stderr.isEmpty, "\(agenda.stderr)")
        #expect(agenda.stdout == """
            Overdue
              due          Ada Lovelace  every 30d, last contact 4 weeks ago  1 day overdue

            Tuesday 8 December
              anniversary  Ada Lovelace  11 years

            Thursday 10 December
              birthday     Ada Lovelace  turns 211

            Saturday 12 December
              first date   Ada Lovelace  first date

            """, "\(agenda.stdout)")
        // The same window as birthdays: a week ahead, the 10th and 12th are out.
        let week = try vault.crm("agenda", "--within", "6d")
        #expect(week.stdout.contains("anniversary  Ada Lovelace  11 years") && !week.stdout.contains("first date"), "\(week.stdout)")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("agenda", "--json").stdout.utf8)) as? [[String: Any]])
        let dates = json.filter { $0["kind"] as? String == "date" }
        #expect(dates.map { $0["key"] as? String } == ["anniversary", "first_date"])
        #expect(dates.map { $0["date"] as? String } == ["2026-12-08", "2026-12-12"])
        #expect(dates[0]["years"] as? Int == 11 && dates[1]["years"] is NSNull)
        #expect(!json.contains { $0["id"] as? String == "bob-marsh" })
    }

    @Test func theDeadAreNeverDueNorRemindedOf() throws {
        let vault = try Self.vault()
        let list = try vault.crm("list")
        #expect(list.stdout.contains("Bob Marsh     23 months ago  -     30d    -\n"), "\(list.stdout)")
        let due = try vault.crm("due", "--within", "1y")
        #expect(due.stdout.contains("Ada Lovelace") && !due.stdout.contains("Bob"), "\(due.stdout)")
        let birthdays = try vault.crm("birthdays")
        #expect(birthdays.stdout.contains("Ada Lovelace") && !birthdays.stdout.contains("Bob"), "\(birthdays.stdout)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("list", "--json").stdout.utf8)) as? [[String: Any]])
        #expect(listed.first { $0["id"] as? String == "bob-marsh" }?["due"] is NSNull)
    }

    @Test func calendarWritesDatesAsYearlyEventsWithTheBirthdaysAlarm() throws {
        let vault = try Self.vault()
        let all = try vault.crm("calendar").stdout.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(all.contains("""
            DTSTART;VALUE=DATE:20151208
            DTEND;VALUE=DATE:20151209
            RRULE:FREQ=YEARLY
            SUMMARY:Ada Lovelace: anniversary
            CATEGORIES:date
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:Ada Lovelace: anniversary
            TRIGGER:PT9H
            END:VALARM
            """), "\(all)")
        #expect(all.contains("DTSTART;VALUE=DATE:19041212\nDTEND;VALUE=DATE:19041213\nRRULE:FREQ=YEARLY\nSUMMARY:Ada Lovelace: first date\nDESCRIPTION:Year unknown.\n"))
        #expect(!all.contains("met"))
        #expect(!all.contains("Bob Marsh"), "no birthday, date nor due date for the dead: \(all)")
        let summaries = { (text: String) in text.split(separator: "\r\n").filter { $0.hasPrefix("SUMMARY:") } }
        #expect(summaries(try vault.crm("calendar", "--dates").stdout) == ["SUMMARY:Ada Lovelace: anniversary", "SUMMARY:Ada Lovelace: first date"])
        #expect(summaries(try vault.crm("calendar", "--birthdays").stdout) == ["SUMMARY:Ada Lovelace's birthday"])
    }

    @Test func theVCardHasTheAnniversaryAlone() throws {
        let vault = try Self.vault()
        let cards = try vault.crm("export", "--format", "vcard").stdout
        let ada = try #require(cards.components(separatedBy: "END:VCARD").first { $0.contains("FN:Ada Lovelace") })
        #expect(ada.contains("BDAY:18151210\r\nANNIVERSARY:20151208\r\n"), "\(ada)")
        #expect(!ada.contains("2019") && !ada.contains("1212"), "met and first_date stay in the file: \(ada)")
        #expect(cards.contains("ANNIVERSARY:19751208\r\n"))

        try vault.write("people/cleo.md", "---\nname: Cleo\ndates:\n  anniversary: 2019-03\n---\n")
        try vault.write("people/dan.md", "---\nname: Dan\ndates:\n  anniversary: --06-20\n---\n")
        let more = try vault.crm("export", "--format", "vcard").stdout
        #expect(more.contains("FN:Cleo\r\nN:;Cleo;;;\r\nANNIVERSARY:2019-03\r\n") && more.contains("ANNIVERSARY:--0620\r\n"), "\(more)")
    }

    @Test func checkReportsADateThatIsNotOneAtItsPlace() throws {
        let vault = try Self.vault(ada: "deceased: \n")
        try vault.write("people/cleo.md", "---\nname: Cleo\ndates:\n  anniversary: 2015-06-20\n  met:   last June\n  moved: [2020]\n---\n")
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout == """
            people/cleo.md:5:10: error: dates: met: 'last June' is not a date (YYYY-MM-DD, --MM-DD without the year, YYYY-MM or YYYY) [invalid-value]
            people/cleo.md:6:10: error: dates: moved: the value is not a date (YYYY-MM-DD, --MM-DD without the year, YYYY-MM or YYYY) [invalid-value]

            """, "\(check.stdout)")
        // Listings warn and keep the dates that are dates.
        let show = try vault.crm("show", "cleo")
        #expect(show.stderr.contains("people/cleo.md:5:10: warning: dates: met: 'last June' is not a date"), "\(show.stderr)")
        #expect(show.stdout.contains("  anniversary  2015-06-20\n") && !show.stdout.contains("last June"), "\(show.stdout)")
        #expect(try vault.crm("check", "--rules").stdout.contains("a value not of its key's form (birthday, dates, deceased, every"))
    }
}
