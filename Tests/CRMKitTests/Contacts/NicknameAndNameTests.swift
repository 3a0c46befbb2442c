import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Nicknames in and out (vCard `NICKNAME` ↔ `aliases`) and the structured `N` an export derives
/// from a name.
@Suite("Nicknames and structured names")
struct NicknameAndNameTests {
    @Test("N from a name", arguments: [
        ("Ada Lovelace", ["Lovelace", "Ada", "", "", ""]),
        ("Grace Brewster Murray Hopper", ["Hopper", "Grace", "Brewster Murray", "", ""]),
        ("Dr. Martin Luther King, Jr.", ["King", "Martin", "Luther", "Dr.", "Jr."]),
        ("Ludwig van Beethoven", ["van Beethoven", "Ludwig", "", "", ""]),
        ("Maria de la Cruz", ["de la Cruz", "Maria", "", "", ""]),
        ("Plato", ["", "Plato", "", "", ""]),
        ("王小明", ["", "王小明", "", "", ""]),
        ("山田 太郎", ["山田", "太郎", "", "", ""]),
        ("Prof. Mx. Sam Lee III", ["Lee", "Sam", "", "Prof. Mx.", "III"]),
        ("Tom O'Brien", ["O'Brien", "Tom", "", "", ""]),
        ("Mary-Jane Watson-Parker", ["Watson-Parker", "Mary-Jane", "", "", ""]),
        // No name a rule can split: every component empty (RFC 6350 allows it; khard writes it).
        ("Joe's Plumbing & Heating", ["", "", "", "", ""]),
        ("Lucía Fernández 🌍", ["", "", "", "", ""]),
        ("R2 D2", ["", "", "", "", ""]),
        ("ada@example.org", ["", "", "", "", ""]),
    ])
    func structuredName(name: String, components: [String]) {
        #expect(StructuredName(name: name).components == components)
    }

    @Test func importStoresNicknamesAsAliasesAndExportWritesThemBackWithN() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", card("UID:g-1", "FN:Grace Hopper", "N:Hopper;Grace;;;", "NICKNAME:Amazing Grace,Grandma COBOL",
                                             "NICKNAME:grace hopper"))
        #expect(try CRM.run(["--vault", vault.path, "import", "contacts.vcf"], in: vault.url).status == 0)
        #expect(vault.read("people/grace-hopper.md").contains("\naliases: [Amazing Grace, Grandma COBOL]\nadded: 2026-11-29\n"))
        let export = try vault.crm("export", "--format", "vcard")
        #expect(export.stdout.contains("FN:Grace Hopper\r\nN:Hopper;Grace;;;\r\nNICKNAME:Amazing Grace\r\nNICKNAME:Grandma COBOL\r\n"))
        // Read back, the card gives the same aliases.
        let back = ContactBook.parse(Array(export.stdout.utf8), path: "export.vcf")
        #expect(back.contacts.map(\.nicknames) == [["Amazing Grace", "Grandma COBOL"]])
    }

    @Test func addFromStoresNicknamesAndATagTheUserGives() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", card("UID:x", "FN:Zoë Day", "NICKNAME:Zo\\, the Elder", "EMAIL:zoe@example.org"))
        let result = try CRM.run(["--vault", vault.path, "add", "--from", "contacts.vcf", "zoe", "--tag", "friends", "--every", "2w"], in: vault.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/zoe-day.md") == """
            ---
            name: Zoë Day
            contact_id: "x"
            email: zoe@example.org
            aliases: ["Zo, the Elder"]
            tags: [friends]
            every: 2w
            added: 2026-11-29
            ---

            ## Interactions

            """)
    }
}
