import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// What the screens and messages say: each sample of a new user's week that was cut, missing,
/// counted differently or worded in two ways.
@Suite struct DisplayAndWordsTests {
    static func person(_ name: String, _ log: String = "- 2026-11-01 call: Talked.\n") -> String {
        "---\nname: \(name)\nevery: 30d\n---\n\n## Interactions\n\n\(log)"
    }

    /// At 60 columns, a NEXT column nobody has anything in is left out and names keep its room:
    /// they were cut to 14 cells beside an empty column.
    @Test func browseAtSixtyColumnsDropsAnEmptyNextColumnForTheNames() throws {
        let fixture = try BrowseFixture(example: false, size: Size(columns: 60, rows: 12), people: [
            "alexandra-whitfield": Self.person("Alexandra Whitfield-Oduya"),
            "bo": Self.person("Bo Li"),
        ])
        let lines = fixture.screen.lines
        let headings = try #require(lines.first { $0.contains("NAME") })
        #expect(!headings.contains("NEXT"), "\(headings)")
        #expect(lines.contains { $0.contains("Alexandra Whitfield-Oduya") }, "\(lines.joined(separator: "\n"))")
        // With a plan somewhere, NEXT is back.
        let planned = try BrowseFixture(example: false, size: Size(columns: 60, rows: 12), people: [
            "bo": Self.person("Bo Li", "- [ ] 2026-12-03 call: Ring.\n- 2026-11-01 call: Talked.\n"),
        ])
        #expect(planned.screen.lines.contains { $0.contains("NAME") && $0.contains("NEXT") })
    }

    /// The title counts what Today lists as overdue: the people due and the overdue follow-ups
    /// (it said "0 due today" beside two overdue follow-ups).
    @Test func browseTitleCountsTheOverdueFollowUpsTodayLists() throws {
        let fixture = try BrowseFixture(example: false, people: [
            "ana": Self.person("Ana Lima", "- [ ] 2026-11-20 call: Ask about the flat.\n- [ ] 2026-11-25: Send the photos.\n- 2026-11-10 call: Talked.\n"),
        ])
        #expect(fixture.screen.lines[0].contains("1 person · 0 due today · 2 follow-ups overdue"), "\(fixture.screen.lines[0])")
        fixture.press(.character("t"))
        #expect(fixture.text.contains("Ask about the flat."))
        #expect(fixture.text.contains("Send the photos."))
    }

    /// `crm restore` lists the trash with the names to type whole, however long.
    @Test func restoreNeverCutsTheNameItAsksFor() throws {
        let vault = try TemporaryVault()
        let name = "Maximiliana Alexandrina Featherstonehaugh-Worthington"
        #expect(try vault.crm("add", name).status == 0)
        #expect(try vault.crm("rm", "maximiliana", "--yes").status == 0)
        let listing = try vault.crm("restore")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/.crm/trash").first)
        #expect(file.count > 40)
        #expect(listing.stdout.contains(file + "  "), "\(listing.stdout)")
        #expect(try vault.crm("restore", file).status == 0)
    }

    /// `crm list` says "(snoozed)" where `crm due` does.
    @Test func listSaysSnoozedAsDueDoes() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ana.md", "---\nname: Ana Lima\nevery: 30d\nsnooze: 2026-12-20\n---\n\n## Interactions\n\n- 2026-10-01 call: Talked.\n")
        #expect(try vault.crm("due", "--within", "2m").stdout.contains("in 3 weeks (snoozed)"))
        #expect(try vault.crm("list").stdout.contains("in 3 weeks (snoozed)"))
    }

    /// `--calendar=cal.ics` names the calendar the same way on every run (it was `cal.ics`, then
    /// the absolute path once the file existed).
    @Test func aCalendarFileIsNamedOneWayRunAfterRun() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ana.md", Self.person("Ana Lima"))
        var answers: [String] = []
        for time in ["10:00", "11:00", "12:00"] {
            let result = try CRM.run(["log", "ana", "Coffee", "--date", "2026-11-29", "--time", time, "--calendar=cal.ics"], in: vault.url)
            #expect(result.status == 0, "\(result.stderr)")
            answers.append(String(result.stdout.split(separator: "\n").last ?? ""))
        }
        #expect(answers == Array(repeating: "Added the event to cal.ics", count: 3))
    }

    /// Text that starts with '-' is not an option: the error says how to pass it.
    @Test func textStartingWithADashIsToldToGoAfterTwoDashes() throws {
        let vault = try TemporaryVault()
        try vault.write("people/tom.md", Self.person("Tom Baker"))
        let result = try CRM.run(["log", "tom", "- dash note"], in: vault.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: unknown option '- dash note'; to pass text starting with '-', put it after '--': "
                                        + "crm log tom -- '- dash note'\n"), "\(result.stderr)")
        let again = try CRM.run(["log", "tom", "--", "- dash note"], in: vault.url)
        #expect(again.status == 0)
        #expect(vault.read("people/tom.md").contains("call: - dash note"))
        // A misspelt option is still only a misspelt option.
        #expect(try vault.crm("log", "tom", "x", "--tpye", "call").stderr.hasPrefix("crm: error: unknown option '--tpye'; did you mean --type?\n"))
    }

    /// `--help` shows help texts without Markdown's code marks; the man page sets them in bold.
    @Test func helpAndTheManPageRenderCodeMarks() throws {
        let help = try CRM.run(["due", "--help"])
        #expect(!help.stdout.contains("`"))
        #expect(help.stdout.contains("the added date plus the cadence"))
        let man = try CRM.run(["help", "--man"]).stdout
        #expect(!man.contains("`"))
        #expect(man.contains("\\fBadded\\fR"))
    }
}
