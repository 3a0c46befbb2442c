import Foundation
import Testing

/// Undated follow-ups (`- [ ] NOTE`): `plan` without `--date` writes one, `show` numbers them after
/// the entries, and `done` and `unlog` take those numbers (CRM_TODAY=2026-11-29).
@Suite struct UndatedFollowUpTests {
    func vault(_ log: String?) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/kwame.md", "---\nname: Kwame Mensah\n---\n" + (log.map { "\n## Interactions\n\n" + $0 } ?? ""))
        return vault
    }

    func json(_ result: CRMResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The sample: `crm plan kwame "Ask about the wedding date"` failed with "missing --date".
    @Test func planWithoutADateWritesAnUndatedFollowUp() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n")
        let planned = try vault.crm("plan", "kwame", "Ask about the wedding date")
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(planned.stdout == "Planned a follow-up with Kwame Mensah, no date (people/kwame.md:7)\n")
        #expect(vault.read("people/kwame.md").hasSuffix("## Interactions\n\n- [ ] Ask about the wedding date\n- 2026-11-20 call: Cards.\n"))
        let show = try vault.crm("show", "kwame").stdout
        #expect(show.contains("Coming up (1)\n  2  someday                 Ask about the wedding date\n"), "\(show)")
        #expect(show.contains("Interactions (1)\n  1  2026-11-20        call  Cards.\n"), "\(show)")
        #expect(try vault.crm("agenda").stdout.contains("Someday\n  [ ]"))
    }

    @Test(arguments: [
        // A log written newest first: above the entries; with follow-ups already: after the last of them.
        ("- 2026-11-20 call: Cards.\n- 2026-11-01 call: Tea.\n", "- [ ] New\n- 2026-11-20 call: Cards.\n- 2026-11-01 call: Tea.\n"),
        ("- 2026-11-01 call: Tea.\n- 2026-11-20 call: Cards.\n", "- 2026-11-01 call: Tea.\n- 2026-11-20 call: Cards.\n- [ ] New\n"),
        ("- [ ] Old\n  more\n\n- 2026-11-20 call: Cards.\n", "- [ ] Old\n  more\n- [ ] New\n\n- 2026-11-20 call: Cards.\n"),
        ("", "- [ ] New\n"),
        ("Some text.\n", "Some text.\n\n- [ ] New\n"),
    ])
    func whereTheFollowUpGoes(_ log: String, _ after: String) throws {
        let vault = try vault(log)
        #expect(try vault.crm("plan", "kwame", "New").status == 0)
        #expect(vault.read("people/kwame.md") == "---\nname: Kwame Mensah\n---\n\n## Interactions\n\n" + after)
    }

    @Test func aFileWithoutALogGetsOne() throws {
        let vault = try vault(nil)
        #expect(try vault.crm("plan", "kwame", "New").status == 0)
        #expect(vault.read("people/kwame.md") == "---\nname: Kwame Mensah\n---\n\n## Interactions\n\n- [ ] New\n")
    }

    /// `--with` links the others in an undated follow-up as in a dated one (it was ignored), and
    /// refuses the person themselves as it does there.
    @Test func withLinksTheOthersInAnUndatedFollowUp() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n")
        try vault.write("people/ama.md", "---\nname: Ama Owusu\n---\n")
        let planned = try vault.crm("plan", "kwame", "Lend the Dolomites guide", "--with", "ama")
        #expect(planned.stdout == "Planned a follow-up with Kwame Mensah and Ama Owusu, no date (people/kwame.md:7)\n", "\(planned.stderr)")
        #expect(vault.read("people/kwame.md").contains("\n- [ ] Lend the Dolomites guide (with [[ama|Ama Owusu]])\n- 2026-11-20"))
        let before = vault.read("people/kwame.md")
        let own = try vault.crm("plan", "kwame", "Ask", "--with", "kwame")
        #expect(own.status == 1)
        #expect(own.stderr.hasPrefix("crm: error: --with kwame: that is Kwame Mensah, whose log the entry goes in"))
        #expect(vault.read("people/kwame.md") == before)
    }

    @Test(arguments: [["--time", "10:00"], ["--type", "visit"], ["--calendar"]])
    func optionsThatNeedADateAreUsageErrors(_ options: [String]) throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n")
        let before = vault.read("people/kwame.md")
        let result = try CRM.run(["--vault", vault.path, "plan", "kwame", "Ask"] + options)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: \(options[0]) needs --date"), "\(result.stderr)")
        #expect(vault.read("people/kwame.md") == before)
    }

    @Test func aNoteThatWouldReadAsADatedItemIsRefused() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n")
        let before = vault.read("people/kwame.md")
        let result = try vault.crm("plan", "kwame", "2026-12-01 dinner")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'2026-12-01 dinner' would not read as an undated follow-up; a date goes in --date"))
        #expect(vault.read("people/kwame.md") == before)
    }

    @Test func aNoteOfSeveralLinesContinuesIndented() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n")
        try vault.crm("plan", "kwame", "-", stdin: "Ask about the wedding\nand the date\n")
        #expect(vault.read("people/kwame.md").contains("- [ ] Ask about the wedding\n  and the date\n- 2026-11-20"))
        let json = try json(try vault.crm("plan", "kwame", "Second", "--json"))
        let item = try #require(json["follow_up"] as? [String: Any])
        #expect(item["note"] as? String == "Second" && item["line"] as? Int == 9 && item["checkbox"] as? String == " ")
    }

    @Test func doneAndUnlogTakeTheNumbersShowGives() throws {
        let vault = try vault("- [ ] Lend the book\n- [ ] Ask about the wedding date\n- 2026-11-20 call: Cards.\n- [ ] 2026-11-25 call: Ring.\n")
        // 1 = 2026-11-25, 2 = 2026-11-20, then the follow-ups in file order: 3, 4.
        let show = try vault.crm("show", "kwame").stdout
        #expect(show.contains("  1  2026-11-25        call  Ring. (4 days overdue)\n  3  someday                 Lend the book\n"
                              + "  4  someday                 Ask about the wedding date\n"), "\(show)")
        let done = try vault.crm("done", "kwame", "4")
        #expect(done.stdout == "Done follow-up with Kwame Mensah on 2026-11-29: Ask about the wedding date (people/kwame.md:10)\n", "\(done.stderr)")
        // Oldest first: ticked today, it goes last.
        let ticked = "- [ ] Lend the book\n- 2026-11-20 call: Cards.\n- [ ] 2026-11-25 call: Ring.\n- [x] 2026-11-29: Ask about the wedding date\n"
        #expect(vault.read("people/kwame.md").hasSuffix("## Interactions\n\n" + ticked))
        // Listed again: now 1 = 11-29 (ticked), 2 = 11-25, 3 = 11-20, and the follow-up left is 4.
        try vault.crm("show", "kwame")
        let notOpen = try vault.crm("done", "kwame", "3")
        #expect(notOpen.status == 1)
        #expect(notOpen.stderr == "crm: error: item 3 of Kwame Mensah is not an open item: people/kwame.md:8: - 2026-11-20 call: Cards.\n")
        #expect(try vault.crm("done", "kwame", "9").stderr
                == "crm: error: people/kwame.md has 3 entries and 1 undated follow-up; there is no item 9 (see crm show kwame)\n")
        let unlog = try vault.crm("unlog", "kwame", "4")
        #expect(unlog.stdout.hasPrefix("Removed people/kwame.md:7: - [ ] Lend the book\n"), "\(unlog.stderr)")
        #expect(!vault.read("people/kwame.md").contains("Lend the book"))
        let restore = try vault.crm("restore", "kwame")
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(vault.read("people/kwame.md").hasSuffix("## Interactions\n\n" + ticked))
    }

    @Test func aRemovedFollowUpGoesBackWithTheOthersWhenTheFileChanged() throws {
        let vault = try vault("- [ ] Lend the book\n- 2026-11-20 call: Cards.\n")
        try vault.crm("unlog", "kwame", "2")
        try vault.crm("log", "kwame", "Call.")
        try vault.crm("plan", "kwame", "Other")
        #expect(try vault.crm("restore", "kwame").status == 0)
        #expect(vault.read("people/kwame.md").hasSuffix("## Interactions\n\n- [ ] Other\n- [ ] Lend the book\n- 2026-11-29 call: Call.\n"
                                                        + "- 2026-11-20 call: Cards.\n"))
    }
}
