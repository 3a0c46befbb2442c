import Foundation
import Testing

/// `crm agenda` on the example vault, `unlog` and `restore`, and merges of a ticked box (CRM_TODAY=2026-11-29).
@Suite struct AgendaAndTrashTests {
    func json(_ result: CRMResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }

    // MARK: agenda

    @Test func agendaOnTheExampleVaultMatchesTheGoldenFile() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("agenda")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == StayInTouchCLITests.golden("agenda.txt"))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Each line as a reader checks it: everything overdue first, most overdue first (the people
        // `crm due` lists, then the follow-up) with how overdue, today and tomorrow named, times
        // where the item has one, the due day, undated follow-ups last.
        #expect(lines[0] == "Overdue")
        #expect(lines[1].hasPrefix("  due") && lines[1].contains("Theo Vance") && lines[1].hasSuffix("every 60d, never contacted  3 months overdue"))
        #expect(lines[2].hasPrefix("  due") && lines[2].contains("Priya Raman") && lines[2].hasSuffix("4 weeks overdue"))
        #expect(lines[3].hasPrefix("  due") && lines[3].contains("Oliver Finch") && lines[3].hasSuffix("every 90d, last contact 3 months ago  2 weeks overdue"))
        #expect(lines[4].hasPrefix("  due") && lines[4].contains("Henrik Dahl") && lines[4].hasSuffix("6 days overdue"))
        #expect(lines[5].contains("25 November") && lines[5].contains("Oliver Finch") && lines[5].hasSuffix("4 days overdue"))
        #expect(lines[6].contains("27 November") && lines[6].contains("Noor Haddad") && lines[6].hasSuffix("Send Noor the notes from the call.  2 days overdue"))
        #expect(lines[8] == "Today · Sunday 29 November")
        #expect(lines[9].hasPrefix("  21:00") && lines[9].contains("Lena Marsh") && lines[9].hasSuffix("call: Hear how the Leeds viewing went."))
        #expect(lines[11] == "Tomorrow · Monday 30 November")
        #expect(lines[12].contains("Bea Quill") && lines[12].hasSuffix("message: Ask if she can water the plants next week."))
        #expect(lines[14] == "Saturday 5 December")
        #expect(lines[15].hasPrefix("  10:00") && lines[15].contains("Bea Quill"))
        #expect(lines[17] == "Sunday 6 December")
        #expect(lines[18].hasPrefix("  due") && lines[18].contains("Grandma Rose") && lines[18].hasSuffix("every 14d, last contact 7 days ago"))
        #expect(lines[20] == "Thursday 10 December")
        #expect(lines[21].contains("Lena Marsh") && lines[21].hasSuffix("visit: Look at flats in Leeds with her."))
        #expect(lines[23] == "Someday")
        #expect(lines[24].hasPrefix("  [ ]") && lines[24].hasSuffix("Priya Raman   Lend her the Dolomites guidebook."))
        #expect(lines.count == 26 && lines[25].isEmpty)
        // Days with nothing on them (1, 2, 4 December…) are not printed.
        #expect(!result.stdout.contains("1 December"))
    }

    @Test func agendaJSONInTheOrderPrinted() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let rows = try #require(try json(try vault.crm("agenda", "--json")) as? [[String: Any]])
        #expect(rows.map { $0["kind"] as? String } == ["due", "due", "due", "due", "follow-up", "follow-up", "planned", "planned",
                                                       "planned", "due", "planned", "follow-up"])
        #expect(rows.map { $0["id"] as? String } == ["theo-vance", "priya-raman", "oliver-finch", "henrik-dahl", "oliver-finch",
                                                     "noor-haddad", "lena-marsh", "bea-quill", "bea-quill", "family/grandma-rose", "lena-marsh",
                                                     "priya-raman"])
        // An overdue person's date is their due date.
        #expect(rows.map { $0["date"] as? String } == ["2026-08-30", "2026-11-01", "2026-11-12", "2026-11-23", "2026-11-25",
                                                       "2026-11-27", "2026-11-29", "2026-11-30", "2026-12-05", "2026-12-06", "2026-12-10", nil])
        #expect(rows.map { $0["overdue_days"] as? Int } == [91, 28, 17, 6, 4, 2, nil, nil, nil, -7, nil, nil])
        // Noor's follow-up is an item of a daily note that links her.
        #expect(rows[5]["note"] as? String == "Send [[noor-haddad|Noor]] the notes from the call.")
        #expect(rows[6]["time"] as? String == "21:00")
        #expect(rows[6]["type"] as? String == "call")
        #expect(rows[11]["date"] is NSNull)
        #expect(rows[11]["note"] as? String == "Lend her the Dolomites guidebook.")
        for key in ["date", "kind", "id", "name", "time", "type", "note", "overdue_days"] {
            #expect(rows.allSatisfy { $0.keys.contains(key) }, "\(key)")
        }
    }

    @Test func agendaBirthdaysWithTheAgeAndThePlanBesideTheDueDayItMoved() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\nbirthday: 1815-12-10\nevery: 30d\n---\n\n## Interactions\n\n- 2026-11-01 call: x\n")
        // Both: 11-01 + 30d = 12-01. Bob's dinner on 12-04 moves his due date to it: both show that day.
        try vault.write("people/bob.md", "---\nname: Bob\nevery: 30d\n---\n\n## Interactions\n\n- [ ] 2026-12-04 19:00 visit: Dinner.\n- 2026-11-01 call: y\n")
        let text = try vault.crm("agenda").stdout
        #expect(text == """
            Tuesday 1 December
              due       Ada Lovelace  every 30d, last contact 4 weeks ago

            Friday 4 December
              19:00     Bob           visit: Dinner.
              due       Bob           every 30d, last contact 4 weeks ago

            Thursday 10 December
              birthday  Ada Lovelace  turns 211

            """)
        let rows = try #require(try json(try vault.crm("agenda", "--json")) as? [[String: Any]])
        #expect(rows.last?["kind"] as? String == "birthday")
        #expect(rows.last?["age"] as? Int == 211)
        let short = try vault.crm("agenda", "--within", "3d")
        #expect(short.stdout == "Tuesday 1 December\n  due       Ada Lovelace  every 30d, last contact 4 weeks ago\n")
        let empty = try TemporaryVault()
        #expect(try empty.crm("agenda").stdout.hasPrefix("Nothing planned until 2026-12-13."))
    }

    @Test func calendarPlansExportsOpenItemsAndPlannedEntriesWithStableUIDs() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let first = try vault.crm("calendar", "--plans", "--json")
        let events = try #require(try json(first) as? [[String: Any]])
        #expect(events.map { $0["summary"] as? String } == ["Message with Bea Quill", "Visit with Bea Quill", "Call with Lena Marsh",
                                                             "Visit with Lena Marsh", "Email with Oliver Finch", "Note with Noor Haddad"])
        #expect(events.map { $0["start"] as? String } == ["2026-11-30", "2026-12-05", "2026-11-29", "2026-12-10", "2026-11-25", "2026-11-27"])
        let ics = try vault.crm("calendar", "--plans").stdout
        #expect(ics.contains("DTSTART:20261205T100000\r\nDTEND:20261205T110000\r\n"))
        #expect(ics.contains("DTSTART;VALUE=DATE:20261130\r\n"))
        // Another day, the same items: the same UIDs; ticked today, the item is gone.
        let later = try #require(try json(try vault.crm("calendar", "--plans", "--json", environment: ["CRM_TODAY": "2026-11-30"])) as? [[String: Any]])
        #expect(Set(later.compactMap { $0["uid"] as? String }) == Set(events.compactMap { $0["uid"] as? String }))
        try vault.crm("done", "oliver", "--date", "today")
        let done = try #require(try json(try vault.crm("calendar", "--plans", "--json")) as? [[String: Any]])
        #expect(done.count == 5)
        #expect(!done.contains { $0["summary"] as? String == "Email with Oliver Finch" })
        // Without --plans, birthdays and due dates only, as before.
        #expect(!(try vault.crm("calendar").stdout.contains("CATEGORIES:plan")))
    }

    // MARK: unlog and restore

    @Test func unlogRemovesEntryNAsShowNumbersThemAndRestorePutsItBack() throws {
        let vault = try TemporaryVault()
        let original = "---\r\nname: Ada\r\n---\r\n\r\n## Interactions\r\n\r\n- 2026-11-28 call: Newest.\r\n- 2026-11-20 visit: Tea.\r\n  Two lines.\r\n- 2026-11-01 call: Oldest.\r\n"
        try vault.write("people/ada.md", original)
        let show = try vault.crm("show", "ada").stdout
        #expect(show.contains("  2  2026-11-20        visit  Tea.\n"))
        let result = try vault.crm("unlog", "ada", "2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Removed people/ada.md:8: - 2026-11-20 visit: Tea.\nKept in .crm/trash/"))
        #expect(vault.read("people/ada.md") == original.replacingOccurrences(of: "- 2026-11-20 visit: Tea.\r\n  Two lines.\r\n", with: ""))
        let trash = try FileManager.default.contentsOfDirectory(atPath: vault.path + "/.crm/trash")
        #expect(trash.count == 1)
        let kept = vault.read(".crm/trash/" + trash[0])
        #expect(kept.contains("path: people/ada.md\nid: ada\ndate: 2026-11-20\nline: 8\n"))
        #expect(kept.hasSuffix("---\n- 2026-11-20 visit: Tea.\n  Two lines.\n"))
        let list = try vault.crm("restore")
        #expect(list.stdout.contains(trash[0]) && list.stdout.contains("entry of people/ada.md: - 2026-11-20 visit: Tea."))
        let restored = try vault.crm("restore", "tea")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout == "Restored - 2026-11-20 visit: Tea. to people/ada.md:8\n")
        #expect(vault.read("people/ada.md") == original)
        #expect(try vault.crm("restore").stdout == "The trash is empty.\n")
    }

    @Test func restoreAfterTheFileChangedPutsTheEntryWhereTheOrderSays() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n\n## Interactions\n\n- 2026-11-28 call: Newest.\n- 2026-11-20 visit: Tea.\n- 2026-11-01 call: Oldest.\n")
        try vault.crm("unlog", "ada", "2")
        try vault.crm("log", "ada", "New one", "--date", "2026-11-29")
        try vault.crm("restore", "ada")
        #expect(vault.read("people/ada.md").hasSuffix(
            "- 2026-11-29 call: New one\n- 2026-11-28 call: Newest.\n- 2026-11-20 visit: Tea.\n- 2026-11-01 call: Oldest.\n"))
    }

    @Test func unlogRefusesANumberThatIsNotThere() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n\n## Interactions\n\n- 2026-11-28 call: Only.\n")
        let before = vault.read("people/ada.md")
        let result = try vault.crm("unlog", "ada", "2")
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: people/ada.md has 1 entry; there is no item 2 (see crm show ada)\n")
        #expect(try vault.crm("unlog", "ada", "zero").status == 2)
        #expect(vault.read("people/ada.md") == before)
    }

    @Test func rmThenRestoreGivesTheSameBytesBack() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.bytes("people/family/grandma-rose.md")
        #expect(try vault.crm("rm", "grandma", "--yes").status == 0)
        #expect(!vault.exists("people/family/grandma-rose.md"))
        let list = try vault.crm("restore", "--json")
        let rows = try #require(try json(list) as? [[String: Any]])
        #expect(rows.map { $0["kind"] as? String } == ["person"])
        #expect(rows.first?["path"] as? String == "people/family/grandma-rose.md")
        let result = try vault.crm("restore", "grandma")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.bytes("people/family/grandma-rose.md") == before)
        // Never over another file.
        try vault.crm("rm", "grandma", "--yes")
        try vault.write("people/family/grandma-rose.md", "---\nname: Someone else\n---\n")
        let refused = try vault.crm("restore", "grandma")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("people/family/grandma-rose.md exists; not restoring"))
    }

    // MARK: merges

    static let base = "---\nname: Ada\n---\n\n## Interactions\n\n- [ ] 2026-12-04 visit: Dinner.\n- 2026-11-20 call: Cards.\n"

    /// Runs the built `crm merge-driver` on `Self.base` with `a` as ours and `b` as theirs, then
    /// the other way round: both must exit 0 and leave `expected`.
    static func mergeEitherWay(_ a: String, _ b: String, gives expected: String) throws {
        let vault = try TemporaryVault()
        for (current, theirs) in [(a, b), (b, a)] {
            try vault.write("base.md", base)
            try vault.write("current.md", current)
            try vault.write("other.md", theirs)
            let result = try vault.crm("merge-driver", vault.path + "/base.md", vault.path + "/current.md", vault.path + "/other.md", "people/ada.md")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(vault.read("current.md") == expected)
        }
    }

    @Test func mergeDriverLetsTheTickedSideWin() throws {
        let ticked = Self.base.replacingOccurrences(of: "- [ ] 2026-12-04", with: "- [x] 2026-12-04")
        try Self.mergeEitherWay(ticked, Self.base + "- 2026-11-01 call: Older.\n", gives: ticked + "- 2026-11-01 call: Older.\n")
    }

    @Test func resolveWithoutABaseKeepsOneTickedCopy() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.base)
        try vault.write("people/ada.sync-conflict-20261129-101500-ABCDEFG.md",
                        Self.base.replacingOccurrences(of: "- [ ] 2026-12-04", with: "- [x] 2026-12-04"))
        let result = try vault.crm("resolve")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/ada.md") == Self.base.replacingOccurrences(of: "- [ ] 2026-12-04", with: "- [x] 2026-12-04"))
    }

    @Test(arguments: [
        ("- [ ] 2026-12-04 visit: Dinner.\n  More detail.\n", "- [x] 2026-12-04 visit: Dinner.\n  More detail.\n"),
        ("- [ ] 2026-12-04 visit: Supper.\n", "- [x] 2026-12-04 visit: Supper.\n"),
    ])
    func mergeDriverKeepsATickWhenTheOtherSideRewordedTheItem(edit: String, expected: String) throws {
        let ticked = Self.base.replacingOccurrences(of: "- [ ] 2026-12-04", with: "- [x] 2026-12-04")
        let other = Self.base.replacingOccurrences(of: "- [ ] 2026-12-04 visit: Dinner.\n", with: edit)
        try Self.mergeEitherWay(ticked, other, gives: Self.base.replacingOccurrences(of: "- [ ] 2026-12-04 visit: Dinner.\n", with: expected))
    }

    @Test func bothSidesRewordingAnItemKeepBothWordingsAsAConflict() throws {
        let vault = try TemporaryVault()
        try vault.write("base.md", Self.base)
        try vault.write("current.md", Self.base.replacingOccurrences(of: "- [ ] 2026-12-04 visit: Dinner.", with: "- [x] 2026-12-04 visit: Lunch."))
        try vault.write("other.md", Self.base.replacingOccurrences(of: "- [ ] 2026-12-04 visit: Dinner.", with: "- [ ] 2026-12-04 visit: Supper."))
        let result = try vault.crm("merge-driver", vault.path + "/base.md", vault.path + "/current.md", vault.path + "/other.md", "people/ada.md")
        #expect(result.status == 1, "one item changed two ways is a conflict")
        #expect(result.stderr == "crm merge-driver: people/ada.md: 1 entry changed differently on both sides "
                + "(both versions kept between conflict marks, ours first)\n")
        let merged = vault.read("current.md")
        #expect(merged.contains("- [x] 2026-12-04 visit: Lunch.\n=======\n- [ ] 2026-12-04 visit: Supper.\n>>>>>>> theirs (crm)\n"))
        #expect(!merged.contains("Dinner"))
    }
}
