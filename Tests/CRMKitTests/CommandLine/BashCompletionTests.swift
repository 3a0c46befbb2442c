import Foundation
import Testing
@testable import crm

/// The bash completion script run by bash itself: the script `crm completions bash` prints is
/// sourced, `COMP_WORDS` and `COMP_CWORD` are set as bash sets them (it splits `--opt=VALUE` into
/// `--opt`, `=` and `VALUE`), `_crm` runs, and `COMPREPLY` is what the user is offered.
@Suite struct BashCompletionTests {
    let vault: TemporaryVault
    /// A folder that is not a vault, where bash runs: only `--vault` can name one.
    let elsewhere: URL
    let script: URL

    init() throws {
        vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "types: [call, coffee, letter]\n")
        for (file, name, tags) in [("ada-lovelace", "Ada Lovelace", "[friends, chess club]"), ("ada-byron", "Ada Byron", "family"),
                                   ("Mary Ann", "Mary Ann", "\n  - friends\n  - work"), ("bea", "Bea", "")] {
            try vault.write("people/\(file).md", "---\nname: \(name)\ntags: \(tags)\n---\n")
        }
        elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("crm-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("vaults"), withIntermediateDirectories: true)
        script = elsewhere.appendingPathComponent("crm.bash")
        let generated = try CRM.run(["completions", "bash"])
        try #require(generated.status == 0)
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
    }

    /// What bash offers for `words` with the cursor on the last one.
    func complete(_ words: String...) throws -> [String] { try complete(words) }

    func complete(_ words: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", "-c",
                             "source \"$1\"; shift; COMP_CWORD=$(( $# - 1 )); COMP_WORDS=(\"$@\"); _crm; printf '%s\\n' \"${COMPREPLY[@]}\"",
                             "bash", script.path] + words
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CRM.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment.removeValue(forKey: "CRM_VAULT")
        environment["CRM_TODAY"] = "2026-11-29"
        process.environment = environment
        process.currentDirectoryURL = elsewhere
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && errors == "", "\(words): \(errors)")
        return text.split(separator: "\n").map(String.init).sorted()
    }

    @Test func personCompletesToThePeopleOfTheVaultGivenWithVault() throws {
        #expect(try complete("crm", "--vault", vault.path, "show", "") == ["Mary\\ Ann", "ada-byron", "ada-lovelace", "bea"])
        #expect(try complete("crm", "--vault", vault.path, "show", "ada") == ["ada-byron", "ada-lovelace"])
        #expect(try complete("crm", "--vault", "=", vault.path, "rm", "be") == ["bea"])
        #expect(try complete("crm", "show", "--vault", vault.path, "M") == ["Mary\\ Ann"])
        // The option values before PERSON are not PERSON.
        #expect(try complete("crm", "--vault", vault.path, "log", "--date", "today", "--type", "call", "ada-") == ["ada-byron", "ada-lovelace"])
        // Only the first argument is a PERSON.
        #expect(try complete("crm", "--vault", vault.path, "show", "bea", "") == [])
        // No vault named and none here: nothing, and no error on the terminal.
        #expect(try complete("crm", "show", "") == [])
    }

    @Test func typeCompletesToTheVaultsInteractionTypes() throws {
        #expect(try complete("crm", "--vault", vault.path, "log", "bea", "--type", "") == ["call", "coffee", "letter"])
        #expect(try complete("crm", "--vault", vault.path, "log", "bea", "--type", "=", "c") == ["call", "coffee"])
        #expect(try complete("crm", "--vault", vault.path, "log", "bea", "--type", "=") == ["call", "coffee", "letter"])
    }

    @Test func sortCompletesToItsKeys() throws {
        #expect(try complete("crm", "list", "--sort", "") == ["due", "last", "name"])
        #expect(try complete("crm", "list", "--sort", "=", "l") == ["last"])
    }

    @Test func formatCompletesToTheExportFormats() throws {
        #expect(try complete("crm", "export", "--format", "") == ["csv", "json", "vcard", "vdir"])
        #expect(try complete("crm", "export", "-f", "v") == ["vcard", "vdir"])
        #expect(try complete("crm", "export", "--format", "=", "j") == ["json"])
    }

    @Test func tagCompletesToTheTagsOfTheVaultsPeople() throws {
        #expect(try complete("crm", "--vault", vault.path, "list", "--tag", "") == ["chess\\ club", "family", "friends", "work"])
        #expect(try complete("crm", "--vault", vault.path, "list", "--tag", "=", "f") == ["family", "friends"])
        #expect(try complete("crm", "--vault", vault.path, "add", "Cy", "--tag", "ch") == ["chess\\ club"])
        #expect(try complete("crm", "--vault", vault.path, "import", "cards.vcf", "--tag", "w") == ["work"])
        // No vault: nothing, and no error on the terminal.
        #expect(try complete("crm", "list", "--tag", "") == [])
    }

    /// PERSON and --tag complete ignoring case and accents, a person by any word of their name
    /// or id, as a PERSON argument is matched; a word opening a quote gets the text as it is.
    @Test func peopleAndTagsCompleteIgnoringCaseAndByAnyWord() throws {
        #expect(try complete("crm", "--vault", vault.path, "show", "ADA") == ["ada-byron", "ada-lovelace"])
        #expect(try complete("crm", "--vault", vault.path, "show", "lovel") == ["ada-lovelace"])
        #expect(try complete("crm", "--vault", vault.path, "show", "b") == ["ada-byron", "bea"])
        #expect(try complete("crm", "--vault", vault.path, "relate", "bea", "friend", "mary") == ["Mary\\ Ann"])
        #expect(try complete("crm", "--vault", vault.path, "list", "--tag", "Fr") == ["friends"])
        #expect(try complete("crm", "--vault", vault.path, "list", "--tag", "\"Ch") == ["chess club"])
    }

    /// The sample a new user met: a tag with a space went onto the command line as two words.
    @Test func aTagOrIdWithASpaceGoesOnTheCommandLineAsOneWord() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script is needed")
        #expect(try typed("crm --vault \(vault.path) list --tag ch\t") == ["<--vault>", "<\(vault.path)>", "<list>", "<--tag>", "<chess club>"])
        #expect(try typed("crm --vault \(vault.path) list --tag \"Ch\t") == ["<--vault>", "<\(vault.path)>", "<list>", "<--tag>", "<chess club>"])
        #expect(try typed("crm --vault \(vault.path) show mary\t") == ["<--vault>", "<\(vault.path)>", "<show>", "<Mary Ann>"])
    }

    /// What bash runs after reading `keys` as typed at its prompt (Tab included), in a
    /// pseudo-terminal (`script`): `crm` there is a function that prints each argument as
    /// `<ARG>`, so the lines show the words the completion put on the command line (the
    /// completion's own `crm … completions` runs the built `crm`).
    func typed(_ keys: String) throws -> [String] {
        let rc = elsewhere.appendingPathComponent("rc.bash")
        try """
            PS1='$ '
            bind 'set enable-bracketed-paste off' 2>/dev/null
            source \(script.path)
            crm() { case " $* " in *" completions "*) '\(CRM.binary.path)' "$@" ;; *) printf '<%s>\\n' "$@" ;; esac; }

            """.write(to: rc, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "bash --noprofile --rcfile \(rc.path) -i", "/dev/null"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": elsewhere.path, "INPUTRC": "/dev/null", "TERM": "dumb"]
        process.currentDirectoryURL = elsewhere
        let input = Pipe(), out = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = out
        try process.run()
        input.fileHandleForWriting.write(Data((keys + "\nexit\n").utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.replacingOccurrences(of: "\r", with: "").split(separator: "\n").filter { $0.hasPrefix("<") }.map(String.init)
    }

    @Test func filesWithSpacesAndFoldersCompleteAsBashQuotesThem() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script is needed")
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("sub dir"), withIntermediateDirectories: true)
        try Data().write(to: elsewhere.appendingPathComponent("My Contacts.vcf"))
        try Data().write(to: elsewhere.appendingPathComponent("sub dir/cards.vcf"))
        #expect(try typed("crm import My\t") == ["<import>", "<My Contacts.vcf>"])
        #expect(try typed("crm import \"My C\t") == ["<import>", "<My Contacts.vcf>"])
        #expect(try typed("crm import My\\ C\t") == ["<import>", "<My Contacts.vcf>"])
        // A folder ends in '/', and completing goes on inside it.
        #expect(try typed("crm import sub\tca\t") == ["<import>", "<sub dir/cards.vcf>"])
        #expect(try typed("crm --vault su\t") == ["<--vault>", "<sub dir/>"])
        #expect(try typed("crm calendar -o sub\tx.ics") == ["<calendar>", "<-o>", "<sub dir/x.ics>"])
    }

    @Test func setAndUnsetCompleteTheKnownKeys() throws {
        #expect(try complete("crm", "--vault", vault.path, "set", "bea", "ev") == ["every="])
        #expect(try complete("crm", "--vault", vault.path, "set", "bea", "every", "=", "30d", "sn") == ["snooze="])
        #expect(try complete("crm", "--vault", vault.path, "set", "bea", "every", "=", "") == [])
        #expect(try complete("crm", "--vault", vault.path, "unset", "bea", "") ==
                ["added", "aliases", "birthday", "connected", "contact_id", "dates", "deceased", "email", "every", "linkedin", "name", "phone",
                 "related", "snooze", "tags"])
    }

    @Test func commandsOptionsAndFiles() throws {
        #expect(try complete("crm", "l") == ["list", "log", "lsp"])
        #expect(try complete("crm", "--vault", vault.path, "ch") == ["check"])
        #expect(try complete("crm", "list", "--t") == ["--tag"])
        #expect(try complete("crm", "edit", "--") == ["--help", "--vault", "--version"])
        #expect(try complete("crm", "completions", "") == ["bash", "fish", "zsh"])
        #expect(try complete("crm", "--vault", "va") == ["vaults"])
        #expect(try complete("crm", "import", "crm.b") == ["crm.bash"])
        // A date is not a file.
        #expect(try complete("crm", "--vault", vault.path, "log", "bea", "--date", "") == [])
    }

    /// What bash offers for a value that completes to `kind`, in this suite's vault and folder.
    func offered(_ kind: CompletionKind) -> [String] {
        let keys = ["added", "aliases", "birthday", "connected", "contact_id", "dates", "deceased", "email", "every", "linkedin", "name", "phone",
                    "related", "snooze", "tags"]
        switch kind {
        case .none: return []
        case .people: return ["Mary\\ Ann", "ada-byron", "ada-lovelace", "bea"]
        case .tags: return ["chess\\ club", "family", "friends", "work"]
        case .types: return ["call", "coffee", "letter"]
        case .files: return ["crm.bash", "vaults"]
        case .folders: return ["vaults"]
        case .keys: return keys
        case .assignments: return keys.filter { $0 != "dates" }.map { $0 + "=" }
        case .words(let words): return words.sorted()
        }
    }

    /// Every option and argument of every command, walking the command table, completes as it
    /// declares: an option after `--opt ` (a flag's inline value after `--opt=`), the Nth
    /// argument after N words.
    @Test func everyOptionAndArgumentCompletesAsItDeclares() throws {
        for option in Command.globalOptions where option.value != nil {
            #expect(try complete("crm", "show", option.name, "") == offered(option.completion), "\(option.name)")
        }
        for command in Commands.all {
            for option in command.options {
                let line = ["crm", "--vault", vault.path, command.name, option.name] + (option.value == nil ? ["=", ""] : [""])
                guard option.value != nil || option.completion != .none else { continue }
                #expect(try complete(line) == offered(option.completion), "crm \(command.name) \(option.name)")
            }
            for (n, argument) in command.arguments.enumerated() {
                let line = ["crm", "--vault", vault.path, command.name] + Array(repeating: "x", count: n) + [""]
                #expect(try complete(line) == offered(argument.completion), "crm \(command.name) \(argument.name)")
            }
        }
    }
}
