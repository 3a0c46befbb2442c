import Foundation
import Testing
@testable import CRMFormat
@testable import CRMVault

/// `.crm/config.yaml`: what each key reads, and how a problem in it reaches the user.
@Suite struct VaultConfigTests {
    func config(_ text: String) -> VaultConfig { VaultConfig(bytes: Array(text.utf8), path: ".crm/config.yaml") }

    // MARK: Problems, wherever the config is read

    static let badCadence = ".crm/config.yaml:1:8: warning: every: '3 months' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y); "
        + "people without a cadence of their own or from a tag are never due [config-value]\n"

    /// A `journal:` folder that is not there: no daily note is read, which is said.
    static let missingJournal = ".crm/config.yaml:1:18: warning: journal: 'Dialy' is not a folder of the vault; "
        + "no daily notes are read from it [config-value]\n"

    /// A config and the warnings every command prints for it.
    struct Sample: Sendable, CustomTestStringConvertible {
        var config: String
        var stderr: String
        var testDescription: String { config.trimmingCharacters(in: .newlines) }
    }

    static let samples = [Sample(config: "every: 3 months\n", stderr: badCadence),
                          Sample(config: "journal: [Daily, Dialy]\n", stderr: missingJournal)]

    /// Every command that opens the vault prints the config's problems once, as warnings at
    /// `path:line:col`, before what it prints itself, and says what it did instead.
    @Test(arguments: [["list"], ["due"], ["agenda"], ["birthdays"], ["summary"], ["search", "x"], ["show", "ada"], ["index", "--check"],
                      ["export", "--format", "json"], ["calendar", "--due"], ["log", "ada", "Tea"], ["set", "ada", "every=10d"],
                      ["completions", "--tags"], ["relate", "ada", "friend", "bob"]], samples)
    func everyCommandThatReadsTheConfigSaysItsProblemsOnce(_ arguments: [String], _ sample: Sample) throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", sample.config)
        try vault.write("people/ada.md", "---\nname: Ada\n---\n")
        try vault.write("people/bob.md", "---\nname: Bob\n---\n")
        try vault.write("Daily/2026-11-20.md", "- [[Bob]] tea\n")
        let result = try CRM.run(["--vault", vault.path] + arguments)
        #expect(result.stderr == sample.stderr, "\(arguments): \(result.stderr)")
    }

    @Test func dueSaysNobodyIsDueButNotWithoutAWord() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "every: 3 months\n")
        try vault.write("people/ada.md", "---\nname: Ada\nadded: 2026-01-05\n---\n")
        let due = try vault.crm("due")
        #expect(due.status == 0)
        #expect(due.stdout == "Nobody is due.\n")
        #expect(due.stderr == Self.badCadence)
        // A person file's warnings come after the config's, as check sorts them.
        try vault.write("people/bea.md", "---\nname: Bea\nevery: often\n---\n")
        #expect(try vault.crm("list").stderr == Self.badCadence
                + "people/bea.md:3:8: warning: every: 'often' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y) [invalid-value]\n")
    }

    @Test(arguments: samples)
    func checkReportsThemAsErrorsOnce(_ sample: Sample) throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", sample.config)
        try vault.write("Daily/2026-11-20.md", "- tea\n")
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stderr == "")
        #expect(check.stdout == sample.stderr.replacingOccurrences(of: "warning:", with: "error:"))
    }

    /// Only a folder the config names must be there: without `journal:`, or with the folder
    /// there (a block list's items each at their own line), nothing is said.
    @Test func aJournalFolderThatIsThereOrNotNamedIsNoProblem() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n")
        #expect(try vault.crm("check").stdout == "")
        try vault.write(".crm/config.yaml", "journal:\n  - ./Daily/\n  - journals\n  - .\n")
        try vault.write("Daily/2026-11-20.md", "- [[Ada]] tea\n")
        let check = try vault.crm("check")
        #expect(check.stdout == ".crm/config.yaml:3:5: error: journal: 'journals' is not a folder of the vault; no daily notes are read from it [config-value]\n")
        try vault.write("journals/2026_11_21.md", "- [[Ada]] tea\n")
        #expect(try vault.crm("check").stdout == "")
        #expect(try vault.crm("list").stderr == "")
    }

    @Test func aDuplicateKeyIsReadAsTheLastOneAsInPersonFiles() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "tag_every:\n  family: 14d\ntag_every:\n  friends: 7d\n")
        try vault.write("people/ada.md", "---\nname: Ada\ntags: [family]\nadded: 2026-11-01\n---\n")
        try vault.write("people/bob.md", "---\nname: Bob\ntags: [friends]\nadded: 2026-11-01\n---\n")
        let due = try vault.crm("due")
        #expect(due.stderr == ".crm/config.yaml:3:1: warning: duplicate key 'tag_every': only the last one is read [duplicate-key]\n")
        #expect(due.stdout.contains("Bob") && !due.stdout.contains("Ada"), "\(due.stdout)")
    }

    @Test func eachBadValueSaysWhatIsUsedInstead() {
        let found = config("""
        types: call
        heading: ""
        calendar_duration: 2000
        calendar_alarm: soon
        git: always
        tag_every:
          family: 14d
          Family: 7d
          friends: monthly
        tag_every2: x
        journal: [Daily, /etc, ../out]

        """)
        #expect(found.diagnostics.map(\.description) == [
            ".crm/config.yaml:2:10: error: heading must be text; using 'Interactions' [config-value]",
            ".crm/config.yaml:3:20: error: calendar_duration must be a number of minutes from 0 to 1440, e.g. 60; using 60 [config-value]",
            ".crm/config.yaml:4:17: error: calendar_alarm must be \(CalendarAlarm.form); using 15m [config-value]",
            ".crm/config.yaml:5:6: error: git must be 'commit' (commit every write) or 'off', not 'always'; not committing [config-value]",
            ".crm/config.yaml:8:11: error: tag_every: 'Family' is the tag 'family' of line 7 (tags compare ignoring case and accents); "
                + "only the last one is read [config-value]",
            ".crm/config.yaml:9:12: error: tag_every: friends: 'monthly' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y); "
                + "people tagged friends get no cadence from it [config-value]",
            ".crm/config.yaml:10:13: warning: unknown key 'tag_every2' (the keys are \(VaultConfig.keys.joined(separator: ", "))); ignored [config-unknown-key]",
            ".crm/config.yaml:11:18: error: journal: '/etc' is not a folder inside the vault, relative to it (journal: Daily); "
                + "no daily notes are read from it [config-value]",
            ".crm/config.yaml:11:24: error: journal: '../out' is not a folder inside the vault, relative to it (journal: Daily); "
                + "no daily notes are read from it [config-value]",
        ])
        // Each item is said at its own column, an empty one too.
        #expect(config("journal: [Daily, 5, \"\"]\n").diagnostics.map(\.description) == [
            ".crm/config.yaml:1:21: error: journal: '' is not a folder inside the vault, relative to it (journal: Daily); "
                + "no daily notes are read from it [config-value]",
        ])
        #expect(found.types == ["call"])
        #expect(found.calendarDuration == 60 && found.calendarAlarm == .standard && !found.gitCommit)
        #expect(found.tagEvery == ["family": Cadence("7d")!])
        #expect(found.journals == ["Daily"])
    }

    @Test func browseSaysTheConfigsProblemOnItsMessageLine() throws {
        let fixture = try BrowseFixture(example: false, people: ["ada": "---\nname: Ada\n---\n"], config: "every: 3 months\n")
        #expect(fixture.state.message?.kind == .error)
        #expect(fixture.state.message?.text == String(Self.badCadence.dropLast()))
    }

    // MARK: journal

    @Test(arguments: ["journal: [Daily, journals]\n", "journal:\n  - Daily\n  - ./journals/\n"])
    func journalTakesAListOfFolders(_ setting: String) throws {
        #expect(config(setting).journals == ["Daily", "journals"])
        #expect(config(setting).diagnostics.isEmpty)
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", setting)
        try vault.write("people/noor-haddad.md", "---\nname: Noor Haddad\n---\n")
        try vault.write("Daily/2026-11-20.md", "- call: [[Noor Haddad]] about the roadmap\n")
        try vault.write("journals/2026_11_26.md", "- [[Noor Haddad]] coffee\n")
        try vault.write("Elsewhere/2026-11-27.md", "- [[Noor Haddad]] is only mentioned here\n")
        let show = try vault.crm("show", "noor", "--json")
        #expect(show.stderr == "")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let interactions = try #require(json["interactions"] as? [[String: Any]])
        #expect(interactions.map { $0["from"] as? String } == ["journals/2026_11_26.md", "Daily/2026-11-20.md"])
        #expect((json["mentions"] as? [[String: Any]])?.map { $0["path"] as? String } == ["Elsewhere/2026-11-27.md"])
    }

    @Test func aJournalFolderInsideAnotherIsReadOnce() throws {
        #expect(config("journal: [., Daily]\n").journals == [".", "Daily"])
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: [Daily, ., Daily/]\n")
        try vault.write("people/noor-haddad.md", "---\nname: Noor Haddad\n---\n")
        try vault.write("Daily/2026-11-20.md", "- call: [[Noor Haddad]]\n")
        try vault.write("2026-11-21.md", "- call: [[Noor Haddad]]\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", "noor", "--json").stdout.utf8)) as? [String: Any])
        #expect((json["interactions"] as? [[String: Any]])?.map { $0["from"] as? String } == ["2026-11-21.md", "Daily/2026-11-20.md"])
    }

    // MARK: The template crm init writes

    /// The keys the reader's `switch` names, read from its source: what `VaultConfig.keys` must list.
    static func keysReadInSource() throws -> [String] {
        let source = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/CRMVault/Vault/VaultConfig.swift"), encoding: .utf8)
        // The keys are the cases of the outer `switch pair.key`, at its indentation.
        return source.split(separator: "\n").flatMap { line -> [String] in
            guard line.hasPrefix("            case \"") else { return [] }
            // `case "calendar", "contacts":` reads two keys.
            return line.dropFirst(17).prefix { $0 != ":" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
    }

    @Test func theTemplateNamesEveryKeyTheConfigReads() throws {
        #expect(try Self.keysReadInSource().sorted() == VaultConfig.keys.sorted())
        let template = VaultSetup.defaultConfig
        for key in VaultConfig.keys {
            #expect(template.contains("\n\(key): ") || template.contains("\n# \(key): ") || template.contains("\n# \(key):\n"), "\(key)")
        }
        // Every line commented out, made a setting, is read without a problem.
        let uncommented = template.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.wholeMatch(of: /# [a-z_]+:.*|#   .*/) != nil ? String($0.dropFirst(2)) : String($0) }
            .joined(separator: "\n")
        let read = config(uncommented)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.journals == ["Daily"] && read.calendarDuration == 60 && read.calendarAlarm == .standard && read.tagEvery.count == 2)
    }

    @Test func initWritesTheTemplate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crm-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CRM.run(["init", folder.path]).status == 0)
        let written = try String(contentsOf: folder.appendingPathComponent(".crm/config.yaml"), encoding: .utf8)
        #expect(written == VaultSetup.defaultConfig)
        for key in ["journal", "calendar_alarm", "calendar_duration"] { #expect(written.contains("\n# \(key): "), "\(key)") }
    }
}
