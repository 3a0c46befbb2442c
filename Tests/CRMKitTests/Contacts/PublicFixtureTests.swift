import Foundation
import Testing
import CRMKit

/// Every card of the public vCard sets (`vcf/` in the public suites folder, see `Tests/README.md`)
/// is read as Python's vobject reads it, or reported with its file and line: vobject's reading is
/// made by `Tests/Interop/suite_readings.py` when the tests run. A card read differently without a
/// word is a misread, and fails.
@Suite("Public vCard sets: each card agrees with vobject or is reported", PublicSuites.present, PublicSuites.readable)
struct PublicFixtureTests {
    /// How the cards of a set came out.
    struct Counts: Equatable, CustomStringConvertible {
        /// Read as vobject reads them.
        var agreeing = 0
        /// Skipped or warned about, with the file and a line of the card.
        var reported = 0
        /// Read differently, or read when vobject cannot read them, with no warning: must stay empty.
        var misread: [String] = []

        static func += (a: inout Counts, b: Counts) {
            a.agreeing += b.agreeing
            a.reported += b.reported
            a.misread += b.misread
        }

        var description: String { "\(agreeing) agreeing, \(reported) reported, \(misread.count) misread" }
    }

    /// Compares what the reader makes of each file with vobject's `readings` of its cards.
    static func compare(_ readings: [(path: String, cards: [PublicSuites.CardReading])]) throws -> Counts {
        var counts = Counts()
        for (path, cards) in readings {
            let book = try ContactBook.load(path)
            for (index, card) in cards.enumerated() {
                let lines = card.line..<(index + 1 < cards.count ? cards[index + 1].line : Int.max)
                let contact = book.contacts.first { $0.line == card.line }
                let isReported = book.diagnostics.contains { lines.contains($0.line) }
                if let contact, card.vobjectError == nil, contact.name == card.name, contact.uid == card.uid,
                   contact.phones == card.phones, contact.emails == card.emails, contact.birthday == card.birthday {
                    counts.agreeing += 1
                } else if isReported {
                    counts.reported += 1
                } else {
                    counts.misread.append("\(path):\(card.line): read \(contact.map { "\($0)" } ?? "nothing"); vobject: \(card)")
                }
            }
            let lines = Set(cards.map(\.line))
            for contact in book.contacts where !lines.contains(contact.line) {
                counts.misread.append("\(path):\(contact.line): a contact vobject does not see: \(contact.name)")
            }
        }
        return counts
    }

    /// The sets of `vcf/` (`project-sets/android`, `new-sets/mozilla/releases-comm-central`), each with its files.
    static let sets: [String: [String]] = Dictionary(
        grouping: PublicSuites.files(under: "vcf", endingIn: ".vcf"), by: { PublicSuites.set(of: $0, under: "vcf") })

    /// The counts of one set, compared with the readings made now.
    static func counts(of set: String) throws -> Counts {
        let readings = try PublicSuites.requireReadings()
        return try compare((sets[set] ?? []).map { file in
            (PublicSuites.url("vcf/" + file).path, readings.vcf[file] ?? [])
        })
    }

    @Test func theSetsAreHere() throws {
        try PublicSuites.requireFolder()
        #expect(!Self.sets.isEmpty, "no .vcf file under \(PublicSuites.url("vcf").path)")
        let readings = try PublicSuites.requireReadings()
        for file in Self.sets.values.joined() {
            #expect(readings.vcf[file] != nil, "no vobject reading of \(file)")
        }
    }

    /// Prints `vCards SET: N agreeing, M reported, 0 misread` for each set.
    @Test("Each set: nothing misread", arguments: sets.keys.sorted())
    func set(name: String) throws {
        let counts = try Self.counts(of: name)
        print("vCards \(name): \(counts)")
        #expect(counts.misread == [], "\(name)")
    }

    /// Every card file of the sets written again the ways writers differ, from a fixed seed: LF or
    /// CRLF, property lines folded at random places with a space or a tab (never inside a
    /// character, nor in files with quoted-printable values, whose soft line breaks readers join
    /// each their own way), names in lower or upper case. Each card still agrees with vobject's
    /// reading of the new file, or is reported.
    @Test func rewrittenCards() throws {
        _ = try PublicSuites.requireReadings()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crm-cards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SeededGenerator(seed: 2026_12_01)
        for file in Self.sets.values.joined().sorted() {
            let target = folder.appendingPathComponent("vcf/" + file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let bytes = Array(try Data(contentsOf: PublicSuites.url("vcf/" + file)))
            try Data(Self.rewritten(bytes, using: &random)).write(to: target)
        }
        let readings = try PublicSuites.readings(of: folder).get()
        let counts = try Self.compare(readings.vcf.sorted { $0.key < $1.key }.map {
            (folder.appendingPathComponent("vcf/" + $0.key).path, $0.value)
        })
        print("vCards rewritten: \(counts)")
        #expect(counts.agreeing > 0)
        #expect(counts.misread == [])
    }

    /// `bytes` with another line ending, folds and name case (see `rewrittenCards`).
    static func rewritten(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        guard !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]) else { return bytes }
        let canFold = !String(decoding: bytes, as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
        let lineEnding: [UInt8] = Bool.random(using: &random) ? [0x0D, 0x0A] : [0x0A]
        var out: [UInt8] = []
        for var line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init) {
            if line.last == 0x0D { line.removeLast() }
            let header = line.prefix { $0 != 0x3A && $0 != 0x3B }   // up to the first `:` or `;`
            let isProperty = header.count < line.count && !header.isEmpty && header.allSatisfy { $0 < 0x80 && $0 != 0x20 && $0 != 0x09 }
            let text = String(decoding: line, as: UTF8.self).uppercased()
            let isDelimiter = text.contains("BEGIN:") || text.contains("END:")
            if isProperty, Int.random(in: 0..<3, using: &random) == 0 {
                let cased = String(decoding: header, as: UTF8.self)
                line.replaceSubrange(0..<header.count, with: (Bool.random(using: &random) ? cased.lowercased() : cased.uppercased()).utf8)
            }
            if canFold, isProperty, !isDelimiter, line.count > 2, Int.random(in: 0..<3, using: &random) == 0 {
                let at = Int.random(in: 1..<line.count, using: &random)
                if line[at] < 0x80, line[at - 1] < 0x80 {
                    line.insert(contentsOf: lineEnding + [Bool.random(using: &random) ? 0x20 : 0x09], at: at)
                }
            }
            out += line + lineEnding
        }
        if bytes.last != 0x0A { out.removeLast(lineEnding.count) }
        return out
    }

    /// Prints the totals of each group of sets (`project-sets`, `more-sets`, `new-sets`).
    @Test func totals() throws {
        var totals: [String: Counts] = [:]
        for set in Self.sets.keys {
            totals[String(set.prefix { $0 != "/" }), default: Counts()] += try Self.counts(of: set)
        }
        for (group, counts) in totals.sorted(by: { $0.key < $1.key }) {
            print("vCards \(group) (all sets): \(counts)")
            #expect(counts.misread.isEmpty)
        }
    }
}

/// The cards `Tests/Interop/charset_cards.py` writes in every charset the reader decodes (the
/// project's own, committed with vobject's reading of them in `expected.json`, which
/// `Tests/Interop/check-vobject.sh` checks in CI against vobject).
@Suite("Charset cards: each card agrees with vobject or is reported")
struct CharsetCardTests {
    @Test func asMeasured() throws {
        let folder = Fixtures.contacts("charsets")
        let readings = try JSONDecoder().decode(
            [String: [PublicSuites.CardReading]].self,
            from: Data(contentsOf: URL(fileURLWithPath: folder + "/expected.json")))
        let counts = try PublicFixtureTests.compare(readings.sorted { $0.key < $1.key }.map { (folder + "/" + $0.key, $0.value) })
        #expect(counts.misread == [])
        #expect(counts == PublicFixtureTests.Counts(agreeing: 87, reported: 23), "\(counts)")
    }
}
