import Foundation
import Testing

/// `init`, `add`, `log`, `set`, `unset`, `rename`, `rm` and `edit` from the command line: exactly the
/// lines they must change, nothing else.
@Suite struct CLIEditingTests {
    // MARK: init

    @Test func initCreatesAVaultAndIsIdempotent() throws {
        let vault = try TemporaryVault()
        for file in [".crm/config.yaml", ".gitattributes", ".gitignore", ".stignore"] { #expect(vault.exists(file)) }
        #expect(vault.read(".gitattributes").contains("people/**/*.md merge=crm\n"))
        #expect(vault.read(".gitignore").contains("/.crm/*\n!/.crm/config.yaml\n"))
        let config = vault.read(".crm/config.yaml")
        let again = try CRM.run(["init", vault.path])
        #expect(again.status == 0)
        #expect(again.stdout.contains("already a vault"))
        #expect(vault.read(".crm/config.yaml") == config)
    }

    @Test func initKeepsExistingFilesAndAddsOnlyMissingLines() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("crm-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "node_modules/\n.crm-tmp-*".write(to: dir.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        let result = try CRM.run(["init", dir.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("updated .gitignore"))
        let text = try String(contentsOf: dir.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(text.hasPrefix("node_modules/\n.crm-tmp-*\n# My Person CRM"))
        #expect(text.hasSuffix("/.crm/*\n!/.crm/config.yaml\n"))
    }

    // MARK: add

    @Test func addWritesFrontMatterFromFlags() throws {
        let vault = try TemporaryVault()
        let result = try vault.crm("add", "Ada Lovelace", "--phone", "+44 20 7946 0018", "--email", "ada@example.org",
                                   "--tag", "friends", "--tag", "mathematics", "--every", "30d", "--birthday", "1815-12-10",
                                   "--contact-id", "6B29FC40-CA47-1067-B31D-00DD010662DA")
        #expect(result.status == 0)
        #expect(result.stdout == "Added Ada Lovelace (people/ada-lovelace.md)\n")
        #expect(vault.read("people/ada-lovelace.md") == """
            ---
            name: Ada Lovelace
            contact_id: "6B29FC40-CA47-1067-B31D-00DD010662DA"
            phone: "+44 20 7946 0018"
            email: ada@example.org
            birthday: 1815-12-10
            tags: [friends, mathematics]
            every: 30d
            added: 2026-11-29
            ---

            ## Interactions

            """)
    }

    @Test func addRefusesTheSameNameUnlessForced() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "José Núñez")
        let again = try vault.crm("add", "jose nunez")
        #expect(again.status == 1)
        #expect(again.stderr.contains("people/jose-nunez.md already tracks José Núñez"))
        #expect(try vault.crm("add", "José Nuñez", "--force").status == 0)
        #expect(vault.exists("people/jose-nunez-2.md"))
    }

    @Test(arguments: [("山田 花子", "山田-花子"), ("Zoë O'Brien-Smith", "zoe-obrien-smith"), ("../../etc/passwd", "etc-passwd"),
                      (".hidden", "hidden"), ("Ørjan Ødegård", "orjan-odegard"), ("???", "person")])
    func addMakesSafeFileNames(_ name: String, _ slug: String) throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", name).status == 0)
        #expect(vault.exists("people/\(slug).md"))
        let show = try vault.crm("show", slug, "--json")
        #expect(show.stdout.contains("\"name\": \"\(name.replacingOccurrences(of: "'", with: "'"))\""))
    }

    @Test func addRejectsBadValues() throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", "Ada", "--every", "monthly").status == 2)
        #expect(try vault.crm("add", "Ada", "--birthday", "12/10/1815").status == 2)
        #expect(try vault.crm("add", "Line\nbreak").status == 2)
        #expect(try vault.crm("list", "--ids").stdout.isEmpty)
    }

    // MARK: log

    @Test func logAddsOneLineNewestFirst() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/margaret-holloway.md")
        let result = try vault.crm("log", "margaret", "Sent", "the", "tournament", "schedule.", "--type", "message")
        #expect(result.status == 0)
        #expect(result.stdout == "Logged message with Margaret Holloway on 2026-11-29 (people/margaret-holloway.md:17)\n")
        let after = vault.read("people/margaret-holloway.md")
        #expect(after == before.replacingOccurrences(of: "## Interactions\n\n",
                                                     with: "## Interactions\n\n- 2026-11-29 message: Sent the tournament schedule.\n"))
    }

    @Test func logKeepsAnOldestFirstLogInItsOrder() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/henrik-dahl.md")
        #expect(try vault.crm("log", "henrik", "Easy recovery run.", "--type", "visit", "--date", "2026-11-20").status == 0)
        #expect(try vault.crm("log", "henrik", "Planned the spring race.", "--date", "2026-09-01").status == 0)
        let after = vault.read("people/henrik-dahl.md")
        #expect(after == before
            .replacingOccurrences(of: "- 2026-10-04 visit:", with: "- 2026-09-01 call: Planned the spring race.\n- 2026-10-04 visit:")
            + "- 2026-11-20 visit: Easy recovery run.\n")
    }

    @Test func logKeepsCRLFAndAMissingFinalNewline() throws {
        let vault = try TemporaryVault(copyingExample: true)
        #expect(try vault.crm("log", "priya", "Climbing gym.", "--type", "visit").status == 0)
        let crlf = vault.bytes("people/priya-raman.md")
        #expect(String(decoding: crlf, as: UTF8.self).contains("- 2026-11-29 visit: Climbing gym.\r\n"))
        #expect(!String(decoding: crlf, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "").contains("\n"))

        let before = vault.read("people/family/grandma-rose.md")
        #expect(!before.hasSuffix("\n"))
        #expect(try vault.crm("log", "family/grandma-rose", "Phoned.", "--date", "2026-01-01").status == 0)
        let after = vault.read("people/family/grandma-rose.md")
        #expect(after == before + "\n- 2026-01-01 call: Phoned.")
    }

    @Test func logIntoAFileWithoutALogAddsTheHeadingAtTheEnd() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/noor-haddad.md")
        #expect(try vault.crm("log", "noor", "Coffee", "--type", "visit", "--time", "09:30").status == 0)
        #expect(vault.read("people/noor-haddad.md") == before + "\n## Interactions\n\n- 2026-11-29 09:30 visit: Coffee\n")
    }

    @Test func logReadsAMultiLineNoteFromStandardInput() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("log", "margaret", "-", "--date", "-3d", "--type", "email", stdin: "Long letter.\n\nAbout the club.\n")
        #expect(result.status == 0)
        let text = vault.read("people/margaret-holloway.md")
        #expect(text.contains("- 2026-11-28 call: Talked about the winter tournament.\n- 2026-11-26 email: Long letter.\n\n  About the club.\n- 2026-11-02"))
        let show = try vault.crm("show", "margaret", "--json")
        #expect(show.stdout.contains("\"note\": \"Long letter.\\n\\nAbout the club.\""))
    }

    @Test func logChecksItsInput() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let badType = try vault.crm("log", "margaret", "x", "--type", "fax")
        #expect(badType.status == 2)
        #expect(badType.stderr.contains("'fax' is not one of the vault's types: call, message, email, visit, note"))
        #expect(try vault.crm("log", "margaret", "x", "--date", "last tuesday").status == 2)
        #expect(try vault.crm("log", "margaret", "x", "--time", "25:00").status == 2)
        #expect(try vault.crm("log", "margaret", "   ").status == 2)
        let missing = try vault.crm("log", "margret", "x")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no person matches 'margret'; did you mean Margaret Holloway (margaret-holloway)?"))
        #expect(vault.read("people/margaret-holloway.md") == String(decoding: try Data(contentsOf: Fixtures.exampleVault.appendingPathComponent("people/margaret-holloway.md")), as: UTF8.self))
    }

    @Test func ambiguousPersonListsTheCandidates() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ann Lee")
        try vault.crm("add", "Ann Smith")
        let result = try vault.crm("show", "ann")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'ann' matches 2 people by a word of a name or id; say which:\n  Ann Lee (ann-lee)\n  Ann Smith (ann-smith)"))
    }

    @Test func personMatchesByNameAliasEmailAndContactID() throws {
        let vault = try TemporaryVault(copyingExample: true)
        for query in ["lena-marsh", "LENA MARSH", "Lenny", "lena.marsh@example.net", "jose nunez", "山田 花子"] {
            let result = try vault.crm("show", query, "--json")
            #expect(result.status == 0, "\(query): \(result.stderr)")
        }
    }

    @Test func aFileThatIsNotUnderstoodIsNeverWritten() throws {
        let vault = try TemporaryVault()
        let latin1 = Fixtures.bytes("latin1")
        try vault.write("people/latin1.md", latin1)
        let result = try vault.crm("log", "latin1", "Hello")
        #expect(result.status == 1)
        #expect(result.stderr.contains("people/latin1.md:2:1: not changed: file is not read: it is not valid UTF-8 text"))
        #expect(vault.bytes("people/latin1.md") == latin1)
        try vault.write("people/open.md", "---\nname: Open\n\nno closing line\n")
        #expect(try vault.crm("set", "open", "email=a@b.c").status == 1)
        #expect(vault.read("people/open.md") == "---\nname: Open\n\nno closing line\n")
    }

    // MARK: set, unset

    @Test func setChangesOneLineAndKeepsCommentsAndQuotes() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/oliver-finch.md")
        #expect(try vault.crm("set", "oliver", "company=Finch & Sons", "met_at=the 2025 fair", "every=2m").status == 0)
        let after = vault.read("people/oliver-finch.md")
        #expect(after == before
            .replacingOccurrences(of: "company: Finch & Daughters Bookbinding   # unknown keys are kept",
                                  with: "company: \"Finch & Sons\"   # unknown keys are kept")
            .replacingOccurrences(of: "met_at: 'the Hay-on-Wye book fair, 2024'", with: "met_at: 'the 2025 fair'")
            .replacingOccurrences(of: "added: 2026-03-02\n---", with: "added: 2026-03-02\nevery: 2m\n---"))
        let noChange = try vault.crm("set", "oliver", "every=2m")
        #expect(noChange.stdout == "every of Oliver Finch is 2m already; nothing to change\n")
    }

    @Test func setEditsABlockListItemByItem() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/oliver-finch.md")
        #expect(try vault.crm("set", "oliver", "phone=+1 555 0173", "phone=+1 555 0111").status == 0)
        #expect(vault.read("people/oliver-finch.md") == before.replacingOccurrences(
            of: "  - '+1 555 0199'   # office\n", with: "  - \"+1 555 0111\"\n"))
    }

    @Test func setQuotesWhatYAMLWouldMisread() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Test Person")
        let cases = [("+442079460018", "\"+442079460018\""), ("yes", "\"yes\""), ("0123", "\"0123\""),
                     ("a: b", "\"a: b\""), ("#x", "\"#x\""), ("line\nbreak", "\"line\\nbreak\""), ("plain words", "plain words")]
        for (index, (value, written)) in cases.enumerated() {
            #expect(try vault.crm("set", "test-person", "key\(index)=\(value)").status == 0)
            #expect(vault.read("people/test-person.md").contains("\nkey\(index): \(written)\n"))
        }
    }

    @Test func setChecksKeysAndKnownValues() throws {
        let vault = try TemporaryVault(copyingExample: true)
        #expect(try vault.crm("set", "margaret", "bad key=x").status == 2)
        #expect(try vault.crm("set", "margaret", "every=often").status == 2)
        #expect(try vault.crm("set", "margaret", "birthday=1988-02-30").status == 2)
        #expect(try vault.crm("set", "margaret", "novalue").status == 2)
    }

    /// `KEY=` with nothing is no value: refused, pointing to `unset`; the file is left alone.
    @Test(arguments: ["phone=", "tags=", "tags=,", "every=", "company=  "])
    func setWithNoValueIsRefusedAndPointsToUnset(_ argument: String) throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/oliver-finch.md")
        let result = try vault.crm("set", "oliver", argument)
        let key = String(argument.prefix { $0 != "=" })
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: '\(argument)' gives no value; to remove \(key), use 'crm unset oliver \(key)'\n"))
        #expect(vault.read("people/oliver-finch.md") == before)
    }

    @Test func setAndUnsetSayWhatTheyDidKeyByKey() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let set = try vault.crm("set", "margaret", "every=3w", "phone=+44 1", "phone=+44 2")
        #expect(set.stdout == """
            Set every of Margaret Holloway to 3w (people/margaret-holloway.md)
            Set phone of Margaret Holloway to +44 1, +44 2 (people/margaret-holloway.md)

            """)
        let unset = try vault.crm("unset", "margaret", "added", "snooze", "phone")
        #expect(unset.status == 0)
        #expect(unset.stdout == """
            Removed added from Margaret Holloway (people/margaret-holloway.md)
            Margaret Holloway has no snooze; nothing to remove
            Removed phone from Margaret Holloway (people/margaret-holloway.md)

            """)
        let again = try vault.crm("unset", "margaret", "added")
        #expect(again.status == 0)
        #expect(again.stdout == "Margaret Holloway has no added; nothing to remove\n")
        let json = try #require(try StayInTouchCLITests.json(try vault.crm("unset", "margaret", "every", "added", "--json")) as? [String: Any])
        #expect(json["changed"] as? Bool == true)
        #expect((json["edits"] as? [[String: Any]])?.map { "\($0["key"]!) \($0["operation"]!) \($0["changed"]!)" }
                == ["every unset 1", "added unset 0"])
    }

    @Test func unsetRemovesOnlyTheKeyAndItsValue() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/oliver-finch.md")
        #expect(try vault.crm("unset", "oliver", "phone", "social").status == 0)
        #expect(vault.read("people/oliver-finch.md") == before
            .replacingOccurrences(of: "phone:\n  - \"+1 555 0173\"   # mobile\n  - '+1 555 0199'   # office\n", with: "")
            .replacingOccurrences(of: "social:\n  mastodon: \"@oliver@example.social\"\n  website: https://finch.example/bindery\n", with: ""))
        #expect(try vault.crm("unset", "oliver", "name").status == 1)
    }

    // MARK: rename, rm, edit

    @Test func renameChangesTheNameLineAndTheFileName() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/margaret-holloway.md")
        let result = try vault.crm("rename", "margaret", "Margaret Holloway-Reyes")
        #expect(result.status == 0)
        #expect(!vault.exists("people/margaret-holloway.md"))
        #expect(vault.read("people/margaret-holloway-reyes.md") == before.replacingOccurrences(
            of: "name: Margaret Holloway\n", with: "name: Margaret Holloway-Reyes\n"))
    }

    @Test func rmMovesTheFileToTheTrashAndAsksFirst() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let refused = try vault.crm("rm", "margaret")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("without --yes"))
        #expect(vault.exists("people/margaret-holloway.md"))
        let before = vault.read("people/margaret-holloway.md")
        let removed = try vault.crm("rm", "margaret", "--yes", "--json")
        #expect(removed.status == 0)
        #expect(!vault.exists("people/margaret-holloway.md"))
        let trash = try FileManager.default.contentsOfDirectory(atPath: vault.url.appendingPathComponent(".crm/trash").path)
        #expect(trash.count == 1 && trash[0].hasSuffix("-margaret-holloway.md"))
        #expect(vault.read(".crm/trash/" + trash[0]) == before)
        #expect(!(try vault.crm("list", "--ids").stdout.contains("margaret")))
    }

    @Test func editOpensTheEditorThenReportsProblems() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let fine = try vault.crm("edit", "margaret", environment: ["VISUAL": "true"])
        #expect(fine.status == 0)
        #expect(fine.stderr.isEmpty)
        let broken = try vault.crm("edit", "margaret", environment: ["VISUAL": "", "EDITOR": "sed -i 's/^- 2026-10-21/- 2026-02-30/'"])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("people/margaret-holloway.md:20:3: error: invalid date '2026-02-30'"))
    }

    @Test func renameRefusesAnotherPersonsNameAsAddDoes() throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", "Ada Lovelace").status == 0)
        #expect(try vault.crm("add", "Ada King").status == 0)
        let added = try vault.crm("add", "ada lovelace")
        #expect(added.status == 1)
        #expect(added.stderr == "crm: error: people/ada-lovelace.md already tracks Ada Lovelace; use --force to add another\n")
        let renamed = try vault.crm("rename", "ada-king", "ADA LOVELACE")
        #expect(renamed.status == 1)
        #expect(renamed.stderr == "crm: error: people/ada-lovelace.md already tracks Ada Lovelace; use --force to rename anyway\n")
        #expect(vault.read("people/ada-king.md").contains("name: Ada King"))
        // Renaming a person to their own name in other letters is no clash.
        #expect(try vault.crm("rename", "ada-king", "ADA KING").status == 0)
        let forced = try vault.crm("rename", "ada-king", "Ada Lovelace", "--force")
        #expect(forced.status == 0)
        #expect(vault.exists("people/ada-lovelace-2.md"))
    }

    @Test func aFailedRemoveLeavesNothingInTheTrash() throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", "Ada Lovelace").status == 0)
        let people = vault.path + "/people"
        // people/ refuses removals: append-only as root (who ignores permissions), read-only otherwise.
        let locked = getuid() == 0 ? shell("chattr", "+a", people) : chmod(people, 0o555) == 0
        try #require(locked, "cannot make \(people) refuse removals")
        defer { _ = getuid() == 0 ? shell("chattr", "-a", people) : chmod(people, 0o755) == 0 }
        let result = try vault.crm("rm", "ada-lovelace", "--yes")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("crm: error: "))
        #expect(vault.exists("people/ada-lovelace.md"))
        let trash = (try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/.crm/trash")) ?? []
        #expect(trash == [])
    }

    private func shell(_ arguments: String...) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
