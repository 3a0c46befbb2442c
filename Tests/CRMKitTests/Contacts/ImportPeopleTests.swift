import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm import` never merges two people into one, never adds one twice, and says what it
/// cannot do: cards without a UID, cards it cannot read.
@Suite("Import: one person per person")
struct ImportPeopleTests {
    /// A vault whose folder holds `name` with `source`; its runs start in that folder.
    static func vault(_ source: [UInt8], name: String = "contacts.vcf") throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(name, source)
        vault.runsIn = vault.url
        return vault
    }

    @Test func twoJohnSmithsWithoutUIDAreTwoPeopleAndASecondImportAddsNobody() throws {
        let vault = try Self.vault(card("FN:John Smith", "TEL:+1 555 0101", "EMAIL:john@work.example")
                                   + card("FN:John Smith", "TEL:+1 555 0202", "EMAIL:js@home.example")
                                   + card("FN:John Smith", "TEL:+1 555 0101", "EMAIL:john@work.example"))
        let first = try vault.crm("import", "contacts.vcf")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == """
            Added John Smith (people/john-smith.md)
            Added John Smith (people/john-smith-2.md): not people/john-smith.md, whose phones, emails, company or UID differ
            Skipped John Smith: a card above (same name, phones and emails)
            Added 2 of 3 contacts from contacts.vcf; skipped 1.

            """)
        #expect(first.stderr == "contacts.vcf:1:1: warning: 2 contacts added from this file have no UID (the first here): "
                + "the 2 people will have no contact_id, so 'crm refresh' cannot follow them; "
                + "'crm import' knows them again by name, phones and emails\n")
        #expect(vault.read("people/john-smith-2.md").contains("phone: \"+1 555 0202\"\nemail: js@home.example\n"))
        let files = vault.bytes("people/john-smith.md") + vault.bytes("people/john-smith-2.md")

        let second = try vault.crm("import", "contacts.vcf")
        #expect(second.stdout == """
            Skipped John Smith: tracked as john-smith (same name)
            Skipped John Smith: tracked as john-smith-2 (same name)
            Skipped John Smith: tracked as john-smith (same name)
            Added 0 of 3 contacts from contacts.vcf; skipped 3.

            """)
        #expect(second.stderr == "")
        #expect(vault.bytes("people/john-smith.md") + vault.bytes("people/john-smith-2.md") == files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").count == 2)
    }

    @Test func sameNameDifferentUIDsAreTwoPeopleAndAHandAddedNumberStillKnowsTheCard() throws {
        let vault = try Self.vault(card("UID:a", "FN:Jane Doe", "EMAIL:family@example.org")
                                   + card("UID:b", "FN:Jane Doe", "EMAIL:family@example.org")
                                   + card("FN:Bob Lee", "TEL:020 7946 0018"))
        #expect(try vault.crm("import", "contacts.vcf").stdout.hasSuffix("Added 3 of 3 contacts from contacts.vcf; skipped 0.\n"))
        // A number typed by hand beside the card's.
        let bob = vault.read("people/bob-lee.md")
        try vault.write("people/bob-lee.md", bob.replacingOccurrences(of: "phone: \"020 7946 0018\"", with: "phone: [\"020 7946 0018\", \"+1 555 0100\"]"))
        #expect(vault.read("people/bob-lee.md") != bob)
        try vault.write("contacts.vcf", card("FN:Bob Lee", "TEL:+44 20 7946 0018") + card("FN:Bob Lee", "TEL:+1 555 0999"))
        let again = try vault.crm("import", "contacts.vcf")
        #expect(again.stdout == """
            Skipped Bob Lee: tracked as bob-lee (same name)
            Added Bob Lee (people/bob-lee-2.md): not people/bob-lee.md, whose phones, emails, company or UID differ
            Added 1 of 2 contacts from contacts.vcf; skipped 1.

            """)
    }

    @Test func aCardWithOnlyAnOrganisationIsAddedUnderItsName() throws {
        let vault = try Self.vault(card("ORG:Acme Plumbing", "TEL:+1 555 0100"))
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Added Acme Plumbing (people/acme-plumbing.md)\n"))
        #expect(result.stderr.contains("contacts.vcf:1:1: warning: vCard has no name (FN, N); named by its ORG \"Acme Plumbing\"\n"))
        #expect(vault.read("people/acme-plumbing.md").hasPrefix("---\nname: Acme Plumbing\nphone: \"+1 555 0100\"\ncompany: Acme Plumbing\n"))
    }

    @Test func aCardWhoseNameCannotBeDecodedTwiceCountsOnce() throws {
        let broken: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8:M".utf8) + [0xFC]
            + Array(";Ada\r\nFN;CHARSET=UTF-8:Ada M".utf8) + [0xFC] + Array("\r\nEND:VCARD\r\n".utf8)
        let vault = try Self.vault(card("UID:1", "FN:Bob") + broken)
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("Added 1 of 2 contacts from contacts.vcf; skipped 0. 1 card could not be read (see above).\n"))
        #expect(result.stderr == "contacts.vcf:8:1: error: the name (N) is not valid UTF-8 text; vCard skipped\n")
    }

    @Test func anImportWithUIDsEverywhereGivesNoWarning() throws {
        let vault = try Self.vault(card("UID:1", "FN:Bob") + card("UID:2", "FN:Carol"))
        #expect(try vault.crm("import", "contacts.vcf", "--dry-run").stderr == "")
        let noUID = try Self.vault(card("UID:1", "FN:Bob") + card("FN:Carol"))
        #expect(try noUID.crm("import", "contacts.vcf", "--dry-run").stderr
                == "contacts.vcf:6:1: warning: 1 contact to add from this file has no UID (the first here): the person will have "
                + "no contact_id, so 'crm refresh' cannot follow them; 'crm import' knows them again by name, phones and emails\n")
    }

    /// For generated books of cards without UIDs drawn from small pools of names, phones and
    /// emails: the people added are the distinct cards (by name, phones and emails), and a second
    /// import of the same book, or of the book shuffled, adds nobody.
    @Test("Property: distinct cards are distinct people, and importing again adds nobody", arguments: [21, 22, 23] as [UInt64])
    func distinctCardsDistinctPeople(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for round in 0..<40 {
            var contacts: [Contact] = []
            for line in 0..<Int.random(in: 1...25, using: &random) {
                let phones = Array(["+1 555 0101", "+1 555 0202", "+1 555 0303"].shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
                let emails = Array(["a@x.example", "b@x.example"].shuffled(using: &random).prefix(Int.random(in: 0...1, using: &random)))
                contacts.append(Contact(uid: nil, name: ["John Smith", "JOHN SMITH", "Ann Lee"].randomElement(using: &random)!,
                                        phones: phones, emails: emails, birthday: nil, path: "c.vcf", line: line + 1))
            }
            let book = ContactBook(checking: contacts, diagnostics: [])
            let added = ContactImport.plan(book, people: [Person]()).compactMap { decision -> Contact? in
                if case .add(let contact) = decision { contact } else { nil }
            }
            let key = { (c: Contact) in "\(c.name.folded)|\(Set(c.phones).sorted())|\(Set(c.emails).sorted())" }
            #expect(added.count == Set(contacts.map(key)).count, "seed \(seed) round \(round)")
            let people = added.enumerated().map { index, contact in
                let text = String(decoding: NewPersonFile.render(contact.personFields(NewPersonOptions(today: Day("2026-11-29")!)), heading: "Interactions"), as: UTF8.self)
                let path = "people/p\(index).md"
                return Person(id: Person.id(forPath: path), path: path, document: PersonDocument(bytes: Array(text.utf8), path: path),
                              stamp: FileStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0, mode: 0))
            }
            for again in [book, ContactBook(checking: contacts.shuffled(using: &random), diagnostics: [])] {
                let plan = ContactImport.plan(again, people: people)
                #expect(plan.allSatisfy { if case .add = $0 { false } else { true } }, "seed \(seed) round \(round)")
            }
        }
    }
}
