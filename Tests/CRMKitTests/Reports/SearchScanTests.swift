import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm search` scans each file's bytes for the needle's rarest byte and for bytes beyond ASCII
/// instead of folding every line: it must find what folding every line finds, file by file, and
/// print it as before, a batch of files at a time.
@Suite struct SearchScanTests {
    /// The plain rule, spelled out with the parser's own line splitting and `String.folded`:
    /// nil for a file not read, else every line but the front matter's `---` lines, folded, to
    /// keep those that hold the needle.
    private func foldedLines(_ bytes: [UInt8]) -> [(line: Int, text: String, folded: String)]? {
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { return nil }
        let buffer = TextBuffer(bytes)
        var skipped: Set<Int> = []
        if buffer.lineCount > 0, FrontMatter.isDelimiter(buffer.content(0), allowDots: false) {
            guard let close = (1..<buffer.lineCount).first(where: { FrontMatter.isDelimiter(buffer.content($0), allowDots: true) }) else { return nil }
            skipped = [0, close]
        }
        return (0..<buffer.lineCount).compactMap { index in
            guard !skipped.contains(index) else { return nil }
            let text = String(decoding: buffer.content(index), as: UTF8.self)
            var shown = text[...]
            while shown.last == " " || shown.last == "\t" { shown = shown.dropLast() }
            return (index + 1, String(shown), text.folded)
        }
    }

    private func found(_ needle: String, in bytes: [UInt8]) -> [(line: Int, text: String)]? {
        VaultSearch.hits(LineSearch(folded: needle), inFile: bytes, path: "people/x.md", isPerson: true)?.hits.map { ($0.line, $0.text) }
    }

    @Test func scanningFindsWhatFoldingEveryLineFinds() {
        // Pieces that meet the scan's edges: cases, accents (precomposed and combining), scripts
        // the table does not cover, CR, CRLF, a BOM, NUL, invalid bytes, front matter lines;
        // letters that fold to more than one letter or to the needle's rarest one, so an
        // accented line is skipped unfolded only when folding could not give the needle.
        let pieces = ["bread", "Bread", "BREAD", "bréad", "bre\u{301}ad", "Brød", "straße", "hiking", "HİKİNG", "café", "CAFE",
                      "Zoë", "ZOE", "Ольга", "ΟΔΥΣΣΕΥΣ", "写真", "ﬁ", "ǅ", " ", "  ", "\t", "-", "---", "...", ":", "\n", "\n", "\n",
                      "\r\n", "\r", "x", "the ", "a", "\u{FEFF}",
                      "ß", "ĳ", "ŉ", "þK", "Ø", "ı", "Ǆ", "ñ"]
        // Needles whose rarest byte (the scan's anchor) comes first, in the middle, last, alone.
        let needles = ["bread", "brod", "strasse", "hiking", "cafe", "zoe", "ольга", "οδυσσευσ", "写真", "fi", "e", "-", "---",
                       "a b", " ", "d\r", "\r", "x\ny", "bread\n", ": b", "k", "dz", "ss", "ij", "n", "i", "ʼn", "thk", "ad", "x\r"]
        var generator = SeededGenerator(seed: 1414)
        var compared = 0, matched = 0, unread = 0
        for round in 0..<1_500 {
            var text = ""
            if round % 3 == 0 { text += "---\nname: X\n" + (round % 9 == 0 ? "" : "---\n") }
            for _ in 0..<Int.random(in: 0...40, using: &generator) { text += pieces.randomElement(using: &generator)! }
            var bytes = Array(text.utf8)
            if round % 7 == 4 { bytes = [0xEF, 0xBB, 0xBF] + bytes }   // a byte order mark, which is not text
            if round % 50 == 7 { bytes.insert(0xFF, at: Int.random(in: 0...bytes.count, using: &generator)) }
            if round % 50 == 9 { bytes.insert(0, at: Int.random(in: 0...bytes.count, using: &generator)) }
            // A lead byte without its continuation, a lone continuation, an overlong `\0`.
            if round % 50 == 11 { bytes.insert(0xC3, at: Int.random(in: 0...bytes.count, using: &generator)) }
            if round % 50 == 13 { bytes.insert(0x80, at: Int.random(in: 0...bytes.count, using: &generator)) }
            if round % 50 == 15 { bytes.insert(contentsOf: [0xC0, 0x80], at: Int.random(in: 0...bytes.count, using: &generator)) }
            let lines = foldedLines(bytes)
            for needle in needles {
                let want = lines.map { $0.filter { $0.folded.contains(needle) }.map { (line: $0.line, text: $0.text) } }
                let got = found(needle, in: bytes)
                compared += 1
                matched += want?.isEmpty == false ? 1 : 0
                unread += want == nil ? 1 : 0
                #expect(got.map { $0.map { "\($0.line):\($0.text)" } } == want.map { $0.map { "\($0.line):\($0.text)" } },
                        "\(needle.debugDescription) in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
        #expect(compared == 45_000 && matched > 5_000 && unread > 1_000)
    }

    @Test func aMatchIsFoundAtEveryOffsetAndLineOfALongFile() {
        // Every position relative to the eight-byte scan, on ASCII and accented lines.
        for shift in 0..<17 {
            let filler = String(repeating: "y", count: shift)
            let text = "---\nname: A\n---\n\(filler)BREAD\n\(filler)\n\(filler)é bread\nno\r\n\(filler)xbreadx"
            #expect(found("bread", in: Array(text.utf8))!.map(\.line) == [4, 6, 8], "shift \(shift)")
        }
        // Accented letters, line endings and the needle around every eight-byte boundary: a
        // letter's two bytes split between words, the needle byte beside the anchor in the next
        // word, a line folded as a whole (a combining mark, a letter that folds to the anchor).
        for shift in 0..<17 {
            let filler = String(repeating: "é", count: shift / 2) + String(repeating: "y", count: shift % 2)
            let text = "\(filler)BRÉAD\r\n\(filler)bre\u{301}ad\n\(filler)ab\n\(filler)brøad \(filler)\r\n\(filler)bread\r"
                + "\n\(filler)ᵇread\n\(filler)Ǆ dz\n\(filler)ßtraße\n\(filler)é\n\(filler)x\r"
            let bytes = Array(text.utf8), lines = foldedLines(bytes)!
            for needle in ["bread", "ab", "b", "dz", "ss", "strasse", "x\r", "\r", "é", "e"] {
                let want = lines.filter { $0.folded.contains(needle) }.map { "\($0.line):\($0.text)" }
                #expect(found(needle, in: bytes)!.map { "\($0.line):\($0.text)" } == want, "\(needle.debugDescription), shift \(shift)")
            }
        }
    }

    @Test func everyUnreadableFileIsNamedWhateverTheWord() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\nBread on Sundays\n")
        try vault.write("people/open.md", "---\nname: Open\n\nno closing line\n")
        try vault.write("people/latin.md", [0x2D, 0x2D, 0x2D, 0x0A, 0x6E, 0x3A, 0x20, 0xE9, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A])
        let warnings = [
            "people/latin.md:2:1: warning: file is not read: it is not valid UTF-8 text [unreadable-file]",
            "people/open.md:1:1: warning: front matter starts with '---' but has no closing '---' [unterminated-front-matter]",
        ]
        for word in ["bread", "closing", "zzz"] {
            let result = try vault.crm("search", word)
            #expect(result.status == (word == "bread" ? 0 : 1))
            #expect(result.stderr.split(separator: "\n").map(String.init).sorted() == warnings, "\(word)")
        }
    }

    @Test func manyFilesArePrintedInPathOrderAsTextAndAsJSON() throws {
        // More files than one batch, so the output is written in several pieces.
        let vault = try TemporaryVault()
        var expected: [VaultSearch.Hit] = []
        for i in 0..<2_100 {
            let id = String(format: "p%04d", i)
            let lines = ["---", "name: P \(i)", "---", i % 3 == 0 ? "Baked BREAD  " : "nothing", i % 5 == 0 ? "Crème de pain, bread \"quoted\"" : "x"]
            let ending = i % 7 == 0 ? "\r\n" : "\n"   // some files with CRLF endings
            try vault.write("people/\(id).md", lines.joined(separator: ending) + ending)
            for (n, line) in lines.enumerated() where line.folded.contains("bread") {
                expected.append(.init(id: id, path: "people/\(id).md", line: n + 1, text: line.trimmingCharacters(in: .whitespaces)))
            }
        }
        let text = try vault.crm("search", "bread")
        #expect(text.status == 0 && text.stderr == "")
        #expect(text.stdout == expected.map { "\($0.path):\($0.line): \($0.text)\n" }.joined())
        let json = try vault.crm("search", "bread", "--json")
        let rendered = JSON.array(expected.map {
            .object([("id", .optional($0.id)), ("path", .string($0.path)), ("line", .number($0.line)), ("text", .string($0.text))])
        }).rendered()
        #expect(json.stdout == rendered + "\n")
        let none = try vault.crm("search", "zzz", "--json")
        #expect(none.status == 1 && none.stdout == "[]\n")
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
}
