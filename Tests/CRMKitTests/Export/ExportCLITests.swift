import Foundation
import Testing

/// `crm export` as a user runs it. Readers other than `crm` (vobject, khard, Python's csv) are
/// checked by `Tests/Interop/check-export.sh`.
@Suite struct ExportCLITests {
    private func export(_ vault: TemporaryVault, _ format: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try vault.crm("export", "--format", format)
        #expect(result.status == 0, sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
        return result.stdout
    }

    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    // MARK: vCard

    /// `crm export --help` names every property a card carries: those export writes for a person
    /// with every field and for an organisation, and no other (it listed FN, UID, TEL, EMAIL,
    /// BDAY, CATEGORIES and RELATED while export wrote N, NICKNAME, ORG, TITLE, NOTE and KIND too).
    @Test func exportHelpNamesEveryPropertyACardCarries() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada-lovelace.md", """
        ---
        name: Ada Lovelace
        contact_id: "6B29FC40-CA47-1067-B31D-00DD010662DA"
        phone: "+44 20 7946 0018"
        email: ada@example.org
        birthday: 1815-12-10
        dates:
          anniversary: 1835-07-08
        tags: [friends]
        aliases: [Enchantress of Numbers]
        company: Analytical Society
        position: Programmer
        related: ["[[charles-babbage|colleague: Charles Babbage]]"]
        ---

        Met through the Analytical Society.

        """)
        try vault.write("people/charles-babbage.md", "---\nname: Charles Babbage\n---\n")
        try vault.write("people/acme.md", "---\nname: Acme Plumbing\ncompany: Acme Plumbing\n---\n")
        let cards = try export(vault, "vcard")
        var written = Set(cards.components(separatedBy: "\r\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.map { line in
            String(line.prefix { $0 != ":" && $0 != ";" })
        })
        written.subtract(["BEGIN", "END", "VERSION"])
        let help = try CRM.run(["export", "--help"]).stdout
        // The vcard paragraph: up to the next format's (vdir, then csv).
        let vcard = try #require(help.range(of: "vcard: one").map { help[$0.lowerBound...] }.flatMap { text in
            (text.range(of: "\nvdir:") ?? text.range(of: "\ncsv:")).map { text[..<$0.lowerBound] }
        })
        // Words in capitals but those with a `=` (a parameter such as PREF=1); UUID is the word.
        let words = vcard.split { !($0.isLetter || $0 == "=" || $0 == "-") }
        let named = Set(words.filter { $0.first!.isUppercase && $0.allSatisfy { $0.isUppercase || $0 == "-" } }.map(String.init))
            .subtracting(["UUID"])
        #expect(named == written, "help names \(named.subtracting(written).sorted()) that no card holds; leaves out \(written.subtracting(named).sorted())")
        #expect(written.isSuperset(of: ["FN", "N", "UID", "TEL", "EMAIL", "BDAY", "ANNIVERSARY", "CATEGORIES", "RELATED", "ORG", "TITLE", "NOTE", "NICKNAME", "KIND"]))
        let man = try CRM.run(["help", "--man"]).stdout
        for name in written { #expect(man.contains(name), "the man page leaves out \(name)") }
    }

    @Test func vcardHoldsTheSnapshotWithTheContactIDAsUID() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let cards = try export(vault, "vcard")
        #expect(cards.contains("""
            BEGIN:VCARD\r
            VERSION:4.0\r
            UID:3F2504E0-4F89-11D3-9A0C-0305E82C3301\r
            FN:Margaret Holloway\r
            N:Holloway;Margaret;;;\r
            TEL;VALUE=text;PREF=1:+44 20 7946 0123\r
            EMAIL;PREF=1:margaret.holloway@example.org\r
            BDAY:19880314\r
            CATEGORIES:friends,chess\r
            NOTE:Met at the Thursday chess club. Prefers voice notes to long messages.\\\r
             nHer sister runs the bakery on Mill Lane.\r
            END:VCARD\r

            """))
        #expect(cards.components(separatedBy: "BEGIN:VCARD\r\n").count - 1 == 12)
        #expect(!cards.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
    }

    @Test func withoutAContactIDTheUIDIsDerivedFromTheIDAndStaysTheSame() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        let first = try export(vault, "vcard")
        // Python: uuid.uuid5(uuid.UUID("07be2b3a-bbae-582e-a9dd-327cfc4393b0"), "person:ada-lovelace")
        #expect(first.contains("\r\nUID:urn:uuid:d6e8c70a-d1c8-5b4e-8562-26a16e4f0443\r\n"))
        #expect(try export(vault, "vcard") == first)
    }

    @Test func escapesFoldsAndWritesAYearlessBirthday() throws {
        let vault = try TemporaryVault()
        let name = "Doe, Jane; Back\\slash Núñez de la Concepción Fernández-Castañeda y Würthwein"
        let added = try vault.crm("add", name, "--phone", "+1 555 0100", "--phone", "0123", "--email", "jane@example.org",
                                  "--birthday=--12-10", "--tag", "a,b")
        #expect(added.status == 0, "\(added.stderr)")
        let cards = try export(vault, "vcard")
        let physical = cards.components(separatedBy: "\r\n")
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        let logical = cards.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        #expect(logical.contains("FN:Doe\\, Jane\\; Back\\\\slash Núñez de la Concepción Fernández-Castañeda y Würthwein"))
        #expect(logical.contains("TEL;VALUE=text;PREF=1:+1 555 0100"))
        #expect(logical.contains("TEL;VALUE=text:0123"))
        #expect(logical.contains("BDAY:--1210"))
        #expect(logical.contains("CATEGORIES:a\\,b"))
    }

    @Test func aBirthdayThatIsNotADateIsLeftOutWithAWarningAtItsLine() throws {
        let vault = try TemporaryVault()
        try vault.write("people/bob.md", "---\nname: Bob\nbirthday: December\n---\n")
        let result = try vault.crm("export", "--format", "vcard")
        #expect(result.status == 0)
        #expect(result.stderr == "people/bob.md:3:11: warning: birthday: 'December' is not a date (YYYY-MM-DD, or --MM-DD without the year); the card has no BDAY [invalid-value]\n")
        #expect(!result.stdout.contains("BDAY"))
        #expect(result.stdout.contains("FN:Bob\r\n"))
    }

    @Test func importingTheExportIntoAnEmptyVaultGivesTheSamePeople() throws {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.crm("add", "Jane Doe", "--phone", "+1 555 0100", "--phone", "0123", "--email", "a@example.org",
                      "--email", "b@example.org", "--birthday=--02-29")
        let file = vault.path + "/people.vcf"
        #expect(try vault.crm("export", "--format", "vcard", "-o", file).status == 0)
        let empty = try TemporaryVault()
        let imported = try empty.crm("import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.isEmpty)
        func people(_ vault: TemporaryVault) throws -> [String: [String: String]] {
            let list = try json(try export(vault, "json")) as! [[String: Any]]
            return Dictionary(uniqueKeysWithValues: list.map { person in
                (person["name"] as! String, [
                    "phones": "\(person["phones"]!)", "emails": "\(person["emails"]!)",
                    "birthday": "\(person["birthday"]!)",
                ])
            })
        }
        let before = try people(vault), after = try people(empty)
        #expect(after == before)
        #expect(after.count == 13)
        let cards = try export(vault, "vcard")
        let again = try export(empty, "vcard")
        let uids = { (text: String) in text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.sorted() }
        #expect(uids(again) == uids(cards), "each imported person's contact_id is the card's UID")
    }

    // MARK: CSV

    @Test func csvHasAHeaderAndOneQuotedRowPerPerson() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Doe, \"JJ\" Jane", "--phone", "+1 555 0100", "--phone", "0123", "--tag", "a", "--tag", "b", "--every", "2w")
        try vault.crm("log", "jane", "Coffee", "--date", "2026-11-20")
        try vault.crm("add", "Bob")
        let csv = try export(vault, "csv")
        #expect(csv == "name,id,emails,phones,birthday,tags,every,last,next,due,interactions\r\n"
            + "Bob,bob,,,,,90d,,,2027-02-27,0\r\n"
            // A cell that starts with '+' starts with "'" (a spreadsheet would take it for a formula).
            + "\"Doe, \"\"JJ\"\" Jane\",doe-jj-jane,,'+1 555 0100; 0123,,a; b,2w,2026-11-20,,2026-12-04,1\r\n")
    }

    @Test func csvCountsInteractionsAsListDoes() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n\n## Interactions\n\n- [ ] 2026-12-05 call: Planned.\n- [x] 2026-11-28 call: Ticked.\n"
                        + "- 2026-11-20 visit: Tea.\n- [ ] Someday.\n")
        let csv = try export(vault, "csv")
        #expect(csv.hasSuffix(",2\r\n"), "\(csv)")
        let list = try vault.crm("list", "--json").stdout
        #expect(list.contains("\"interactions\": 2"))
    }

    // MARK: JSON

    @Test func jsonIsEveryPersonAsShowPrintsThem() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let list = try json(try export(vault, "json")) as! [Any]
        #expect(list.count == 12)
        let margaret = list.compactMap { $0 as? [String: Any] }.first { $0["id"] as? String == "margaret-holloway" }
        let shown = try json(try vault.crm("show", "margaret-holloway", "--json").stdout) as! [String: Any]
        #expect((margaret.map { NSDictionary(dictionary: $0) }) == NSDictionary(dictionary: shown))
        #expect((shown["interactions"] as? [Any])?.count == 4)
        #expect(try vault.crm("export", "--json").stdout == (try export(vault, "json")))
    }

    // MARK: Options

    @Test func outputGoesToAFileAtomicallyAndSaysHowMany() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let file = vault.path + "/out.csv"
        let result = try vault.crm("export", "--format=csv", "-o", file)
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote 12 people to \(file)\n")
        #expect(result.stderr.isEmpty)
        #expect(vault.read("out.csv") == (try export(vault, "csv")))
    }

    @Test func aMissingOrUnknownFormatIsAUsageError() throws {
        let vault = try TemporaryVault()
        let missing = try vault.crm("export")
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("crm: error: missing --format (vcard, vdir, csv or json)\n"))
        let unknown = try vault.crm("export", "--format", "xml")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("crm: error: --format: unknown value 'xml'; use vcard, csv, json, vdir\n"))
        let both = try vault.crm("export", "--format", "csv", "--json")
        #expect(both.status == 2)
    }
}
