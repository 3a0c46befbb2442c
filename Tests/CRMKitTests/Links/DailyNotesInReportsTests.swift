import Foundation
import Testing
@testable import CRMBrowse
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// A daily note's items count in every report as the person's own entries do: each report that
/// lists each person's items lists them under everyone they name; each that lists items once (a
/// calendar's events, `INDEX.md`'s recent interactions, `search`) lists them once.
@Suite struct DailyNotesInReportsTests {
    /// Tom's only interaction and Hannah's only open item live in daily notes (today is 2026-11-29).
    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: Daily\n")
        try vault.write("people/hannah-berg.md", "---\nname: Hannah Berg\nevery: 30d\nadded: 2026-11-01\n---\n")
        try vault.write("people/tom-reed.md", "---\nname: Tom Reed\nevery: 30d\nadded: 2026-01-01\ncontact_id: tom-1\n---\n")
        try vault.write("Daily/2026-11-20.md", "# Friday\n\n- call: Long chat with [[Tom Reed]] about the lemon cake\n")
        try vault.write("Daily/2026-12-05.md", """
        # Saturday

        Bake day.

        ## Plans

        - Groceries
        - 09:00 Gym
        - [ ] 14:00 visit: Bring [[Hannah Berg]] and [[Tom Reed]] the lemon cake

        """)
        return vault
    }

    func json(_ result: CRMResult) throws -> Any { try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) }

    @Test func calendarPlansHoldADailyNotesOpenItemOnceWithEveryoneItLinks() throws {
        let vault = try vault()
        let plans = try #require(try json(vault.crm("calendar", "--plans", "--json")) as? [[String: Any]])
        #expect(plans.map { $0["summary"] as? String } == ["Visit with Hannah Berg and Tom Reed"])
        let ics = try vault.crm("calendar", "--plans").stdout.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(ics.contains("DTSTART:20261205T140000\n"), "\(ics)")
        #expect(ics.contains("DESCRIPTION:Bring Hannah Berg and Tom Reed the lemon cake\n"), "\(ics)")
        // The UID is the item's: the same on every run, another for another item.
        #expect(try vault.crm("calendar", "--plans").stdout == vault.crm("calendar", "--plans").stdout)
    }

    @Test func calendarDueDatesCountDailyNotesAsDueDoes() throws {
        let vault = try vault()
        let due = try #require(try json(vault.crm("calendar", "--due", "--json")) as? [[String: Any]])
        #expect(due.map { $0["start"] as? String } == ["2026-12-05", "2026-12-20"])
        let ics = try vault.crm("calendar", "--due").stdout
        #expect(ics.contains("Every 30d. Last interaction: 2026-11-20 (call)."), "\(ics)")
        let list = try #require(try json(vault.crm("list", "--json")) as? [[String: Any]])
        #expect(list.map { $0["due"] as? String } == ["2026-12-05", "2026-12-20"])
    }

    @Test func searchLooksInDailyNotesAfterThePersonFiles() throws {
        let vault = try vault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n\nLoves lemon cake.\n")
        let search = try vault.crm("search", "lemon cake")
        #expect(search.stdout == """
        people/ada.md:5: Loves lemon cake.
        Daily/2026-11-20.md:3: - call: Long chat with [[Tom Reed]] about the lemon cake
        Daily/2026-12-05.md:9: - [ ] 14:00 visit: Bring [[Hannah Berg]] and [[Tom Reed]] the lemon cake

        """, "\(search.stdout)\(search.stderr)")
        let hits = try #require(try json(vault.crm("search", "groceries", "--json")) as? [[String: Any]])
        #expect(hits.count == 1)
        #expect(hits.first?["id"] is NSNull)
        #expect(hits.first?["path"] as? String == "Daily/2026-12-05.md")
        #expect(hits.first?["line"] as? Int == 7)
    }

    @Test func doneSaysWhereADailyNotesItemIsToBeTicked() throws {
        let vault = try vault()
        let before = vault.read("Daily/2026-12-05.md")
        let done = try vault.crm("done", "hannah")
        #expect(done.status == 1)
        #expect(done.stderr == """
        crm: error: Hannah Berg has no open items in people/hannah-berg.md; this one lives in another file:
          Daily/2026-12-05.md:9: 2026-12-05 Bring [[Hannah Berg]] and [[Tom Reed]] the lemon cake (a daily note: tick it there)

        """, "\(done.stderr)")
        #expect(vault.read("Daily/2026-12-05.md") == before)
        // An entry of another person's log is ticked there: by its number in that log.
        _ = try vault.crm("plan", "tom", "Dinner", "--with", "hannah", "--date", "2026-12-20")
        let dinner = try vault.crm("done", "hannah", "dinner")
        #expect(dinner.stderr == """
        crm: error: Hannah Berg has no open item whose note holds 'dinner' in people/hannah-berg.md; this one lives in another file:
          people/tom-reed.md:10: 2026-12-20 Dinner (with [[hannah-berg|Hannah Berg]]) (tick it with: crm done tom-reed 1)

        """, "\(dinner.stderr)")
        #expect(try vault.crm("done", "tom-reed", "1").status == 0)
        #expect(try vault.crm("done", "hannah", "nothing").stderr == "crm: error: Hannah Berg has no open item whose note holds 'nothing'\n")
    }

    @Test func indexListsADailyNotesInteractionOnce() throws {
        let vault = try vault()
        _ = try vault.crm("index")
        let index = vault.read("INDEX.md")
        #expect(index.contains("""
        ## Recent interactions

        - 2026-11-20 call, [Tom Reed](people/tom-reed.md): Long chat with [[Tom Reed]] about the lemon cake

        """), "\(index)")
    }

    /// Every report, on a vault whose only interaction with Tom and only plan with Hannah are in
    /// daily notes.
    @Test func everyReportSeesTheDailyNotes() throws {
        let vault = try vault()
        let list = try vault.crm("list").stdout
        #expect(list.contains("Tom Reed     9 days ago"), "\(list)")
        #expect(list.contains("Hannah Berg  never         in 6 days"), "\(list)")
        #expect(try vault.crm("due", "--within", "1w").stdout.contains("Hannah Berg"))
        let agenda = try vault.crm("agenda").stdout
        #expect(agenda.contains("14:00     Hannah Berg  visit: Bring Hannah Berg and Tom Reed the lemon cake"), "\(agenda)")
        #expect(try vault.crm("summary").stdout.hasPrefix("1 interaction from 2025-12-01 to 2026-11-29, with 1 of 2 people"))
        #expect(try vault.crm("show", "tom").stdout.contains("in Daily/2026-11-20.md:3"))
        let csv = try vault.crm("export", "--format", "csv").stdout
        #expect(csv.contains("Tom Reed,tom-reed,,,,,30d,2026-11-20,2026-12-05,2026-12-20,1"), "\(csv)")
        let exported = try #require(try json(vault.crm("export", "--format", "json")) as? [[String: Any]])
        #expect(exported.map { ($0["interactions"] as? [Any])?.count } == [1, 2])
    }

    @Test func browseSeesADailyNoteChangedOnDisk() throws {
        let fixture = try BrowseFixture()   // example-vault/, with `journal: Daily`
        _ = fixture.session.poll(listing: true)   // the first look takes the stamps
        #expect(fixture.state.listing.rows.first { $0.name == "Henrik Dahl" }?.last != Day("2026-11-28"))
        try fixture.write("Daily/2026-11-28.md", "- call: [[Henrik Dahl]] about the race\n")
        #expect(fixture.session.poll(listing: true))
        #expect(fixture.state.listing.rows.first { $0.name == "Henrik Dahl" }?.last == Day("2026-11-28"))
        try fixture.write("Daily/2026-11-28.md", "- call: [[Henrik Dahl]] about the race, again\n")
        #expect(fixture.session.poll(listing: true))
    }
}
