import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// What the command line does with arguments it should refuse, and rules commands share.
@Suite struct CommandLineRulesTests {
    @Test(arguments: [["list", "friends"], ["due", "soon"], ["summary", "x"], ["index", "now"], ["check", "ada"], ["birthdays", "x"]])
    func anExtraWordIsAUsageError(_ arguments: [String]) throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try CRM.run(["--vault", vault.path] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == "crm: error: unexpected argument '\(arguments[1])'")
        #expect(lines.last?.hasPrefix("usage: crm \(arguments[0])") == true)
    }

    @Test func everyUsageErrorStartsWithCrmErrorAndHasOneUsageLine() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("log")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: missing PERSON\nusage: crm log PERSON NOTE…"))
        #expect(result.stderr.split(separator: "\n").count == 2)
        #expect(result.stderr.hasSuffix("(see 'crm log --help')\n"))
    }

    @Test func aShortOptionIsNotTakenForAMisspeltCommand() throws {
        let result = try CRM.run(["-V"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: unknown option '-V'\n"))
        #expect(!result.stderr.contains("did you mean"))
        let long = try CRM.run(["--verison"])
        #expect(long.status == 2)
        #expect(long.stderr.hasPrefix("crm: error: unknown option '--verison'; did you mean --version?\n"))
    }

    @Test(arguments: [["--version"], ["list", "--version"], ["show", "ada", "--version"], ["--json", "due", "--version"]])
    func versionWorksAnywhere(_ arguments: [String]) throws {
        let result = try CRM.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("crm ") && result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr == "")
    }

    @Test(arguments: ["edit", "completions"])
    func jsonIsRefusedWhereNothingIsPrinted(_ command: String) throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm(command, command == "edit" ? "henrik" : "bash", "--json", environment: ["EDITOR": "true"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("crm: error: --json: 'crm \(command)' prints no data\n"))
        let help = try vault.crm(command, "--help").stdout
        #expect(!help.contains("--json"))
    }

    @Test func anOptionWithFixedValuesRefusesOthers() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("list", "--sort", "age")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: --sort: unknown value 'age'; use name, last, due\n"))
    }
}

@Suite struct CommandDefectsTests {
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

    @Test func aPersonAddedWithLettersThatDoNotDecomposeIsFoundWithout() throws {
        let vault = try TemporaryVault()
        let added = try vault.crm("add", "Øyvind Ås")
        #expect(added.stdout == "Added Øyvind Ås (people/oyvind-as.md)\n")
        for query in ["oyvind as", "OYVIND ÅS", "øyvind", "oyvind-as"] {
            let shown = try vault.crm("show", query, "--json")
            #expect(shown.status == 0, "\(query): \(shown.stderr)")
            #expect(shown.stdout.contains("\"id\": \"oyvind-as\""), "\(query)")
        }
        let search = try vault.crm("search", "oyvind", "--json")
        #expect(search.stdout.contains("\"text\": \"name: Øyvind Ås\""))
        #expect(try vault.crm("add", "Oyvind As").status == 1)   // the same person by the duplicate rule
    }

    @Test(arguments: [("Straße", "strasse"), ("Ærø", "aero"), ("Đorđe", "dorde"), ("Łukasz", "lukasz"), ("Þóra", "thora")])
    func slugMatchingAndSearchFoldTheSame(_ name: String, _ folded: String) throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", name).stdout == "Added \(name) (people/\(folded).md)\n")
        #expect(try vault.crm("show", folded.uppercased(), "--json").stdout.contains("\"id\": \"\(folded)\""))
        #expect(try vault.crm("search", folded, "--json").stdout.contains("\"line\": 2"))
    }

    @Test func aVeryLongNameDoesNotWidenTheTablesButJSONKeepsIt() throws {
        let vault = try TemporaryVault()
        let long = String(repeating: "Bartholomew ", count: 25).trimmingCharacters(in: .whitespaces)
        #expect(try vault.crm("add", long).status == 0)
        #expect(try vault.crm("add", "Ada Lovelace").status == 0)
        for command in [["list"], ["due", "--within", "1y"]] {
            let lines = try CRM.run(["--vault", vault.path] + command).stdout.split(separator: "\n")
            let widths = lines.map { $0.count }
            #expect(widths.allSatisfy { $0 <= 100 }, "\(command): \(lines)")
            #expect(lines.contains { $0.hasPrefix("Bartholomew Bartholomew Bartholomew Bar… ") }, "\(command): \(lines)")
        }
        let json = try vault.crm("list", "--json").stdout
        #expect(json.contains("\"name\": \"\(long)\""))
    }

    @Test func theExampleVaultShipsNoMachineLocalState() throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", Fixtures.packageRoot.path, "ls-files", "example-vault", "--error-unmatch", "example-vault/.crm/config.yaml"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = Pipe()
        try git.run()
        let tracked = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        try #require(git.terminationStatus == 0, "not a git checkout")
        let files = tracked.split(separator: "\n")
        #expect(files.contains("example-vault/.crm/config.yaml"))
        #expect(!files.contains { $0.hasPrefix("example-vault/.crm/") && $0 != "example-vault/.crm/config.yaml" }, "\(files)")
        // And what the tool writes there is ignored.
        let ignored = Process()
        ignored.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ignored.arguments = ["git", "-C", Fixtures.packageRoot.path, "check-ignore", "--no-index",
                             "example-vault/.crm/cache/facts", "example-vault/.crm/trash/x.md", "example-vault/INDEX.md"]
        let ignoredOut = Pipe()
        ignored.standardOutput = ignoredOut
        try ignored.run()
        let listed = String(decoding: ignoredOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ignored.waitUntilExit()
        #expect(listed.split(separator: "\n").count == 3, "\(listed)")
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
