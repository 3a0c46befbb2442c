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
        #expect(Self.sets.keys.contains { $0.hasPrefix("project-sets/") })
        #expect(Self.sets.keys.contains { $0.hasPrefix("new-sets/") })
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
