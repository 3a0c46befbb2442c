import Foundation
import Testing

/// `crm check`'s named rules: every problem ends with the id of its rule, `--rules` lists them,
/// and `check:` in `.crm/config.yaml` turns one off or changes its severity.
@Suite struct CheckRuleTests {
    /// The rules as `crm check --rules --json` lists them: id and default severity.
    static func listedRules() throws -> [(id: String, severity: String, description: String)] {
        let result = try CRM.run(["check", "--rules", "--json"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]])
        return rules.map { ($0["rule"] ?? "", $0["severity"] ?? "", $0["description"] ?? "") }
    }

    /// One vault with a problem of each rule (but an unreadable folder, which needs another user
    /// than root: `LeftoversTests` has it).
    static func vaultWithEveryProblem() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "every: often\ncolour: red\neditor: vim\njournal: [Daily, Outside]\ncalendar: /elsewhere\n")
        try vault.write("people/ada.md", """
        ---
        name: Ada
        contact_id: X1
        phone: +442079460018
        birthday: 1815-13-10
        tags: #friends
        0x1F: 1
        nick: &a Ada
        note:\tx
        # conflict: email: a@b.example (from theirs)
        ---

        Talks with [[Sam Lee]] often.

        ## Interactions

        - 2026-09-01 call: with [[Nobody Known]]
        - 2026-10-01 call: b
        - 2026-08-01 call: c
        - 2026-07-01 9:30 call: d
        - 2026-13-01 call: e
        - 2028-01-01 call: f
        - [x] 2026-12-05 call: g
        - [x] undated
        just a line

        ```
        code
        ```

        """)
        try vault.write("people/ada2.md", "---\nname: ADA\ncontact_id: X1\ntags: [Family]\n---\n")
        try vault.write("people/bob.md", "---\nname: Bob\nname: Bob\ntags: [family]\n<<<<<<< HEAD\n---\n")
        try vault.write("people/cy.md", "---\nname: \"Cy\n---\n")
        try vault.write("people/dee.md", "---\nname: Dee\ntags: [family]\n---\n\n<!-- never closed\n")
        try vault.write("people/eve.md", "# Eve\n\n```\nnever closed\n")
        try vault.write("people/open.md", "---\nname: Open\n")
        try vault.write("people/sam-lee.md", "---\nname: Sam Lee\n---\n")
        try vault.write("people/sam-lee-2.md", "---\nname: Sam Lee\n---\n")
        try vault.write("people/nul.md", [0x2D, 0x2D, 0x2D, 0x0A, 0x00, 0x0A])
        try vault.write("people/ada.sync-conflict-20261128-101500-ABCDEFG.md", "---\nname: Ada\n---\n")
        try vault.write("Daily/2026-02-30.md", "- met someone\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Outside", withDestinationPath: NSTemporaryDirectory())
        try vault.write(".crm/unfinished", "---\noperation: rm\npath: people/gone.md\n---\n")
        return vault
    }

    /// The severity and rule id of a line of `crm check`: `path:line:col: severity: message [id]`.
    static func severityAndRule(_ line: String) -> (severity: String, id: String)? {
        guard let match = line.wholeMatch(of: /(.+):(\d+):(\d+): (error|warning): (.+) \[([a-z0-9-]+)\]/) else { return nil }
        return (String(match.output.4), String(match.output.6))
    }

    @Test func everyProblemEndsWithTheIdOfARuleThatIsListed() throws {
        let rules = try Self.listedRules()
        let ids = rules.map(\.id)
        #expect(Set(ids).count == ids.count, "ids are unique: \(ids)")
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil }, "ids are kebab-case: \(ids)")
        let vault = try Self.vaultWithEveryProblem()
        let result = try vault.crm("check")
        #expect(result.status == 1)
        var seen: Set<String> = []
        for line in result.stdout.split(separator: "\n").map(String.init) {
            guard let (severity, id) = Self.severityAndRule(line) else {
                Issue.record("no rule id at the end: \(line)")
                continue
            }
            #expect(ids.contains(id), "\(id) is not listed by --rules: \(line)")
            // With no check: settings, each problem has its rule's default severity.
            #expect(rules.first { $0.id == id }?.severity == severity, "\(line)")
            seen.insert(id)
        }
        #expect(seen == Set(ids).subtracting(["unreadable-folder"]), "rules never reported: \(Set(ids).subtracting(seen).sorted())")
    }

    @Test func checkJSONGivesEachFindingsRule() throws {
        let vault = try Self.vaultWithEveryProblem()
        let text = try vault.crm("check").stdout.split(separator: "\n").map { Self.severityAndRule(String($0))?.id ?? "" }
        let json = try vault.crm("check", "--json")
        #expect(json.status == 1)
        let problems = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(problems.map { $0["rule"] as? String ?? "" } == text)
        #expect(problems.contains { $0["rule"] as? String == "dead-link" && $0["path"] as? String == "people/ada.md" && $0["line"] as? Int == 17 })
    }

    @Test func rulesAreListedWithTheirSeverityAndWhatTheyFind() throws {
        let result = try CRM.run(["check", "--rules"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("RULE") == true && lines.first?.contains("SEVERITY") == true)
        let rules = try Self.listedRules()
        #expect(lines.count == rules.count + 1)
        for (line, rule) in zip(lines.dropFirst(), rules) {
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
            #expect(words.count == 3 && words[0] == rule.id && words[1] == rule.severity
                    && words[2].drop { $0 == " " } == rule.description, "\(line)")
        }
        for id in ["dead-link", "entry-out-of-order", "duplicate-key", "duplicate-contact-id", "conflict-markers", "unterminated-front-matter"] {
            #expect(rules.contains { $0.id == id }, "\(id)")
        }
        #expect(rules.first { $0.id == "dead-link" }?.severity == "warning")
        #expect(rules.first { $0.id == "conflict-markers" }?.severity == "error")
    }

    /// A vault with a dead link (a warning) and a birthday that is no date (an error).
    static func vaultWithTwoProblems(config: String) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\nbirthday: 1815-13-10\n---\n\n## Interactions\n\n- 2026-11-01 call: with [[Nobody Known]]\n")
        try vault.write(".crm/config.yaml", config)
        return vault
    }

    static let deadLink = "people/ada.md:8:25: warning: link [[Nobody Known]] is dead: no person and no note of the vault is named 'Nobody Known' [dead-link]"
    static let badBirthday = "people/ada.md:3:11: %@: birthday: '1815-13-10' is not a date (YYYY-MM-DD, or --MM-DD without the year) [invalid-value]"

    @Test func checkSettingsTurnARuleOffOrChangeItsSeverityAndTheExitStatus() throws {
        let plain = try Self.vaultWithTwoProblems(config: "")
        let before = try plain.crm("check")
        #expect(before.stdout == Self.badBirthday.replacingOccurrences(of: "%@", with: "error") + "\n" + Self.deadLink + "\n")
        #expect(before.status == 1)

        let lowered = try Self.vaultWithTwoProblems(config: "check:\n  dead-link: off\n  invalid-value: warning\n")
        let quiet = try lowered.crm("check")
        #expect(quiet.stdout == Self.badBirthday.replacingOccurrences(of: "%@", with: "warning") + "\n")
        #expect(quiet.status == 0, "no error is left")
        let json = try lowered.crm("check", "--json")
        #expect(json.stdout.contains("\"severity\": \"warning\",\n    \"rule\": \"invalid-value\""), "\(json.stdout)")
        #expect(json.status == 0)

        let raised = try Self.vaultWithTwoProblems(config: "check:\n  dead-link: error\n  invalid-value: off\n")
        let loud = try raised.crm("check")
        #expect(loud.stdout == Self.deadLink.replacingOccurrences(of: "warning:", with: "error:") + "\n")
        #expect(loud.status == 1, "the dead link is an error now")
    }

    @Test func anUnknownRuleOrLevelInCheckSettingsIsAConfigErrorAtItsPlace() throws {
        let vault = try Self.vaultWithTwoProblems(config: "check:\n  dead-lnk: off\n  dead-link: loud\n  entry-out-of-order: error\n")
        let result = try vault.crm("check")
        #expect(result.stdout.hasPrefix("""
        .crm/config.yaml:2:3: error: check: 'dead-lnk' is not a rule of crm check ('crm check --rules' lists them); ignored [config-value]
        .crm/config.yaml:3:14: error: check: dead-link must be off, warning or error, not 'loud'; it stays warning [config-value]
        \(Self.badBirthday.replacingOccurrences(of: "%@", with: "error"))
        \(Self.deadLink)

        """), "\(result.stdout)")
        #expect(result.status == 1)
        // Other commands say the config's problems as warnings, with their rule, before their output.
        let list = try vault.crm("list")
        #expect(list.stderr.hasPrefix(".crm/config.yaml:2:3: warning: check: 'dead-lnk' is not a rule of crm check "
                                      + "('crm check --rules' lists them); ignored [config-value]\n"), "\(list.stderr)")
        let empty = try Self.vaultWithTwoProblems(config: "check: off\n")
        #expect(try empty.crm("check").stdout.hasPrefix(".crm/config.yaml:1:8: error: check must map rule ids to off, warning or error, "
                                                        + "one a line below it ('  dead-link: off'); every rule keeps its severity [config-value]\n"))
    }

    @Test func listAndShowWarnWithTheRuleIdAsCheckDoes() throws {
        let vault = try Self.vaultWithTwoProblems(config: "")
        let warning = Self.badBirthday.replacingOccurrences(of: "%@", with: "warning") + "\n"
        #expect(try vault.crm("list").stderr == warning)
        #expect(try vault.crm("show", "ada").stderr == warning)
    }
}
