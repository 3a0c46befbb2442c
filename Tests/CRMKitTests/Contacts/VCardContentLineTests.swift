import Foundation
import Testing
@testable import CRMKit

@Suite("Content lines: folding, names, parameters")
struct VCardContentLineTests {
    @Test("Folded lines are unfolded with CRLF or LF, space or tab, even inside a name or parameter")
    func unfolding() {
        for lineEnding in ["\r\n", "\n"] {
            let bytes = vcf(
                "BEGIN:VCARD", "VERSION:3.0", "FN:Ada Love", " lace", "EM", "\tAIL;TY", " PE=pref:ada", " @example.org",
                "EMAIL:first@example.org", "END:VCARD", lineEnding: lineEnding)
            #expect(onlyContact(bytes)?.name == "Ada Lovelace")
            #expect(onlyContact(bytes)?.emails == ["ada@example.org", "first@example.org"])
        }
    }

    @Test("BEGIN, END, property and parameter names ignore case; groups are dropped")
    func caseAndGroups() {
        let bytes = vcf(
            "begin:vcard", "version:3.0", "fn:Ada", "item7.Tel;Type=Home:1", "ITEM2.tel;type=Cell:2", "End:VCard")
        #expect(onlyContact(bytes) == Contact(
            uid: nil, name: "Ada", phones: ["2", "1"], emails: [], birthday: nil, path: "test.vcf", line: 1))
    }

    @Test("Every way of marking a preferred or mobile number puts it first", arguments: [
        "TEL;TYPE=work,pref:+1 555 0102",
        "TEL;type=WORK;type=pref:+1 555 0102",
        "TEL;WORK;PREF:+1 555 0102",
        "TEL;TYPE=\"voice,pref\":+1 555 0102",
        "TEL;PREF=1:+1 555 0102",
        "TEL;VALUE=uri;PREF=1:tel:+1 555 0102",
        "TEL;TYPE=CELL:+1 555 0102",
        "TEL;CELL:+1 555 0102",
    ])
    func preferredPhone(line: String) {
        #expect(onlyContact(card("FN:Ada", "TEL;TYPE=home:+1 555 0101", line))?.phones == ["+1 555 0102", "+1 555 0101"])
    }

    @Test("The lowest PREF wins; preferred numbers come before mobile ones, mobile before the rest")
    func phoneOrder() {
        let contact = onlyContact(card(
            version: "4.0", "FN:Ada", "TEL:1", "TEL;TYPE=cell:2", "TEL;PREF=3:3", "TEL;PREF=1:4", "TEL;TYPE=cell;PREF=3:5"))
        #expect(contact?.phones == ["4", "5", "3", "2", "1"])
    }

    @Test("Emails: PREF and TYPE=pref first, then file order; mailto: removed; duplicates kept once")
    func emailOrder() {
        let contact = onlyContact(card(
            "FN:Ada", "EMAIL:a@example.org", "EMAIL;PREF=2:b@example.org", "EMAIL;TYPE=INTERNET,PREF:c@example.org",
            "EMAIL:mailto:d@example.org", "EMAIL:A@Example.org", "EMAIL: "))
        #expect(contact?.emails == ["c@example.org", "b@example.org", "a@example.org", "d@example.org"])
    }

    @Test("Phones: tel: removed, trimmed, empty ones dropped, the same number written differently kept once")
    func phoneValues() {
        let contact = onlyContact(card(
            "FN:Ada", "TEL;VALUE=uri:TEL:+44-20-7946-0018", "TEL:  +44 (20) 7946.0018  ", "TEL:", "TEL:+44 20 7946 0019"))
        #expect(contact?.phones == ["+44-20-7946-0018", "+44 20 7946 0019"])
    }

    @Test("A folded base64 photo is skipped, even when a continuation line looks like a property")
    func base64Photo() {
        let bytes = card(
            "FN:Ada", "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ", " END:VCARD", " FN:Mallory", "EMAIL:ada@example.org")
        #expect(onlyContact(bytes) == Contact(
            uid: nil, name: "Ada", phones: [], emails: ["ada@example.org"], birthday: nil, path: "test.vcf", line: 1))
    }

    @Test("A 2.1 base64 photo whose lines have no leading space, ended by a blank line, is skipped quietly")
    func base64PhotoWithoutFolding() {
        let bytes = card(
            version: "2.1", "FN:Ada", "PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQ", "SkZJRgABAQ", "AAAQABAAD", "",
            "TEL;CELL:1")
        let book = ContactBook.parse(bytes, path: "test.vcf")
        #expect(book.contacts.map(\.phones) == [["1"]])
        #expect(book.diagnostics.map(\.message) == ["not imported, as a person file keeps no such field: PHOTO (1 card)"])
    }

    @Test("A 2.1 base64 photo without leading spaces ends at a property folded right after it")
    func base64PhotoBeforeAFoldedProperty() {
        let bytes = card(
            version: "2.1", "FN:Ada", "PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQ", "SkZJRgABAQ", "EMAIL;", " TYPE=WORK:ada@example.org",
            "TE", "\tL;CELL:1")
        let book = ContactBook.parse(bytes, path: "test.vcf")
        #expect(book.contacts.map(\.emails) == [["ada@example.org"]])
        #expect(book.contacts.map(\.phones) == [["1"]])
        #expect(book.diagnostics.map(\.message) == ["not imported, as a person file keeps no such field: PHOTO (1 card)"])
    }

    @Test("A line with two groups (`E.A.EMAIL`) is not a vCard property: reported and ignored; one group is read")
    func twoGroups() {
        let bytes = card(version: "4.0", "FN:Ada", "E.A.EMAIL;TYPE=home:ada@example.org", "T.B.TEL:1", "item1.TEL:2")
        let book = ContactBook.parse(bytes, path: "test.vcf")
        #expect(book.contacts.map(\.phones) == [["2"]])
        #expect(book.contacts.map(\.emails) == [[]])
        #expect(book.diagnostics.map(\.description) == [
            "test.vcf:4:1: warning: not a vCard property; ignored",
            "test.vcf:5:1: warning: not a vCard property; ignored",
        ])
    }

    @Test("A parameter whose name is not a vCard name makes its line not a property: reported and ignored", arguments: [
        "TEL;TYPE#WORK,VOICE:1", "TEL;;TYPE=cell:1", "TEL;TYPE=cell;:1", "TEL;TY PE=cell:1", "TEL;(pref):1",
    ])
    func badParameterName(line: String) {
        let book = ContactBook.parse(card("FN:Ada", line), path: "test.vcf")
        #expect(book.contacts.map(\.phones) == [[]])
        #expect(book.diagnostics.map(\.description) == ["test.vcf:4:1: warning: not a vCard property; ignored"])
    }

    /// GNOME's test card 6 (`TYPE=VOICE;MSG,WORK`, `FAX,WORK`: bare parameters listed with
    /// commas) was read before bare parameter names had to be vCard names, and then lost both
    /// numbers as "not a vCard property"; Evolution, which wrote it, and vobject read them.
    @Test("A bare parameter list (`TEL;TYPE=VOICE;MSG,WORK:`) is read: each item a type")
    func bareParameterList() {
        let book = ContactBook.parse(card(
            "FN:Frank Dawson", "TEL;TYPE=VOICE;MSG,WORK:+1-919-676-9515", "TEL;FAX,WORK:+1-919-676-9564",
            "TEL;HOME,CELL:+1 555 0100"), path: "test.vcf")
        #expect(book.contacts.map(\.phones) == [["+1 555 0100", "+1-919-676-9515", "+1-919-676-9564"]])
        #expect(book.diagnostics == [])
    }

    /// `Fixtures/contacts/parameters/parameters.vcf` holds one card per form of parameter writers
    /// use (bare lists, `=` in a value, quotes holding `;` and `:`, repeated and folded
    /// parameters, names with `_` and `-`, and names that are not names), and `expected.json`
    /// beside it vobject's reading (`Tests/Interop/check-vobject.sh` checks it is still
    /// vobject's): each card agrees, or is reported.
    @Test("Every form of parameter agrees with vobject or is reported")
    func parameterFormsAgreeWithVobject() throws {
        let folder = Fixtures.contacts("parameters")
        let readings = try JSONDecoder().decode(
            [String: [PublicSuites.CardReading]].self,
            from: Data(contentsOf: URL(fileURLWithPath: folder + "/expected.json")))
        let counts = try PublicFixtureTests.compare(readings.sorted { $0.key < $1.key }.map { (folder + "/" + $0.key, $0.value) })
        #expect(counts.misread == [])
        #expect(counts == PublicFixtureTests.Counts(agreeing: 9, reported: 1), "\(counts)")
    }

    /// Groups and parameter names drawn from letters, digits and the characters writers get wrong:
    /// a line is read exactly when its group is a vCard name (`[A-Za-z0-9_-]+`, vobject's and
    /// RFC 6350's rule, with Lotus Notes' `_`) and so is its parameter's name, up to the `=` or,
    /// in a bare list (`MSG,WORK`), the first `,`; else it is reported.
    @Test("Generated groups and parameter names: read when they are vCard names, else reported (fixed seed)")
    func generatedNames() {
        var random = SeededGenerator(seed: 2026_12_01)
        // No space in groups: a line that starts with one continues the line before it.
        let groupAlphabet = Array("aZ9-_#.()/,'*"), parameterAlphabet = groupAlphabet + [" "]
        let isName = { (text: String) in !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } }
        for _ in 0..<300 {
            let draw = { (alphabet: [Character]) in
                String((0..<Int.random(in: 0...3, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            let group = draw(groupAlphabet), parameter = draw(parameterAlphabet)
            let line = (group.isEmpty ? "" : group + ".") + "TEL;" + parameter + "=cell:+1 555 0100"
            let book = ContactBook.parse(card("FN:Ada", line), path: "test.vcf")
            let isRead = (group.isEmpty || isName(group)) && isName(String(parameter.prefix { $0 != "," }))
            #expect(book.contacts.map(\.phones) == [isRead ? ["+1 555 0100"] : []], "\(line)")
            #expect(book.diagnostics.isEmpty == isRead, "\(line): \(book.diagnostics)")
        }
    }

    @Test("A UTF-8 byte order mark before the first card is ignored")
    func byteOrderMark() {
        #expect(onlyContact([0xEF, 0xBB, 0xBF] + card("FN:Ada"))?.name == "Ada")
    }
}
