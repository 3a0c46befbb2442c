import Foundation
import Testing

/// `crm due`, `crm snooze` and `crm birthdays` as a user runs them (CRM_TODAY=2026-11-29).
@Suite struct StayInTouchCLITests {
    /// The JSON a command printed, as Foundation objects.
    static func json(_ result: CRMResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }

    static func golden(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: Fixtures.root.appendingPathComponent("Fixtures/golden/" + name).path) ?? Data(), as: UTF8.self)
    }

    // MARK: due

    @Test func dueOnTheExampleVaultMostOverdueFirst() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("due", "--json")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let rows = try #require(try Self.json(result) as? [[String: Any]])
        // Theo: added 2026-07-01 + 60d = 08-30, never contacted. Priya: 10-02 + 30d (friends) = 11-01.
        // Oliver: 08-14 + 90d (vault) = 11-12. Henrik: 11-09 + 2w = 11-23.
        #expect(rows.map { $0["id"] as? String } == ["theo-vance", "priya-raman", "oliver-finch", "henrik-dahl"])
        #expect(rows.map { $0["due"] as? String } == ["2026-08-30", "2026-11-01", "2026-11-12", "2026-11-23"])
        #expect(rows.map { $0["overdue_days"] as? Int } == [91, 28, 17, 6])
        #expect(rows.map { $0["every"] as? String } == ["60d", "30d", "90d", "2w"])
        #expect(rows.map { $0["last"] as? String } == [nil, "2026-10-02", "2026-08-14", "2026-11-09"])
        #expect(rows[0]["last"] is NSNull)
        #expect(rows.map { $0["name"] as? String } == ["Theo Vance", "Priya Raman", "Oliver Finch", "Henrik Dahl"])
    }

    @Test func dueWithinAddsPeopleDueSoonAndSaysWhoIsSnoozed() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let rows = try #require(try Self.json(try vault.crm("due", "--within", "3w", "--json")) as? [[String: Any]])
        // Grandma Rose: 11-22 + 14d (family) = 12-06. José: 10-30 + 30d = 11-29, snoozed to 12-15.
        // Lena: 11-20 + 30d = 12-20 (the last day, 2026-11-29 + 3w, is included).
        #expect(rows.map { $0["id"] as? String } == ["theo-vance", "priya-raman", "oliver-finch", "henrik-dahl",
                                                     "family/grandma-rose", "jose-nunez", "lena-marsh"])
        #expect(rows.suffix(3).map { $0["overdue_days"] as? Int } == [-7, -16, -21])
        #expect(rows.suffix(3).map { $0["snoozed"] as? Bool } == [false, true, false])
        let shorter = try #require(try Self.json(try vault.crm("due", "--within", "20d", "--json")) as? [[String: Any]])
        #expect(shorter.count == 6)
    }

    @Test func dueTextMatchesTheGoldenFiles() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let due = try vault.crm("due")
        #expect(due.status == 0)
        #expect(due.stdout == Self.golden("due.txt"))
        #expect(try vault.crm("due", "--within", "3w").stdout == Self.golden("due-within-3w.txt"))
    }

    @Test func dueTextShowsRelativeTimesAndTheLastInteraction() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let lines = try vault.crm("due", "--within", "3w").stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("NAME"))
        // 91 days is 3 months, 28 days 4 weeks, 17 days 2 weeks; Priya's last visit was 58 days ago.
        #expect(lines[1].contains("Theo Vance") && lines[1].contains("3 months overdue") && lines[1].contains("never (added 2026-07-01)"))
        #expect(lines[2].contains("4 weeks overdue") && lines[2].contains("8 weeks ago, visit: Bouldering, then noodles. …"))
        #expect(lines[3].contains("2 weeks overdue") && lines[3].contains("3 months ago, email: Asked about rebinding Grandma's recipe…"))
        #expect(lines[4].contains("6 days overdue") && lines[4].contains("2w") && lines[4].contains("2 weeks ago, message: Sent the photos"))
        #expect(lines[5].contains("in 7 days") && lines[5].contains("14d") && lines[5].contains("7 days ago, call:"))
        #expect(lines[6].contains("in 2 weeks (snoozed)") && lines[6].contains("4 weeks ago, call:"))
        #expect(lines[7].contains("in 3 weeks") && lines[7].contains("9 days ago, visit:"))
        #expect(lines.count == 8)
    }

    @Test func dueTodayAndNobodyDue() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\nevery: 7d\n---\n\n## Interactions\n\n- 2026-11-22 call: x\n")
        let today = try vault.crm("due")
        #expect(today.stdout == "NAME  DUE    EVERY  NEXT  LAST CONTACT\nAda   today  7d     -     7 days ago, call: x\n")
        let none = try vault.crm("due", environment: ["CRM_TODAY": "2026-11-25"])
        #expect(none.stdout == "Nobody is due. Next: Ada, in 4 days (2026-11-29).\n")
        let within = try vault.crm("due", "--within", "2d", environment: ["CRM_TODAY": "2026-11-25"])
        #expect(within.stdout == "Nobody is due within 2d. Next: Ada, in 4 days (2026-11-29).\n")
    }

    @Test func sameDueDayAndSameNameAreOrderedById() throws {
        let vault = try TemporaryVault()
        for (file, name) in [("zed", "Ann"), ("ann-b", "Ann"), ("bea", "bea"), ("ann", "Ann"), ("cy", "Cy")] {
            try vault.write("people/\(file).md", "---\nname: \(name)\nevery: 7d\n---\n\n## Interactions\n\n- 2026-11-20 call: x\n")
        }
        try vault.write("people/old.md", "---\nname: Zoe\nevery: 7d\n---\n\n## Interactions\n\n- 2026-11-01 call: x\n")
        let rows = try #require(try Self.json(try vault.crm("due", "--json")) as? [[String: Any]])
        // Zoe is most overdue; the rest share 2026-11-27: by name, a tie by id.
        #expect(rows.map { $0["id"] as? String } == ["old", "ann", "ann-b", "zed", "bea", "cy"])
        let listed = try #require(try Self.json(try vault.crm("list", "--json")) as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == ["ann", "ann-b", "zed", "bea", "cy", "old"])
    }

    @Test func sameBirthdayAndSameNameAreOrderedById() throws {
        let vault = try TemporaryVault()
        for (file, name) in [("zed", "Ann"), ("ann-b", "Ann"), ("bea", "bea"), ("ann", "Ann")] {
            try vault.write("people/\(file).md", "---\nname: \(name)\nbirthday: 1990-12-01\n---\n")
        }
        let rows = try #require(try Self.json(try vault.crm("birthdays", "--json")) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["ann", "ann-b", "zed", "bea"])
    }

    @Test func neverContactedWithoutAddedIsDueAtOnce() throws {
        let vault = try TemporaryVault()
        try vault.write("people/bo.md", "---\nname: Bo\nevery: 30d\n---\n")
        let rows = try #require(try Self.json(try vault.crm("due", "--json")) as? [[String: Any]])
        #expect(rows.first?["due"] as? String == "2026-11-29")
        #expect(rows.first?["overdue_days"] as? Int == 0)
    }

    @Test func invalidCadenceIsAWarningNotAGuess() throws {
        let vault = try TemporaryVault(copyingExample: true)
        // A family member would be due every 14d; with a broken `every` the tool does not guess.
        try vault.write("people/cousin.md", "---\nname: Cousin Kim\ntags: [family]\nevery: fortnightly\nsnooze: soon\n---\n")
        let result = try vault.crm("due")
        #expect(result.status == 0)
        #expect(!result.stdout.contains("Cousin Kim"))
        #expect(result.stderr == """
        people/cousin.md:4:8: warning: every: 'fortnightly' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y) [invalid-value]
        people/cousin.md:5:9: warning: snooze: 'soon' is not a date (YYYY-MM-DD) [invalid-value]

        """)
        #expect(try vault.crm("due", "--within", "1z").status == 2)
    }

    // MARK: snooze

    @Test func snoozeWritesOneLine() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.bytes("people/margaret-holloway.md")
        let result = try vault.crm("snooze", "margaret", "2026-12-31")
        #expect(result.status == 0)
        // 32 days ahead; her usual due date (2026-12-28) is earlier, so the snooze decides.
        #expect(result.stdout == "Snoozed Margaret Holloway until 2026-12-31 (in 4 weeks).\n")
        let diff = lineDiff(before, vault.bytes("people/margaret-holloway.md"))
        #expect(diff.removed == [])
        #expect(diff.added == ["snooze: 2026-12-31\n"])
        let rows = try #require(try Self.json(try vault.crm("due", "--within", "5w", "--json")) as? [[String: Any]])
        #expect(rows.first { $0["id"] as? String == "margaret-holloway" }?["due"] as? String == "2026-12-31")
    }

    @Test func snoozeReplacesAnExistingSnoozeAndTakesOffsets() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.bytes("people/jose-nunez.md")
        let result = try vault.crm("snooze", "José", "2w")
        #expect(result.stdout == "Snoozed José Núñez until 2026-12-13 (in 2 weeks).\n")
        let diff = lineDiff(before, vault.bytes("people/jose-nunez.md"))
        #expect(diff.removed == ["snooze: 2026-12-15\n"])
        #expect(diff.added == ["snooze: 2026-12-13\n"])
        #expect(try vault.crm("snooze", "jose", "+2w").stdout == "Snoozed José Núñez until 2026-12-13 (in 2 weeks); it already was.\n")
        #expect(try vault.crm("snooze", "henrik", "tomorrow").stdout == "Snoozed Henrik Dahl until 2026-11-30 (tomorrow).\n")
        let json = try #require(try Self.json(try vault.crm("snooze", "henrik", "+1m", "--json")) as? [String: Any])
        #expect(json["snooze"] as? String == "2026-12-29")
        #expect(json["due"] as? String == "2026-12-29")
        #expect(json["changed"] as? Bool == true)
    }

    @Test func snoozeEarlierThanTheDueDateSaysSo() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("snooze", "margaret", "2026-12-01")
        #expect(result.stdout == "Snoozed Margaret Holloway until 2026-12-01 (in 2 days); due 2026-12-28 anyway.\n")
    }

    @Test func snoozeRefusesThePastAndNonsense() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.bytes("people/margaret-holloway.md")
        let past = try vault.crm("snooze", "margaret", "yesterday")
        #expect(past.status == 2)
        #expect(past.stderr.contains("UNTIL 2026-11-28 is in the past; to stop snoozing, run 'crm unset margaret snooze'"))
        #expect(try vault.crm("snooze", "margaret", "someday").status == 2)
        #expect(try vault.crm("snooze", "nobody-at-all", "2w").status == 1)
        #expect(vault.bytes("people/margaret-holloway.md") == before)
    }

    // MARK: birthdays

    @Test func birthdaysWithinAYearWithAges() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let rows = try #require(try Self.json(try vault.crm("birthdays", "--within", "1y", "--json")) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["family/grandma-rose", "margaret-holloway", "山田-花子", "jose-nunez"])
        #expect(rows.map { $0["next"] as? String } == ["2027-02-03", "2027-03-14", "2027-04-12", "2027-07-23"])
        #expect(rows.map { $0["birthday"] as? String } == ["1941-02-03", "1988-03-14", "--04-12", "1979-07-23"])
        #expect(rows.map { $0["age"] as? Int } == [86, 39, nil, 48])
        #expect(rows[2]["age"] is NSNull)
        #expect(try vault.crm("birthdays", "--within", "1y").stdout == Self.golden("birthdays-within-1y.txt"))
    }

    @Test func noBirthdaysSoonNamesTheNextOne() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("birthdays")
        #expect(result.stdout == "No birthdays from 2026-11-29 to 2026-12-29. Next: Grandma Rose on 2027-02-03 (in 2 months), turning 86.\n")
        #expect(try vault.crm("birthdays", "--json").stdout == "[]\n")
    }

    @Test func birthdaysAcrossTheNewYearAndOn29February() throws {
        let vault = try TemporaryVault()
        try vault.write("people/leap.md", "---\nname: Leap Day\nbirthday: 2000-02-29\n---\n")
        try vault.write("people/newyear.md", "---\nname: New Year\nbirthday: --01-03\n---\n")
        try vault.write("people/bad.md", "---\nname: Bad Date\nbirthday: 31/12/1990\n---\n")
        let december = try vault.crm("birthdays", environment: ["CRM_TODAY": "2026-12-20"])
        // 14 days from 2026-12-20; the leap-day birthday (2027-02-28) is further than 30 days.
        #expect(december.stdout == "NAME      DATE        WHEN        TURNS\nNew Year  2027-01-03  in 2 weeks  -\n")
        #expect(december.stderr == "people/bad.md:3:11: warning: birthday: '31/12/1990' is not a date (YYYY-MM-DD, or --MM-DD without the year) [invalid-value]\n")
        let february = try #require(try Self.json(try vault.crm("birthdays", "--json", environment: ["CRM_TODAY": "2027-02-20"])) as? [[String: Any]])
        #expect(february.map { $0["next"] as? String } == ["2027-02-28"])
        #expect(february.map { $0["age"] as? Int } == [27])
        let leapYear = try #require(try Self.json(try vault.crm("birthdays", "--json", environment: ["CRM_TODAY": "2028-02-20"])) as? [[String: Any]])
        #expect(leapYear.map { $0["next"] as? String } == ["2028-02-29"])
        #expect(leapYear.map { $0["age"] as? Int } == [28])
        let today = try vault.crm("birthdays", environment: ["CRM_TODAY": "2027-01-03"])
        #expect(today.stdout.contains("New Year  2027-01-03  today"))
    }

    /// `crm list` says "(snoozed)" where `crm due` does.
    @Test func listSaysSnoozedAsDueDoes() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ana.md", "---\nname: Ana Lima\nevery: 30d\nsnooze: 2026-12-20\n---\n\n## Interactions\n\n- 2026-10-01 call: Talked.\n")
        #expect(try vault.crm("due", "--within", "2m").stdout.contains("in 3 weeks (snoozed)"))
        #expect(try vault.crm("list").stdout.contains("in 3 weeks (snoozed)"))
    }
}
