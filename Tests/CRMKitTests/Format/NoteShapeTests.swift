import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Notes keep their shape: nested indentation reads back, a code fence in a note ends with its
/// entry, and any note `crm log` writes reads back as written.
@Suite struct NoteShapeTests {
    func document(_ text: String) -> PersonDocument {
        PersonDocument(bytes: Array(text.utf8), path: "people/ada.md")
    }

    static let nested = """
    ---
    name: Ada Lovelace
    ---

    ## Interactions

    - 2026-11-02 visit: Plan:
      - step
        - sub
      ```swift
      let x = 1
          indented()
      ```
    - 2026-10-01: Tea.
        Four spaces deep.

    """

    @Test func continuationLinesKeepTheirIndentationBeyondTheLeastIndentedOne() {
        let doc = document(Self.nested)
        #expect(doc.log?.entries.map(\.note) == [
            "Plan:\n- step\n  - sub\n```swift\nlet x = 1\n    indented()\n```",
            "Tea.\nFour spaces deep.",
        ])
    }

    @Test func showJSONSearchAndShowGiveTheNoteAsWritten() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.nested)
        let json = try vault.crm("show", "ada", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let notes = (object["interactions"] as! [[String: Any]]).map { $0["note"] as! String }
        #expect(notes.first == "Plan:\n- step\n  - sub\n```swift\nlet x = 1\n    indented()\n```")
        let shown = try vault.crm("show", "ada")
        #expect(shown.stdout.contains("  - sub"), "\(shown.stdout)")
        let search = try vault.crm("search", "sub", "--json")
        #expect(search.stdout.contains("\"line\": 9,"), "\(search.stdout)")
    }

    // MARK: Fences end with their entry

    static let unclosedFence = """
    ---
    name: Ada Lovelace
    ---

    ## Interactions

    - 2026-11-02 call: Sent the program:
      ```
      step 1
    - 2026-10-01 visit: Tea.

    ## Family

    Married William King.

    """

    @Test func anUnclosedFenceInANoteEndsWithItsEntry() {
        let doc = document(Self.unclosedFence)
        #expect(doc.log?.entries.map(\.note) == ["Sent the program:\n```\nstep 1", "Tea."])
        #expect(doc.log?.end == 11, "the log ends at '## Family'")
        #expect(doc.notes == "## Family\n\nMarried William King.")
        #expect(doc.problems.map { "\($0)" } == [
            "people/ada.md:8:3: warning: code block is not closed: it ends with its list item; add the closing fence [unclosed-code-block]",
        ])
    }

    @Test func aFenceOnTheEntryLineOrClosedInTheNoteIsNoProblem() {
        let doc = document("""
        ## Interactions

        - 2026-11-02: Code:
          ```
          code
          ```
        - 2026-10-01: Tea.
          ~~~
          # not a heading
          ~~~

        ## Family

        """)
        #expect(doc.log?.entries.count == 2)
        #expect(doc.log?.entries.first?.note == "Code:\n```\ncode\n```")
        #expect(doc.notes == "## Family")
        #expect(doc.problems.filter { $0.message.contains("code block") }.isEmpty)
    }

    @Test func aLazyContinuationLineKeepsTheEntryOpenAsInCommonMark() {
        // "Lazy." continues the entry's paragraph, so the fence below it is the entry's and ends with it.
        let doc = document("""
        ## Interactions

        - 2026-11-02: Paragraph
        Lazy.
          ```
          code
        - 2026-10-01: Tea.

        ## Family

        """)
        #expect(doc.notes == "## Family")
        #expect(doc.log?.entries.map(\.note) == ["Paragraph", "Tea."])
    }

    @Test func anUnclosedFenceOutsideTheLogIsReportedWhereItOpens() {
        let doc = document("""
        ---
        name: Ada
        ---

        Notes:
        ```
        code
        """)
        #expect(doc.problems.map { "\($0)" }.contains(
            "people/ada.md:6:1: warning: code block is never closed: the rest of the file is code to a Markdown reader, "
            + "and headings below it are not read; add the closing fence [unclosed-code-block]"))
    }

    @Test func checkReportsTheUnclosedFence() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.unclosedFence)
        let result = try vault.crm("check")
        #expect(result.status == 0)
        #expect(result.stdout.contains("people/ada.md:8:3: warning: code block is not closed"), "\(result.stdout)")
    }

    @Test func aMergeOfAFileWithAnUnclosedFenceKeepsEveryLineInItsSection() {
        let current = Self.unclosedFence.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Ours.\n")
        let other = Self.unclosedFence.replacingOccurrences(of: "Married William King.\n", with: "Married William King.\nThree children.\n")
        let doc = { (text: String) in PersonDocument(bytes: Array(text.utf8), path: "people/ada.md") }
        let merge = PersonMerge(base: doc(Self.unclosedFence), current: doc(current), other: doc(other),
                                labels: .init(current: "ours", other: "theirs"))
        #expect(!merge.hasConflicts)
        let merged = doc(String(decoding: merge.bytes, as: UTF8.self))
        #expect(merged.log?.entries.map(\.note) == ["Ours.", "Sent the program:\n```\nstep 1", "Tea."])
        #expect(merged.notes == "## Family\n\nMarried William King.\nThree children.")
    }

    // MARK: Writing any note

    @Test(arguments: [
        ("Plan:\n  - step\n    - sub", "Plan:\n- step\n  - sub"),
        ("  leading spaces  \n\tx", "leading spaces\nx"),
        ("# not a heading\n# nor this", "# not a heading\n# nor this"),
        ("first\n- 2026-01-01 call: not an entry\n---\n```\n2026-02-03\n\n===", "first\n- 2026-01-01 call: not an entry\n---\n```\n2026-02-03\n\n==="),
        ("crlf\r\n  kept\r\nlines\r\n", "crlf\n  kept\nlines"),
        ("\n\nblank ends\n\n", "blank ends"),
    ])
    func normalizedNotesReadBack(_ given: String, _ normal: String) {
        #expect(Interaction.normalizedNote(given) == normal)
        #expect(Self.roundTrip(normal, crlf: false) == normal)
        #expect(Self.roundTrip(normal, crlf: true) == normal)
    }

    /// The note of an entry written into a sample file, as read back from it.
    static func roundTrip(_ note: String, crlf: Bool, type: String = "call") -> String? {
        var text = """
        ---
        name: Ada
        ---

        ## Interactions

        - 2026-10-01 visit: Older.

        ## Family

        Text.

        """
        if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        let doc = PersonDocument(bytes: Array(text.utf8), path: "people/ada.md")
        let entry = Interaction(date: Day("2026-11-02")!, type: type, note: note)
        guard let bytes = try? doc.adding(entry) else { return nil }
        let read = PersonDocument(bytes: bytes, path: "people/ada.md")
        guard read.log?.entries.count == 2, read.notes == "## Family\n\nText.", read.log?.entries.last?.note == "Older."
        else { return nil }
        return read.log?.entries.first?.note
    }

    /// A note of random lines: words, Markdown that would mean something at the left margin,
    /// dates, fences, indentation by spaces and tabs, blank and white-space-only lines, CRLF.
    static func randomNote(_ g: inout SeededGenerator) -> String {
        let pieces = ["word", "#", "# heading", "- ", "- item", "* star", "+ plus", "1. one", "```", "```swift", "~~~",
                      "---", "===", "- 2026-01-01 call: x", "2026-01-01", "[[2026-01-02]]", "- [ ] todo", "> quote",
                      "<<<<<<< ours", "=======", ">>>>>>> theirs", "call:", "12:30", "Ünïcødé", "  ", "\t", ""]
        let indents = ["", "", "", " ", "  ", "    ", "\t", "  \t", "      "]
        let lineCount = Int.random(in: 1...6, using: &g)
        var lines: [String] = []
        for _ in 0..<lineCount {
            var line = indents.randomElement(using: &g)!
            for _ in 0..<Int.random(in: 0...3, using: &g) { line += pieces.randomElement(using: &g)! + " " }
            if Bool.random(using: &g) { line = String(line.dropLast()) }
            lines.append(line)
        }
        return lines.joined(separator: Int.random(in: 0..<4, using: &g) == 0 ? "\r\n" : "\n")
    }

    @Test func anyNoteReadsBackInItsNormalForm() {
        var g = SeededGenerator(seed: 12)
        for index in 0..<1500 {
            let note = Self.randomNote(&g)
            let normal = Interaction.normalizedNote(note)
            #expect(Interaction.normalizedNote(normal) == normal, "case \(index): \(note.debugDescription)")
            guard !normal.isEmpty else { continue }
            for type in ["call", "note"] {
                for crlf in [false, true] {
                    let read = Self.roundTrip(normal, crlf: crlf, type: type)
                    #expect(read == normal, "case \(index) (\(type), crlf: \(crlf)): \(note.debugDescription)")
                }
            }
        }
    }

    @Test func crmLogWritesANoteFromStandardInputThatReadsBack() throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", "Ada Lovelace").status == 0)
        let note = "Plan:\r\n  - step\r\n    - sub\r\n# not a heading\r\n```\r\n---\r\n2026-01-01: not a date\r\n"
        let result = try vault.crm("log", "ada", "-", "--json", stdin: note)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try vault.crm("show", "ada", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let interactions = object["interactions"] as! [[String: Any]]
        #expect(interactions.map { $0["note"] as! String } == ["Plan:\n  - step\n    - sub\n# not a heading\n```\n---\n2026-01-01: not a date"])
        #expect(try vault.crm("check").stdout.contains("warning: code block is not closed"))
    }

    @Test func crmLogWritesRandomNotesThatShowReadsBack() throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", "Ada Lovelace").status == 0)
        var g = SeededGenerator(seed: 3)
        var expected: [String] = []
        for day in 1...12 {
            var note = Self.randomNote(&g)
            if Interaction.normalizedNote(note).isEmpty { note += "\nword" }
            let result = try vault.crm("log", "ada", "-", "--date", String(format: "2026-10-%02d", day), stdin: note)
            #expect(result.status == 0, "\(note.debugDescription): \(result.stderr)")
            expected.insert(Interaction.normalizedNote(note), at: 0)
        }
        let json = try vault.crm("show", "ada", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect((object["interactions"] as! [[String: Any]]).map { $0["note"] as! String } == expected)
    }

    @Test func aNoteFromStandardInputMayHaveWindowsLineEndings() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("log", "margaret", "-", stdin: "First line.\r\nSecond line.\r\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/margaret-holloway.md").contains("- 2026-11-29 call: First line.\n  Second line.\n"))
    }
}
