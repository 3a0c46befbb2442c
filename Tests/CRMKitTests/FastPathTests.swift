import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The fast paths of search, JSON output, fmt and add give what the slow ones gave: folding by
/// table against Foundation's folding, JSON bytes against the rendered values, and what the
/// user sees from the built `crm`.
@Suite struct FastPathTests {
    private func folded(_ text: String) -> String? {
        var out: [UInt8] = []
        var text = text
        return text.withUTF8 { ByteFolding.fold($0, into: &out) } ? String(decoding: out, as: UTF8.self) : nil
    }

    @Test func tableFoldingIsFoundationFoldingForEveryScalarItCovers() {
        var covered = 0
        for value in 0..<0x800 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            guard let fast = folded(text) else { continue }
            covered += 1
            #expect(fast == TextFolding.foldedInFull(text), "U+\(String(value, radix: 16))")
        }
        #expect(covered > 1_000)   // everything below U+0500 but the combining marks
        // Combining marks fold with the letter before them: not by table.
        #expect(folded("e\u{301}") == nil)
        #expect(folded("写真") == nil)
    }

    @Test func tableFoldingOfWholeLinesIsFoundationFolding() {
        // Letters from every covered block, mixed and repeated, as in notes and names.
        let samples = ["Crème brûlée à la façon de Zoë", "SØREN ØDEGÅRD", "Straße", "ǅemal İstanbul ı", "ΟΔΥΣΣΕΥΣ Δημήτρης",
                       "Ольга Иванова ЁЖ й", "ŉ ǰ Œuvre ÆSIR", "Ĳssel ŀl", "Ǆ ǲ ǈ", "plain ASCII Line"]
        var generator = SeededGenerator(seed: 14)
        var random: [String] = []
        for _ in 0..<300 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...24, using: &generator) {
                let value = Bool.random(using: &generator) ? Int.random(in: 0x20..<0x7F, using: &generator)
                    : [Int.random(in: 0xA0..<0x300, using: &generator), Int.random(in: 0x370..<0x500, using: &generator)].randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned { scalars.append(scalar) }
            }
            random.append(String(scalars))
        }
        #expect(samples.allSatisfy { folded($0) != nil })
        var compared = 0
        for text in samples + random {
            // nil: a combining mark or another script; search then folds the line with Foundation.
            guard let fast = folded(text) else { continue }
            compared += 1
            #expect(fast == TextFolding.foldedInFull(text), "\(text.debugDescription)")
        }
        #expect(compared > 150)
    }

    @Test func jsonBytesEscapeAsBefore() {
        let json = JSON.object([("a\"b", .string("x\\y\n\r\t\u{1}\u{1F}\u{7F}\u{2028}\u{2029}é写")), ("n", .array([.null, .bool(true), .number(3)])),
                                ("empty", .array([])), ("obj", .object([]))])
        #expect(json.rendered(pretty: false) == #"{"a\"b": "x\\y\n\r\t\u0001\u001f\u007f\u2028\u2029é写", "n": [null, true, 3], "empty": [], "obj": {}}"#)
        #expect(json.rendered() == """
        {
          "a\\"b": "x\\\\y\\n\\r\\t\\u0001\\u001f\\u007f\\u2028\\u2029é写",
          "n": [
            null,
            true,
            3
          ],
          "empty": [],
          "obj": {}
        }
        """)
    }

    @Test func listJSONBytesAreTheRenderedRows() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let loaded = try Vault(root: vault.path)
        let today = Day(year: 2026, month: 11, day: 29)!
        let listing = PeopleListing(vault: loaded, today: today)
        let people = listing.rows
        #expect(people.count > 5)
        let order = Array(people.indices.reversed())
        #expect(String(decoding: listing.json(order: order), as: UTF8.self)
                == JSON.array(order.map { people[$0].json }).rendered())
        #expect(listing.json(order: []) == Array("[]".utf8))
        // Written in pieces of about 64 KB: many rows make several, which join into the same bytes.
        let many = Array(repeating: order, count: 400).flatMap { $0 }
        var pieces: [ArraySlice<UInt8>] = []
        listing.json(order: many) { pieces.append($0) }
        #expect(pieces.count > 2)
        #expect(pieces.allSatisfy { $0.count < 1 << 17 })
        #expect(String(decoding: pieces.flatMap { $0 }, as: UTF8.self) == JSON.array(many.map { people[$0].json }).rendered())
    }

    /// An object described to `JSONObjectBytes` renders as the same object made as a value and
    /// rendered: strings that need escapes, nulls, empty and long lists, at several indents.
    @Test func objectMembersWrittenAsBytesAreTheRenderedValue() {
        var g = SeededGenerator(seed: 23)
        let pieces = ["", "a", "Zoë", "quote \"", "back\\slash", "tab\t", "line\nbreak", "\u{1}", "\u{2028}", "日本"]
        func text() -> String { (0..<Int.random(in: 0...3, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined() }
        for _ in 0..<300 {
            let indent = [0, 2, 4].randomElement(using: &g)!
            var value = JSONObjectValue()
            var bytes = JSONObjectBytes(into: [], indent: indent)
            for _ in 0..<Int.random(in: 0...5, using: &g) {
                switch Int.random(in: 0..<4, using: &g) {
                case 0: let t = text(); value.member("s", t); bytes.member("s", t)
                case 1: value.member("n", nil); bytes.member("n", nil)
                case 2:
                    let list = (0..<Int.random(in: 0...3, using: &g)).map { _ in text() }
                    value.member("list", strings: list); bytes.member("list", strings: list)
                default: let n = Int.random(in: -5...100_000, using: &g); value.member("k", number: n); bytes.member("k", number: n)
                }
            }
            // The value rendered at `indent`: as an element of nested arrays, with their prefix taken off.
            var nested = value.json
            for _ in 0..<(indent / 2) { nested = .array([nested]) }
            let rendered = nested.rendered()
            let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
            let inner = lines.dropFirst(indent / 2).dropLast(indent / 2)
            let expected = inner.joined(separator: "\n").drop { $0 == " " }
            #expect(String(decoding: bytes.finish(), as: UTF8.self) == String(expected))
        }
    }

    @Test func searchFindsAccentsCyrillicAndGreekAndSkipsUnreadFiles() throws {
        let vault = try TemporaryVault()
        try vault.write("people/a.md", "---\nname: Ольга Иванова\n---\n\nΟΔΥΣΣΕΥΣ wrote.\r\nCrème BRÛLÉE at Zoë's  \n")
        try vault.write("people/b.md", "---\nname: Bread\n\nno closing line, bread\n")
        try vault.write("people/c.md", "---\nname: C\n---\nbread\u{0}\n")
        try vault.write("people/d.md", "---\nname: Dave\n---\nCafe\u{301} e\u{301}clair\n")
        #expect(try vault.crm("search", "ольга").stdout == "people/a.md:2: name: Ольга Иванова\n")
        #expect(try vault.crm("search", "οδυσσευσ").stdout == "people/a.md:5: ΟΔΥΣΣΕΥΣ wrote.\n")
        #expect(try vault.crm("search", "creme brulee at zoe").stdout == "people/a.md:6: Crème BRÛLÉE at Zoë's\n")
        #expect(try vault.crm("search", "eclair").stdout == "people/d.md:4: Cafe\u{301} e\u{301}clair\n")
        #expect(try vault.crm("search", "bread").status == 1)   // b: front matter not closed; c: NUL byte
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

    @Test func addRefusesADuplicateFoundThroughTheCacheAndSeesAFileChangedSince() throws {
        let vault = try TemporaryVault()
        try vault.write("people/zoe.md", "---\nname: Zoë Núñez\ncontact_id: 123-ABC\n---\n")
        #expect(try vault.crm("list").status == 0)   // the cache now holds Zoë
        let same = try vault.crm("add", "zoe nunez")
        #expect(same.status != 0)
        #expect(same.stderr.contains("people/zoe.md already tracks Zoë Núñez; use --force"))
        #expect(try vault.crm("add", "Someone", "--contact-id", "123-ABC").stderr.contains("people/zoe.md already tracks Zoë Núñez with that contact id"))
        try vault.write("people/zoe.md", "---\nname: Zoe Smith-Núñez\n---\n")
        #expect(try vault.crm("add", "Zoë Núñez").status == 0)
    }
}
