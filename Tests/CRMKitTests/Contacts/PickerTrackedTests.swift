import Foundation
import Testing

/// The `crm add --from` picker on a real pseudo-terminal (util-linux `script`): contacts someone
/// already tracks are shown as tracked and cannot be picked (unless `--force`).
@Suite("The add --from picker and tracked contacts")
struct PickerTrackedTests {
    static let cards = card("UID:ada-1", "FN:Ada Lovelace", "EMAIL:ada@example.org")
        + card("UID:ada-2", "FN:Ada Byron King", "EMAIL:king@example.org")
        + card("UID:ada-3", "FN:Ada Yonath", "EMAIL:yonath@example.org")

    /// `crm --vault VAULT add --from contacts.vcf ARGS` on a terminal, typing `input`.
    static func onTerminal(_ vault: TemporaryVault, _ arguments: [String], input: String) throws -> (status: Int32, screen: String) {
        try CRM.onTerminal(["--vault", vault.path, "add", "--from", "contacts.vcf"] + arguments, in: vault.url, typing: input)
    }

    @Test func trackedContactsAreMarkedAndCannotBePicked() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", Self.cards)
        #expect(try vault.crm("add", "Ada Byron King", "--contact-id", "ada-2").status == 0)
        // Down to the tracked card (the cards in file order), Enter is refused; Esc, Esc cancel. (Keys
        // typed ahead are taken before the next frame, so the refusal's message is not drawn.)
        let refused = try Self.onTerminal(vault, ["ada"], input: "\u{1B}[B\r\u{1B}\u{1B}")
        #expect(refused.status == 0, "\(refused.screen)")
        #expect(refused.screen.contains("tracked as Ada Byron King"))
        #expect(refused.screen.contains("Nothing added."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people") == ["ada-byron-king.md"])
        let picked = try Self.onTerminal(vault, ["ada"], input: "\u{1B}[B\u{1B}[B\r")
        #expect(picked.status == 0, "\(picked.screen)")
        #expect(picked.screen.contains("Added Ada Yonath (people/ada-yonath.md) from contacts.vcf"))
        #expect(vault.read("people/ada-yonath.md").contains("contact_id: \"ada-3\"\n"))
    }

    @Test func whenEveryMatchIsTrackedItSaysSo() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", Self.cards)
        #expect(try vault.crm("import", vault.path + "/contacts.vcf").status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").sorted()
        let result = try Self.onTerminal(vault, ["ada"], input: "\u{1B}\u{1B}")
        #expect(result.status == 1)
        #expect(result.screen.contains("crm: error: all 3 contacts in contacts.vcf that match 'ada' are tracked already:\n"))
        #expect(result.screen.contains("  Ada Yonath      yonath@example.org  -      ada-3  ada-yonath"))
        #expect(result.screen.contains("use --force to add another"))
        #expect(!result.screen.contains("Pick a contact"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").sorted() == before)
        let forced = try Self.onTerminal(vault, ["ada", "--force"], input: "\u{1B}[B\u{1B}[B\r")
        #expect(forced.screen.contains("Pick a contact from contacts.vcf"))
        #expect(forced.screen.contains("Added Ada Yonath (people/ada-yonath-2.md) from contacts.vcf"))
    }
}
