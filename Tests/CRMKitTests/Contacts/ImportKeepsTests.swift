import Foundation
import Testing

/// `crm import` keeps what people have: a CSV's notes and relations, LinkedIn's "Connected On"
/// and profile URL, and says what it leaves out (an Exchange address, a column it keeps no field
/// for); it never takes a namesake for someone it tracks.
@Suite("Import keeps what people have")
struct ImportKeepsTests {
    static func vault(_ files: [String: String] = [:], fixtures: [String] = []) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        for (name, text) in files { try vault.write(name, text) }
        for name in fixtures {
            try vault.write(name, Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.contacts("csv/" + name)))))
        }
        return vault
    }

    static func json(_ result: CRMResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    // MARK: CSV

    @Test func googleAndOutlookNotesBecomeThePersonsNotes() throws {
        let vault = try Self.vault(fixtures: ["google-contacts.csv", "outlook.csv"])
        #expect(try vault.crm("import", vault.path + "/google-contacts.csv").status == 0)
        #expect(try vault.crm("import", vault.path + "/outlook.csv").status == 0)
        #expect(vault.read("people/grace-brewster-hopper.md").hasSuffix("---\n\nMet at the \"bug\" talk.\nAsk about COBOL.\n\n## Interactions\n"))
        let jose = try #require(try JSONSerialization.jsonObject(with: Data(try vault.crm("show", "dr-jose-nunez", "--json").stdout.utf8)) as? [String: Any])
        #expect(jose["notes"] as? String == "Likes “good” coffee – strong.")
    }

    /// The notes of rows Python's `csv.writer` wrote (commas, quotes, CRLF and LF line breaks,
    /// blank lines, accents) are the person's notes as `csv.reader` reads the cell, line breaks
    /// as `\n` and blank lines at both ends left out.
    @Test func notesAreTheCellPythonsCSVReaderReads() throws {
        let vault = try Self.vault()
        let script = """
            import csv, io, json, sys
            notes = ["a, b", "She said \\"hi\\"", "line one\\r\\nline two", "\\n\\nafter blanks\\n\\n", "tab\\there; semi", "Zoë – “quoted”\\rCR alone",
                     "  indented first", "= formula?"]
            out = io.StringIO(newline="")
            w = csv.writer(out, lineterminator="\\r\\n")
            w.writerow(["First Name", "Last Name", "E-mail Address", "Notes"])
            for i, note in enumerate(notes):
                w.writerow([f"P{i}", "Test", f"p{i}@example.org", note])
            open(sys.argv[1] + "/notes.csv", "w", encoding="utf-8", newline="").write(out.getvalue())
            rows = list(csv.reader(open(sys.argv[1] + "/notes.csv", encoding="utf-8", newline="")))[1:]
            print(json.dumps([r[3] for r in rows]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, vault.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let cells = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        let result = try vault.crm("import", vault.path + "/notes.csv")
        #expect(result.status == 0, "\(result.stderr)")
        for (index, cell) in cells.enumerated() {
            var lines = cell.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n").components(separatedBy: "\n")
            while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
            while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
            let shown = try Self.json(try vault.crm("show", "p\(index)-test", "--json"))
            #expect(shown["notes"] as? String == lines.joined(separator: "\n"), "row \(index + 2): \(cell.debugDescription)")
        }
    }

    @Test func anExchangeAddressIsLeftOutWithAWarningAtItsRowAndColumn() throws {
        let vault = try Self.vault(fixtures: ["outlook-desktop.csv"])
        let result = try vault.crm("import", vault.path + "/outlook-desktop.csv")
        #expect(result.status == 0)
        let file = vault.path + "/outlook-desktop.csv"
        #expect(result.stderr.contains("\(file):2:253: warning: \"/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=3f5a-jane.doe\" "
                                       + "is an Exchange address (E-mail Type EX), not an email address; left out\n"), "\(result.stderr)")
        #expect(vault.read("people/jane-doe.md") == """
            ---
            name: Jane Doe
            phone: "+1 425 555 0100"
            email: jane.doe@contoso.example
            company: Contoso
            position: Manager
            tags: [Work, Clients]
            added: 2026-11-29
            related: ["manager: Ana Ruiz", "spouse: John Doe"]
            ---

            Met at the Ignite booth.
            Prefers Teams to email – call before 10.

            ## Interactions

            """)
        // The same address without its type column (a hand-made file) is recognised by its form.
        try vault.write("bare.csv", "First Name,Last Name,E-mail Address,E-mail 2 Address\nAl,Bo,/o=ExchangeLabs/ou=x/cn=al,al@example.org\n")
        let bare = try vault.crm("import", vault.path + "/bare.csv")
        #expect(bare.stderr.contains("bare.csv:2:7: warning: \"/o=ExchangeLabs/ou=x/cn=al\" is an Exchange address"))
        #expect(vault.read("people/al-bo.md").contains("\nemail: al@example.org\n"))
    }

    /// Every column is kept, left out as the exporter's bookkeeping, or named: one warning at the
    /// header cell of the first column with a value that is not imported.
    @Test func columnsThatAreNotImportedAreNamedOnce() throws {
        let vault = try Self.vault(fixtures: ["outlook-desktop.csv", "google-contacts.csv", "Connections.csv"])
        let outlook = try vault.crm("import", vault.path + "/outlook-desktop.csv")
        let warnings = outlook.stderr.split(separator: "\n").filter { $0.contains("not imported") }
        #expect(warnings == ["\(vault.path)/outlook-desktop.csv:1:67: warning: not imported, as a person file keeps no such field: 'Department' (1 row), "
                             + "'Business Street' (1 row), 'Business City' (1 row), 'Assistant's Phone' (1 row), 'Hobby' (1 row), 'Web Page' (1 row)"])
        let google = try vault.crm("import", vault.path + "/google-contacts.csv")
        #expect(google.stderr.contains("google-contacts.csv:1:356: warning: not imported, as a person file keeps no such field: "
                                       + "'Address 1 - Label' (1 row), 'Address 1 - Formatted' (1 row), 'Address 1 - City' (1 row)\n"))
        let linkedIn = try vault.crm("import", vault.path + "/Connections.csv")
        #expect(!linkedIn.stderr.contains("not imported"), "every LinkedIn column is kept")
    }

    // MARK: Namesakes

    /// A LinkedIn row has no phone or email: a person of its name is taken for it only when
    /// nothing is against it, and a different company is.
    @Test func aLinkedInRowIsNotANamesakeAtAnotherCompany() throws {
        let vault = try Self.vault(["Connections.csv": """
            First Name,Last Name,URL,Email Address,Company,Position,Connected On
            Sam,Lee,https://www.linkedin.com/in/sam-lee-acme,,Acme,Engineer,14 Mar 2019
            Sam,Lee,https://www.linkedin.com/in/sam-lee-design,,Lee Design,Owner,02 Jan 2020

            """])
        try vault.write("people/sam-lee.md", "---\nname: Sam Lee\nphone: \"+1 555 0100\"\ncompany: Lee Design\n---\n")
        let result = try vault.crm("import", vault.path + "/Connections.csv")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("""
            Added Sam Lee (people/sam-lee-2.md): not people/sam-lee.md, whose phones, emails, company or UID differ
            Skipped Sam Lee: tracked as sam-lee (same name); added linkedin: https://www.linkedin.com/in/sam-lee-design

            """))
        #expect(vault.read("people/sam-lee-2.md").contains("\ncompany: Acme\n"))
        #expect(vault.read("people/sam-lee.md") == "---\nname: Sam Lee\nphone: \"+1 555 0100\"\ncompany: Lee Design\nlinkedin: \"https://www.linkedin.com/in/sam-lee-design\"\n---\n")
        let again = try vault.crm("import", vault.path + "/Connections.csv")
        #expect(again.stdout == """
            Skipped Sam Lee: tracked as sam-lee-2 (same contact id)
            Skipped Sam Lee: tracked as sam-lee (same LinkedIn URL)
            Added 0 of 2 contacts from \(vault.path)/Connections.csv; skipped 2.

            """)
    }

    @Test func twoTrackedNamesakesMakeTheMatchAmbiguousNotAGuess() throws {
        let vault = try Self.vault(["Connections.csv": "First Name,Last Name,URL,Email Address,Company,Position,Connected On\n"
                                    + "Sam,Lee,https://www.linkedin.com/in/sam-lee,,,,14 Mar 2019\n"])
        try vault.write("people/sam-lee.md", "---\nname: Sam Lee\n---\n")
        try vault.write("people/sam-lee-2.md", "---\nname: Sam Lee\nphone: \"+1 555 0100\"\n---\n")
        let files = [vault.bytes("people/sam-lee.md"), vault.bytes("people/sam-lee-2.md")]
        let result = try vault.crm("import", vault.path + "/Connections.csv")
        #expect(result.status == 0)
        #expect(result.stdout == """
            Not added Sam Lee: could be sam-lee or sam-lee-2, with nothing to tell which; add linkedin: https://www.linkedin.com/in/sam-lee to the one it is, and import again
            Added 0 of 1 contact from \(vault.path)/Connections.csv; skipped 1.

            """)
        #expect([vault.bytes("people/sam-lee.md"), vault.bytes("people/sam-lee-2.md")] == files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").count == 2)
        let json = try Self.json(try vault.crm("import", vault.path + "/Connections.csv", "--json"))
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped.first?["reason"] as? String == "ambiguous")
        #expect(skipped.first?["candidates"] as? [String] == ["sam-lee", "sam-lee-2"])
        // Told which, the import knows her.
        try vault.write("people/sam-lee-2.md", "---\nname: Sam Lee\nphone: \"+1 555 0100\"\nlinkedin: https://www.linkedin.com/in/sam-lee\n---\n")
        #expect(try vault.crm("import", vault.path + "/Connections.csv").stdout.hasPrefix("Skipped Sam Lee: tracked as sam-lee-2 (same LinkedIn URL)\n"))
    }

    @Test func aVCardOfANamesakeWithTheSameCompanyIsTheOneTracked() throws {
        let vault = try Self.vault()
        try vault.write("contacts.vcf", card("FN:Sam Lee", "ORG:Lee Design"))
        try vault.write("people/sam-lee.md", "---\nname: Sam Lee\ncompany: Acme\n---\n")
        try vault.write("people/sam-lee-2.md", "---\nname: Sam Lee\ncompany: lee design\n---\n")
        #expect(try vault.crm("import", vault.path + "/contacts.vcf").stdout.hasPrefix("Skipped Sam Lee: tracked as sam-lee-2 (same name)\n"))
    }

    // MARK: LinkedIn's dates and URL

    @Test func connectedOnIsKeptAsConnectedAndTheCadenceStartsAtTheImport() throws {
        let vault = try Self.vault(fixtures: ["Connections.csv"])
        let result = try vault.crm("import", vault.path + "/Connections.csv", "--every", "3m")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("""
            Added 3 of 3 contacts from \(vault.path)/Connections.csv; skipped 0.
            Their cadence counts from today (added: 2026-11-29), not from when you connected (kept as connected:).

            """))
        #expect(vault.read("people/ada-lovelace.md").contains("\nevery: 3m\nadded: 2026-11-29\nconnected: 2024-11-05\n"))
        #expect(try vault.crm("due").stdout == "Nobody is due. Next: Ada Lovelace, in 3 months (2027-02-28).\n", "not 7 years overdue")
        #expect(!(try vault.crm("check").stdout.contains("connected")), "connected: is a known date key")
        try vault.write("people/bad.md", "---\nname: Bad\nconnected: last year\n---\n")
        #expect(try vault.crm("check").stdout.contains("people/bad.md:3:12: error: connected: 'last year' is not a date (YYYY-MM-DD) [invalid-value]\n"))
    }

    @Test func aLinkedInRowOfATrackedPersonAddsItsURLAndRefreshFollowsIt() throws {
        let header = "First Name,Last Name,URL,Email Address,Company,Position,Connected On\n"
        let vault = try Self.vault(["Connections.csv": header + "Ada,Lovelace,https://www.linkedin.com/in/ada,,,,14 Mar 2019\n",
                                    "newer.csv": header + "Ada,Lovelace,https://www.linkedin.com/in/ada,ada@new.example,,,14 Mar 2019\n"])
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\ncontact_id: \"6B29FC40-CA47-1067-B31D-00DD010662DA\"\nphone: \"+44 20 7946 0018\"\n---\n")
        let result = try vault.crm("import", vault.path + "/Connections.csv", "--dry-run")
        #expect(result.stdout.hasPrefix("Skipped Ada Lovelace: tracked as ada (same name); would add linkedin: https://www.linkedin.com/in/ada\n"))
        #expect(!vault.read("people/ada.md").contains("linkedin"))
        #expect(try vault.crm("import", vault.path + "/Connections.csv").status == 0)
        #expect(vault.read("people/ada.md").hasSuffix("\nlinkedin: \"https://www.linkedin.com/in/ada\"\n---\n"))
        // A newer export: refresh finds her by her linkedin:, though her contact_id is her card's.
        let refresh = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "newer.csv"], in: vault.url)
        #expect(refresh.stdout == """
            Updated Ada Lovelace (people/ada.md):
              email: (none) → ada@new.example
              kept phone +44 20 7946 0018: not on the card (--prune removes it)
            1 updated, 0 unchanged, 0 gone.

            """)
        #expect(vault.read("people/ada.md").contains("\nemail: ada@new.example\n"))
    }

    // MARK: Refresh against another source

    /// An iCloud export and a vault of people from LinkedIn, Google and iCloud: the LinkedIn ones
    /// are from another source, not gone; the ones without a contact id are one line.
    @Test func refreshCountsOtherSourcesAndUnlinkedPeopleInOneLineEach() throws {
        let vault = try Self.vault()
        try vault.write("icloud.vcf", card("UID:6B29FC40-CA47-1067-B31D-00DD010662DA", "FN:Ada Lovelace", "TEL:+44 20 7946 0018"))
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\ncontact_id: 6B29FC40-CA47-1067-B31D-00DD010662DA\nphone: \"+44 20 7946 0018\"\n---\n")
        try vault.write("people/gone.md", "---\nname: Gone Person\ncontact_id: 0F6B8A1C-2D3E-4F50-8A9B-0C1D2E3F4A5B\n---\n")
        for index in 0..<3 {
            try vault.write("people/link-\(index).md", "---\nname: Link \(index)\ncontact_id: https://www.linkedin.com/in/link-\(index)\n---\n")
        }
        for index in 0..<29 {
            try vault.write("people/csv-\(index).md", "---\nname: Csv \(index)\n---\n")
        }
        let refresh = { (arguments: [String]) in try CRM.run(["--vault", vault.path, "refresh", "--contacts", "icloud.vcf"] + arguments, in: vault.url) }
        let result = try refresh([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Unchanged: Ada Lovelace
            Gone: Gone Person: contact 0F6B8A1C-2D3E-4F50-8A9B-0C1D2E3F4A5B not found in icloud.vcf; snapshot kept
            3 people's contacts are from another source (LinkedIn): not looked for in icloud.vcf (--verbose names them)
            29 people have no contact_id, so refresh cannot follow them (--verbose names them)
            0 updated, 1 unchanged, 1 gone, 3 from another source, 29 not linked.

            """)
        let verbose = try refresh(["--verbose"]).stdout.split(separator: "\n")
        #expect(verbose.contains("From another source: Link 0 (people/link-0.md): contact https://www.linkedin.com/in/link-0 is not looked for in icloud.vcf"))
        #expect(verbose.contains("Not linked: Csv 7 (people/csv-7.md) has no contact_id; refresh cannot follow them"))
        #expect(verbose.count == 1 + 29 + 1 + 3 + 1)
        let json = try Self.json(try refresh(["--json"]))
        #expect((json["other_source"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["link-0", "link-1", "link-2"])
        #expect((json["gone"] as? [[String: Any]])?.count == 1)
    }

    // MARK: Notes that are not plain text

    @Test func aNoteThatWouldMoveTheLogIsFencedAndControlCharactersReplacedWithAWarning() throws {
        let vault = try Self.vault()
        try vault.write("contacts.vcf", card("FN:Ann Lee", "NOTE:Intro\\n## Interactions\\n- 2020-01-01 call: not a call")
                        + card("FN:Bob Lee", "NOTE:open fence\\n```swift\\nlet x = 1")
                        + card("FN:Cy Lee", "NOTE:bell\u{07} and nul\\\\0"))
        let result = try vault.crm("import", vault.path + "/contacts.vcf")
        #expect(result.status == 0)
        #expect(result.stderr.contains("contacts.vcf:1:1: warning: the note of Ann Lee: it is written inside a code block: as Markdown it would change "
                                       + "the file's sections (a heading 'Interactions', or a code fence or comment left open)\n"), "\(result.stderr)")
        #expect(vault.read("people/ann-lee.md").hasSuffix("---\n\n```\nIntro\n## Interactions\n- 2020-01-01 call: not a call\n```\n\n## Interactions\n"))
        let ann = try Self.json(try vault.crm("show", "ann-lee", "--json"))
        #expect((ann["interactions"] as? [Any])?.isEmpty == true)
        #expect(vault.read("people/bob-lee.md").hasSuffix("\n\n````\nopen fence\n```swift\nlet x = 1\n````\n\n## Interactions\n"))
        #expect(result.stderr.contains("contacts.vcf:11:1: warning: the note of Cy Lee: its control characters are written as U+FFFD\n"))
        #expect(vault.read("people/cy-lee.md").contains("\nbell\u{FFFD} and nul\\0\n"))
        #expect(result.stderr.contains("contacts.vcf:6:1: warning: the note of Bob Lee: it is written inside a code block"))
        #expect(try vault.crm("check").stdout == "")
    }
}
