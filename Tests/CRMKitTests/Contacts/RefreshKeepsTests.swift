import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm refresh` never removes a phone or email it did not put there: what the file holds and
/// the card does not is kept after the card's values, named, and removed only with `--prune`.
@Suite("Refresh keeps what the card does not have")
struct RefreshKeepsTests {
    static let uid = "5B2E4F10-8C3A-4E3B-9A57-2C9F1E0D3A11"

    @Test func aPhoneAddedByHandIsKeptWithItsComment() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", card("UID:\(Self.uid)", "FN:Ada Lovelace", "TEL:+1-555-0177", "TEL:+1-555-0178"))
        let file = """
            ---
            name: Ada Lovelace
            contact_id: "\(Self.uid)"
            phone: ["+1-555-0177", "+1-555-0178", "+1-555-0100"]  # added by hand
            ---

            ## Interactions

            """
        try vault.write("people/ada-lovelace.md", file)
        let result = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf"], in: vault.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Unchanged: Ada Lovelace
              kept phone +1-555-0100: not on the card (--prune removes it)
            0 updated, 1 unchanged, 0 gone.

            """)
        #expect(vault.read("people/ada-lovelace.md") == file)

        let json = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf", "--json"], in: vault.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let kept = (object["unchanged"] as? [[String: Any]])?.first?["kept"] as? [[String: Any]]
        #expect(kept?.first?["field"] as? String == "phone")
        #expect(kept?.first?["values"] as? [String] == ["+1-555-0100"])

        let dry = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf", "--prune", "--dry-run"], in: vault.url)
        #expect(dry.stdout == """
            Would update Ada Lovelace (people/ada-lovelace.md):
              phone: +1-555-0177, +1-555-0178, +1-555-0100 → +1-555-0177, +1-555-0178
            1 to update, 0 unchanged, 0 gone. Nothing written (--dry-run).

            """)
        #expect(vault.read("people/ada-lovelace.md") == file)
        #expect(try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf", "--prune"], in: vault.url).status == 0)
        #expect(vault.read("people/ada-lovelace.md") == file.replacingOccurrences(
            of: "phone: [\"+1-555-0177\", \"+1-555-0178\", \"+1-555-0100\"]  # added by hand",
            with: "phone: [\"+1-555-0177\", \"+1-555-0178\"]  # added by hand"))
    }

    @Test func anEmailTheCardLostIsKeptAfterTheCardsAndANewNicknameBecomesAnAlias() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", card("UID:\(Self.uid)", "FN:Ada Lovelace", "EMAIL:ada@new.example", "NICKNAME:Countess,Ada"))
        try vault.write("people/ada.md", "---\nname: Ada\ncontact_id: \(Self.uid)\nemail: ADA@old.example\naliases:\n  - Enchantress   # Babbage's word\n---\n")
        let result = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf"], in: vault.url)
        #expect(result.stdout == """
            Updated Ada (people/ada.md):
              email: ADA@old.example → ada@new.example, ADA@old.example
              aliases: Enchantress → Enchantress, Countess
              kept email ADA@old.example: not on the card (--prune removes it)
            1 updated, 0 unchanged, 0 gone.

            """)
        #expect(vault.read("people/ada.md") == """
            ---
            name: Ada
            contact_id: \(Self.uid)
            email: [ada@new.example, ADA@old.example]
            aliases:
              - Enchantress   # Babbage's word
              - Countess
            ---

            """)
        // An alias is the person's: --prune never removes one.
        try vault.write("contacts.vcf", card("UID:\(Self.uid)", "FN:Ada Lovelace", "EMAIL:ada@new.example"))
        let pruned = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf", "--prune"], in: vault.url)
        #expect(pruned.stdout.contains("  email: ada@new.example, ADA@old.example → ada@new.example\n"))
        #expect(vault.read("people/ada.md").contains("  - Enchantress   # Babbage's word\n  - Countess\n"))
    }

    @Test func peopleWithoutAContactIDAreCountedAndNamedWithVerbose() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", card("UID:\(Self.uid)", "FN:Ada Lovelace", "TEL:+1 555 0100"))
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\ncontact_id: \(Self.uid)\nphone: '+1 555 0100'\n---\n")
        try vault.write("people/gone.md", "---\nname: Gone Person\ncontact_id: nowhere\n---\n")
        for name in ["Bob", "Carol", "Dan"] {
            try vault.write("people/\(name.lowercased()).md", "---\nname: \(name)\nphone: '+1 555 0199'\n---\n")
        }
        let result = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf"], in: vault.url)
        #expect(result.status == 0)
        #expect(result.stdout == """
            Unchanged: Ada Lovelace
            Gone: Gone Person: contact nowhere not found in contacts.vcf; snapshot kept
            3 people have no contact_id, so refresh cannot follow them (--verbose names them)
            0 updated, 1 unchanged, 1 gone, 3 not linked.

            """)
        let verbose = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf", "--verbose"], in: vault.url)
        #expect(verbose.stdout == """
            Unchanged: Ada Lovelace
            Not linked: Bob (people/bob.md) has no contact_id; refresh cannot follow them
            Not linked: Carol (people/carol.md) has no contact_id; refresh cannot follow them
            Not linked: Dan (people/dan.md) has no contact_id; refresh cannot follow them
            Gone: Gone Person: contact nowhere not found in contacts.vcf; snapshot kept
            0 updated, 1 unchanged, 1 gone, 3 not linked.

            """)
        let json = try CRM.run(["--vault", vault.path, "refresh", "--contacts", "contacts.vcf", "--json"], in: vault.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["unlinked"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["bob", "carol", "dan"])
    }

    /// For generated files and cards: without pruning every phone and email of the file is still
    /// there, every one of the card's is there (the card's first, in its order), and every line
    /// but the changed keys' is byte for byte the same.
    @Test("Property: refresh loses no value and touches no other line", arguments: [11, 12, 13, 14] as [UInt64])
    func refreshLosesNothing(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let phonePool = (0..<8).map { "+1 555 01\($0)\($0)" }
        let emailPool = (0..<8).map { "user\($0)@example.org" }
        for round in 0..<150 {
            func some(_ pool: [String], max: Int) -> [String] {
                Array(pool.shuffled(using: &random).prefix(Int.random(in: 0...max, using: &random)))
            }
            let filePhones = some(phonePool, max: 4), fileEmails = some(emailPool, max: 3)
            let cardPhones = some(phonePool, max: 3), cardEmails = some(emailPool, max: 3)
            var lines = ["---", "name: Person \(round)", "contact_id: 'id'"]
            func write(_ key: String, _ values: [String]) {
                let comment = Bool.random(using: &random) ? "   # typed" : ""
                switch (values.count, Int.random(in: 0..<3, using: &random)) {
                case (0, _): return
                case (1, 0): lines.append("\(key): \"\(values[0])\"\(comment)")
                case (_, 1): lines.append("\(key):\(comment)"); lines += values.map { "  - \"\($0)\"" }
                default: lines.append("\(key): [" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]\(comment)")
                }
            }
            write("phone", filePhones)
            if Bool.random(using: &random) { lines.append("# a comment line") }
            write("email", fileEmails)
            lines += ["tags: [x]", "---", "", "Notes \(round).", "", "## Interactions", "", "- 2026-11-01 call: hello"]
            let before = Array((lines.joined(separator: "\n") + "\n").utf8)
            let document = PersonDocument(bytes: before, path: "people/p.md")
            let contact = Contact(uid: "id", name: "Card \(round)", phones: cardPhones, emails: cardEmails,
                                  birthday: nil, path: "c.vcf", line: 1)
            let after = PersonDocument(bytes: try document.refreshed(from: contact), path: "people/p.md")
            #expect(Array(after.phones.prefix(cardPhones.count)) == cardPhones, "seed \(seed) round \(round)")
            #expect(Array(after.emails.prefix(cardEmails.count)) == cardEmails, "seed \(seed) round \(round)")
            #expect(filePhones.allSatisfy(after.phones.contains) && fileEmails.allSatisfy(after.emails.contains), "seed \(seed) round \(round)")
            #expect(Set(after.phones).count == after.phones.count && Set(after.emails).count == after.emails.count)
            #expect(otherLines(before) == otherLines(after.text.bytes), "seed \(seed) round \(round)")
            let pruned = PersonDocument(bytes: try document.refreshed(from: contact, pruning: true), path: "people/p.md")
            #expect(pruned.phones == (cardPhones.isEmpty ? [] : cardPhones) && pruned.emails == cardEmails, "seed \(seed) round \(round)")
        }
    }

    /// The lines of a file other than the `phone` and `email` keys' (their lines and list items).
    private func otherLines(_ bytes: [UInt8]) -> [String] {
        var out: [String] = [], inKey = false
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("phone:") || line.hasPrefix("email:") { inKey = true; continue }
            if inKey, line.hasPrefix("  - ") { continue }
            inKey = false
            out.append(String(line))
        }
        return out
    }
}
