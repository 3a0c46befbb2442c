import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// A random person file and two versions of it, each made by a few random edits through the
/// library (entries added with `adding`, keys with `setting`/`removing`) or line by line (notes,
/// entries removed or reworded).
struct MergeSample: CustomStringConvertible {
    let base: PersonDocument
    let current: PersonDocument
    let other: PersonDocument
    let crlf: Bool

    init(_ g: inout SeededGenerator) {
        crlf = Int.random(in: 0..<4, using: &g) == 0
        base = MergeSample.document(MergeSample.randomFile(&g), crlf: crlf)
        var current = base, other = base
        if Int.random(in: 0..<3, using: &g) == 0, let item = base.openItems.randomElement(using: &g) {
            // One open item ticked on both sides: on the same date, on different dates, or with its own.
            let dates = [nil, MergeSample.randomDay(&g), MergeSample.randomDay(&g)]
            let mine = dates.randomElement(using: &g)!
            let theirs = Bool.random(using: &g) ? mine : dates.randomElement(using: &g)!
            current = MergeSample.ticking(item, in: base, date: mine)
            other = MergeSample.ticking(item, in: base, date: theirs)
        }
        self.current = MergeSample.edited(current, side: "o", &g)
        self.other = MergeSample.edited(other, side: "t", &g)
    }

    static func randomDay(_ g: inout SeededGenerator) -> Day {
        Day(year: 2026, month: 10, day: Int.random(in: 1...28, using: &g))!
    }

    /// `doc` with `item` ticked as `crm done` ticks it (`--date` when `date` is given).
    static func ticking(_ item: OpenItem, in doc: PersonDocument, date: Day?) -> PersonDocument {
        PersonDocument(bytes: try! doc.ticking(item, date: date ?? (item.date == nil ? Day(year: 2026, month: 10, day: 30)! : nil)).bytes,
                       path: doc.path)
    }

    var description: String {
        ["base", "ours", "theirs"].enumerated().map { index, name in
            "--- \(name)\n" + String(decoding: [base, current, other][index].text.bytes, as: UTF8.self)
        }.joined(separator: "\n")
    }

    static func document(_ lines: [String], crlf: Bool) -> PersonDocument {
        PersonDocument(bytes: Array(lines.joined(separator: crlf ? "\r\n" : "\n").utf8) + (crlf ? [13, 10] : [10]), path: "people/p.md")
    }

    // MARK: Generating

    static func randomFile(_ g: inout SeededGenerator) -> [String] {
        var lines = ["---", "name: Person @b0@", "phone: \"+44 20 7946 0018 @b1@\"", "email: p@example.org"]
        for k in 0..<Int.random(in: 0...3, using: &g) { lines.append("key\(k): value @b\(10 + k)@") }
        if Bool.random(using: &g) { lines.append("tags: [friends, b@b20@]") }
        if Int.random(in: 0..<3, using: &g) == 0 { lines.append("related: [\"[[p-2|partner: Person Two @b21@]]\"]") }
        lines += ["---", ""]
        for n in 0..<Int.random(in: 0...4, using: &g) {
            lines.append("Notes line @b\(30 + n)@.")
            if Int.random(in: 0..<4, using: &g) == 0 { lines += ["```", "code in the notes @b\(40 + n)@", "```"] }
            if Bool.random(using: &g) { lines.append("") }
        }
        lines += ["", "## Interactions", ""]
        let oldestFirst = Int.random(in: 0..<3, using: &g) == 0
        var days = (0..<Int.random(in: 0...5, using: &g)).map { _ in Int.random(in: 1...28, using: &g) }.sorted()
        if !oldestFirst { days.reverse() }
        for (n, day) in days.enumerated() {
            lines += entryLines(day: day, token: "b\(50 + n * 4)", &g)
        }
        if Int.random(in: 0..<3, using: &g) == 0 {
            lines.append("- [ ] Follow up \(tag("b95")).")
            if Bool.random(using: &g) { lines.append("  With details \(tag("b96")).") }
        }
        if Bool.random(using: &g) {
            lines += ["", "## Family", "", "After the log @b90@.", "Second line @b91@."]
        }
        return lines
    }

    /// Two made-up words for a note (`Kalomi sutora`), as different from another note's as notes
    /// people write usually are.
    static func words(_ g: inout SeededGenerator) -> String {
        let first = word { syllables.randomElement(using: &g)! }
        return first.prefix(1).uppercased() + first.dropFirst() + " " + word { syllables.randomElement(using: &g)! }
    }

    static let syllables = ["ka", "lo", "mi", "ne", "su", "ra", "to", "vi", "pe", "do", "gu", "fa", "ze", "bo", "ri",
                            "sha", "the", "wy", "qu", "ji"]

    static func word(_ syllable: () -> String) -> String { (0..<3).map { _ in syllable() }.joined() }

    /// The token `@NAME-WORD@` that tracks a line, its word made from `name`: tokens that differ by
    /// a character or two (`@b50@`, `@b54@`) would be typos of each other to the merge, and make
    /// every note alike.
    static func tag(_ name: String) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return "@\(name)-" + word { hash = hash &* 6_364_136_223_846_793_005 &+ 1; return syllables[Int(hash >> 59) % syllables.count] } + "@"
    }

    /// An entry of one or more lines: continuation lines, nested list items, or a code fence
    /// (closed or not) in its note.
    static func entryLines(day: Int, token: String, _ g: inout SeededGenerator) -> [String] {
        let date = String(format: "2026-10-%02d", day)
        let box = Int.random(in: 0..<3, using: &g) == 0 ? "[ ] " : ""
        // Some entries are shared, written as `--with` writes them, or link someone in the note.
        let with = ["", "", " (with [[p-2|Person Two]])", " (with [[p-2|Person Two]] and [[p-3|Person Three]])", " with [[Person Four]]"]
            .randomElement(using: &g)!
        var lines = ["- \(box)\(date) \(["call", "visit", "email"].randomElement(using: &g)!): \(words(&g)) \(tag(token)).\(with)"]
        switch Int.random(in: 0..<5, using: &g) {
        case 1: lines.append("  More \(tag(token + "c")).")
        case 2: lines += ["  - step \(tag(token + "s"))", "    - sub \(tag(token + "u"))"]
        case 3: lines += ["  ```", "  code \(tag(token + "k"))", "  ```"]
        case 4: lines += ["  ```", "  unclosed \(tag(token + "k"))"]
        default: break
        }
        return lines
    }

    static func edited(_ start: PersonDocument, side: String, _ g: inout SeededGenerator) -> PersonDocument {
        var doc = start
        var counter = 0
        func token() -> String { counter += 1; return MergeSample.tag("\(side)\(counter)") }
        func lines(_ doc: PersonDocument) -> [String] { (0..<doc.text.lineCount).map(doc.text.string) }
        func replacing(_ range: Range<Int>, with new: [String]) -> PersonDocument {
            PersonDocument(bytes: doc.text.splicing(range, with: new), path: doc.path)
        }
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            let text = lines(doc)
            let before = doc.log.map { (doc.frontMatter!.closeLine + 1)..<$0.headingLine } ?? 0..<0
            let after = doc.log.map { $0.end..<text.count } ?? 0..<0
            let entries = doc.log?.entries ?? []
            func editing(_ entry: Interaction, _ change: (inout Interaction) -> Void) -> PersonDocument {
                var edited = entry
                change(&edited)
                return replacing((entry.line - 1)..<(entry.line - 1 + entry.lineCount), with: edited.rendered)
            }
            switch Int.random(in: 0..<15, using: &g) {
            case 0, 1:
                var note = "\(MergeSample.words(&g)) \(token())." + (Bool.random(using: &g) ? " (with [[p-\(Int.random(in: 2...4, using: &g))|Someone]])" : "")
                if Bool.random(using: &g) { note += "\n- step \(token())\n  - sub \(token())" }
                if Int.random(in: 0..<3, using: &g) == 0 { note += "\n```\ncode \(token())" }
                let entry = Interaction(date: Day(year: 2026, month: 10, day: Int.random(in: 1...28, using: &g))!,
                                        type: "call", note: note)
                doc = PersonDocument(bytes: try! doc.adding(entry), path: doc.path)
            case 2 where !entries.isEmpty:
                let entry = entries.randomElement(using: &g)!
                doc = replacing((entry.line - 1)..<(entry.line - 1 + entry.lineCount), with: [])
            case 3 where !entries.isEmpty:
                let entry = entries.randomElement(using: &g)!
                var reworded = entry
                reworded.note = "\(MergeSample.words(&g)) \(token())."
                doc = replacing((entry.line - 1)..<(entry.line - 1 + entry.lineCount), with: reworded.rendered)
            case 4:
                let key = ["phone", "email", "key0", "every", "extra", "related"].randomElement(using: &g)!
                let value = key == "every" ? "\(Int.random(in: 1...99, using: &g))d"
                    : key == "related" ? "[[p-3|friend: value \(token())]]" : "value \(token())"
                doc = PersonDocument(bytes: try! doc.setting(key, to: .string(value)), path: doc.path)
            case 5:
                doc = PersonDocument(bytes: try! doc.removing(["phone", "email", "key1", "tags"].randomElement(using: &g)!), path: doc.path)
            case 6, 7:
                // A notes line added, reworded or removed, before or after the log.
                let section = Bool.random(using: &g) || after.isEmpty ? before : after
                let textLines = section.filter { text[$0].hasPrefix("Notes line") || text[$0].hasPrefix("After the log") || text[$0].hasPrefix("Side") }
                let choice = Int.random(in: 0..<3, using: &g)
                if choice == 0 || textLines.isEmpty {
                    let at = textLines.randomElement(using: &g).map { $0 + 1 } ?? section.upperBound
                    guard section.contains(at) || at == section.upperBound, !section.isEmpty || !before.isEmpty else { continue }
                    doc = replacing(at..<at, with: ["Side line \(token())."])
                } else if choice == 1 {
                    let at = textLines.randomElement(using: &g)!
                    doc = replacing(at..<(at + 1), with: ["Side reworded \(token())."])
                } else {
                    let at = textLines.randomElement(using: &g)!
                    doc = replacing(at..<(at + 1), with: [])
                }
            case 8 where !entries.isEmpty:
                // A continuation line added to an entry's note.
                let entry = entries.randomElement(using: &g)!
                let at = entry.line - 1 + entry.lineCount
                doc = replacing(at..<at, with: ["  also \(token())"])
            case 9 where entries.contains { $0.checkbox == .open }:
                // An open item ticked.
                let entry = entries.filter { $0.checkbox == .open }.randomElement(using: &g)!
                let first = text[entry.line - 1]
                doc = replacing((entry.line - 1)..<entry.line, with: [first.replacingOccurrences(of: "[ ]", with: "[x]")])
            case 11 where !entries.isEmpty:
                // A typo fixed in the note's first word (its tokens untouched).
                let entry = entries.randomElement(using: &g)!
                guard let fixed = MergeSample.typoFixed(entry.note, &g) else { continue }
                doc = editing(entry) { $0.note = fixed }
            case 12 where !entries.isEmpty:
                // The note's first line extended.
                let entry = entries.randomElement(using: &g)!
                let more = " Then \(token())."
                doc = editing(entry) { entry in
                    let lines = entry.note.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                    entry.note = lines[0] + more + (lines.count > 1 ? "\n" + lines[1] : "")
                }
            case 13 where entries.contains { $0.time == nil }:
                // A time added.
                let entry = entries.filter { $0.time == nil }.randomElement(using: &g)!
                let time = TimeOfDay(hour: Int.random(in: 8...20, using: &g), minute: [0, 30].randomElement(using: &g)!)!
                doc = editing(entry) { $0.time = time }
            case 14 where !doc.openItems.isEmpty:
                // An open item (or a follow-up) ticked as `crm done --date` ticks it.
                doc = MergeSample.ticking(doc.openItems.randomElement(using: &g)!, in: doc,
                                          date: Bool.random(using: &g) ? MergeSample.randomDay(&g) : nil)
            default:
                if !after.isEmpty {
                    doc = replacing(text.count..<text.count, with: ["At the end \(token())."])
                }
            }
        }
        return doc
    }

    /// `note` with a typo fixed in its first word of three letters or more (two letters swapped,
    /// one doubled, or one dropped); nil when it has no such word before its first token.
    static func typoFixed(_ note: String, _ g: inout SeededGenerator) -> String? {
        var scalars = Array(note)
        let word = scalars.prefix { $0.isLetter }
        guard word.count >= 3 else { return nil }
        let at = Int.random(in: 1..<(word.count - 1), using: &g)
        switch Int.random(in: 0..<3, using: &g) {
        case 0: scalars.swapAt(at, at + 1)
        case 1: scalars.insert(scalars[at], at: at)
        default: scalars.remove(at: at)
        }
        return String(scalars)
    }
}
