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

@Suite("Charsets: every name a card may give a charset by, and what cannot be decoded")
struct CharsetTests {
    /// The FN read from a 2.1 card whose FN is `octets` (quoted-printable) in `charset`.
    func name(_ charset: String, _ octets: String) -> String? {
        onlyContact(card(version: "2.1", "FN;CHARSET=\(charset);ENCODING=QUOTED-PRINTABLE:\(octets)"))?.name
    }

    @Test("Other spellings of the charsets decode as their usual names do", arguments: [
        ("SJIS", "=93=FA=96=7B", "日本"), ("Shift-JIS", "=83=5C", "ソ"), ("x-sjis", "=83=5C", "ソ"),
        ("MS_Kanji", "=93=FA", "日"), ("Windows-31J", "=87=40", "①"), ("MS932", "=FB=FC", "髙"),
        ("eucjp", "=C6=FC=CB=DC", "日本"), ("csISO2022JP", "=1B=24=42=46=7C=1B=28=42", "日"),
        ("CP936", "=D6=D0", "中"), ("EUC-CN", "=D6=D0", "中"), ("UHC", "=C7=D1", "한"),
        ("windows-874", "=A1", "ก"), ("latin2", "=B1", "ą"), ("ISO_8859-5", "=B0", "А"),
        ("cp1251", "=C8", "И"), ("866", "=80", "А"), ("Mac", "=8A", "ä"), ("utf8", "=C3=A9", "é"),
        ("UTF-16", "=FF=FE=E5=65", "日"), ("utf-16le", "=E5=65", "日"), ("UTF_16BE", "=65=E5", "日"),
        ("L1", "=E9", "é"), ("us-ascii", "=80", "€"),
    ])
    func aliases(charset: String, octets: String, text: String) {
        #expect(name(charset, octets) == text)
    }

    @Test("EUC-JP: JIS X 0208 and half-width katakana are read; JIS X 0212 (0x8F) is reported, not guessed")
    func eucJP() {
        #expect(name("EUC-JP", "=BB=B3=C5=C4=20=8E=B6=8E=C5") == "山田 ｶﾅ")
        let book = ContactBook.parse(card(version: "2.1", "FN;CHARSET=EUC-JP;ENCODING=QUOTED-PRINTABLE:=8F=B0=A1"), path: "a.vcf")
        #expect(book.contacts == [])
        #expect(book.diagnostics.map(\.description) == ["a.vcf:3:1: error: the name (FN) is not valid EUC-JP text; vCard skipped"])
    }

    @Test("ISO-2022-JP is 7-bit, but its escape sequences are never read as ASCII text")
    func iso2022JP() {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=ISO-2022-JP:".utf8)
            + [0x1B, 0x24, 0x42, 0x3B, 0x33, 0x45, 0x44, 0x1B, 0x28, 0x42] + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(onlyContact(bytes)?.name == "山田")
    }

    @Test("A file in UTF-16 with a byte order mark is read")
    func utf16File() {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ελένη\r\nEMAIL:eleni@example.gr\r\nEND:VCARD\r\n"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(onlyContact(littleEndian)?.name == "Ελένη")
        #expect(onlyContact(bigEndian)?.emails == ["eleni@example.gr"])
    }

    @Test("Valid UTF-8 holding C1 controls (text decoded twice) is reported, not stored")
    func c1Controls() {
        let book = ContactBook.parse(card("FN:Jos\u{00C3}\u{0083}\u{00C2}\u{00A9}"), path: "a.vcf")
        #expect(book.contacts == [])
        #expect(book.diagnostics.map(\.description) == [
            "a.vcf:3:1: error: the name (FN) holds the C1 control character U+0083, which no text holds (text decoded twice does); vCard skipped",
        ])
    }

    /// Issue #30, finding 18: U+009B written as valid UTF-8 was called "not valid UTF-8".
    @Test("A C1 control in valid UTF-8 is named as one, with or without CHARSET=UTF-8")
    func c1ControlIsNamed() {
        let book = ContactBook.parse(card("FN:Eve", "NOTE:a \u{9B}2J", "TEL;CHARSET=UTF-8:+44 20 7946 0018\u{9B}"), path: "a.vcf")
        #expect(book.contacts.map(\.name) == ["Eve"])
        #expect(book.diagnostics.map(\.description) == [
            "a.vcf:4:1: warning: NOTE holds the C1 control character U+009B, which no text holds (text decoded twice does); ignored",
            "a.vcf:5:1: warning: TEL holds the C1 control character U+009B, which no text holds (text decoded twice does); ignored",
        ])
    }

    @Test("A bare BEGIN:VCARD inside a card is a card inside it; without the outer END it starts the next card")
    func nesting() {
        let nested = ContactBook.parse(vcf("BEGIN:VCARD", "N:parent", "BEGIN:VCARD", "N:child", "END:VCARD", "TEL:1", "END:VCARD"), path: "a.vcf")
        #expect(nested.contacts.map(\.name) == ["parent"])
        #expect(nested.contacts.first?.phones == ["1"])
        #expect(nested.diagnostics == [])
        let truncated = ContactBook.parse(vcf("BEGIN:VCARD", "FN:Cut", "BEGIN:VCARD", "FN:Whole", "END:VCARD"), path: "a.vcf")
        #expect(truncated.contacts.map(\.name) == ["Whole"])
        #expect(truncated.diagnostics.map(\.description) == ["a.vcf:1:1: error: vCard has no END:VCARD; skipped"])
    }
}
