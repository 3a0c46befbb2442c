import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// A paragraph typed between two entries of the log: kept byte for byte, shown under the entry
/// above it (`crm show`, `show --json`, browse's person page), named by `crm check` alone, and
/// kept with that entry when `crm fmt` sorts the log or `crm log` adds an entry.
@Suite struct HandWrittenTextTests {
    static let tom = """
    ---
    name: Tom Baker
    ---

    ## Interactions

    - 2026-11-20 call: Talked about the move.

    He sounded tired; ask about
    the new job next time.

    - 2026-10-01: Coffee at the station.

    """

    @Test func showPrintsTheTextUnderTheEntryAbove() throws {
        let vault = try TemporaryVault()
        try vault.write("people/tom.md", Self.tom)
        let show = try vault.crm("show", "tom")
        #expect(show.stderr == "")
        #expect(show.stdout.hasSuffix("""
        Interactions (2)
          1  2026-11-20        call  Talked about the move.
                                     He sounded tired; ask about
                                     the new job next time.
          2  2026-10-01        note  Coffee at the station.

        """))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try vault.crm("show", "tom", "--json").stdout.utf8)) as? [String: Any])
        let entries = try #require(json["interactions"] as? [[String: Any]])
        #expect(entries.map { $0["text"] as? String } == ["He sounded tired; ask about\nthe new job next time.", nil])
        #expect(vault.read("people/tom.md") == Self.tom)
    }

    /// Listings say nothing about the text on every run; `crm check` names each line, once.
    @Test func onlyCheckWarnsAboutTheText() throws {
        let vault = try TemporaryVault()
        try vault.write("people/tom.md", Self.tom)
        for command in [["list"], ["due"], ["agenda"], ["show", "tom"], ["birthdays"], ["summary"], ["search", "move"]] {
            let result = try CRM.run(["--vault", vault.path] + command)
            #expect(result.stderr == "", "\(command)")
        }
        let check = try vault.crm("check")
        #expect(check.stdout.split(separator: "\n").filter { $0.contains("not an entry") } == [
            "people/tom.md:9:1: warning: line in the log is not an entry ('- YYYY-MM-DD [type:] note') [not-an-entry]",
            "people/tom.md:10:1: warning: line in the log is not an entry ('- YYYY-MM-DD [type:] note') [not-an-entry]",
        ])
    }

    /// A warning a listing does print (an entry dated 2026-13-22) has one `warning:`, as the
    /// other listings print it: `agenda` printed `crm: warning: path:line:col: warning: …`.
    @Test func agendaPrintsAFileWarningOnce() throws {
        let vault = try TemporaryVault()
        try vault.write("people/tom.md", Self.tom + "- 2026-13-22: never\n")
        let agenda = try vault.crm("agenda")
        #expect(agenda.stderr == "people/tom.md:13:3: warning: invalid date '2026-13-22' [invalid-entry]\n")
        #expect(try vault.crm("list").stderr == agenda.stderr)
    }

    /// Every report prints each of a file's warnings once, a front matter's too: `agenda` printed
    /// `birthday: 1990-02-30`'s twice (once from the file's read, once from its birthday list).
    @Test(arguments: [["list"], ["due"], ["agenda"], ["birthdays"], ["summary"], ["calendar"], ["calendar", "--due"], ["calendar", "--plans"],
                      ["index", "--check"], ["show", "tom"]])
    func everyReportPrintsEachFileWarningOnce(_ command: [String]) throws {
        let vault = try TemporaryVault()
        try vault.write("people/tom.md", Self.tom.replacingOccurrences(of: "name: Tom Baker\n", with: """
            name: Tom Baker
            birthday: 1990-02-30
            every: often
            snooze: someday
            added: 2026-02-30

            """) + "- 2026-13-22: never\n")
        let result = try CRM.run(["--vault", vault.path] + command)
        #expect(result.stderr == """
            people/tom.md:3:11: warning: birthday: '1990-02-30' is not a date (YYYY-MM-DD, or --MM-DD without the year) [invalid-value]
            people/tom.md:4:8: warning: every: 'often' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y) [invalid-value]
            people/tom.md:5:9: warning: snooze: 'someday' is not a date (YYYY-MM-DD) [invalid-value]
            people/tom.md:6:8: warning: added: '2026-02-30' is not a date (YYYY-MM-DD) [invalid-value]
            people/tom.md:17:3: warning: invalid date '2026-13-22' [invalid-entry]

            """, "\(command): \(result.stderr)")
    }

    /// The sample of the issue: Oldest / Newest / a paragraph / Middle. `fmt` moves Oldest alone
    /// (the fewest entries), and the paragraph stays under Newest.
    @Test func fmtMovesTheFewestEntriesAndTheTextWithItsEntry() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ana.md", """
        ---
        name: Ana Lima
        ---

        ## Interactions

        - 2026-01-10: Oldest
        - 2026-11-20: Newest

        A paragraph about the newest talk.

        - 2026-06-01: Middle

        """)
        #expect(try vault.crm("fmt").stdout == "formatted people/ana.md\n")
        #expect(vault.read("people/ana.md") == """
        ---
        name: Ana Lima
        ---

        ## Interactions

        - 2026-11-20: Newest

        A paragraph about the newest talk.

        - 2026-06-01: Middle
        - 2026-01-10: Oldest

        """)
        #expect(try vault.crm("fmt", "--check").status == 0)
    }

    /// A log mostly oldest first: Three moves alone, with its text; blank lines between entries
    /// stay as the file spaces them; follow-ups after the last entry stay at the end.
    @Test func fmtKeepsTheSpacingAndTheFollowUpsAtTheEnd() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ana.md", """
        ---
        name: Ana Lima
        ---

        ## Interactions

        - 2026-01-10: One

        - 2026-03-01: Three
        About three.

        - 2026-02-01: Two
        About two.

        - 2026-04-01: Four
        About four.

        - [ ] Send the photos

        """)
        #expect(try vault.crm("fmt").status == 0)
        #expect(vault.read("people/ana.md") == """
        ---
        name: Ana Lima
        ---

        ## Interactions

        - 2026-01-10: One

        - 2026-02-01: Two
        About two.

        - 2026-03-01: Three
        About three.

        - 2026-04-01: Four
        About four.

        - [ ] Send the photos

        """)
    }

    /// `crm log` into a log written oldest first puts the new entry after the text under the
    /// entry before it, never between them.
    @Test func logNeverSplitsAnEntryFromItsText() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ana.md", """
        ---
        name: Ana Lima
        ---

        ## Interactions

        - 2026-01-10: One
        - 2026-02-01: Two
        About two.

        """)
        #expect(try vault.crm("log", "ana", "Three", "--date", "2026-03-01").status == 0)
        #expect(vault.read("people/ana.md").hasSuffix("""
        - 2026-02-01: Two
        About two.
        - 2026-03-01 call: Three

        """))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try vault.crm("show", "ana", "--json").stdout.utf8)) as? [String: Any])
        #expect((json["interactions"] as? [[String: Any]])?.map { $0["text"] as? String } == [nil, "About two.", nil])
    }

    /// Browse's person page shows the text as `crm show` does, under the entry's note.
    @Test func browsePersonPageShowsTheText() throws {
        let fixture = try BrowseFixture(people: ["tom-baker": Self.tom])
        fixture.open("tom")
        #expect(fixture.state.personPage?.view.name == "Tom Baker")
        let lines = fixture.screen.lines
        let note = try #require(lines.firstIndex { $0.contains("Talked about the move.") })
        #expect(lines[note + 1].trimmingCharacters(in: .whitespaces) == "He sounded tired; ask about")
        #expect(lines[note + 2].trimmingCharacters(in: .whitespaces) == "the new job next time.")
        #expect(lines[note + 1].prefix { $0 == " " }.count == lines[note].distance(from: lines[note].startIndex,
                                                                                      to: lines[note].range(of: "Talked")!.lowerBound))
    }
}
