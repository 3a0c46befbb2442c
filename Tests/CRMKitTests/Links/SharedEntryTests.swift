import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm log … --with OTHER` and `crm plan … --with OTHER`: one entry, in one file, linking the
/// others; every person linked in a log entry takes part in it.
@Suite struct SharedEntryTests {
    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/lena-marsh.md", "---\nname: Lena Marsh\naliases: [Lenny]\n---\n\n## Interactions\n\n- 2026-11-20 visit: Book club.\n")
        try vault.write("people/priya-raman.md", "---\r\nname: Priya Raman\r\n---\r\n\r\n## Interactions\r\n\r\n- 2026-10-02 visit: Bouldering.\r\n")
        try vault.write("people/jose-nunez.md", "---\nname: José Núñez\n---\n")
        try vault.write("people/maria-nunez.md", "---\nname: María Núñez\n---\n")
        try vault.write("Daily/2026-11-20.md", "- [[Lena Marsh]]\n")
        return vault
    }

    /// Every file of the vault (but the cache) and its bytes.
    func files(_ vault: TemporaryVault) -> [String: [UInt8]] {
        let enumerator = FileManager.default.enumerator(atPath: vault.path)!
        var files: [String: [UInt8]] = [:]
        while let path = enumerator.nextObject() as? String {
            guard !path.hasPrefix(".crm/cache"), !path.hasPrefix(".crm/lock") else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: vault.url.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = vault.bytes(path)
            }
        }
        return files
    }

    @Test func logWithWritesOneLineOfOneFile() throws {
        let vault = try vault()
        let before = files(vault)
        let log = try vault.crm("log", "lena", "Dinner at the Thai place", "--type", "visit", "--date", "2026-11-14", "--time", "19:30",
                                "--with", "priya", "--with", "josé núñez")
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout == "Logged visit with Lena Marsh, Priya Raman and José Núñez on 2026-11-14 19:30 (people/lena-marsh.md:9)\n")
        let after = files(vault)
        #expect(Set(after.keys) == Set(before.keys))
        for (path, bytes) in before where path != "people/lena-marsh.md" { #expect(after[path] == bytes, "\(path) changed") }
        #expect(vault.read("people/lena-marsh.md") == """
        ---
        name: Lena Marsh
        aliases: [Lenny]
        ---

        ## Interactions

        - 2026-11-20 visit: Book club.
        - 2026-11-14 19:30 visit: Dinner at the Thai place (with [[priya-raman|Priya Raman]] and [[jose-nunez|José Núñez]])

        """)
    }

    @Test(arguments: [
        (["--with", "priya"], "Call (with [[priya-raman|Priya Raman]])"),
        (["--with", "priya", "--with", "priya-raman", "--with", "Priya Raman"], "Call (with [[priya-raman|Priya Raman]])"),
        (["--with", "priya", "--with", "jose", "--with", "maria"],
         "Call (with [[priya-raman|Priya Raman]], [[jose-nunez|José Núñez]] and [[maria-nunez|María Núñez]])"),
    ])
    func theWithClauseNamesEachOtherOnce(_ options: [String], _ note: String) throws {
        let vault = try vault()
        let result = try CRM.run(["--vault", vault.path, "log", "lena", "Call", "--date", "2026-11-28"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/lena-marsh.md").contains("- 2026-11-28 call: \(note)\n"))
    }

    @Test func someoneTheNoteLinksIsNotLinkedAgain() throws {
        let vault = try vault()
        _ = try vault.crm("log", "lena", "Dinner with [[Priya Raman]]", "--date", "2026-11-28", "--with", "priya", "--with", "jose")
        #expect(vault.read("people/lena-marsh.md").contains("- 2026-11-28 call: Dinner with [[Priya Raman]] (with [[jose-nunez|José Núñez]])\n"))
        _ = try vault.crm("log", "lena", "Tea with [[priya-raman|Priya]]", "--date", "2026-11-27", "--with", "priya")
        #expect(vault.read("people/lena-marsh.md").contains("- 2026-11-27 call: Tea with [[priya-raman|Priya]]\n"))
    }

    @Test func thePersonThemselfIsRefusedAndAnAmbiguousOtherListsTheCandidates() throws {
        let vault = try vault()
        let before = files(vault)
        let own = try vault.crm("log", "lena", "Call", "--with", "lenny")
        #expect(own.status == 1)
        #expect(own.stderr == "crm: error: --with lenny: that is Lena Marsh, whose log the entry goes in; --with names the others who took part\n")
        let ambiguous = try vault.crm("log", "lena", "Call", "--with", "nunez")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.contains("'nunez' matches 2 people"), "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("  José Núñez (jose-nunez)\n") && ambiguous.stderr.contains("  María Núñez (maria-nunez)"))
        let missing = try vault.crm("log", "lena", "Call", "--with", "chidi")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("crm: error: no person matches 'chidi'"))
        #expect(files(vault) == before)
    }

    /// `Vault.log(_:to:with:)`, the library's own way in, refuses the others `crm log --with`
    /// refuses, in the same words, and writes nothing.
    @Test func theLibrarysLogRefusesTheOthersCrmLogRefuses() throws {
        let vault = try vault()
        try vault.write("people/odd#one.md", "---\nname: Odd One\n---\n")
        let elsewhere = try TemporaryVault()
        try elsewhere.write("people/chidi-okafor.md", "---\nname: Chidi Okafor\n---\n")
        let before = files(vault)
        let library = try Vault(root: vault.path)
        let lena = try library.find("lena-marsh")
        let entry = Interaction(date: Day("2026-11-28")!, type: "call", note: "Tea.")
        for other in ["lena-marsh", "odd#one"] {
            let crm = try vault.crm("log", "lena-marsh", "Tea.", "--date", "2026-11-28", "--with", other)
            #expect(crm.status == 1)
            let refusal = try #require(crm.stderr.hasPrefix("crm: error: --with \(other): ") ? crm.stderr : nil, "\(crm.stderr)")
            let person = try library.find(other)
            let error = #expect(throws: VaultError.self) { try library.log(entry, to: lena, with: [person]) }
            #expect(error.map { "crm: error: \($0.message)\n" } == refusal)
        }
        let chidi = try Vault(root: elsewhere.path).find("chidi-okafor")
        #expect(try vault.crm("log", "lena-marsh", "Tea.", "--with", "chidi-okafor").status == 1)
        let error = #expect(throws: VaultError.self) { try library.log(entry, to: lena, with: [chidi]) }
        #expect(error?.message == "--with chidi-okafor: people/chidi-okafor.md is not a person file of this vault")
        #expect(files(vault) == before)
    }

    @Test func planWithWritesOneOpenItem() throws {
        let vault = try vault()
        let plan = try vault.crm("plan", "lena", "Flat viewing in Leeds", "--date", "2026-12-05", "--type", "visit", "--with", "priya", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        let interaction = try #require(json["interaction"] as? [String: Any])
        #expect(interaction["with"] as? [String] == ["priya-raman"])
        #expect(interaction["note"] as? String == "Flat viewing in Leeds (with [[priya-raman|Priya Raman]])")
        #expect(vault.read("people/lena-marsh.md").contains("- [ ] 2026-12-05 visit: Flat viewing in Leeds (with [[priya-raman|Priya Raman]])\n"))
        let show = try vault.crm("show", "priya")
        #expect(show.stdout.contains("""
        Coming up (1)
             2026-12-05        visit  Flat viewing in Leeds (with Priya Raman)
                                      in Lena Marsh's log, people/lena-marsh.md:8
        """), "\(show.stdout)")
    }

    @Test func everyPersonLinkedInAnEntryTakesPartInIt() throws {
        let vault = try vault()
        try vault.write("people/lena-marsh.md", """
        ---
        name: Lena Marsh
        ---

        Knows [[Priya Raman]] from work.

        ## Interactions

        - [ ] Lend [[José Núñez]] the guidebook.
        - [x] 2026-11-25 call: With [[priya-raman|Priya]], [[JOSE NUNEZ]] and [[Lena Marsh]].
        - 2026-11-24 visit: `[[priya-raman]]` is code;
          so is this:
          ```
          [[jose-nunez]]
          ```
          but [[maria-nunez|María]] came.

        """)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", "lena", "--json").stdout.utf8)) as? [String: Any])
        let interactions = try #require(json["interactions"] as? [[String: Any]])
        #expect(interactions.map { $0["with"] as? [String] } == [["priya-raman", "jose-nunez"], ["maria-nunez"]])
        #expect(interactions.map { $0["from"] is NSNull } == [true, true])
        let jose = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", "jose", "--json").stdout.utf8)) as? [String: Any])
        let shared = try #require((jose["interactions"] as? [[String: Any]])?.first)
        #expect(shared["from"] as? String == "people/lena-marsh.md")
        #expect(shared["with"] as? [String] == ["lena-marsh", "priya-raman"])
        #expect(shared["line"] as? Int == 10)
        #expect((jose["mentions"] as? [[String: Any]])?.map { "\($0["path"]!):\($0["line"]!) \($0["text"]!)" }
                == ["people/lena-marsh.md:9 - [ ] Lend [[José Núñez]] the guidebook."])
        let priya = try vault.crm("show", "priya")
        #expect(priya.stdout.contains("""
        Mentioned (1)
          people/lena-marsh.md:5  Knows [[Priya Raman]] from work.
        """), "\(priya.stdout)")
    }
}

/// A person seen only in someone else's log (a shared entry) or in a daily note was seen: every
/// view that gives a last contact or a due date says so, each the same.
@Suite struct SharedEntriesCountTests {
    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "every: 30d\njournal: Daily\n")
        try vault.write("people/lena-marsh.md", "---\nname: Lena Marsh\n---\n\n## Interactions\n\n- 2026-10-01 call: Catch-up.\n")
        try vault.write("people/priya-raman.md", "---\nname: Priya Raman\n---\n\n## Interactions\n\n- 2026-09-02 visit: Bouldering.\n")
        try vault.write("people/jose-nunez.md", "---\nname: José Núñez\n---\n")
        return vault
    }

    @Test func showAndExportCountASharedEntryAndADailyNote() throws {
        let vault = try vault()
        #expect(try vault.crm("log", "lena", "Dinner", "--date", "2026-11-14", "--with", "priya", "--with", "jose").status == 0)
        try vault.write("Daily/2026-11-20.md", "- coffee with [[Lena Marsh]]\n")
        let priya = try vault.crm("show", "priya")
        #expect(priya.stdout.contains("  last   2026-11-14 (2 weeks ago)\n"), "\(priya.stdout)")
        #expect(priya.stdout.contains("  due    2026-12-14 (in 2 weeks)\n"), "\(priya.stdout)")
        let lena = try vault.crm("show", "lena", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(lena.stdout.utf8)) as? [String: Any])
        #expect(json["last"] as? String == "2026-11-20")
        #expect(json["due"] as? String == "2026-12-20")
        let csv = try vault.crm("export", "--format", "csv").stdout.split(separator: "\r\n").map(String.init)
        #expect(csv.contains("José Núñez,jose-nunez,,,,,30d,2026-11-14,,2026-12-14,1"), "\(csv)")
        #expect(csv.contains("Lena Marsh,lena-marsh,,,,,30d,2026-11-20,,2026-12-20,3"), "\(csv)")
    }

    @Test func everyListingAgreesWithShow() throws {
        let vault = try vault()
        #expect(try vault.crm("log", "lena", "Dinner", "--date", "2026-11-14", "--with", "priya", "--with", "jose").status == 0)
        try vault.write("Daily/2026-11-20.md", "- coffee with [[Lena Marsh]]\n- [ ] 2026-12-02 call: ask [[priya-raman|Priya]] about the trip\n")
        let list = try vault.crm("list", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as! String, $0) })
        #expect(byID["priya-raman"]?["last"] as? String == "2026-11-14")
        #expect(byID["priya-raman"]?["next"] as? String == "2026-12-02")
        #expect(byID["priya-raman"]?["interactions"] as? Int == 2)
        #expect(byID["jose-nunez"]?["last"] as? String == "2026-11-14")
        #expect(byID["lena-marsh"]?["last"] as? String == "2026-11-20")
        // Priya was due (last seen 2026-09-02, every 30d); the dinner makes her due on 2026-12-14.
        #expect(byID["priya-raman"]?["due"] as? String == "2026-12-14")
        let due = try vault.crm("due", "--json")
        #expect(!due.stdout.contains("priya-raman"), "\(due.stdout)")
        let agenda = try vault.crm("agenda", "--within", "1w")
        #expect(agenda.stdout.contains("Priya Raman") && agenda.stdout.contains("call: ask Priya about the trip"), "\(agenda.stdout)")
        let summary = try vault.crm("summary", "--since", "2026-11-01", "--json")
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        // The dinner once and the coffee once; three people contacted.
        #expect(counts["interactions"] as? Int == 2)
        #expect(counts["people_contacted"] as? Int == 3)
        #expect(counts["never_contacted"] as? Int == 0)
        let show = try vault.crm("show", "priya")
        #expect(show.stdout.contains("  last   2026-11-14 (2 weeks ago)\n"), "\(show.stdout)")
    }
}
