import Foundation
import Testing

/// `crm import FILE.csv` on exports laid out as Google Contacts, Outlook and LinkedIn document
/// them (`Fixtures/contacts/csv/`, see its README).
@Suite("CSV import: Google, Outlook, LinkedIn")
struct CSVImportTests {
    /// A vault whose folder holds the fixture `name` as `as` (the file name need not end in .csv);
    /// its runs start in that folder.
    static func vault(_ name: String, as copy: String? = nil) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(copy ?? name, Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.contacts("csv/" + name)))))
        vault.runsIn = vault.url
        return vault
    }

    /// Imports `file` twice: the second run adds nobody and changes no file.
    static func importTwice(_ vault: TemporaryVault, _ file: String) throws -> CRMResult {
        let first = try vault.crm("import", file)
        let people = try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").sorted()
        let bytes = people.map { vault.bytes("people/" + $0) }
        let second = try vault.crm("import", file)
        #expect(second.status == 0)
        #expect(second.stdout.contains("Added 0 of"), "\(second.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").sorted() == people)
        #expect(people.map { vault.bytes("people/" + $0) } == bytes)
        return first
    }

    @Test func googleContactsWithLabelsMultiValuesAndAnOrganisation() throws {
        let vault = try Self.vault("google-contacts.csv")
        let result = try Self.importTwice(vault, "google-contacts.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Added Grace Brewster Hopper (people/grace-brewster-hopper.md)
            Added Linus Torvalds (people/linus-torvalds.md)
            Added Acme Plumbing, Inc. (people/acme-plumbing-inc.md)
            Added John Smith (people/john-smith.md)
            Added John Smith (people/john-smith-2.md): not people/john-smith.md, whose phones, emails, company or UID differ
            Added 5 of 5 contacts from google-contacts.csv; skipped 0.

            """)
        #expect(result.stderr.contains("google-contacts.csv:2:1: warning: 5 contacts added from this file have no UID"))
        #expect(vault.read("people/grace-brewster-hopper.md") == """
            ---
            name: Grace Brewster Hopper
            phone: ["+1 202-555-0199", "+1 202-555-0198", "+1 202-555-0143"]
            email: [grace@home.example, grace@navy.example]
            birthday: 1906-12-09
            aliases: [Amazing Grace]
            company: US Navy
            position: Rear Admiral
            tags: [Friends, Navy]
            added: 2026-11-29
            ---

            Met at the "bug" talk.
            Ask about COBOL.

            ## Interactions

            """)
        #expect(vault.read("people/linus-torvalds.md").contains("birthday: --12-28\n"))
        #expect(!vault.read("people/linus-torvalds.md").contains("tags:"))
        // An organisation's row: its company is its name.
        #expect(vault.read("people/acme-plumbing-inc.md").hasPrefix("---\nname: Acme Plumbing, Inc.\nphone: \"+1 555 0100\"\ncompany: Acme Plumbing, Inc.\ntags: [Home repairs]\nadded:"))
    }

    @Test func googleOlderLayoutInUTF16() throws {
        let vault = try Self.vault("google-older.csv")
        let result = try Self.importTwice(vault, "google-older.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Added Zoë Ångström (people/zoe-angstrom.md)\nAdded 山田 太郎 (people/山田-太郎.md)\n"))
        #expect(vault.read("people/zoe-angstrom.md").contains("""
            phone: "+46 70 123 45 67"
            email: zoe@example.se
            birthday: 1980-03-15
            aliases: [Zo]
            tags: [Book club]

            """))
        #expect(vault.read("people/山田-太郎.md").contains("company: 山田商店\nadded: 2026-11-29\n"))
    }

    @Test func outlookInWindows1252WithLocaleBirthdays() throws {
        let vault = try Self.vault("outlook.csv", as: "contacts.txt")
        let result = try Self.importTwice(vault, "contacts.txt")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Added Dr. José Núñez (people/dr-jose-nunez.md)\nAdded Chloé Dubois (people/chloe-dubois.md)\nAdded Bob Jones (people/bob-jones.md)\n"))
        #expect(result.stderr.contains("contacts.txt:1:1: warning: not UTF-8: read as Windows-1252 (Outlook's default); check accented names\n"))
        #expect(result.stderr.contains("contacts.txt:3:102: warning: birthday \"03/04/1980\" could be read two ways (April 3 or March 4?); left out\n"))
        #expect(vault.read("people/dr-jose-nunez.md").contains("""
            phone: ["+34 600 123 456", "+34 91 123 45 67"]
            email: jose@example.es
            birthday: 1980-03-15
            aliases: [Pepe]
            company: Café Núñez
            position: Owner

            """))
        #expect(vault.read("people/chloe-dubois.md").contains("email: chloe@example.fr\nadded:"))
        #expect(vault.read("people/bob-jones.md").contains("phone: [\"+44 20 7946 0018\", \"+44 7700 900123\"]\nadded:"))
    }

    @Test func linkedInConnectionsAfterTheirNotes() throws {
        let vault = try Self.vault("Connections.csv")
        let result = try Self.importTwice(vault, "Connections.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout == """
            Added Ada Lovelace (people/ada-lovelace.md)
            Added John Smith (people/john-smith.md)
            Added John Smith (people/john-smith-2.md): not people/john-smith.md, whose phones, emails, company or UID differ
            Added 3 of 3 contacts from Connections.csv; skipped 0.
            Their cadence counts from today (added: 2026-11-29), not from when you connected (kept as connected:).

            """)
        #expect(vault.read("people/john-smith.md") == """
            ---
            name: John Smith
            contact_id: "https://www.linkedin.com/in/john-smith-1111"
            company: "Smith & Sons"
            position: "Director, \\"Special\\" Projects"
            added: 2026-11-29
            connected: 2019-03-14
            ---

            ## Interactions

            """)
        #expect(vault.read("people/ada-lovelace.md").contains("email: ada@example.org\ncompany: Analytical Engines, Ltd.\nposition: Programmer\nadded: 2026-11-29\nconnected: 2024-11-05\n"))
    }

    @Test func aCSVOfNoKnownLayoutIsRefusedNamingTheColumnsLookedFor() throws {
        let vault = try TemporaryVault()
        vault.runsIn = vault.url
        try vault.write("people.csv", "name,id,emails\nAda,ada,ada@example.org\n")
        let result = try vault.crm("import", "people.csv")
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: people.csv: cannot read contacts: not an address-book export this tool reads: "
                + "its header row has the columns of none of Google Contacts (First Name, Last Name, Labels or E-mail 1 - Value or Phone 1 - Value); "
                + "Google Contacts (older layout) (Given Name, Family Name, Name or Group Membership or E-mail 1 - Value); "
                + "Outlook (First Name, Last Name, E-mail Address or Mobile Phone or Home Phone or Business Phone); "
                + "LinkedIn Connections (First Name, Last Name, Connected On)\n")
        try vault.write("latin.csv", Array("First Name,Last Name,E-mail Address\nJos".utf8) + [0xE9, 0x81] + Array(",N,x@y\n".utf8))
        let undefined = try vault.crm("import", "latin.csv")
        #expect(undefined.status == 1)
        #expect(undefined.stderr.contains("latin.csv: cannot read contacts: it is not UTF-8 (from offset 39), nor Windows-1252: octet 0x81 at offset 40"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").isEmpty)
    }
}
