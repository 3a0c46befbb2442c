import Foundation
import Testing

/// The zsh and fish completion scripts, run by zsh and fish. zsh's completion builtins work only
/// inside its line editor, so stand-ins print what would be offered: `compadd`'s words, and
/// `FILES` (`FILES -/` for folders only) for `_files`. fish completes a command line itself
/// (`complete -C`).
@Suite struct ShellCompletionTests {
    let vault: TemporaryVault
    /// Where the shells run: a file and a folder, and no vault.
    let elsewhere: URL

    init() throws {
        vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "types: [call, coffee]\n")
        try vault.write("people/ada-lovelace.md", "---\nname: Ada Lovelace\ntags: [chess club]\n---\n")
        try vault.write("people/bea.md", "---\nname: Bea\n---\n")
        elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("crm-shells-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data().write(to: elsewhere.appendingPathComponent("cards.vcf"))
    }

    func script(_ shell: String) throws -> URL {
        let file = elsewhere.appendingPathComponent("crm.\(shell)")
        let generated = try CRM.run(["completions", shell])
        try #require(generated.status == 0)
        try generated.stdout.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func run(_ shell: String, _ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CRM.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment.removeValue(forKey: "CRM_VAULT")
        environment["HOME"] = elsewhere.path
        process.environment = environment
        process.currentDirectoryURL = elsewhere
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
    }

    /// What zsh offers for `words` after `crm --vault VAULT`, the cursor on the last one.
    func zsh(_ words: String...) throws -> [String] {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is needed")
        let standIns = """
            compadd() { while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift; print -l -- "$@" }
            _describe() { print -l -- ${(P)2%%:*} }; _files() { print -- FILES "$@" }; compset() { PREFIX=${PREFIX#*=} }
            script=$1; shift; words=("$@"); CURRENT=$#; PREFIX=${words[-1]}; source "$script"
            """
        return try run("zsh", ["-f", "-c", standIns, "zsh", try script("zsh").path, "crm", "--vault", vault.path] + words)
    }

    /// What fish offers for `line` after `crm --vault VAULT `.
    func fish(_ line: String) throws -> [String] {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is needed")
        return try run("fish", ["--no-config", "-c", "source \(try script("fish").path); complete -C 'crm --vault \(vault.path) \(line)'"])
    }

    @Test func zshOffersWhatEachOptionAndArgumentDeclares() throws {
        #expect(try zsh("log", "bea", "--with", "") == ["ada-lovelace", "bea"])
        #expect(try zsh("list", "--tag", "") == ["chess club"])
        #expect(try zsh("log", "bea", "--type", "") == ["call", "coffee"])
        #expect(try zsh("show", "--vault", "") == ["FILES -/"])
        #expect(try zsh("log", "bea", "--calendar=") == ["FILES"])
        #expect(try zsh("export", "--output", "") == ["FILES"])
        #expect(try zsh("init", "") == ["FILES -/"])
        // Each argument by its place: relate's OTHER is a person, not a file.
        #expect(try zsh("relate", "bea", "") == ["child", "colleague", "friend", "manager", "parent", "partner", "report", "sibling", "spouse"])
        #expect(try zsh("relate", "bea", "friend", "") == ["ada-lovelace", "bea"])
        #expect(try zsh("fmt", "bea", "") == ["ada-lovelace", "bea"])
        // A note or a date is not a file.
        #expect(try zsh("log", "bea", "") == [])
        #expect(try zsh("log", "bea", "--date", "") == [])
    }

    @Test func fishOffersWhatEachOptionAndArgumentDeclares() throws {
        #expect(try fish("log bea --with ").contains("ada-lovelace"))
        #expect(try fish("list --tag ").contains("chess club"))
        #expect(try fish("log bea --type ").contains("coffee"))
        #expect(try fish("relate bea ").contains("partner"))
        #expect(try fish("show ") == ["ada-lovelace", "bea"])
        // A file or a folder where one is asked for, and only there.
        #expect(try fish("import ") == ["cards.vcf", "crm.fish", "sub/"])
        #expect(try fish("unset bea ").contains("snooze"))
        #expect(try !fish("unset bea ").contains("cards.vcf"))
    }
}
