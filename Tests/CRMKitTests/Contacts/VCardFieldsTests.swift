import Foundation
import Testing
import CRMKit

/// What a card holds beyond name, phones, emails and birthday, in and out: `CATEGORIES` ↔ tags,
/// `RELATED` ↔ related, `ORG`/`TITLE` ↔ company/position, `NOTE` ↔ notes, Android's nickname
/// row → aliases, `KIND:org` ↔ an organisation.
@Suite("vCard fields: categories, relations, organisation, title, notes, nicknames")
struct VCardFieldsTests {
    @Test func categoriesOrganisationTitleNoteAndRelationsAreKept() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", card(
            version: "4.0", "UID:urn:uuid:11111111-2222-4333-8444-555555555555", "FN:Ada Lovelace",
            "ORG:Analytical Society;Engines", "TITLE:Programmer", "CATEGORIES:friends,myContacts,Mathematics",
            "CATEGORIES:friends", "NOTE:Met at the Society\\, 1833.\\nLikes poetry\\; and engines.",
            "RELATED;TYPE=parent:urn:uuid:66666666-7777-4888-8999-000000000000", "RELATED;VALUE=text;TYPE=spouse:William King",
            "RELATED;TYPE=co-worker:urn:uuid:00000000-0000-4000-8000-00000000dead")
            + card(version: "4.0", "UID:urn:uuid:66666666-7777-4888-8999-000000000000", "FN:Lord Byron",
                   "RELATED;TYPE=child:urn:uuid:11111111-2222-4333-8444-555555555555"))
        let result = try vault.crm("import", vault.path + "/contacts.vcf")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/ada-lovelace.md") == """
            ---
            name: Ada Lovelace
            contact_id: "urn:uuid:11111111-2222-4333-8444-555555555555"
            company: Analytical Society
            position: Programmer
            tags: [friends, Mathematics]
            added: 2026-11-29
            related: ["[[lord-byron|parent: Lord Byron]]", "spouse: William King", "co-worker: urn:uuid:00000000-0000-4000-8000-00000000dead"]
            ---

            Met at the Society, 1833.
            Likes poetry; and engines.

            ## Interactions

            """)
        // Byron's card states the same relationship from his side: it is stated once, in Ada's file.
        #expect(!vault.read("people/lord-byron.md").contains("related"))
        let byron = try #require(try JSONSerialization.jsonObject(with: Data(try vault.crm("show", "byron", "--json").stdout.utf8)) as? [String: Any])
        #expect((byron["related"] as? [[String: Any]])?.first?["relation"] as? String == "child")
        #expect(try vault.crm("check").stdout == "")
    }

    /// What a person file has no field for (an address, a website, a chat address, a social
    /// profile, `ORG`'s unit) is named once per file at the first card that has it, as a CSV's
    /// columns are: `import` and `import --dry-run` said nothing while it was dropped. An empty
    /// `ADR:;;;;;;` and the address book's own bookkeeping (`PRODID`, `REV`) are no loss.
    @Test func whatAPersonFileCannotKeepIsNamedOnceAtItsCardAsCSVColumnsAre() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", card(
            "UID:ada-1", "FN:Ada Lovelace", "PRODID:-//Apple Inc.//iOS 17//EN", "REV:2026-01-01T00:00:00Z", "ADR;TYPE=work:;;;;;;")
            + card("UID:tom-1", "FN:Tom Reed", "ORG:Acme;R&D", "ADR;TYPE=home:;;12 St James Sq;London;;SW1Y 4JH;UK",
                   "URL:https://tom.example.org", "IMPP:xmpp:tom@example.org", "X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/tom")
            + card("UID:sam-1", "FN:Sam Lee", "URL:https://sam.example.org"))
        let warning = "contacts.vcf:9:1: warning: not imported, as a person file keeps no such field: "
            + "ORG's unit (1 card), ADR (1 card), URL (2 cards), IMPP (1 card), X-SOCIALPROFILE (1 card)"
        vault.runsIn = vault.url
        for result in [try vault.crm("import", "contacts.vcf", "--dry-run"), try vault.crm("import", "contacts.vcf")] {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").filter { $0.contains("not imported") } == [Substring(warning)], "\(result.stderr)")
        }
        #expect(vault.read("people/tom-reed.md").contains("\ncompany: Acme\n"))
        // A file with nothing left out says nothing of the kind.
        try vault.write("plain.vcf", card("UID:bea-1", "FN:Bea Quill", "ORG:Quill & Co", "ADR:;;;;;;"))
        #expect(!(try vault.crm("import", "plain.vcf").stderr.contains("not imported")))
    }

    @Test func aRelationOfACardTrackedAlreadyLinksItsPerson() throws {
        let vault = try TemporaryVault()
        try vault.write("people/bob.md", "---\nname: Bob Marsh\ncontact_id: \"66666666-7777-4888-8999-000000000000\"\n---\n")
        try vault.write("contacts.vcf", card(version: "4.0", "FN:Ann Marsh", "RELATED;TYPE=sibling:urn:uuid:66666666-7777-4888-8999-000000000000"))
        #expect(try vault.crm("import", vault.path + "/contacts.vcf").status == 0)
        #expect(vault.read("people/ann-marsh.md").contains("\nrelated: [\"[[bob|sibling: Bob Marsh]]\"]\n"))
    }

    @Test func androidsNicknameRowAndNICKNAMEAreAliases() throws {
        let path = Fixtures.contacts("android-2.1.vcf")
        let book = try ContactBook.load(path)
        let alexandra = try #require(book.contacts.first { $0.name.hasPrefix("Αλεξάνδρα") })
        #expect(alexandra.nicknames == ["Άλεξ"])
        let both = try #require(ContactBook.parse(card(
            version: "2.1", "FN:Nick Person", "NICKNAME:Nicky", "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;NP;1;;;;;;;;;;;;;",
            "X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;1999-07-10;1;;;;;;;;;;;;;",
            "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;nicky;1;;;;;;;;;;;;;"), path: "test.vcf").contacts.first)
        #expect(both.nicknames == ["Nicky", "NP"])
    }

    @Test func anOrganisationsCardIsAnOrganisation() throws {
        for lines in [["KIND:org", "FN:Acme Plumbing"], ["FN:Acme Plumbing", "X-ABShowAs:COMPANY", "ORG:Acme Plumbing;"], ["ORG:Acme Plumbing"]] {
            let contact = try #require(ContactBook.parse(card(version: "4.0", lines), path: "test.vcf").contacts.first)
            #expect(contact.name == "Acme Plumbing")
            #expect(contact.company == "Acme Plumbing", "\(lines)")
        }
        let person = try #require(ContactBook.parse(card(version: "4.0", ["KIND:individual", "FN:Ann Lee"]), path: "test.vcf").contacts.first)
        #expect(person.company == nil)
    }

    // MARK: Export

    @Test func exportWritesOrgTitleKindAndAnNThatDoesNotSplitWhatIsNoName() throws {
        let vault = try TemporaryVault()
        try vault.write("people/joe.md", "---\nname: Joe's Plumbing & Heating\ncompany: Joe's Plumbing & Heating\nposition: Owner\n---\n")
        try vault.write("people/lucia.md", "---\nname: Lucía Fernández 🌍\ncompany: \"Café; Núñez, S.L.\"\nposition: Chef\n---\n")
        try vault.write("people/joe-person.md", "---\nname: Joe's Plumbing & Heating Ltd\n---\n")
        let cards = try vault.crm("export", "--format", "vcard").stdout.replacingOccurrences(of: "\r\n ", with: "")
        #expect(cards.contains("""
            BEGIN:VCARD\r
            VERSION:4.0\r
            KIND:org\r
            UID:urn:uuid:
            """))
        #expect(cards.contains("FN:Joe's Plumbing & Heating\r\nN:;;;;\r\nORG:Joe's Plumbing & Heating\r\nTITLE:Owner\r\nEND:VCARD\r\n"))
        #expect(cards.contains("FN:Lucía Fernández 🌍\r\nN:;;;;\r\nORG:Café\\; Núñez\\, S.L.\r\nTITLE:Chef\r\nEND:VCARD\r\n"))
        #expect(cards.contains("FN:Joe's Plumbing & Heating Ltd\r\nN:;;;;\r\nEND:VCARD\r\n"))
        #expect(cards.components(separatedBy: "KIND:org").count == 2, "only the organisation is one")
        // Read back, each is what it was.
        let book = ContactBook.parse(Array(cards.utf8), path: "export.vcf")
        #expect(book.contacts.map(\.company) == [nil, "Joe's Plumbing & Heating", "Café; Núñez, S.L."])
        #expect(book.contacts.map(\.position) == [nil, "Owner", "Chef"])
    }
}
