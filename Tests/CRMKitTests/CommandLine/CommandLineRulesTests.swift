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

    /// Text that starts with '-' is not an option: the error says how to pass it.
    @Test func textStartingWithADashIsToldToGoAfterTwoDashes() throws {
        let vault = try TemporaryVault()
        try vault.write("people/tom.md", SamplePerson.every30Days("Tom Baker"))
        let result = try CRM.run(["log", "tom", "- dash note"], in: vault.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: unknown option '- dash note'; to pass text starting with '-', put it after '--': "
                                        + "crm log tom -- '- dash note'\n"), "\(result.stderr)")
        let again = try CRM.run(["log", "tom", "--", "- dash note"], in: vault.url)
        #expect(again.status == 0)
        #expect(vault.read("people/tom.md").contains("call: - dash note"))
        // A misspelt option is still only a misspelt option.
        #expect(try vault.crm("log", "tom", "x", "--tpye", "call").stderr.hasPrefix("crm: error: unknown option '--tpye'; did you mean --type?\n"))
    }
}
