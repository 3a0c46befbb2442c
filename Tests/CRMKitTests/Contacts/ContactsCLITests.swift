import Foundation
import Testing

/// `crm add --from`, `crm import`, `crm refresh` and `crm show --contacts` as a user runs them,
/// with the address book at `contacts.vcf` in the vault folder (the commands run there).
@Suite struct ContactsCLITests {
    static let adaUID = "5B2E4F10-8C3A-4E3B-9A57-2C9F1E0D3A11"

    /// A 4.0 card for Ada with one phone, one email and a birthday.
    static func ada(phone: String = "+44 20 7946 0018", name: String = "Ada Lovelace") -> [UInt8] {
        card(version: "4.0", "UID:\(adaUID)", "FN:\(name)", "TEL;TYPE=cell:\(phone)",
             "EMAIL:ada@example.org", "BDAY:18151210", "NOTE:Met at the Society.", "ADR:;;12 St James's Square;London;;;UK")
    }

    static let charles = card("UID:babbage-1", "FN:Charles Babbage", "TEL:+44 20 7946 0100")

    /// What every run that reads `ada()` says first: her address is not imported.
    static let adaAddressLeftOut = "contacts.vcf:1:1: warning: not imported, as a person file keeps no such field: ADR (1 card)\n"

    /// A vault whose folder holds `contacts.vcf` with `source`; its runs start in that folder and
    /// must leave the source's bytes alone.
    static func vault(source: [UInt8]) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", source)
        vault.runsIn = vault.url
        vault.readOnly = ["contacts.vcf"]
        return vault
    }

    // MARK: add --from

    @Test func addFromAUniqueMatchStoresTheIdTheSnapshotAndTheNote() throws {
        let vault = try Self.vault(source: Self.ada() + Self.charles)
        let result = try vault.crm("add", "--from", "contacts.vcf", "ada", "--tag", "friends")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Added Ada Lovelace (people/ada-lovelace.md) from contacts.vcf\n")
        #expect(vault.read("people/ada-lovelace.md") == """
            ---
            name: Ada Lovelace
            contact_id: "5B2E4F10-8C3A-4E3B-9A57-2C9F1E0D3A11"
            phone: "+44 20 7946 0018"
            email: ada@example.org
            birthday: 1815-12-10
            tags: [friends]
            added: 2026-11-29
            ---

            Met at the Society.

            ## Interactions

            """)
    }

    @Test func addFromAnAppleExportWritesListsPreferredFirst() throws {
        let vault = try Self.vault(source: Array(FileManager.default.contents(atPath: Fixtures.contacts("apple-icloud.vcf"))!))
        #expect(try vault.crm("add", "--from", "contacts.vcf", "lovelace").status == 0)
        let text = vault.read("people/ada-lovelace.md")
        #expect(text.contains("\nphone: [\"+44 20 7946 0018\", \"+44 20 7946 0000\"]\n"))
        #expect(text.contains("\nemail: [ada@x.org, ada.home@example.org]\n"))
        #expect(text.contains("\ncompany: Analytical Engine Society\n"))
        #expect(text.hasSuffix("---\n\nMet at the Society, 1833.\nLikes poetry; and engines.\n\n## Interactions\n"))
        #expect(!text.contains("Square") && !text.contains("PHOTO"), "no address, no photo")
    }

    @Test func addFromSeveralMatchesIsRefusedListingThem() throws {
        let vault = try Self.vault(source: Self.ada() + Self.charles)
        let result = try vault.crm("add", "--from", "contacts.vcf", "7946")
        #expect(result.status == 1)
        #expect(result.stderr.contains("crm: error: '7946' matches 2 contacts in contacts.vcf; give more of the name, or --uid:"))
        #expect(result.stderr.contains("Ada Lovelace") && result.stderr.contains("Charles Babbage"))
        #expect(result.stderr.contains(Self.adaUID) && result.stderr.contains("babbage-1"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").isEmpty)
    }

    @Test func addFromWithUID() throws {
        let vault = try Self.vault(source: Self.ada() + Self.charles)
        let result = try vault.crm("add", "--from", "contacts.vcf", "--uid", "babbage-1")
        #expect(result.stdout == "Added Charles Babbage (people/charles-babbage.md) from contacts.vcf\n")
        #expect(vault.read("people/charles-babbage.md").contains("contact_id: \"babbage-1\"\n"))
        let missing = try vault.crm("add", "--from", "contacts.vcf", "--uid", "nobody")
        #expect(missing.status == 1)
        #expect(missing.stderr == Self.adaAddressLeftOut + "crm: error: no contact in contacts.vcf matches UID 'nobody'\n")
    }

    @Test func addFromRefusesTheSameContactOrNameUnlessForced() throws {
        let vault = try Self.vault(source: Self.ada())
        #expect(try vault.crm("add", "Augusta", "--contact-id", Self.adaUID).status == 0)
        let sameID = try vault.crm("add", "--from", "contacts.vcf", "ada")
        #expect(sameID.status == 1)
        #expect(sameID.stderr == Self.adaAddressLeftOut + "crm: error: people/augusta.md already tracks Augusta with that contact id; use --force to add another\n")
        let forced = try vault.crm("add", "--from", "contacts.vcf", "ada", "--force")
        #expect(forced.status == 0)
        #expect(vault.exists("people/ada-lovelace.md"))
        let again = try vault.crm("add", "--from", "contacts.vcf", "ada")
        #expect(again.stderr.contains("already tracks Ada Lovelace; use --force"))
        #expect(try vault.crm("add", "--from", "contacts.vcf", "ada", "--force").stdout
                == "Added Ada Lovelace (people/ada-lovelace-2.md) from contacts.vcf\n")
    }

    @Test func addFromErrors() throws {
        let vault = try Self.vault(source: Self.ada())
        let none = try vault.crm("add", "--from", "contacts.vcf", "grace")
        #expect(none.status == 1)
        #expect(none.stderr == Self.adaAddressLeftOut + "crm: error: no contact in contacts.vcf matches 'grace'\n")
        let missing = try vault.crm("add", "--from", "nowhere.vcf", "ada")
        #expect(missing.status == 1)
        #expect(missing.stderr == "crm: error: nowhere.vcf: cannot read contacts: no such file or folder\n")
        let mixed = try vault.crm("add", "--from", "contacts.vcf", "ada", "--phone", "1")
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("--phone cannot be used with --from"))
    }

    /// The picker on a real pseudo-terminal (util-linux `script`): it opens with the query as its
    /// filter, Down and Enter add the second match; Esc twice (the filter, then the picker) cancels.
    @Test func pickerOnATerminalAddsTheChosenMatch() throws {
        let vault = try Self.vault(source: Self.ada() + card("UID:ada-2", "FN:Ada Byron King", "EMAIL:king@example.org") + Self.charles)
        let command = ["--vault", vault.path, "add", "--from", "contacts.vcf", "ada"]
        let before = vault.bytes("contacts.vcf")
        let result = try CRM.onTerminal(command, in: vault.url, typing: "\u{1B}[B\r")
        #expect(result.status == 0, "\(result.screen)")
        #expect(result.screen.contains("Pick a contact from contacts.vcf"))
        #expect(result.screen.contains("Ada Lovelace"))
        #expect(result.screen.contains("Ada Byron King"))
        #expect(result.screen.contains("Added Ada Byron King (people/ada-byron-king.md) from contacts.vcf"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people") == ["ada-byron-king.md"])
        #expect(vault.read("people/ada-byron-king.md").contains("contact_id: \"ada-2\"\nemail: king@example.org\n"))
        #expect(vault.bytes("contacts.vcf") == before)

        let cancelled = try CRM.onTerminal(command, in: vault.url, typing: "\u{1B}\u{1B}")
        #expect(cancelled.status == 0)
        #expect(cancelled.screen.contains("Nothing added."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people") == ["ada-byron-king.md"])
    }

    // MARK: import

    @Test func importTwiceAddsNothingTheSecondTime() throws {
        let google = Array(FileManager.default.contents(atPath: Fixtures.contacts("google.vcf"))!)
        let vault = try Self.vault(source: Self.ada() + Self.charles + google + Self.ada())
        #expect(try vault.crm("add", "Charles Babbage").status == 0)
        let dry = try vault.crm("import", "contacts.vcf", "--dry-run")
        #expect(dry.stdout.contains("Would add Ada Lovelace\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people") == ["charles-babbage.md"])

        let first = try vault.crm("import", "contacts.vcf", "--tag", "imported")
        #expect(first.status == 0)
        #expect(first.stdout == """
            Added Ada Lovelace (people/ada-lovelace.md)
            Skipped Charles Babbage: tracked as charles-babbage (same name)
            Added Grace Hopper (people/grace-hopper.md)
            Added Linus Torvalds (people/linus-torvalds.md)
            Added Marie Curie, née Skłodowska (people/marie-curie-nee-sklodowska.md)
            Skipped Ada Lovelace: a card above (same contact id)
            Added 4 of 6 contacts from contacts.vcf; skipped 2.

            """)
        #expect(vault.read("people/grace-hopper.md").contains("\ntags: [Friends, imported]\nadded: 2026-11-29\n"))
        let files = try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").sorted()
        let bytes = files.map { vault.bytes("people/" + $0) }

        let second = try vault.crm("import", "contacts.vcf", "--json")
        #expect(second.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect((json["added"] as? [Any])?.count == 0)
        #expect((json["skipped"] as? [[String: Any]])?.compactMap { $0["reason"] as? String }
                == ["same contact id", "same name", "same name", "same name", "same name", "same contact id"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").sorted() == files)
        #expect(files.map { vault.bytes("people/" + $0) } == bytes)
    }

    @Test func importedNamesWithTheSameSlugGetFilesOfTheirOwn() throws {
        let vault = try Self.vault(source: card("UID:a-1", "FN:Ada Lovelace", "EMAIL:a1@example.org")
                                   + card("UID:a-2", "FN:Ada-Lovelace", "EMAIL:a2@example.org"))
        try vault.write("people/ada-lovelace.md", "---\nname: Someone Else\n---\n")
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Added Ada Lovelace (people/ada-lovelace-2.md)\nAdded Ada-Lovelace (people/ada-lovelace-3.md)\n"))
        #expect(vault.read("people/ada-lovelace.md") == "---\nname: Someone Else\n---\n")
        #expect(vault.read("people/ada-lovelace-3.md").contains("contact_id: \"a-2\"\n"))
    }

    @Test func manyCardsWithOneNameTakeTheFreeNamesInOrderAroundTakenOnes() throws {
        let source = (1...30).flatMap { card("UID:smith-\($0)", "FN:John Smith", "EMAIL:john\($0)@example.org") }
        let vault = try Self.vault(source: source)
        try vault.write("people/john-smith.md", "---\nname: Someone Else\n---\n")
        try vault.write("people/john-smith-3.md", "---\nname: Someone Else Again\n---\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/people/john-smith-4.md", withDestinationPath: "nowhere.md")
        let result = try vault.crm("import", "contacts.vcf")
        #expect(result.status == 0, "\(result.stderr)")
        let suffixes = [2] + Array(5...33)
        #expect(result.stdout.split(separator: "\n").prefix(30) == suffixes.enumerated().map { n, suffix in
            "Added John Smith (people/john-smith-\(suffix).md)" + (n == 0 ? "" : ": not people/john-smith-2.md, whose phones, emails, company or UID differ")
        }[...])
        for (n, suffix) in suffixes.enumerated() {
            #expect(vault.read("people/john-smith-\(suffix).md").contains("contact_id: \"smith-\(n + 1)\"\n"))
        }
        #expect(vault.read("people/john-smith-3.md") == "---\nname: Someone Else Again\n---\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people")
        #expect(left.count == 33)
        #expect(!left.contains { $0.hasPrefix(".") })
        #expect(try vault.crm("import", "contacts.vcf").stdout.hasSuffix("Added 0 of 30 contacts from contacts.vcf; skipped 30.\n"))
    }

    // MARK: refresh

    @Test func refreshAfterAPhoneChangeChangesExactlyThatLine() throws {
        let vault = try Self.vault(source: Self.ada() + Self.charles)
        #expect(try vault.crm("add", "--from", "contacts.vcf", "ada").status == 0)
        #expect(try vault.crm("add", "--from", "contacts.vcf", "charles").status == 0)
        // The user renamed Ada in the file; the contact's name changes too: neither is refreshed.
        let edited = vault.read("people/ada-lovelace.md").replacingOccurrences(of: "name: Ada Lovelace", with: "name: Ada # the countess")
        try vault.write("people/ada-lovelace.md", edited)
        try vault.write("contacts.vcf", Self.ada(phone: "+44 20 7946 0099", name: "Augusta Ada King") + Self.charles)
        let before = vault.bytes("people/ada-lovelace.md")
        let charles = vault.bytes("people/charles-babbage.md")

        let result = try vault.crm("refresh", "--contacts", "contacts.vcf")
        #expect(result.status == 0)
        #expect(result.stdout == """
            Updated Ada (people/ada-lovelace.md):
              phone: +44 20 7946 0018 → +44 20 7946 0099, +44 20 7946 0018
              kept phone +44 20 7946 0018: not on the card (--prune removes it)
            Unchanged: Charles Babbage
            1 updated, 1 unchanged, 0 gone.

            """)
        let diff = lineDiff(before, vault.bytes("people/ada-lovelace.md"))
        #expect(diff.removed == ["phone: \"+44 20 7946 0018\"\n"])
        #expect(diff.added == ["phone: [\"+44 20 7946 0099\", \"+44 20 7946 0018\"]\n"])
        let pruned = try vault.crm("refresh", "--contacts", "contacts.vcf", "--prune")
        #expect(pruned.stdout.hasPrefix("""
            Updated Ada (people/ada-lovelace.md):
              phone: +44 20 7946 0099, +44 20 7946 0018 → +44 20 7946 0099

            """))
        let prunedDiff = lineDiff(before, vault.bytes("people/ada-lovelace.md"))
        #expect(prunedDiff.removed == ["phone: \"+44 20 7946 0018\"\n"])
        #expect(prunedDiff.added == ["phone: \"+44 20 7946 0099\"\n"])
        #expect(vault.bytes("people/charles-babbage.md") == charles)
        let again = try vault.crm("refresh", "--contacts", "contacts.vcf", "ada", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect((json["updated"] as? [Any])?.count == 0)
        #expect((json["unchanged"] as? [[String: Any]])?.first?["id"] as? String == "ada-lovelace")
    }

    @Test func refreshDryRunWritesNothing() throws {
        let vault = try Self.vault(source: Self.ada())
        #expect(try vault.crm("add", "--from", "contacts.vcf", "ada").status == 0)
        try vault.write("contacts.vcf", Self.ada(phone: "+1 555 0100"))
        let before = vault.bytes("people/ada-lovelace.md")
        let result = try vault.crm("refresh", "--contacts", "contacts.vcf", "--dry-run", "--json")
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let change = try #require(((json["updated"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]])?.first)
        #expect(change["field"] as? String == "phone")
        #expect(change["old"] as? [String] == ["+44 20 7946 0018"])
        #expect(change["new"] as? [String] == ["+1 555 0100", "+44 20 7946 0018"])
        #expect(vault.bytes("people/ada-lovelace.md") == before)
        let text = try vault.crm("refresh", "--contacts", "contacts.vcf", "--dry-run")
        #expect(text.stdout.hasSuffix("1 to update, 0 unchanged, 0 gone. Nothing written (--dry-run).\n"))
        #expect(vault.bytes("people/ada-lovelace.md") == before)
    }

    @Test func refreshReportsGoneContactsAndKeepsTheirSnapshot() throws {
        let vault = try Self.vault(source: Self.ada())
        #expect(try vault.crm("add", "--from", "contacts.vcf", "ada").status == 0)
        try vault.write("contacts.vcf", Self.charles)
        let before = vault.bytes("people/ada-lovelace.md")
        let result = try vault.crm("refresh", environment: ["CRM_CONTACTS": "contacts.vcf"])
        #expect(result.stdout == """
            Gone: Ada Lovelace: contact \(Self.adaUID) not found in contacts.vcf; snapshot kept
            0 updated, 0 unchanged, 1 gone.

            """)
        #expect(vault.bytes("people/ada-lovelace.md") == before)
        let noSource = try vault.crm("refresh")
        #expect(noSource.status == 2)
        #expect(noSource.stderr.contains("no contacts source: give --contacts SOURCE, set CRM_CONTACTS"))
    }

    // MARK: show --contacts

    @Test func showWithContactsSaysWhereTheDetailsComeFrom() throws {
        let vault = try Self.vault(source: Self.ada())
        #expect(try vault.crm("add", "--from", "contacts.vcf", "ada").status == 0)
        try vault.write("contacts.vcf", Self.ada(phone: "+1 555 0100"))
        let before = vault.bytes("people/ada-lovelace.md")

        let current = try vault.crm("show", "ada", "--contacts", "contacts.vcf")
        #expect(current.stdout.hasPrefix("Ada Lovelace  people/ada-lovelace.md\n  from contacts: contacts.vcf\n  phone     +1 555 0100, +44 20 7946 0018\n"))
        let json = try vault.crm("show", "ada", "--json", environment: ["CRM_CONTACTS": "contacts.vcf"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "contacts")
        #expect(object["phone"] as? String == "+1 555 0100")

        try vault.write("contacts.vcf", Self.charles)
        let snapshot = try vault.crm("show", "ada", "--contacts", "contacts.vcf")
        #expect(snapshot.stdout.hasPrefix("""
            Ada Lovelace  people/ada-lovelace.md
              snapshot from 2026-11-29; contact \(Self.adaUID) not found in contacts.vcf
              phone     +44 20 7946 0018

            """))
        try vault.write(".crm/config.yaml", "contacts: contacts.vcf\n")
        let fromConfig = try CRM.run(["--vault", vault.path, "show", "ada", "--json"])
        let snapshotJSON = try #require(try JSONSerialization.jsonObject(with: Data(fromConfig.stdout.utf8)) as? [String: Any])
        #expect(snapshotJSON["source"] as? String == "snapshot")
        #expect(snapshotJSON["phone"] as? String == "+44 20 7946 0018")
        #expect(vault.bytes("people/ada-lovelace.md") == before)

        let plain = try CRM.run(["--vault", vault.path, "show", "ada"], environment: ["CRM_CONTACTS": ""])
        #expect(plain.stdout.contains("snapshot from 2026-11-29"))
        try vault.write(".crm/config.yaml", "every: 90d\n")
        let noSource = try CRM.run(["--vault", vault.path, "show", "ada", "--json"])
        #expect(!noSource.stdout.contains("\"source\""))
    }

    @Test func showWithAMissingDefaultSourceWarnsAndShowsTheSnapshot() throws {
        let vault = try Self.vault(source: Self.ada())
        #expect(try vault.crm("add", "--from", "contacts.vcf", "ada").status == 0)
        let result = try vault.crm("show", "ada", environment: ["CRM_CONTACTS": "gone.vcf"])
        #expect(result.status == 0)
        #expect(result.stderr == "crm: warning: gone.vcf: cannot read contacts: no such file or folder; showing the snapshot\n")
        #expect(result.stdout.contains("  phone     +44 20 7946 0018\n"))
        let explicit = try vault.crm("show", "ada", "--contacts", "gone.vcf")
        #expect(explicit.status == 1)
    }
}
