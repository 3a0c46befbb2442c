import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

@Suite("Content lines: folding and TEXT escaping")
struct ICalendarContentLineTests {
    /// The physical lines of folded output, without their CRLF.
    private func physicalLines(_ folded: String) -> [[UInt8]] {
        let bytes = Array(folded.utf8)
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                lines.append(current)
                current = []
                index += 2
            } else {
                current.append(bytes[index])
                index += 1
            }
        }
        #expect(current.isEmpty, "output ends with CRLF")
        return lines
    }

    /// RFC 5545 §3.1 unfolding of the physical lines: each continuation line loses its space.
    private func unfolded(_ folded: String) -> String {
        let lines = physicalLines(folded)
        return String(decoding: lines[0] + lines.dropFirst().flatMap { $0.dropFirst() }, as: UTF8.self)
    }

    @Test func shortLineIsUnchanged() {
        #expect(ContentLine.folded("SUMMARY:Tea") == "SUMMARY:Tea\r\n")
    }

    @Test func lineOf75OctetsIsNotFolded() {
        let line = String(repeating: "a", count: 75)
        #expect(ContentLine.folded(line) == line + "\r\n")
    }

    @Test func lineOf76OctetsFoldsAfter75() {
        let line = String(repeating: "a", count: 76)
        #expect(ContentLine.folded(line) == String(repeating: "a", count: 75) + "\r\n a\r\n")
    }

    @Test func continuationLinesHold74OctetsAfterTheSpace() {
        let lines = physicalLines(ContentLine.folded(String(repeating: "b", count: 75 + 74 + 10)))
        #expect(lines.map(\.count) == [75, 75, 11])
        #expect(lines.dropFirst().allSatisfy { $0.first == 0x20 })
    }

    @Test(arguments: [
        "é", "€", "🃏", "日本語", "e\u{301}", "Zürich — 日本語のメモ 🃏 ещё",
    ])
    func longNonASCIIValueFoldsOnCharacterBoundaries(_ piece: String) {
        for prefixLength in 0..<4 {
            let value = String(repeating: "x", count: prefixLength) + String(repeating: piece, count: 80)
            let line = "DESCRIPTION:" + ContentLine.escaped(value)
            let folded = ContentLine.folded(line)
            let lines = physicalLines(folded)
            #expect(lines.count > 1)
            for physical in lines {
                #expect(physical.count <= 75)
                #expect(String(validating: physical, as: UTF8.self) != nil, "no UTF-8 sequence split")
            }
            #expect(unfolded(folded) == line)
        }
    }

    @Test func escapesBackslashSemicolonAndComma() {
        #expect(ContentLine.escaped(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
    }

    @Test func leavesColonAndQuotesAlone() {
        #expect(ContentLine.escaped(#"time: 19:00 "quoted" 'single'"#) == #"time: 19:00 "quoted" 'single'"#)
    }

    @Test(arguments: ["one\ntwo", "one\r\ntwo", "one\rtwo"])
    func everyLineBreakBecomesBackslashN(_ text: String) {
        #expect(ContentLine.escaped(text) == #"one\ntwo"#)
    }

    @Test func consecutiveLineBreaksEachCount() {
        #expect(ContentLine.escaped("a\r\n\r\nb\n\nc\r\rd") == #"a\n\nb\n\nc\n\nd"#)
    }

    @Test func keepsTabAndDropsOtherControlCharacters() {
        #expect(ContentLine.escaped("a\tb\u{0}c\u{7}d\u{7F}e\u{1B}f") == "a\tbcdef")
    }

    @Test func escapedBackslashBeforeNIsNotALineBreak() {
        #expect(ContentLine.escaped(#"C:\new"#) == #"C:\\new"#)
    }
}
