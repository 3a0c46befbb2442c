import Foundation
import Testing
import CRMKit

/// Every card of the vendored public vCard sets (`Fixtures/contacts/public/`, see its README) is
/// read as vobject reads it, or reported: each set's `expected.json` is vobject's reading, made by
/// `Tests/Interop/vobject_expected.py`.
@Suite("Public vCard sets: each card agrees with vobject or is reported")
struct PublicFixtureTests {
    /// One card as vobject read it.
    struct Expected: Decodable {
        var line: Int
        var name: String?
        var uid: String?
        var phones: [String]?
        var emails: [String]?
        var birthday: String?
        var vobjectError: String?

        enum CodingKeys: String, CodingKey {
            case line, name, uid, phones, emails, birthday
            case vobjectError = "vobject_error"
        }
    }

    /// How the cards of a set came out.
    struct Counts: Equatable, CustomStringConvertible {
        /// Read as vobject reads them.
        var agreeing = 0
        /// Skipped or warned about, with the file and a line of the card.
        var reported = 0
        /// vobject cannot read them (a broken line, no name); read here without a warning.
        var vobjectFails = 0
        /// Read differently, with no warning: must stay empty.
        var misread: [String] = []

        var description: String {
            "\(agreeing) agreeing, \(reported) reported, \(vobjectFails) unreadable by vobject, \(misread.count) misread"
        }
    }

    static func read(set: String) throws -> Counts {
        let folder = Fixtures.contacts(set)
        let expected = try JSONDecoder().decode(
            [String: [Expected]].self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/expected.json")))
        var counts = Counts()
        for (file, cards) in expected.sorted(by: { $0.key < $1.key }) {
            let book = try ContactBook.load(folder + "/" + file)
            for (index, card) in cards.enumerated() {
                let lines = card.line..<(index + 1 < cards.count ? cards[index + 1].line : Int.max)
                let contact = book.contacts.first { $0.line == card.line }
                let isReported = book.diagnostics.contains { lines.contains($0.line) }
                if card.vobjectError != nil {
                    if isReported { counts.reported += 1 } else { counts.vobjectFails += 1 }
                } else if let contact, contact.name == card.name, contact.uid == card.uid,
                          contact.phones == card.phones, contact.emails == card.emails,
                          contact.birthday == card.birthday {
                    counts.agreeing += 1
                } else if isReported {
                    counts.reported += 1
                } else {
                    counts.misread.append("\(file):\(card.line): read \(contact.map { "\($0)" } ?? "nothing"), vobject \(card)")
                }
            }
            let lines = Set(cards.map(\.line))
            for contact in book.contacts where !lines.contains(contact.line) {
                counts.misread.append("\(file):\(contact.line): a contact vobject does not see: \(contact.name)")
            }
        }
        return counts
    }

    @Test("Each set: nothing misread, and the counts as measured", arguments: [
        ("public/android", 33, 4, 0),
        ("public/ezvcard", 20, 3, 3),
        ("public/khard", 19, 1, 0),
        ("public/evolution", 73, 2, 2),
        ("public/vobject", 1, 0, 0),
        ("public/kcontacts", 19, 4, 0),
        ("public/radicale", 12, 5, 1),
        ("charsets", 87, 23, 0),
    ])
    func set(name: String, agreeing: Int, reported: Int, vobjectFails: Int) throws {
        let counts = try Self.read(set: name)
        #expect(counts.misread == [])
        #expect(counts == Counts(agreeing: agreeing, reported: reported, vobjectFails: vobjectFails), "\(name): \(counts)")
    }
}
