@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault
import Foundation
import Testing

/// `done`: the ticked item is written in canonical form and nothing else changes but the lines its
/// move needs (CRM_TODAY=2026-11-29).
@Suite struct TickPropertyTests {
    static let head = "---\nname: Kwame Mensah\n---\n\n## Interactions\n\n"

    func vault(_ log: String) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/kwame.md", Self.head + log)
        return vault
    }

    /// The sample: `done` on an undated item wrote `- [x] 2026-12-02 Ask about…` (no colon) and
    /// left a stray blank line.
    @Test(arguments: [
        // Where it stands is in order: one changed line.
        ("- [ ] Ask about the wedding date\n\n- 2026-11-20 call: Cards.\n",
         "- [x] 2026-11-29: Ask about the wedding date\n\n- 2026-11-20 call: Cards.\n"),
        // Below the entries of a log written newest first: it moves up, its blank line with it.
        ("- 2026-11-20 call: Cards.\n\n- [ ] Ask about the wedding date\n",
         "- [x] 2026-11-29: Ask about the wedding date\n- 2026-11-20 call: Cards.\n"),
        ("- 2026-11-20 call: Cards.\n\n- [ ] Ask about the wedding date\n  Her sister knows.\n\n## Family\n\nTwo brothers.\n",
         "- [x] 2026-11-29: Ask about the wedding date\n  Her sister knows.\n- 2026-11-20 call: Cards.\n\n## Family\n\nTwo brothers.\n"),
        ("- [ ]   Ask about the wedding date\n", "- [x] 2026-11-29: Ask about the wedding date\n"),
        ("* [ ] [[2026-11-25]] Visit:  Tea at hers.\n- 2026-11-20 call: Cards.\n", "- [x] [[2026-11-25]] visit: Tea at hers.\n- 2026-11-20 call: Cards.\n"),
    ])
    func theTickedLineIsCanonicalAndNoBlankLineIsLeft(_ log: String, _ after: String) throws {
        let vault = try vault(log)
        let done = try vault.crm("done", "kwame")
        #expect(done.status == 0, "\(done.stderr)")
        #expect(vault.read("people/kwame.md") == Self.head + after)
        #expect(try vault.crm("fmt", "--check").status == 0)
    }

    /// Generated logs (mixed order, CRLF or LF, continuation lines, blank lines, any way of writing
    /// an item): ticking any open item, with or without a date, changes only that item's lines
    /// (and takes along a blank line a move would leave doubled or last), keeps every other line and
    /// its ending, and writes the ticked line as `fmt` would leave it.
    @Test func tickingChangesOnlyTheItemsLines() throws {
        var random = SeededGenerator(seed: 0x71C4)
        let today = Day("2026-11-29")!
        var ticks = 0
        for round in 0..<400 {
            let crlf = Int.random(in: 0..<3, using: &random) == 0
            let text = Self.head + generatedLog(&random) + (Bool.random(using: &random) ? "\n## Family\n\nTwo brothers.\n" : "")
            var bytes = Array((crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text).utf8)
            if Int.random(in: 0..<4, using: &random) == 0, bytes.last == 0x0A {
                bytes.removeLast(crlf ? 2 : 1)   // no final newline
            }
            let document = PersonDocument(bytes: bytes, path: "people/kwame.md")
            for item in document.openItems {
                let given = Bool.random(using: &random) ? Day(year: 2026, month: 11, day: Int.random(in: 1...28, using: &random)) : nil
                // As `Vault.tick`: an undated item, or one dated after today, takes today without a date.
                let date = given ?? (item.date.map { $0 > today } ?? true ? today : nil)
                let (result, line) = try document.ticking(item, date: date)
                ticks += 1
                let context = "round \(round), item at line \(item.line), date \(date.map(\.description) ?? "-")\n\(String(decoding: bytes, as: UTF8.self))"
                let before = Lines(bytes), after = Lines(result)
                #expect(after.crlf.allSatisfy { $0 == crlf } && after.endsWithNewline == before.endsWithNewline, "\(context)")
                // The ticked lines: the first one new, the continuation lines as they were.
                let old = (item.line - 1)..<(item.line - 1 + item.lineCount)
                let new = (line - 1)..<(line - 1 + item.lineCount)
                #expect(Array(after.text[new].dropFirst()) == Array(before.text[old].dropFirst()), "\(context)")
                // Every other line kept, in order; a move may take the blank line before the item along.
                var kept = before.text
                kept.removeSubrange(old)
                var rest = after.text
                rest.removeSubrange(new)
                if line != item.line, old.lowerBound > 5, before.text[old.lowerBound - 1].isEmpty,
                   old.upperBound == before.text.count || before.text[old.upperBound].isEmpty {
                    kept.remove(at: old.lowerBound - 1)
                }
                #expect(rest == kept, "\(context)\n→\n\(String(decoding: result, as: UTF8.self))")
                // The ticked line reads as a done entry of that date, and `fmt` leaves it as it is.
                let ticked = try #require(PersonDocument(bytes: result, path: "people/kwame.md").log?.entries.first { $0.line == line },
                                          "\(context)")
                #expect(ticked.checkbox == .done && ticked.date == (date ?? item.date), "\(context)")
                let formatted = Lines(PersonDocument(bytes: result, path: "people/kwame.md").formatted())
                #expect(formatted.text.contains(after.text[line - 1]), "\(context)\n→\n\(String(decoding: result, as: UTF8.self))")
                if document.log?.order != .mixed {
                    #expect(PersonDocument(bytes: result, path: "people/kwame.md").log?.order != .mixed, "\(context)")
                }
            }
        }
        #expect(ticks > 600)
    }

    /// A log of up to eight items of every kind, written every way the reader takes.
    func generatedLog(_ random: inout SeededGenerator) -> String {
        var lines: [String] = []
        for k in 0..<Int.random(in: 1...8, using: &random) {
            let bullet = ["- ", "- ", "* ", "+ ", "-  "].randomElement(using: &random)!
            let day = Int.random(in: 1...40, using: &random)
            let date = day <= 30 ? "2026-11-\(day < 10 ? "0" : "")\(day)" : "2026-12-\(day - 30 < 10 ? "0" : "")\(day - 30)"
            let written = Bool.random(using: &random) ? date : "[[\(date)]]"
            let time = Int.random(in: 0..<4, using: &random) == 0 ? " 1\(Int.random(in: 0...9, using: &random)):30" : ""
            let type = ["", " call:", " Visit:", ":", " note:"].randomElement(using: &random)!
            let note = ["note \(k)", "Note \(k): with a colon", "  spaced \(k)  "].randomElement(using: &random)!
            switch Int.random(in: 0..<4, using: &random) {
            case 0: lines.append(bullet + written + time + type + " " + note)
            case 1: lines.append(bullet + "[x] " + written + time + type + " " + note)
            case 2: lines.append(bullet + "[ ] " + written + time + type + " " + note)
            default: lines.append(bullet + ["[ ] ", "[ ]  "].randomElement(using: &random)! + ["Ask about \(k)", "call: ring \(k)", "Lend book \(k)"].randomElement(using: &random)!)
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                lines.append(["  more \(k)", "    - nested \(k)", "\tcode \(k)", ""].randomElement(using: &random)!)
            }
            if Int.random(in: 0..<3, using: &random) == 0 { lines.append("") }
        }
        // Continuation lines end an item; a blank line last would belong to nothing, which is fine too.
        return lines.map { $0 + "\n" }.joined()
    }
}

/// A file's lines without their endings, which endings were CRLF, and whether the last one ends.
private struct Lines {
    var text: [String] = []
    var crlf: [Bool] = []
    var endsWithNewline = true

    init(_ bytes: [UInt8]) {
        var parts = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        endsWithNewline = parts.last?.isEmpty ?? true
        if endsWithNewline { parts.removeLast() }
        for (i, part) in parts.enumerated() {
            let ends = i < parts.count - 1 || endsWithNewline
            let cr = part.last == 0x0D
            text.append(String(decoding: cr ? part.dropLast() : part, as: UTF8.self))
            if ends { crlf.append(cr) }
        }
    }
}
