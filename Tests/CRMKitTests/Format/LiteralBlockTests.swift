@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault
import Foundation
import Testing

/// Code blocks and HTML comments at the log's top level: their lines are never entries, `check`
/// says once what it left alone, and the reader, `show`, `list`, `fmt` and `log` agree
/// (CRM_TODAY=2026-11-29).
@Suite struct LiteralBlockTests {
    static let head = "---\nname: Ada Lovelace\n---\n\n## Interactions\n\n"

    func vault(_ log: String) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.head + log)
        return vault
    }

    func json(_ result: CRMResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }

    /// The sample: a dated item in a fence of the log counted as an interaction, and `check` called
    /// the fence lines "not an entry".
    @Test func aDatedItemInAFenceIsNoInteraction() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n\n```\n- 2026-10-01 call: An example, not a call.\n```\n\n- 2026-09-01 visit: Tea.\n")
        let check = try vault.crm("check")
        #expect(check.stdout == "people/ada.md:9:1: warning: code block in the log (lines 9-11) left alone: its lines are not read as entries [literal-in-log]\n")
        #expect(check.status == 0)
        let show = try #require(try json(try vault.crm("show", "ada", "--json")) as? [String: Any])
        #expect((show["interactions"] as? [[String: Any]])?.map { $0["line"] as? Int } == [7, 13])
        let list = try #require(try json(try vault.crm("list", "--json")) as? [[String: Any]])
        #expect(list.first?["interactions"] as? Int == 2)
        let text = try vault.crm("show", "ada").stdout
        #expect(!text.contains("An example") && text.contains("Interactions (2)"))
        #expect(try vault.crm("fmt", "--check").status == 0)
    }

    @Test(arguments: [
        ("~~~\n- 2026-10-01 call: x\n~~~\n", 1, "code block", "lines 9-11"),
        ("````md\n- 2026-10-01 call: x\n```\n- 2026-10-02 call: y\n`````\n", 1, "code block", "lines 9-13"),
        (" ```\n- 2026-10-01 call: x\n   ```\n", 2, "code block", "lines 9-11"),
        ("~~~~\n- 2026-10-01 call: x\n~~~ not a close\n~~~~  \n", 1, "code block", "lines 9-12"),
        ("```\n- 2026-10-01 call: x\n``` text\n```\n", 1, "code block", "lines 9-12"),
        ("<!--\n- 2026-10-01 call: x\n## Not a heading\n-->\n", 1, "HTML comment", "lines 9-12"),
        ("<!-- - 2026-10-01 call: x -->\n", 1, "HTML comment", "line 9"),
        (" <!-- note\n- 2026-10-01 call: x --> after\n", 2, "HTML comment", "lines 9-10"),
    ])
    func blocksAfterAnEntryAreLeftAlone(_ block: String, _ column: Int, _ kind: String, _ lines: String) throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n\n" + block + "- 2026-09-01 visit: Tea.\n")
        let check = try vault.crm("check")
        #expect(check.stdout == "people/ada.md:9:\(column): warning: \(kind) in the log (\(lines)) left alone: its lines are not read as entries [literal-in-log]\n",
                "\(block)")
        let show = try #require(try json(try vault.crm("show", "ada", "--json")) as? [String: Any])
        #expect((show["interactions"] as? [[String: Any]])?.map { $0["note"] as? String } == ["Cards.", "Tea."], "\(block)")
        // The log goes on after the block: a heading-like line inside it ends nothing.
        #expect(show["notes"] as? String == "", "\(block)")
    }

    @Test func anIndentedCodeBlockAtTheLogsTopIsLeftAlone() throws {
        let vault = try vault("    - 2026-10-01 call: indented code\n    - 2026-10-02 call: more\n\n- 2026-11-20 call: Cards.\n")
        let check = try vault.crm("check")
        #expect(check.stdout == "people/ada.md:7:5: warning: indented code block in the log (lines 7-8) left alone: its lines are not read as entries [literal-in-log]\n")
        let list = try #require(try json(try vault.crm("list", "--json")) as? [[String: Any]])
        #expect(list.first?["interactions"] as? Int == 1)
    }

    @Test func indentedLinesUnderAnEntryStayItsNote() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n\n    - 2026-10-01 call: part of the note\n")
        let show = try #require(try json(try vault.crm("show", "ada", "--json")) as? [String: Any])
        #expect((show["interactions"] as? [[String: Any]])?.map { $0["note"] as? String } == ["Cards.\n\n- 2026-10-01 call: part of the note"])
        #expect(try vault.crm("check").stdout.isEmpty)
    }

    @Test func aCommentHidesAHeadingSoTheLogGoesOn() throws {
        let vault = try vault("- 2026-11-20 call: Cards.\n<!--\n## Old\n-->\n- 2026-09-01 visit: Tea.\n\n## Family\n\nMarried.\n")
        let show = try #require(try json(try vault.crm("show", "ada", "--json")) as? [String: Any])
        #expect((show["interactions"] as? [[String: Any]])?.count == 2)
        #expect(show["notes"] as? String == "## Family\n\nMarried.")
    }

    @Test func anUnclosedCommentIsReportedAndNothingIsWrittenInsideIt() throws {
        let vault = try vault("<!--\n- 2026-10-01 call: hidden\n")
        let check = try vault.crm("check")
        #expect(check.stdout == "people/ada.md:7:1: warning: HTML comment is never closed: the rest of the file is hidden to a Markdown "
                + "reader, and headings below it are not read; add '-->' [unclosed-comment]\n")
        let before = vault.read("people/ada.md")
        let log = try vault.crm("log", "ada", "Call.")
        #expect(log.status == 1)
        #expect(log.stderr == "crm: error: people/ada.md:7: not changed: the HTML comment ('<!--' without '-->') opened here is never "
                + "closed, so a new entry after it would be inside it; close it first\n")
        #expect(vault.read("people/ada.md") == before)
    }

    /// A block under an entry is part of what was typed under it: it moves with the entry, its
    /// lines as they were, and never counts as an entry.
    @Test func fmtSortsEntriesAroundABlockAndLeavesItsLines() throws {
        let vault = try vault("- 2026-10-01 call: A.\n```\n- 2026-12-01 call: code\n```\n- 2026-11-01 call: B.\n- 2026-09-01 call: C.\n")
        try vault.crm("fmt")
        #expect(vault.read("people/ada.md") == Self.head
                + "- 2026-11-01 call: B.\n- 2026-10-01 call: A.\n```\n- 2026-12-01 call: code\n```\n- 2026-09-01 call: C.\n")
        try vault.crm("log", "ada", "New.")
        #expect(vault.read("people/ada.md").hasPrefix(Self.head + "- 2026-11-29 call: New.\n- 2026-11-01 call: B.\n- 2026-10-01 call: A.\n```\n"))
    }

    /// Generated logs of entries and blocks (fences of either marker and any length, comments on
    /// one line or several, indented code after a blank line), each block holding dated items:
    /// the reader finds exactly the entries outside the blocks; `check` names each block once,
    /// where it opens, and no line of it as "not an entry"; the counts of `list` agree.
    @Test func generatedLogsReadOnlyTheEntriesOutsideBlocks() throws {
        var random = SeededGenerator(seed: 0xB10C5)
        for round in 0..<300 {
            var lines: [String] = []
            var expected: [String] = []
            var blocks: [(line: Int, column: Int, kind: String, last: Int)] = []
            for k in 0..<Int.random(in: 1...6, using: &random) {
                let start = 7 + lines.count
                switch Int.random(in: 0..<5, using: &random) {
                case 0, 1:
                    lines.append("- 2026-11-\(10 + k) call: e\(k)")
                    expected.append("e\(k)")
                case 2:
                    // A shorter fence inside a longer one does not close it; the closing one may be longer.
                    let marker = Bool.random(using: &random) ? "`" : "~"
                    let open = String(repeating: marker, count: Int.random(in: 3...5, using: &random))
                    let indent = String(repeating: " ", count: Int.random(in: 0...1, using: &random))
                    lines += [indent + open + (Bool.random(using: &random) ? "text" : ""), "- 2026-10-0\(k + 1) call: code"]
                    if open.count > 3 { lines.append(String(repeating: marker, count: 3)) }
                    lines.append(open + String(repeating: marker, count: Int.random(in: 0...2, using: &random)))
                    blocks.append((start, indent.count + 1, "code block", 7 + lines.count - 1))
                case 3:
                    if Bool.random(using: &random) {
                        lines.append("<!-- - 2026-10-0\(k + 1) call: hidden -->")
                        blocks.append((start, 1, "HTML comment", start))
                    } else {
                        lines += ["<!--", "- 2026-10-0\(k + 1) call: hidden", "## hidden", "-->"]
                        blocks.append((start, 1, "HTML comment", start + 3))
                    }
                default:
                    // After a blank line and text, so that no entry's paragraph takes it in.
                    lines += ["", "Text.", "", "    - 2026-10-0\(k + 1) call: indented", "", "\t- 2026-10-0\(k + 1) call: tab"]
                    blocks.append((start + 3, 5, "indented code block", start + 5))
                }
                if Bool.random(using: &random) { lines.append("") }
            }
            let text = Self.head + lines.map { $0 + "\n" }.joined()
            let document = PersonDocument(bytes: Array(text.utf8), path: "people/ada.md")
            #expect(document.log?.entries.map(\.note) == expected, "round \(round)\n\(text)")
            let problems = document.problems
            for block in blocks {
                let range = block.line == block.last ? "line \(block.line)" : "lines \(block.line)-\(block.last)"
                let said = problems.filter { $0.line == block.line && $0.message.hasPrefix(block.kind + " in the log") }
                #expect(said.map(\.column) == [block.column] && said.first?.message.contains("(\(range))") == true,
                        "round \(round)\n\(text)\n\(problems)")
                #expect(!problems.contains { (block.line...block.last).contains($0.line) && $0.message.contains("not an entry") },
                        "round \(round)\n\(text)\n\(problems)")
            }
            #expect(document.interactionCount == expected.count)
            #expect(PersonDocument(bytes: document.formatted(), path: "people/ada.md").log?.entries.map(\.note).sorted() == expected.sorted())
        }
    }
}
