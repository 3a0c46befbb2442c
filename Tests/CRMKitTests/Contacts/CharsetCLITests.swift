import Foundation
import Testing

/// Cards in other charsets, escapes and nested cards, as `crm import`, `add --from`,
/// `show --contacts` and `refresh` read them: decoded right, or reported with file and line.
@Suite struct CharsetCLITests {
    /// A 2.1 card whose FN is quoted-printable octets of `charset`.
    static func qpCard(_ charset: String, _ octets: String, uid: String, extra: String...) -> [UInt8] {
        Array((["BEGIN:VCARD", "VERSION:2.1", "UID:\(uid)", "FN;CHARSET=\(charset);ENCODING=QUOTED-PRINTABLE:\(octets)"]
               + extra + ["END:VCARD"]).map { $0 + "\r\n" }.joined().utf8)
    }

    /// 山田 花子 in Shift_JIS, as Japanese phones write it.
    static let yamada = qpCard("SHIFT_JIS", "=8E=52=93=63=20=89=D4=8E=71", uid: "sjis-1", extra: "TEL;CELL:090-1234-5678")
    /// ソニー 太郎 as raw Shift_JIS octets: ソ ends with 0x5C, a backslash in ASCII.
    static let sony = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nUID:sjis-2\r\nFN;CHARSET=SHIFT_JIS:".utf8)
        + [131, 92, 131, 106, 129, 91, 32, 145, 190, 152, 89] + Array("\r\nEND:VCARD\r\n".utf8)
    /// Иван Петров in KOI8-R.
    static let ivan = qpCard("KOI8-R", "=E9=D7=C1=CE=20=F0=C5=D4=D2=CF=D7", uid: "koi8-1", extra: "EMAIL:ivan@example.ru")
    /// A name in a charset no one knows, and a card with a phone in one.
    static let unknown = qpCard("X-MYSTERY", "=C4=8C=65", uid: "unknown-1")
        + card(version: "2.1", "UID:unknown-2", "FN:Ada Lovelace", "TEL;CHARSET=X-MYSTERY:+44 20 7946 0018", "EMAIL:ada@example.org")

    @Test func importDecodesShiftJISAndKOI8RIntoNamesAndFileNames() throws {
        let vault = try ContactsCLITests.vault(source: Self.yamada + Self.sony + Self.ivan)
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout == """
            Added 山田 花子 (people/山田-花子.md)
            Added ソニー 太郎 (people/ソニー-太郎.md)
            Added Иван Петров (people/иван-петров.md)
            Added 3 of 3 contacts from contacts.vcf; skipped 0.

            """)
        #expect(vault.read("people/山田-花子.md").hasPrefix("---\nname: 山田 花子\ncontact_id: \"sjis-1\"\nphone: \"090-1234-5678\"\n"))
        let shown = try vault.crm("show", "sjis-2", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(json["name"] as? String == "ソニー 太郎")
    }

    @Test func importCountsTheCardsItCouldNotReadInTheTotal() throws {
        let vault = try ContactsCLITests.vault(source: Self.yamada + Self.unknown + Self.ivan)
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("Added 3 of 4 contacts from contacts.vcf; skipped 0. 1 card could not be read (see above).\n"), "\(result.stdout)")
    }

    @Test func importReportsAnUnknownCharsetWithFileAndLineAndAddsNoMojibake() throws {
        let vault = try ContactsCLITests.vault(source: Self.unknown)
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 1)
        #expect(result.stderr == """
            contacts.vcf:4:1: error: the name (FN) has CHARSET=X-MYSTERY, which this tool cannot decode; vCard skipped
            contacts.vcf:10:1: warning: TEL has CHARSET=X-MYSTERY, which this tool cannot decode; ignored

            """)
        #expect(result.stdout == """
            Added Ada Lovelace (people/ada-lovelace.md)
            Added 1 of 2 contacts from contacts.vcf; skipped 0. 1 card could not be read (see above).

            """)
        #expect(vault.read("people/ada-lovelace.md").contains("email: ada@example.org\n"))
        #expect(!vault.read("people/ada-lovelace.md").contains("phone"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people") == ["ada-lovelace.md"])
        let json = try vault.crm("import", "contacts.vcf", "--json")
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"unreadable\": 1"))
    }

    @Test func undecodableOctetsInTheDeclaredCharsetAreReported() throws {
        // 0x81 alone is half a Shift_JIS character; 0x81 is unassigned in Windows-1252.
        let vault = try ContactsCLITests.vault(source: Self.qpCard("SHIFT_JIS", "A=81", uid: "bad-1")
                                                + Self.qpCard("WINDOWS-1252", "B=81", uid: "bad-2"))
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 1)
        #expect(result.stderr == """
            contacts.vcf:4:1: error: the name (FN) is not valid SHIFT_JIS text; vCard skipped
            contacts.vcf:9:1: error: the name (FN) is not valid WINDOWS-1252 text; vCard skipped

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people") == [])
    }

    @Test func addFromShowContactsAndRefreshShowTheCharsetWarning() throws {
        let vault = try ContactsCLITests.vault(source: Self.unknown)
        let warning = "contacts.vcf:10:1: warning: TEL has CHARSET=X-MYSTERY, which this tool cannot decode; ignored"
        let add = try vault.crm("add", "--from", "contacts.vcf", "ada")
        #expect(add.status == 0)
        #expect(add.stderr.contains(warning))
        let show = try vault.crm("show", "ada", "--contacts", "contacts.vcf")
        #expect(show.stderr.contains(warning))
        let refresh = try vault.crm("refresh", "--contacts", "contacts.vcf")
        #expect(refresh.stderr.contains(warning))
        #expect(refresh.stderr.contains("contacts.vcf:4:1: error: the name (FN) has CHARSET=X-MYSTERY"))
    }

    @Test func aBackslashInANameIsKept() throws {
        let vault = try ContactsCLITests.vault(source: card("UID:bs-1", "FN:A\\B"))
        #expect(try vault.crm("import", "contacts.vcf").status == 0)
        let shown = try vault.crm("show", "bs-1", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(json["name"] as? String == "A\\B")
    }

    @Test("A 2.1 card with a nested AGENT card, and a 3.0 card with an escaped one: the parent is imported, the agent is not")
    func nestedAgentCards() throws {
        let source = vcf(
            "BEGIN:VCARD", "VERSION:2.1", "UID:boss-1", "FN:Jane Boss", "TEL;WORK:+1 555 0100",
            "AGENT:BEGIN:VCARD", "VERSION:2.1", "FN:Agent Smith", "TEL:+1 555 0199", "END:VCARD",
            "EMAIL:jane@example.org", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "UID:boss-2", "FN:John Boss",
            "AGENT:BEGIN:VCARD\\nVERSION:3.0\\nFN:Agent Jones\\nTEL:+1 555 0198\\nEND:VCARD\\n",
            "EMAIL:john@example.org", "END:VCARD")
        let vault = try ContactsCLITests.vault(source: source)
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 0)
        // The agents' cards are someone else's: not imported, and said.
        #expect(result.stderr == "contacts.vcf:1:1: warning: not imported, as a person file keeps no such field: AGENT (2 cards)\n")
        #expect(result.stdout.hasPrefix("Added Jane Boss (people/jane-boss.md)\nAdded John Boss (people/john-boss.md)\nAdded 2 of 2"))
        let jane = vault.read("people/jane-boss.md")
        #expect(jane.contains("phone: \"+1 555 0100\"\nemail: jane@example.org\n"))
        #expect(!jane.contains("0199"))
    }
}
