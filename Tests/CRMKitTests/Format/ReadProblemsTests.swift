import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Files the tool could not fully read are never shown as ordinary people: every command that
/// shows people leaves an unreadable file out (or, `show`, refuses it) and warns about each part of
/// a file it could not read, naming the file and line, from the cold and the warm (cached) path.
@Suite struct ReadProblemsTests {
    /// `name: Léa` in Latin-1: not UTF-8, so nothing in it is known.
    static let latin1: [UInt8] = Array("---\nname: L".utf8) + [0xE9] + Array("a\nevery: 30d\n---\n\n## Interactions\n\n- 2026-11-01 call: hi\n".utf8)
    static let unterminated = "---\nname: Open\nevery: 30d\n\n## Interactions\n\n- 2026-11-01 call: hi\n"
    static let partly = "---\nname: Bea Bad\nevery: sometimes\n---\n\n## Interactions\n\n- 2026-13-22 call: lost?\n- 2026-11-01 call: kept\n"

    static let latin1Warning = "people/latin.md:2:1: warning: not listed: file is not read: it is not valid UTF-8 text"
    static let unterminatedWarning = "people/open.md:1:1: warning: not listed: front matter starts with '---' but has no closing '---'"
    static let everyWarning = "people/partly.md:3:8: warning: every: 'sometimes' is not a cadence"
    static let dateWarning = "people/partly.md:8:3: warning: invalid date '2026-13-22' [invalid-entry]"

    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\nevery: 30d\n---\n\n## Interactions\n\n- 2026-11-20 call: fine\n")
        try vault.write("people/latin.md", Self.latin1)
        try vault.write("people/open.md", Self.unterminated)
        try vault.write("people/partly.md", Self.partly)
        return vault
    }

    /// The warnings every listing prints, whatever the order of its own output.
    func expectWarnings(_ result: CRMResult, _ context: String) {
        let lines = result.stderr.split(separator: "\n").map(String.init)
        for expected in [Self.latin1Warning, Self.unterminatedWarning, Self.everyWarning, Self.dateWarning] {
            #expect(lines.contains { $0.hasPrefix(expected) }, "\(context): \(expected)\n\(result.stderr)")
        }
        #expect(lines.count == 4, "\(context): \(result.stderr)")
    }

    @Test(arguments: ["list", "due", "birthdays", "summary", "index"])
    func listingsLeaveOutUnreadableFilesAndSaySo(_ command: String) throws {
        let vault = try vault()
        // Twice: the first run reads the files, the second may answer from the facts cache.
        for run in ["cold", "warm"] {
            let result = try vault.crm(command, environment: ["CRM_TODAY": "2026-11-30"])
            #expect(result.status == 0, "\(command) \(run): \(result.stderr)")
            expectWarnings(result, "\(command) \(run)")
            #expect(!result.stdout.contains("latin") && !result.stdout.contains("open") && !result.stdout.contains("Open"),
                    "\(command) \(run): \(result.stdout)")
        }
    }

    @Test func dueAndSummaryNoLongerCountAnUnreadableFileAsDueToday() throws {
        let vault = try vault()
        let due = try vault.crm("due", "--json", environment: ["CRM_TODAY": "2026-11-30"])
        #expect(due.stdout == "[]\n")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(try vault.crm("summary", "--json").stdout.utf8)) as? [String: Any])
        #expect(summary["due"] as? Int == 0)
        #expect(summary["never_contacted"] as? Int == 0)
        #expect(summary["people"] as? Int == 2)
        #expect(summary["interactions"] as? Int == 2)   // Ada's and the readable entry of partly.md
        #expect(try vault.crm("index").status == 0)
        let index = vault.read("INDEX.md")
        #expect(index.contains("[Ada Lovelace](people/ada.md)") && index.contains("[Bea Bad](people/partly.md)"))
        #expect(!index.contains("latin") && !index.contains("open.md"))
    }

    @Test func listingAPartlyReadFileSaysWhatWasNotRead() throws {
        let vault = try vault()
        let list = try vault.crm("list", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["ada", "partly"])
        // A bad `every` gives no cadence (not the vault's), the bad line no interaction.
        #expect(rows[1]["every"] is NSNull && rows[1]["interactions"] as? Int == 1)
    }

    @Test(arguments: [("latin", "people/latin.md:2:1: not shown: file is not read: it is not valid UTF-8 text"),
                      ("open", "people/open.md:1:1: not shown: front matter starts with '---' but has no closing '---'")])
    func showRefusesAFileItCannotRead(_ id: String, _ message: String) throws {
        let vault = try vault()
        for arguments in [["show", id], ["show", id, "--json"]] {
            let result = try CRM.run(["--vault", vault.path] + arguments)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "crm: error: \(message)\n")
        }
    }

    @Test func showWarnsAboutLogLinesAndKeysItCouldNotRead() throws {
        let vault = try vault()
        for arguments in [["show", "partly"], ["show", "partly", "--json"]] {
            let result = try CRM.run(["--vault", vault.path] + arguments)
            #expect(result.status == 0)
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(result.stderr)")
            #expect(lines.first?.hasPrefix(Self.everyWarning) == true)
            #expect(lines.last?.hasPrefix(Self.dateWarning) == true)
        }
        let text = try vault.crm("show", "partly").stdout
        #expect(text.contains("2026-11-01") && text.contains("kept"))
    }

    @Test func knownKeysThatAreNotTextAreWarningsToo() throws {
        let vault = try TemporaryVault()
        try vault.write("people/kim.md", "---\nname: [Kim, Lee]\ntags:\n  friends: yes\n---\n")
        for command in [["list"], ["show", "kim"]] {
            let result = try CRM.run(["--vault", vault.path] + command)
            #expect(result.status == 0)
            #expect(result.stderr == "people/kim.md:2:7: warning: name must be text [invalid-value]\npeople/kim.md:3:6: warning: tags must be text or a list of text [invalid-value]\n",
                    "\(command)")
        }
    }

    @Test func searchSaysWhichFilesItCouldNotSearch() throws {
        let vault = try vault()
        let result = try vault.crm("search", "interactions")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 2)   // ada.md and partly.md
        #expect(result.stderr.split(separator: "\n").sorted() == [
            "people/latin.md:2:1: warning: file is not read: it is not valid UTF-8 text [unreadable-file]",
            "people/open.md:1:1: warning: front matter starts with '---' but has no closing '---' [unterminated-front-matter]",
        ])
    }

    @Test func aReadableFileWithoutProblemsWarnsNothing() throws {
        let vault = try TemporaryVault(copyingExample: true)
        for command in ["list", "due", "birthdays", "summary", "index"] {
            let result = try vault.crm(command)
            #expect(result.status == 0 && result.stderr == "", "\(command): \(result.stderr)")
        }
    }

    @Test func theFactsRecordCarriesWhatWasNotReadSoTheCachedPathKnowsToo() throws {
        let files = try vault()
        let vault = try Vault(root: files.path)
        let facts = Dictionary(uniqueKeysWithValues: vault.facts().rows.map { ($0.id, $0) })
        #expect(facts["latin"]?.isReadable == false)
        #expect(facts["open"]?.isReadable == false)
        #expect(facts["partly"]?.isReadable == true)
        #expect(facts["partly"]?.readProblems.map(\.line) == [3, 8])
        #expect(facts["ada"]?.readProblems == [])
        // Every record from the cache (marked by its name), none read from its file.
        try FactsCache.saveMarked(vault)
        let (people, warnings) = PeopleListing.Row.listed(Everyone(vault, today: Day("2026-11-30")!), today: Day("2026-11-30")!)
        #expect(people.map(\.name) == ["CACHED Ada Lovelace", "CACHED Bea Bad"])
        #expect(warnings.map(\.description).map { String($0.prefix(60)) }
                == [Self.latin1Warning, Self.unterminatedWarning, Self.everyWarning, Self.dateWarning].map { String($0.prefix(60)) })
    }
}
