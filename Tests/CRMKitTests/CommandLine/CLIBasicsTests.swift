import Foundation
import Testing

/// The command line as a user meets it: help, version, exit codes, errors.
@Suite struct CLIBasicsTests {
    static let commands = ["init", "add", "import", "list", "show", "log", "set", "unset", "edit", "rename", "rm", "due",
                           "snooze", "birthdays", "summary", "search", "index", "check", "fmt", "resolve", "merge-driver",
                           "refresh", "calendar", "completions"]

    @Test(arguments: commands)
    func everyCommandHasHelpWithAnExample(_ command: String) throws {
        let result = try CRM.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE:"))
        #expect(result.stdout.contains("EXAMPLES:\n  crm \(command == "rm" ? "rm" : command)"))
        #expect(result.stderr.isEmpty)
    }

    @Test func overviewListsEveryCommand() throws {
        let result = try CRM.run(["--help"])
        #expect(result.status == 0)
        for command in Self.commands { #expect(result.stdout.contains("\n  \(command) ")) }
    }

    @Test func version() throws {
        let result = try CRM.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("crm "))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try CRM.run(["lsit"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("crm: error: unknown command 'lsit'; did you mean list?"))
    }

    @Test func missingArgumentIsAUsageError() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("show")
        #expect(result.status == 2)
        #expect(result.stderr == "crm: error: missing PERSON\nusage: crm show PERSON [--contacts SOURCE]  (see 'crm show --help')\n")
    }

    @Test func unknownOptionIsAUsageError() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("list", "--srot", "due")
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option '--srot'; did you mean --sort?"))
    }

    @Test func noVaultFoundNamesWhatWasTried() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("no-vault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CRM.run(["list"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("crm: error: no vault found: none of \(dir.path)"))
        #expect(result.stderr.contains("--vault DIR"))
    }

    @Test func vaultFromEnvironmentAndFromParentFolders() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let fromEnv = try CRM.run(["list", "--ids"], environment: ["CRM_VAULT": vault.path])
        #expect(fromEnv.status == 0)
        #expect(fromEnv.stdout.contains("margaret-holloway\n"))
        let fromParent = try CRM.run(["list", "--ids"], in: vault.url.appendingPathComponent("people/family"))
        #expect(fromParent.stdout == fromEnv.stdout)
    }

    @Test func optionsTakeEqualsAndDoubleDashEndsOptions() throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", "--", "--weird name").status == 0)
        #expect(try vault.crm("log", "weird", "--date=2026-11-02", "--type=visit", "--", "--not-an-option").status == 0)
        #expect(vault.read("people/weird-name.md").contains("- 2026-11-02 visit: --not-an-option\n"))
    }

    @Test func noColourInPipes() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("list", environment: ["NO_COLOR": ""])
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(_ shell: String) throws {
        let result = try CRM.run(["completions", shell])
        #expect(result.status == 0)
        for command in Self.commands { #expect(result.stdout.contains(command)) }
        // PERSON: bash and zsh ask crm for the people the word typed names; fish matches the ids itself.
        #expect(result.stdout.contains(shell == "fish" ? "list --ids" : "completions --people"))
    }

    @Test func bashCompletionScriptIsValidBash() throws {
        let script = try CRM.run(["completions", "bash"]).stdout
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crm-completion-\(UUID().uuidString).bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-n", file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
