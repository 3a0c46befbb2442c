import Foundation
import Testing

/// `done` on a future item, the line `log`, `plan` and `done` report, and edits of files that
/// could not be read (CRM_TODAY=2026-11-29).
@Suite struct TickAndLineTests {
    func vault(_ log: String) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\n---\n\n## Interactions\n\n" + log)
        return vault
    }

    @Test func doneOnAnItemDatedAfterTodayTakesToday() throws {
        let vault = try vault("- [ ] 2026-12-05 visit: Dinner.\n- 2026-11-20 call: Cards.\n")
        let result = try vault.crm("done", "ada", "dinner")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Done visit with Ada Lovelace on 2026-11-29 (planned for 2026-12-05): Dinner. (people/ada.md:7)\n")
        #expect(vault.read("people/ada.md").hasSuffix("- [x] 2026-11-29 visit: Dinner.\n- 2026-11-20 call: Cards.\n"))
        #expect(try vault.crm("list", "--json").stdout.contains("\"last\": \"2026-11-29\""))
    }

    @Test func doneWithADateAfterTodayKeepsTheDateGiven() throws {
        let vault = try vault("- [ ] 2026-12-05 visit: Dinner.\n")
        let result = try vault.crm("done", "ada", "--date", "2026-12-06")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/ada.md").hasSuffix("- [x] 2026-12-06 visit: Dinner.\n"))
    }

    @Test func doneOnAnItemDatedBeforeTodayKeepsItsDate() throws {
        let vault = try vault("- 2026-11-28 call: Later.\n- [ ] 2026-11-20 visit: Dinner.\n")
        let result = try vault.crm("done", "ada")
        #expect(result.stdout == "Done visit with Ada Lovelace on 2026-11-20: Dinner. (people/ada.md:8)\n")
    }

    @Test func doneHelpSaysAFutureItemTakesToday() throws {
        #expect(try CRM.run(["done", "--help"]).stdout.contains("after today"))
    }

    @Test func logAndPlanReportTheLineTheyWroteBesideATwin() throws {
        // Oldest first: a new entry goes after the entries of its day, so its twin comes first.
        let vault = try vault("- 2026-11-01 call: Old.\n- [ ] 2026-11-29 call: Same.\n")
        let logged = try vault.crm("log", "ada", "Same.", "--type", "call")
        #expect(vault.read("people/ada.md").hasSuffix("- 2026-11-01 call: Old.\n- [ ] 2026-11-29 call: Same.\n- 2026-11-29 call: Same.\n"))
        #expect(logged.stdout == "Logged call with Ada Lovelace on 2026-11-29 (people/ada.md:9)\n")
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\n---\n\n## Interactions\n\n- 2026-11-01 call: Old.\n- 2026-11-29 call: Same.\n")
        let planned = try vault.crm("plan", "ada", "Same.", "--type", "call", "--date", "2026-11-29")
        #expect(vault.read("people/ada.md").hasSuffix("- 2026-11-01 call: Old.\n- 2026-11-29 call: Same.\n- [ ] 2026-11-29 call: Same.\n"))
        #expect(planned.stdout.hasSuffix("(people/ada.md:9)\n"))
        let json = try vault.crm("log", "ada", "Same.", "--type", "call", "--json")
        #expect(json.stdout.contains("\"line\": 10,"), "\(json.stdout)")
    }

    @Test func doneReportsTheLineTheItemMovedTo() throws {
        let vault = try vault("- [ ] 2026-11-29 call: Same.\n- 2026-11-29 call: Same.\n- [ ] 2026-11-01 call: Old item.\n")
        let result = try vault.crm("done", "ada", "old", "--date", "2026-11-29")
        let lines = vault.read("people/ada.md").components(separatedBy: "\n")
        let line = try #require(lines.firstIndex(of: "- [x] 2026-11-29 call: Old item.")) + 1
        #expect(result.stdout == "Done call with Ada Lovelace on 2026-11-29: Old item. (people/ada.md:\(line))\n")
    }

    @Test(arguments: [["done", "ada"], ["unlog", "ada", "1"], ["plan", "ada", "x", "--date", "2026-12-01"]])
    func editingAnUnreadableFileReportsWhy(arguments: [String]) throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Array("---\nname: Ada\n---\n\n## Interactions\n\n- [ ] 2026-12-01 call: x\n".utf8) + [0xFF, 0x0A])
        let before = vault.bytes("people/ada.md")
        let result = try CRM.run(["--vault", vault.path] + arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains("people/ada.md:8:"), "\(result.stderr)")
        #expect(result.stderr.contains("not valid UTF-8"), "\(result.stderr)")
        #expect(!result.stderr.contains("no open items") && !result.stderr.contains("entr"))
        #expect(vault.bytes("people/ada.md") == before)
    }
}
