import Testing
import CRMKit

@Suite("Broken cards and files")
struct CardErrorTests {
    @Test("A card without FN, N and ORG is skipped with an error on its BEGIN line")
    func noName() {
        let book = ContactBook.parse(card("EMAIL:nobody@example.org") + card("FN:Ada"), path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Ada"])
        #expect(book.contacts.map(\.line) == [5])
        #expect(book.diagnostics == [
            Diagnostic(path: "a.vcf", line: 1, severity: .error, message: "vCard has no FN, N or ORG; skipped"),
        ])
    }

    @Test("A card whose FN and N are empty is kept with a warning")
    func emptyName() {
        let book = ContactBook.parse(card("FN:", "N:;;;;", "EMAIL:x@example.org"), path: "a.vcf")
        #expect(book.contacts.map(\.name) == [""])
        #expect(book.contacts.map(\.emails) == [["x@example.org"]])
        #expect(book.diagnostics.map(\.description) == ["a.vcf:1:1: warning: vCard has an empty name"])
    }

    @Test("A file that ends inside a card: the card is an error, earlier cards are kept")
    func endOfFileInsideCard() {
        let book = ContactBook.parse(card("FN:Ada") + vcf("BEGIN:VCARD", "FN:Bob"), path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Ada"])
        #expect(book.diagnostics.map(\.description) == ["a.vcf:5:1: error: vCard has no END:VCARD; skipped"])
    }

    @Test("Text outside cards and a stray END are warnings, reported once per stretch")
    func strayText() {
        let bytes = vcf("some text", "more: text") + card("FN:Ada") + vcf("END:VCARD", "trailing")
        let book = ContactBook.parse(bytes, path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Ada"])
        #expect(book.diagnostics.map(\.description) == [
            "a.vcf:1:1: warning: text outside a vCard; ignored",
            "a.vcf:7:1: warning: END:VCARD without BEGIN:VCARD; ignored",
            "a.vcf:8:1: warning: text outside a vCard; ignored",
        ])
    }

    @Test("A file with no card at all is one warning")
    func noCard() {
        let book = ContactBook.parse(Array("hello\nworld\n".utf8), path: "notes.vcf")
        #expect(book.contacts == [])
        #expect(book.diagnostics.map(\.description) == ["notes.vcf:1:1: warning: no vCard in this file"])
    }

    @Test("Lines that are not properties inside a card are warnings; the card is kept")
    func garbageInCard() {
        let book = ContactBook.parse(card("FN:Ada", "no colon here", ";x:y", "bad name:z", "TEL;TYPE=cell"), path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Ada"])
        #expect(book.diagnostics.map(\.line) == [4, 5, 6, 7])
    }

    @Test("A UID used by two cards is a warning naming the first")
    func duplicateUID() {
        let book = ContactBook.parse(card("UID:1", "FN:Ada") + card("UID:1", "FN:Bob"), path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Ada", "Bob"])
        #expect(book.diagnostics.map(\.description) == ["a.vcf:6:1: warning: UID \"1\" is also used by the vCard at a.vcf:1"])
    }

    @Test("A card of a shop or a plumber (ORG, no FN or N, or empty ones) is named by its organisation, with a warning")
    func organisationOnly() {
        let book = ContactBook.parse(card("ORG:Acme Plumbing;Emergencies", "TEL:+1 555 0100")
                                     + card(version: "4.0", "FN:", "N:;;;;", "ORG:Corner Shop")
                                     + card("FN:Ada Lovelace", "ORG:Analytical Engines"), path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Acme Plumbing", "Corner Shop", "Ada Lovelace"])
        #expect(book.contacts[0].phones == ["+1 555 0100"])
        #expect(book.diagnostics.map(\.description) == [
            "a.vcf:1:1: warning: vCard has no name (FN, N); named by its ORG \"Acme Plumbing\"",
            "a.vcf:1:1: warning: not imported, as a person file keeps no such field: ORG's unit (1 card)",
            "a.vcf:6:1: warning: vCard has no name (FN, N); named by its ORG \"Corner Shop\"",
        ])
    }

    @Test("A card whose FN and N both cannot be decoded is one card, one error, at its first undecodable line")
    func nameUndecodableTwice() {
        for charset in ["X-MYSTERY", "UTF-8"] {
            let octets: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=\(charset):M".utf8) + [0xFC, 0xFF]
                + Array(";Ada\r\nFN;CHARSET=\(charset):Ada M".utf8) + [0xFC, 0xFF] + Array("\r\nEND:VCARD\r\n".utf8)
            let book = ContactBook.parse(octets + card("FN:Bob"), path: "a.vcf")
            #expect(book.contacts.map(\.name) == ["Bob"])
            #expect(book.diagnostics.count == 1)
            #expect(book.diagnostics.first?.line == 3 && book.diagnostics.first?.severity == .error)
            #expect(book.diagnostics.first?.message.hasPrefix("the name (N) ") == true)
        }
    }

    @Test("A card whose FN cannot be decoded but whose N can is read by N, with a warning")
    func nameFromTheOtherProperty() {
        let octets: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada ".utf8) + [0xFF]
            + Array("\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n".utf8)
        let book = ContactBook.parse(octets, path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Ada Lovelace"])
        #expect(book.diagnostics.map(\.description) == [
            "a.vcf:3:1: warning: the name (FN) is not valid UTF-8 and names no CHARSET; read from N as \"Ada Lovelace\"",
        ])
    }
}
