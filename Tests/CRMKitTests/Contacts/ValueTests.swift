import Testing
import CRMKit

@Suite("Values: escapes, structured names, quoted-printable, charsets")
struct ValueTests {
    @Test("Escapes as vobject reads them: \\n \\N \\, \\; \\\\ undone; an unknown \\x kept, backslash included")
    func escapes() {
        #expect(onlyContact(card("FN:Smith\\, John\\; Jr.\\\\Esq\\Q\\nII\\NIII"))?.name == "Smith, John; Jr.\\Esq\\Q\nII\nIII")
    }

    @Test("Each escape, in every property read, as vobject 0.9.9 reads it", arguments: [
        ("A\\B", "A\\B"), ("a\\nb", "a\nb"), ("a\\Nb", "a\nb"), ("a\\,b", "a,b"), ("a\\;b", "a;b"),
        ("a\\\\b", "a\\b"), ("a\\xb", "a\\xb"), ("a\\:b", "a\\:b"), ("a\\tb", "a\\tb"),
    ])
    func escape(value: String, read: String) {
        let contact = onlyContact(card("FN:" + value, "UID:" + value, "TEL:" + value, "EMAIL:" + value))
        #expect(contact?.name == read)
        #expect(contact?.uid == read)
        #expect(contact?.phones == [read])
        #expect(contact?.emails == [read])
        #expect(onlyContact(card("N:\(value);G;;;"))?.name == "G " + read)
    }

    @Test("FN:A\\B keeps its backslash in 2.1, 3.0 and 4.0 (issue sample)", arguments: ["2.1", "3.0", "4.0"])
    func backslashKept(version: String) {
        #expect(onlyContact(card(version: version, "FN:A\\B"))?.name == "A\\B")
    }

    @Test("An unescaped comma in FN, UID, TEL or EMAIL: read whole, with a warning on its line")
    func unescapedComma() {
        let book = ContactBook.parse(card("FN:Doe, John", "EMAIL:a@example.org"), path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Doe, John"])
        #expect(book.diagnostics.map(\.description) == [
            "a.vcf:3:1: warning: FN has a comma that is not escaped as \\, (a list separator in vCard 3.0 and 4.0); read whole as \"Doe, John\"",
        ])
    }

    @Test("UID keeps its urn:uuid: prefix and case; escapes are undone")
    func uid() {
        #expect(onlyContact(card(version: "4.0", "UID:urn:uuid:ABC-def", "FN:Ada"))?.uid == "urn:uuid:ABC-def")
        #expect(onlyContact(card("UID:abc\\,def", "FN:Ada"))?.uid == "abc,def")
        #expect(onlyContact(card("UID:", "FN:Ada"))?.uid == nil)
    }

    @Test("Without FN the name is built from N: prefix given additional family suffix", arguments: [
        ("N:Doe;John;Philip,Paul;Dr.;Jr.", "Dr. John Philip Paul Doe Jr."),
        ("N:O\\;Brien;Conan;;;", "Conan O;Brien"),
        ("N:Lovelace;Ada", "Ada Lovelace"),
        ("N:Cher;;;;", "Cher"),
    ])
    func nameFromN(line: String, name: String) {
        #expect(onlyContact(card(line))?.name == name)
    }

    @Test("FN wins over N")
    func fnWins() {
        #expect(onlyContact(card("N:Lovelace;Augusta Ada;;;", "FN:Ada Lovelace"))?.name == "Ada Lovelace")
    }

    @Test("Quoted-printable: soft line breaks with and without a leading space on the next line")
    func quotedPrintable() {
        let bytes = vcf(
            "BEGIN:VCARD", "VERSION:2.1",
            "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=89lod=",
            "=C3=A9e =3D Z=",
            "o=C3=",
            "=AB",
            "NOTE;QUOTED-PRINTABLE:a=",
            "END:VCARD")
        #expect(onlyContact(bytes)?.name == "Élodée = Zoë")
    }

    @Test("Quoted-printable: lower-case hex, a lone = kept, a bare QUOTED-PRINTABLE parameter")
    func quotedPrintableLenient() {
        #expect(onlyContact(card(version: "2.1", "FN;QUOTED-PRINTABLE;CHARSET=UTF-8:=c3=a9=ZZ"))?.name == "é=ZZ")
    }

    @Test("A soft line break right before END:VCARD does not swallow the END")
    func softBreakBeforeEnd() {
        let book = ContactBook.parse(card(version: "2.1", "FN;ENCODING=QUOTED-PRINTABLE:Ada="), path: "test.vcf")
        #expect(book.contacts.map(\.name) == ["Ada"])
        #expect(book.diagnostics == [])
    }

    @Test("Charsets: QP octets decoded as ISO-8859-1 / Windows-1252; raw non-UTF-8 bytes without a CHARSET are reported")
    func charsets() {
        #expect(onlyContact(card(version: "2.1", "FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Ren=E9e"))?.name == "Renée")
        let windows1252 = card(version: "2.1", "FN;CHARSET=WINDOWS-1252;ENCODING=QUOTED-PRINTABLE:=93Ada=94 =80")
        #expect(onlyContact(windows1252)?.name == "“Ada” €")
        let latin1 = Array("BEGIN:VCARD\r\nFN:Jos".utf8) + [0xE9] + Array(" N".utf8) + [0xFA] + Array("\r\nEND:VCARD\r\n".utf8)
        let undeclared = ContactBook.parse(latin1, path: "a.vcf")
        #expect(undeclared.contacts == [])
        #expect(undeclared.diagnostics.map(\.description) == [
            "a.vcf:2:1: error: the name (FN) is not valid UTF-8 and names no CHARSET; vCard skipped",
        ])
        let declaredUTF8 = Array("BEGIN:VCARD\r\nFN;CHARSET=UTF-8:Jos".utf8) + [0xE9] + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(ContactBook.parse(declaredUTF8, path: "a.vcf").diagnostics.map(\.description) == [
            "a.vcf:2:1: error: the name (FN) is not valid UTF-8 text; vCard skipped",
        ])
    }
}
