import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Random two-sided edits of random person files, merged by the library and, for a few, by a real
/// `git merge` running the driver. Every line either side wrote holds a unique token (`@o12@`,
/// `@t3@`); the merge must keep each of them exactly once, in the section its side put it in, keep
/// every line both sides kept, and keep the file's line endings. Entries are also edited in place
/// (a typo fixed, the note extended, a time added, the item ticked with or without a new date, on
/// one side or both): every version either side wrote is kept, no entry is there twice outside
/// conflict marks, and every conflict mark is reported.
///
/// The seed is fixed (`CRM_MERGE_SEED` sets another). `CRM_MERGE_CASES` and `CRM_MERGE_GIT_CASES`
/// run more cases (`Tests/Interop/check-merge-property.sh` does, from CI).
@Suite struct MergePropertyTests {
    static let cases = ProcessInfo.processInfo.environment["CRM_MERGE_CASES"].flatMap(Int.init) ?? 300
    static let gitCases = ProcessInfo.processInfo.environment["CRM_MERGE_GIT_CASES"].flatMap(Int.init) ?? 4
    /// `CRM_MERGE_SEED` runs other cases than the fixed ones.
    static let seed = ProcessInfo.processInfo.environment["CRM_MERGE_SEED"].flatMap(UInt64.init) ?? 2026_11_30

    @Test func everyLineEitherSideWroteIsKeptOnceInItsSection() {
        var g = SeededGenerator(seed: Self.seed)
        for index in 0..<Self.cases {
            let sample = MergeSample(&g)
            for withBase in [true, false] {
                let merge = PersonMerge(base: withBase ? sample.base : nil, current: sample.current, other: sample.other,
                                        labels: .init(current: "ours", other: "theirs"))
                let problems = sample.problems(with: merge.bytes, withBase: withBase, reported: merge.hasConflicts)
                #expect(problems.isEmpty, "case \(index) (\(withBase ? "three" : "two")-way): \(problems)\n\(sample)")
                if !problems.isEmpty { return }
            }
        }
    }

    /// A tick on one side and a rewording of the same open item on the other: the new wording, ticked,
    /// with or without the box's side being the current one.
    @Test func aTickOnOneSideSurvivesAnEditOfTheItemOnTheOther() {
        let base = ["---", "name: P", "---", "", "## Interactions", "", "- [ ] 2026-12-05 call: X", "- 2026-11-01 call: old"]
        let ticked = base.map { $0 == "- [ ] 2026-12-05 call: X" ? "- [x] 2026-12-05 call: X" : $0 }
        let edits: [([String], [String])] = [
            (["- [ ] 2026-12-05 call: X", "  more detail"], ["- [x] 2026-12-05 call: X", "  more detail"]),
            (["- [ ] 2026-12-05 call: Y"], ["- [x] 2026-12-05 call: Y"]),
        ]
        for (edit, expected) in edits {
            let edited = base.flatMap { $0 == "- [ ] 2026-12-05 call: X" ? edit : [$0] }
            let want = base.flatMap { $0 == "- [ ] 2026-12-05 call: X" ? expected : [$0] }
            for (c, o) in [(ticked, edited), (edited, ticked)] {
                let merge = PersonMerge(base: MergeSample.document(base, crlf: false), current: MergeSample.document(c, crlf: false),
                                        other: MergeSample.document(o, crlf: false), labels: .init(current: "ours", other: "theirs"))
                #expect(String(decoding: merge.bytes, as: UTF8.self) == want.map { $0 + "\n" }.joined())
            }
        }
    }

    @Test(.enabled(if: GitRepository.gitIsInstalled, "needs git"))
    func gitMergeWithTheDriverGivesTheSameResult() throws {
        var g = SeededGenerator(seed: 7)
        let vault = try TemporaryVault()
        let git = GitRepository(vault.url)
        try git.run("init", "-q", "-b", "main")
        try git.run("config", "user.name", "Test")
        try git.run("config", "user.email", "test@example.org")
        try git.run("config", "merge.crm.driver", "\(CRM.binary.path) merge-driver %O %A %B %P")
        try git.commit("vault")
        /// A commit even when a side made no change.
        func commit(_ message: String) throws {
            try git.run("add", "-A")
            try git.run("commit", "-q", "--allow-empty", "-m", message)
        }
        for index in 0..<Self.gitCases {
            let sample = MergeSample(&g)
            try git.run("checkout", "-q", "main")
            try git.run("branch", "-q", "-D", "ours")
            try git.run("branch", "-q", "-D", "theirs")
            try vault.write("people/p.md", sample.base.text.bytes)
            try commit("base \(index)")
            try git.run("checkout", "-q", "-b", "theirs")
            try vault.write("people/p.md", sample.other.text.bytes)
            try commit("theirs \(index)")
            try git.run("checkout", "-q", "main")
            try git.run("checkout", "-q", "-b", "ours")
            try vault.write("people/p.md", sample.current.text.bytes)
            try commit("ours \(index)")
            let run = try git.run("merge", "-q", "theirs", "-m", "merge \(index)")
            let merge = PersonMerge(base: sample.base, current: sample.current, other: sample.other,
                                    labels: .init(current: "ours", other: "theirs"))
            #expect(run.status == (merge.hasConflicts ? 1 : 0), "case \(index): \(run.output)")
            #expect(vault.bytes("people/p.md") == merge.bytes, "case \(index)\n\(sample)")
            #expect(sample.problems(with: vault.bytes("people/p.md"), withBase: true, reported: run.status != 0).isEmpty, "case \(index)\n\(sample)")
            if run.status != 0 { try git.run("merge", "--abort") }
            try git.run("reset", "-q", "--hard")
        }
    }
}

/// What a merge of a `MergeSample` must hold, checked line by line.
extension MergeSample {
    /// The section of 0-based line `i`: 0 front matter, 1 notes before the log, 2 the log, 3 after it.
    static func section(_ doc: PersonDocument, _ i: Int) -> Int {
        if let frontMatter = doc.frontMatter, i <= frontMatter.closeLine { return 0 }
        guard let log = doc.log, i >= log.headingLine else { return 1 }
        return i < log.end ? 2 : 3
    }

    /// Tokens (`@o1@`) on each line of a document, with the line's section.
    static func tokens(_ doc: PersonDocument) -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for i in 0..<doc.text.lineCount {
            let line = doc.text.string(i)
            var rest = line[...]
            while let open = rest.firstIndex(of: "@") {
                let after = rest[rest.index(after: open)...]
                guard let close = after.firstIndex(of: "@") else { break }
                found["@" + after[..<close] + "@", default: []].append(section(doc, i))
                rest = after[after.index(after: close)...]
            }
        }
        return found
    }

    /// Entries by the token on their first line.
    static func entries(_ doc: PersonDocument) -> [String: Interaction] {
        var found: [String: Interaction] = [:]
        for entry in doc.log?.entries ?? [] {
            let line = doc.text.string(entry.line - 1)
            guard let open = line.firstIndex(of: "@"), let close = line[line.index(after: open)...].firstIndex(of: "@") else { continue }
            found[String(line[open...close])] = entry
        }
        return found
    }

    /// Ticks the merge lost: an entry one side ticked is ticked in the result when its first line is
    /// there; when only the other side reworded it (the base entry gone, exactly one new entry of its
    /// date and type in its place, and no other of that date and type gone), the new wording is ticked.
    func lostTicks(in merged: PersonDocument, withBase: Bool) -> [String] {
        let b = MergeSample.entries(base), result = MergeSample.entries(merged)
        var resultTicked: [String: Bool] = [:]
        for entry in merged.log?.entries ?? [] {
            let line = merged.text.string(entry.line - 1)
            for (token, _) in MergeSample.tokens(PersonDocument(bytes: Array((line + "\n").utf8), path: "x.md")) {
                resultTicked[token] = (resultTicked[token] ?? false) || entry.checkbox == .done
            }
        }
        var problems: [String] = []
        for (side, opposite) in [(current, other), (other, current)] {
            let s = MergeSample.entries(side), t = MergeSample.entries(opposite)
            for (token, entry) in s where entry.checkbox == .done && b[token]?.checkbox == .open {
                if result[token] != nil, resultTicked[token] != true {
                    problems.append("\(token): ticked on one side, open in the result")
                }
                // Both sides changed the wording: both wordings are kept, the tick on its own.
                guard withBase, t[token] == nil, entry.note == b[token]?.note, entry.time == b[token]?.time else { continue }
                func sameSlot(_ e: Interaction) -> Bool { e.date == entry.date && e.type == entry.type }
                let gone = b.filter { t[$0.key] == nil && sameSlot($0.value) }
                let new = t.filter { b[$0.key] == nil && sameSlot($0.value) }
                if gone.count == 1, new.count == 1, let (newToken, newEntry) = new.first, newEntry.checkbox == .open,
                   resultTicked[newToken] != true {
                    problems.append("\(token): ticked on one side, reworded as \(newToken) on the other, open in the result")
                }
            }
        }
        return problems
    }

    /// A log's entries and undated follow-ups: what makes each the same item (`MergeTokens`'s
    /// text of it), its first line, whether it is ticked, and whether it is between a crm merge's
    /// conflict marks.
    struct Item {
        var key: String
        var first: String
        var type: String
        var note: String
        var done: Bool
        var open: Bool
        var marked: Bool
    }

    static func items(_ doc: PersonDocument) -> [Item] {
        var marked: Set<Int> = [], inside = false
        for i in 0..<doc.text.lineCount {
            let line = doc.text.string(i)
            if ConflictMarkers.isMergeMark(doc.text.content(i)) { inside = true } else if line.hasPrefix(">>>>>>> ") { inside = false }
            else if inside { marked.insert(i + 1) }
        }
        let entries = (doc.log?.entries ?? []).map {
            Item(key: MergeTokens.normalised($0), first: doc.text.string($0.line - 1), type: $0.type, note: $0.note,
                 done: $0.checkbox == .done, open: $0.checkbox == .open, marked: marked.contains($0.line))
        }
        let followUps = (doc.log?.followUps ?? []).map {
            Item(key: "- " + $0.note, first: doc.text.string($0.line - 1), type: "note", note: $0.note,
                 done: $0.isDone, open: !$0.isDone, marked: marked.contains($0.line))
        }
        return entries + followUps
    }

    /// What the merge gets wrong about entries edited in place: a version either side wrote that
    /// is not in the result (unless it is an open item the other version holds ticked, without a
    /// base), a tick lost, an entry there twice outside conflict marks (each base entry carries a
    /// token on its first line), or conflict marks the merge did not report.
    func editProblems(in merged: PersonDocument, withBase: Bool, reported: Bool) -> [String] {
        let result = MergeSample.items(merged), baseKeys = Set(MergeSample.items(base).map(\.key))
        var problems: [String] = []
        for (name, side) in [("ours", current), ("theirs", other)] {
            for item in MergeSample.items(side) {
                let kept = result.filter { $0.key == item.key }
                if kept.isEmpty, !baseKeys.contains(item.key),
                   withBase || !(item.open && result.contains { $0.done && $0.type == item.type && $0.note == item.note }) {
                    problems.append("\(name) wrote '\(item.first)', which is not in the result")
                }
                if item.done, !kept.isEmpty, !kept.contains(where: \.done) {
                    problems.append("\(name) ticked '\(item.first)', open in the result")
                }
            }
        }
        for token in MergeSample.items(base).compactMap({ MergeSample.tokens(in: $0.first).first }) {
            let holding = result.filter { $0.first.contains(token) }
            let outside = holding.filter { !$0.marked }.count, inside = holding.count - outside
            if outside > 1 { problems.append("the entry with \(token) is in the result \(outside) times") }
            if outside > 0, inside > 0 { problems.append("the entry with \(token) is both between conflict marks and outside them") }
        }
        let marks = (0..<merged.text.lineCount).filter { ConflictMarkers.isMergeMark(merged.text.content($0)) }.count
        if marks > 0, !reported { problems.append("\(marks) conflict marks the merge did not report") }
        return problems
    }

    static func tokens(in line: String) -> [String] {
        Array(tokens(PersonDocument(bytes: Array((line + "\n").utf8), path: "x.md")).keys)
    }

    /// What the merged `bytes` get wrong, in words; empty when nothing. `reported`: whether the
    /// merge said it left conflicts.
    func problems(with bytes: [UInt8], withBase: Bool, reported: Bool) -> [String] {
        let merged = PersonDocument(bytes: bytes, path: "people/p.md")
        let result = MergeSample.tokens(merged)
        let b = MergeSample.tokens(base), c = MergeSample.tokens(current), o = MergeSample.tokens(other)
        var problems: [String] = []
        for (side, tokens) in [("ours", c), ("theirs", o)] {
            for (token, sections) in tokens {
                let kept = result[token] ?? []
                if b[token] == nil {
                    // Written by this side: kept once, where this side put it.
                    if kept.count != sections.count {
                        problems.append("\(token) (\(side)) is in the result \(kept.count) times, not \(sections.count)")
                    } else if kept != sections {
                        problems.append("\(token) (\(side)) moved from section \(sections) to \(kept)")
                    }
                } else if (c[token] != nil && o[token] != nil) || !withBase {
                    // Kept by both (or, without a base, by one): still there, in its section. (An entry
                    // both sides reworded differently is kept in both wordings.)
                    if kept.isEmpty {
                        problems.append("\(token) (\(side)) was dropped")
                    } else if Set(kept) != Set(sections) {
                        problems.append("\(token) (\(side)) moved from section \(sections) to \(kept)")
                    }
                }
            }
        }
        problems += lostTicks(in: merged, withBase: withBase)
        problems += editProblems(in: merged, withBase: withBase, reported: reported)
        for token in result.keys where c[token] == nil && o[token] == nil {
            problems.append("\(token) is in the result but in neither side")
        }
        if crlf {
            if zip(bytes, [0] + bytes).contains(where: { $0 == 10 && $1 != 13 }) { problems.append("a line ends with LF in a CRLF file") }
        } else if bytes.contains(13) {
            problems.append("a CR in an LF file")
        }
        return problems
    }
}
