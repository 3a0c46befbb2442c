import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The facts cache's bytes are a format: a change to what a record holds or how it is written
/// must bump `FactsCache.version`, or an old cache would be read as something else. This fixes
/// the bytes of a small cache in `Fixtures/golden/facts-cache.txt` (an `xxd` dump: `xxd -r` gives
/// the file), with the program's build key and the file stamps given rather than read, so that
/// any change to the format fails here.
@Suite struct FactsCacheGoldenTests {
    static let golden = Fixtures.root.appendingPathComponent("Fixtures/golden/facts-cache.txt")

    static let fingerprint: String = {
        var config = VaultConfig()
        config.types = ["call", "visit"]
        config.heading = "Interactions"
        return FactsCache.fingerprint(config, build: "1234 1764000000.5 42")
    }()

    /// Three people covering every field: one with everything set, one with nothing, and a file
    /// that could not be read.
    static let entries: [(path: String, entry: FactsCache.Entry)] = {
        let day = { (text: String) in Day(text)! }
        var ada = PersonFacts(keys: PersonKeys(id: "ada-lovelace", name: "Ada Lovelace", sortName: "ada lovelace",
                                               foldedAliases: ["countess", "ada"], emails: ["ada@example.org"], contactID: "urn:uuid:0d3f"))
        ada.tags = ["friend", "math"]
        ada.birthday = "1815-12-10"
        ada.every = Cadence("2w")
        ada.snooze = day("2026-12-01")
        ada.added = day("2026-01-15")
        ada.dates = [NamedDate(name: "anniversary", date: PartialDate("1835-07-08")!), NamedDate(name: "met", date: PartialDate("1833-06")!)]
        ada.deceased = PartialDate("1852-11-27")
        ada.timeline = Timeline(
            interactions: [
                Interaction(date: day("2026-11-28"), time: TimeOfDay(hour: 14, minute: 30), type: "call",
                            note: "talked about engines\nand looms", line: 12, lineCount: 2),
                Interaction(date: day("2026-11-02"), type: "visit", note: "tea", line: 14, checkbox: .done),
            ],
            open: [Interaction(date: day("2026-12-05"), type: "note", note: "send notes", line: 15, checkbox: .open)],
            followUps: ["ask about the Engine"], horizon: day("2026-11-28"))
        ada.tally = InteractionTally([
            Interaction(date: day("2026-11-02"), type: "visit", note: "tea", checkbox: .done),
            Interaction(date: day("2026-12-05"), type: "note", note: "send notes", checkbox: .open),
            Interaction(date: day("2026-11-28"), type: "call", note: "engines"),
            Interaction(date: day("2025-06-30"), type: "visit", note: "first met"),
        ])
        let everyProblem = Diagnostic(path: "people/ada-lovelace.md", line: 6, column: 8, rule: .invalidValue,
                                      message: "`every: fortnightly` is not a cadence")
        ada.fieldProblems = ["every": everyProblem]
        ada.problems = [everyProblem, Diagnostic(path: "people/ada-lovelace.md", line: 9, rule: .notAnEntry, message: "Ünïcode ✓")]
        ada.readProblems = [everyProblem]
        ada.nameLine = 2
        ada.contactIDLine = 5

        var broken = PersonFacts.empty(id: "broken")
        broken.isReadable = false
        broken.readProblems = [Diagnostic(path: "people/broken.md", line: 1, rule: .unterminatedFrontMatter, message: "no closing `---`")]

        func stamp(_ inode: UInt64, _ size: Int64) -> FileStamp {
            FileStamp(device: 2049, inode: inode, size: size, modified: 1_764_000_000_123_456_789,
                      changed: 1_764_000_001_000_000_000, mode: 0o100644)
        }
        return [
            ("people/ada-lovelace.md", FactsCache.Entry(stamp: stamp(1 << 63 | 7, 812), facts: ada)),
            ("people/bob.md", FactsCache.Entry(stamp: stamp(8, 0), facts: PersonFacts.empty(id: "bob"))),
            ("people/broken.md", FactsCache.Entry(stamp: stamp(9, 3), facts: broken)),
        ]
    }()

    static func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        FactsCache.encode(paths: entries.map(\.path), records: { .read(entries[$0].entry.record) }, from: FactsCache(),
                          fingerprint: fingerprint) { (piece: ArraySlice<UInt8>) in bytes += piece }
        return bytes
    }

    @Test func aSmallCacheEncodesToTheCommittedBytes() throws {
        let dump = Self.hexDump(Self.encoded())
        let committed = try String(contentsOf: Self.golden, encoding: .utf8)
        guard dump != committed else { return }
        let actual = FileManager.default.temporaryDirectory.appendingPathComponent("facts-cache.txt")
        try dump.write(to: actual, atomically: true, encoding: .utf8)
        let lines = (dump.split(separator: "\n"), committed.split(separator: "\n"))
        let first = lines.0.indices.first { $0 >= lines.1.count || lines.0[$0] != lines.1[$0] } ?? lines.0.count
        let found = first < lines.0.count ? String(lines.0[first]) : "(end)"
        let expected = first < lines.1.count ? String(lines.1[first]) : "(end)"
        let message = "The facts cache format changed at line \(first + 1) of the dump: \(found) instead of \(expected). "
            + "Bump FactsCache.version and replace Tests/CRMKitTests/Fixtures/golden/facts-cache.txt with \(actual.path)."
        Issue.record(Comment(rawValue: message))
    }

    @Test func theCommittedBytesDecodeToTheSameFacts() throws {
        let bytes = Self.bytes(ofHexDump: try String(contentsOf: Self.golden, encoding: .utf8))
        guard let cache = FactsCache(bytes, fingerprint: Self.fingerprint) else {
            Issue.record("the committed cache file was not read")
            return
        }
        let decoded = cache.entries
        #expect(decoded.count == Self.entries.count)
        for (path, entry) in Self.entries {
            #expect(decoded[path]?.stamp == entry.stamp, "\(path)")
            #expect(decoded[path]?.facts == entry.facts, "\(path)")
        }
    }

    @Test func theCommittedBytesAreNotReadForAnotherProgramOrLogSettings() throws {
        let bytes = Self.bytes(ofHexDump: try String(contentsOf: Self.golden, encoding: .utf8))
        #expect(FactsCache(bytes, fingerprint: FactsCache.fingerprint(VaultConfig(), build: "1234 1764000000.5 42")) == nil)
        #expect(FactsCache(bytes, fingerprint: Self.fingerprint + "0") == nil)
        #expect(FactsCache(Array(bytes.dropLast()), fingerprint: Self.fingerprint) == nil)
    }

    /// `bytes` as `xxd` shows them: 16 to a line in groups of two, then the printable ones.
    static func hexDump(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for start in stride(from: 0, to: bytes.count, by: 16) {
            let line = bytes[start..<min(start + 16, bytes.count)]
            var hex = ""
            for (i, byte) in line.enumerated() {
                if i > 0, i % 2 == 0 { hex += " " }
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 15)])
            }
            let offset = String(start, radix: 16)
            text += String(repeating: "0", count: 8 - offset.count) + offset + ": "
            text += hex.padding(toLength: 39, withPad: " ", startingAt: 0) + "  "
            text += String(line.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." }) + "\n"
        }
        return text
    }

    /// The bytes of an `xxd` dump.
    static func bytes(ofHexDump dump: String) -> [UInt8] {
        dump.split(separator: "\n").flatMap { line -> [UInt8] in
            let hex = Array(line.dropFirst(10).prefix(39).filter { $0 != " " })
            return stride(from: 0, to: hex.count, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! }
        }
    }
}
