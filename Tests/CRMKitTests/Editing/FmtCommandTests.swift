import Foundation
import Testing

/// `crm fmt`: canonical entries, order and quoting, with the smallest diff.
@Suite struct FmtCommandTests {
    @Test func canonicalEntriesOrderAndQuotingOnlyWhereNeeded() throws {
        let vault = try TemporaryVault()
        let original = """
        ---
        name: Ada   # keep me
        phone: +442079460018
        email: ada@example.org
        tags:
          - friends
          - 0123   # odd tag
        aliases: [yes, Countess]
        custom: 0123
        ---

        Notes stay *exactly* as they are.
        + 2026-01-01 Call: not in the log, so not an entry.

        ## Interactions

        * 2026-09-01 Call: First.
            Continuation kept as written.
        - 2026-11-02 14:30 note: Second.
        stray line
        + [[2026-10-01]] Lunch: pasta

        """
        try vault.write("people/ada.md", original.replacingOccurrences(of: "\n", with: "\r\n"))
        let check = try vault.crm("fmt", "--check")
        #expect(check.status == 1)
        #expect(check.stdout == "people/ada.md\n")
        #expect(vault.read("people/ada.md") == original.replacingOccurrences(of: "\n", with: "\r\n"))

        let result = try vault.crm("fmt")
        #expect(result.status == 0)
        #expect(result.stdout == "formatted people/ada.md\n")
        #expect(vault.read("people/ada.md") == """
        ---
        name: Ada   # keep me
        phone: "+442079460018"
        email: ada@example.org
        tags:
          - friends
          - "0123"   # odd tag
        aliases: ["yes", Countess]
        custom: 0123
        ---

        Notes stay *exactly* as they are.
        + 2026-01-01 Call: not in the log, so not an entry.

        ## Interactions

        - 2026-11-02 14:30: Second.
        stray line
        - [[2026-10-01]]: Lunch: pasta
        - 2026-09-01 call: First.
            Continuation kept as written.

        """.replacingOccurrences(of: "\n", with: "\r\n"))
        let again = try vault.crm("fmt", "--check")
        #expect(again.status == 0)
        #expect(again.stdout == "Nothing to format: 1 file already formatted.\n")
        #expect(try vault.crm("show", "ada", "--json").stdout.contains("\"phone\": \"+442079460018\""))
    }

    @Test func aFormattedFileIsLeftByteForByte() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.bytes("people/margaret-holloway.md")
        let result = try vault.crm("fmt", "margaret")
        #expect(result.stdout == "Nothing to format: 1 file already formatted.\n")
        #expect(vault.bytes("people/margaret-holloway.md") == before)
    }

    @Test func oldestFirstLogsStayOldestFirst() throws {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.write("people/henrik-dahl.md", vault.read("people/henrik-dahl.md")
            .replacingOccurrences(of: "- 2026-11-09 message", with: "- 2026-07-09 message"))
        #expect(try vault.crm("fmt", "henrik").status == 0)
        #expect(vault.read("people/henrik-dahl.md").hasSuffix("""
        - 2026-06-07 visit: First Saturday long run together.
        - 2026-07-09 message: Sent the photos from the finish line.
        - 2026-08-16 call: Talked him into the half marathon.
        - 2026-10-04 visit: Half marathon! Both finished under two hours.
          Celebrated with pancakes.

        """))
    }

    @Test func fmtCheckListsEveryFileToChangeInPathOrderAndFmtWritesThem() throws {
        let vault = try TemporaryVault()
        for i in 0..<40 {
            let entry = i % 3 == 0 ? "* 2026-11-0\(i % 9 + 1)  CALL: Talked." : "- 2026-11-0\(i % 9 + 1) call: Talked."
            try vault.write("people/p\(String(format: "%02d", i)).md", "---\nname: P \(i)\n---\n\n## Interactions\n\n\(entry)\n")
        }
        let check = try vault.crm("fmt", "--check")
        #expect(check.status == 1)
        #expect(check.stdout == stride(from: 0, to: 40, by: 3).map { "people/p\(String(format: "%02d", $0)).md\n" }.joined())
        #expect(try vault.crm("fmt").stdout == stride(from: 0, to: 40, by: 3).map { "formatted people/p\(String(format: "%02d", $0)).md\n" }.joined())
        #expect(vault.read("people/p03.md").hasSuffix("\n- 2026-11-04 call: Talked.\n"))
        #expect(try vault.crm("fmt", "--check").stdout == "Nothing to format: 40 files already formatted.\n")
    }
}
