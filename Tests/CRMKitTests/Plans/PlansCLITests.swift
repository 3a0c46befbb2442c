import Foundation
import Testing

/// Plans and follow-ups from the command line (`plan`, `done`, `log`, `list`, `show`, `due`,
/// `check`) with CRM_TODAY set: the lines each command changes and what the listings say.
@Suite struct PlansCLITests {
    static let today = ["CRM_TODAY": "2026-11-29"]

    /// A vault with Ada (every 30d) and her log, newest first unless `log` says otherwise.
    func vault(_ log: String, every: String = "30d", crlf: Bool = false) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        var text = "---\nname: Ada Lovelace\nevery: \(every)\nadded: 2026-01-05\n---\n\n## Interactions\n\n" + log
        if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        try vault.write("people/ada.md", text)
        return vault
    }

    func json(_ result: CRMResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }

    /// Lines of `after` that are not in `before` and the reverse, in order.
    func changed(_ before: String, _ after: String) -> (removed: [String], added: [String]) {
        let a = before.components(separatedBy: "\n"), b = after.components(separatedBy: "\n")
        let diff = b.difference(from: a)
        var removed: [String] = [], added: [String] = []
        for change in diff {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): added.append(line)
            }
        }
        return (removed, added)
    }

    // MARK: reading

    @Test func aPlainEntryAfterTodayIsPlannedNotTheLastContact() throws {
        let vault = try vault("- 2026-12-05 visit: Dinner.\n- 2026-11-20 call: Cards.\n")
        let show = try #require(try json(try vault.crm("show", "ada", "--json", environment: Self.today)) as? [String: Any])
        #expect(show["last"] as? String == "2026-11-20")
        #expect(show["next"] as? String == "2026-12-05")
        // 11-20 + 30d = 12-20; the plan is earlier, so the due date stays.
        #expect(show["due"] as? String == "2026-12-20")
        let entries = try #require(show["interactions"] as? [[String: Any]])
        #expect(entries.map { $0["status"] as? String } == ["planned", "done"])
        #expect(entries[0]["checkbox"] is NSNull)
    }

    @Test func onItsDayAPlannedEntryBecomesTheLastContact() throws {
        let vault = try vault("- 2026-12-05 visit: Dinner.\n- 2026-11-20 call: Cards.\n")
        // The same file, read on the dinner's day and the day after: the cache must not keep the old answer.
        for (day, last, next) in [("2026-12-04", "2026-11-20", "2026-12-05"), ("2026-12-05", "2026-12-05", nil),
                                  ("2026-12-06", "2026-12-05", nil), ("2026-11-29", "2026-11-20", "2026-12-05")] {
            let rows = try #require(try json(try vault.crm("list", "--json", environment: ["CRM_TODAY": day])) as? [[String: Any]])
            #expect(rows[0]["last"] as? String == last, "\(day)")
            #expect(rows[0]["next"] as? String == next, "\(day)")
        }
    }

    @Test func aPlanLaterThanTheDueDateMovesItAnOverdueOpenItemDoesNot() throws {
        // 10-01 + 30d = 10-31: overdue on 11-29.
        let later = try vault("- [ ] 2026-12-10 visit: Dinner.\n- [ ] 2026-11-02 call: Ask about the cards.\n- 2026-10-01 call: Cards.\n")
        let rows = try #require(try json(try later.crm("due", "--within", "3w", "--json", environment: Self.today)) as? [[String: Any]])
        #expect(rows.first?["due"] as? String == "2026-12-10")
        #expect(rows.first?["next"] as? String == "2026-12-10")
        #expect(rows.first?["last"] as? String == "2026-10-01")
        let overdueOnly = try vault("- [ ] 2026-11-02 call: Ask about the cards.\n- 2026-10-01 call: Cards.\n")
        let due = try #require(try json(try overdueOnly.crm("due", "--json", environment: Self.today)) as? [[String: Any]])
        #expect(due.first?["due"] as? String == "2026-10-31")
        #expect(due.first?["next"] is NSNull)
    }

    @Test func openItemsNeverCountAndDoneItemsDo() throws {
        let vault = try vault("- [ ] 2026-11-28 call: Not yet.\n- [x] 2026-11-25 visit: Tea.\n- 2026-11-01 call: Cards.\n")
        let show = try #require(try json(try vault.crm("show", "ada", "--json", environment: Self.today)) as? [String: Any])
        #expect(show["last"] as? String == "2026-11-25")
        #expect(show["next"] is NSNull)
        let list = try #require(try json(try vault.crm("list", "--json", environment: Self.today)) as? [[String: Any]])
        #expect(list[0]["interactions"] as? Int == 2)
    }

    @Test func anObsidianTickedBoxIsAnInteraction() throws {
        let vault = try vault("* [ ] [[2026-11-27]] call: Ask about the interview.\n- 2026-11-01 call: Cards.\n")
        let before = try #require(try json(try vault.crm("list", "--json", environment: Self.today)) as? [[String: Any]])
        #expect(before[0]["last"] as? String == "2026-11-01")
        // What Obsidian writes when the box is ticked: the one character, nothing else.
        try vault.write("people/ada.md", vault.read("people/ada.md").replacingOccurrences(of: "* [ ] [[", with: "* [x] [["))
        let after = try #require(try json(try vault.crm("list", "--json", environment: Self.today)) as? [[String: Any]])
        #expect(after[0]["last"] as? String == "2026-11-27")
        #expect(after[0]["due"] as? String == "2026-12-27")
        #expect(try vault.crm("check", environment: Self.today).stdout.isEmpty)
    }

    @Test func checkWarnsAboutAnEntryMoreThanAYearAhead() throws {
        let vault = try vault("- [ ] 2028-01-01 call: A plan far ahead is fine.\n- 2027-12-01 call: Typo'd year.\n- 2027-11-29 call: Exactly a year is fine.\n")
        let result = try vault.crm("check", environment: Self.today)
        #expect(result.stdout == "people/ada.md:10:1: warning: entry dated 2027-12-01, more than a year from today: a mistyped year? (a plan is written '- [ ] DATE …') [future-entry]\n")
        #expect(result.status == 0)
    }

    // MARK: plan

    @Test func planWritesOneOpenItemWhereTheOrderPutsIt() throws {
        let vault = try vault("- 2026-12-10 call: Later plan.\n- 2026-11-20 call: Cards.\n")
        let before = vault.read("people/ada.md")
        let result = try vault.crm("plan", "ada", "Dinner", "at", "the", "club", "--type", "visit", "--date", "friday", "--time", "19:00",
                                   environment: Self.today)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Planned visit with Ada Lovelace on 2026-12-04 19:00 (Friday, in 5 days) (people/ada.md:10)\n")
        let diff = changed(before, vault.read("people/ada.md"))
        #expect(diff.removed.isEmpty)
        #expect(diff.added == ["- [ ] 2026-12-04 19:00 visit: Dinner at the club"])
        #expect(vault.read("people/ada.md").contains("- 2026-12-10 call: Later plan.\n- [ ] 2026-12-04 19:00 visit: Dinner at the club\n- 2026-11-20"))
    }

    @Test(arguments: [("tomorrow", "2026-11-30"), ("+3d", "2026-12-02"), ("+2w", "2026-12-13"), ("monday", "2026-11-30"),
                      ("sunday", "2026-12-06"), ("Sat", "2026-12-05"), ("2027-01-02", "2027-01-02")])
    func planDates(_ input: String, _ day: String) throws {
        // 2026-11-29 is a Sunday: "sunday" is the next one, a week ahead.
        let vault = try vault("- 2026-11-20 call: Cards.\n")
        let result = try vault.crm("plan", "ada", "Call", "--date", input, "--json", environment: Self.today)
        let object = try #require(try json(result) as? [String: Any])
        let entry = try #require(object["interaction"] as? [String: Any])
        #expect(entry["date"] as? String == day)
        #expect(entry["status"] as? String == "open")
        #expect(entry["checkbox"] as? String == " ")
    }

    @Test func aDateThatIsNoneOfTheFormsIsAUsageError() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n")
        let before = vault.read("people/ada.md")
        let bad = try vault.crm("plan", "ada", "Call", "--date", "someday", environment: Self.today)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("a weekday (friday: the next one after today)"))
        #expect(vault.read("people/ada.md") == before)
    }

    @Test func planInACRLFFileKeepsItsLineEndings() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n", crlf: true)
        try vault.crm("plan", "ada", "Dinner", "--date", "2026-12-01", environment: Self.today)
        #expect(vault.read("people/ada.md").hasSuffix("## Interactions\r\n\r\n- [ ] 2026-12-01 call: Dinner\r\n- 2026-11-20 call: Cards.\r\n"))
        try vault.crm("done", "ada", environment: Self.today)
        // Done on 2026-11-29, before its day: it takes the day it was done.
        #expect(vault.read("people/ada.md").hasSuffix("\r\n- [x] 2026-11-29 call: Dinner\r\n- 2026-11-20 call: Cards.\r\n"))
    }

    // MARK: done

    @Test func doneTicksTheOldestOpenItemOneChangedLine() throws {
        let vault = try vault("- [ ] 2026-12-04 visit: Dinner.\n- [ ] 2026-11-26 call: Ask about the interview.\n- 2026-11-20 call: Cards.\n")
        let before = vault.read("people/ada.md")
        let result = try vault.crm("done", "ada", environment: Self.today)
        #expect(result.status == 0)
        #expect(result.stdout == "Done call with Ada Lovelace on 2026-11-26: Ask about the interview. (people/ada.md:10)\n")
        let diff = changed(before, vault.read("people/ada.md"))
        #expect(diff.removed == ["- [ ] 2026-11-26 call: Ask about the interview."])
        #expect(diff.added == ["- [x] 2026-11-26 call: Ask about the interview."])
    }

    @Test func doneWithTextPicksTheOnlyMatchAndRefusesSeveral() throws {
        let vault = try vault("- [ ] 2026-12-04 visit: Dinner at the club.\n- [ ] 2026-11-26 call: Ask about dinner plans.\n- [ ] 2026-11-25 call: Cards.\n")
        let before = vault.read("people/ada.md")
        let several = try vault.crm("done", "ada", "DINNER", environment: Self.today)
        #expect(several.status == 1)
        #expect(several.stderr == """
            crm: error: 2 open items of Ada Lovelace hold 'DINNER'; say which with more of its note:
              people/ada.md:10: 2026-11-26 Ask about dinner plans.
              people/ada.md:9: 2026-12-04 Dinner at the club.

            """)
        #expect(vault.read("people/ada.md") == before)
        let one = try vault.crm("done", "ada", "club", environment: Self.today)
        #expect(one.status == 0)
        #expect(changed(before, vault.read("people/ada.md")).added == ["- [x] 2026-11-29 visit: Dinner at the club."])
        let none = try vault.crm("done", "ada", "zebra", environment: Self.today)
        #expect(none.status == 1)
        #expect(none.stderr == "crm: error: Ada Lovelace has no open item whose note holds 'zebra'\n")
    }

    @Test func doneWithADateMovesTheItemInAnOldestFirstFile() throws {
        let vault = try vault("- 2026-10-01 call: First.\n- 2026-11-20 call: Cards.\n- [ ] 2026-12-04 visit: Dinner.\n  Bring the cards.\n")
        let result = try vault.crm("done", "ada", "--date", "2026-11-10", environment: Self.today)
        #expect(result.status == 0)
        #expect(vault.read("people/ada.md").hasSuffix(
            "## Interactions\n\n- 2026-10-01 call: First.\n- [x] 2026-11-10 visit: Dinner.\n  Bring the cards.\n- 2026-11-20 call: Cards.\n"))
        let show = try #require(try json(try vault.crm("show", "ada", "--json", environment: Self.today)) as? [String: Any])
        #expect(show["last"] as? String == "2026-11-20")
    }

    @Test func doneOnAnUndatedFollowUpDatesIt() throws {
        let vault = try vault("- [ ] Ask about the interview.\n- 2026-11-20 call: Cards.\n")
        try vault.crm("done", "ada", environment: Self.today)
        #expect(vault.read("people/ada.md").hasSuffix("## Interactions\n\n- [x] 2026-11-29: Ask about the interview.\n- 2026-11-20 call: Cards.\n"))
        let noneLeft = try vault.crm("done", "ada", environment: Self.today)
        #expect(noneLeft.status == 1)
        #expect(noneLeft.stderr.contains("has no open items"))
    }

    @Test func logOnTheDayOfAnOpenItemChangesNothingElse() throws {
        let vault = try vault("- [ ] 2026-11-29 call: Ask about the interview.\n- 2026-11-20 call: Cards.\n")
        let before = vault.read("people/ada.md")
        let result = try vault.crm("log", "ada", "Talked", "--type", "call", environment: Self.today)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Logged call with Ada Lovelace on 2026-11-29"))
        let diff = changed(before, vault.read("people/ada.md"))
        #expect(diff.removed.isEmpty)
        #expect(diff.added == ["- 2026-11-29 call: Talked"])
        #expect(vault.read("people/ada.md").contains("- [ ] 2026-11-29 call: Ask about the interview."))
    }

    @Test func fmtKeepsEveryBoxAndWritesItCanonically() throws {
        let vault = try vault("* [ ] [[2026-12-04]] Visit: Dinner.\n+ [X] 2026-11-28 CALL: Ticked.\n- [ ]   Someday, undated.\n- 2026-11-20 call: Cards.\n")
        let result = try vault.crm("fmt", environment: Self.today)
        #expect(result.status == 0)
        #expect(vault.read("people/ada.md").hasSuffix(
            "## Interactions\n\n- [ ] [[2026-12-04]] visit: Dinner.\n- [x] 2026-11-28 call: Ticked.\n- [ ]   Someday, undated.\n- 2026-11-20 call: Cards.\n"))
        let show = try #require(try json(try vault.crm("show", "ada", "--json", environment: Self.today)) as? [String: Any])
        #expect((show["interactions"] as? [[String: Any]])?.map { $0["status"] as? String } == ["open", "done", "done"])
    }

    // MARK: list, show, due, summary

    @Test func listShowsNextAndShowListsWhatIsComingApart() throws {
        let vault = try vault("- [ ] Lend her the book.\n- [ ] 2026-12-04 19:00 visit: Dinner.\n- [ ] 2026-11-26 call: Ask about the interview.\n- 2026-11-20 call: Cards.\n")
        let list = try vault.crm("list", environment: Self.today)
        #expect(list.stdout == """
            NAME          LAST CONTACT  NEXT       EVERY  DUE         TAGS
            Ada Lovelace  9 days ago    in 5 days  30d    in 3 weeks

            """)
        let show = try vault.crm("show", "ada", environment: Self.today).stdout
        #expect(show.hasSuffix("""
              next   2026-12-04 (in 5 days)
              due    2026-12-20 (in 3 weeks)

            Coming up (3)
              2  2026-11-26        call   Ask about the interview. (3 days overdue)
              1  2026-12-04 19:00  visit  Dinner.
              4  someday                  Lend her the book.

            Interactions (1)
              3  2026-11-20        call   Cards.

            """))
        let due = try vault.crm("due", "--within", "4w", environment: Self.today).stdout
        #expect(due.contains("NEXT") && due.contains("in 5 days"))
    }

    @Test func summaryCountsWhatHappenedAndThePlannedApart() throws {
        let vault = try vault("- 2026-12-05 visit: Dinner.\n- [ ] 2026-11-30 call: Ask.\n- [ ] 2026-11-02 call: Overdue.\n- [x] 2026-11-25 call: Done.\n- 2026-11-20 call: Cards.\n")
        let summary = try #require(try json(try vault.crm("summary", "--since", "2026-11-01", "--until", "2026-12-31", "--json",
                                                          environment: Self.today)) as? [String: Any])
        #expect(summary["interactions"] as? Int == 2)
        #expect(summary["planned"] as? Int == 2)
        let text = try vault.crm("summary", environment: Self.today).stdout
        #expect(text.contains("Planned:") && text.contains("2 (crm agenda)"))
    }
}
