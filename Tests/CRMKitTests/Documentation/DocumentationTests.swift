import Foundation
import Testing

/// The documentation is tested: every ```console block of README.md and docs/*.md is run, and
/// what each `$ ` command prints (stdout and stderr together) must be what the block shows.
///
/// Each Markdown file is one shell session, its blocks run in order in one `bash`, in a temporary
/// folder laid out like the repository (a fresh copy of `example-vault/` and of `docs/examples/`);
/// each block starts in that folder, and what a block writes stays for the next ones. `crm` is the
/// built binary, `HOME` an empty folder, `CRM_TODAY=2026-11-29`, `NO_COLOR=1`, the locale UTF-8,
/// and git has a fixed identity and clock.
///
/// After a change in what `crm` prints, `CRM_UPDATE_DOCS=1 swift test --filter DocumentationTests`
/// writes the new outputs into the documents (all but outputs that hold a `…` line) for review
/// with `git diff`.
@Suite struct DocumentationTests {
    static let today = "2026-11-29"

    /// README.md and every Markdown file under docs/.
    static let files: [String] = {
        let docs = Fixtures.packageRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test func everyDocumentIsFound() {
        for name in ["README.md", "docs/format.md", "docs/commands.md", "docs/contacts.md",
                     "docs/calendar.md", "docs/sync.md", "docs/safety.md"] {
            #expect(Self.files.contains(name), "\(name) is missing")
        }
    }

    @Test(arguments: files)
    func consoleBlocksShowWhatCrmPrints(_ file: String) throws {
        let markdown = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(file), encoding: .utf8)
        let blocks: [ConsoleBlock]
        do { blocks = try ConsoleBlock.all(in: markdown) } catch {
            Issue.record("\(file):\(error.line): \(error.message)")
            return
        }
        let steps = blocks.flatMap(\.steps)
        guard !steps.isEmpty else { return }
        let outputs = try DocumentSession.run(blocks.map { $0.steps.map(\.command) }, today: Self.today)
        var updated = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (step, output) in zip(steps, outputs).reversed() {
            var actual = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if actual.last == "" { actual.removeLast() }
            if !step.expected.contains(where: ConsoleBlock.isWildcard) {
                updated.replaceSubrange(step.line..<(step.line + step.expected.count), with: actual)
            }
            if ProcessInfo.processInfo.environment["CRM_UPDATE_DOCS"] == "1" { continue }
            #expect(ConsoleBlock.matches(actual, step.expected), """
                \(file):\(step.line): $ \(step.command)
                --- the document shows
                \(step.expected.joined(separator: "\n"))
                --- crm printed
                \(actual.joined(separator: "\n"))
                """)
        }
        if ProcessInfo.processInfo.environment["CRM_UPDATE_DOCS"] == "1" {
            try updated.joined(separator: "\n").write(to: Fixtures.packageRoot.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
    }

    @Test func aLineOfEllipsisStandsForAnyLines() {
        #expect(ConsoleBlock.matches(["a", "b", "c"], ["a", "  …"]))
        #expect(ConsoleBlock.matches(["a"], ["a", "…"]))
        #expect(ConsoleBlock.matches(["a", "x", "y", "c"], ["a", "…", "c"]))
        #expect(!ConsoleBlock.matches(["a", "x", "y"], ["a", "…", "c"]))
        #expect(!ConsoleBlock.matches(["a", "b"], ["a"]))
        #expect(!ConsoleBlock.matches(["a …"], ["a"]))
    }

    @Test func blocksAreSplitIntoCommandsAndTheirOutput() throws {
        let markdown = """
        # T

        ```console
        $ crm list
        NAME
        $ cd x
        ```

        ```text
        $ crm edit ada
        ```
        """
        let blocks = try ConsoleBlock.all(in: markdown)
        #expect(blocks.count == 1)
        #expect(blocks[0].steps.map(\.command) == ["crm list", "cd x"])
        #expect(blocks[0].steps.map(\.line) == [4, 6])
        #expect(blocks[0].steps[0].expected == ["NAME"])
        #expect(blocks[0].steps[1].expected == [])
    }

    @Test func aBlockWithoutACommandIsAMistake() {
        #expect(throws: DocumentError.self) { try ConsoleBlock.all(in: "```console\noutput\n```\n") }
    }
}

/// Runs a document's commands in one `bash` and returns what each printed.
enum DocumentSession {
    /// The output of every command of `blocks`, in order.
    static func run(_ blocks: [[String]], today: String) throws -> [String] {
        let fileManager = FileManager.default
        let root = fileManager.temporaryDirectory.appendingPathComponent("crm-docs-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        try fileManager.createDirectory(at: home, withIntermediateDirectories: true)
        let work = root.appendingPathComponent("repository")
        try fileManager.createDirectory(at: work.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try fileManager.copyItem(at: Fixtures.exampleVault, to: work.appendingPathComponent("example-vault"))
        try? fileManager.removeItem(at: work.appendingPathComponent("example-vault/.crm/cache"))
        try? fileManager.removeItem(at: work.appendingPathComponent("example-vault/INDEX.md"))
        let examples = Fixtures.packageRoot.appendingPathComponent("docs/examples")
        if fileManager.fileExists(atPath: examples.path) {
            try fileManager.copyItem(at: examples, to: work.appendingPathComponent("docs/examples"))
        }

        // A record separator before each command splits the output; every command's stderr is
        // merged into its stdout, as a terminal shows them.
        var script = "exec 2>&1 </dev/null\n"
        var count = 0
        for block in blocks {
            script += "cd \(shellQuoted(work.path))\n"
            for command in block {
                script += "printf '\\036%d\\036' \(count)\n\(command)\n"
                count += 1
            }
        }
        let scriptFile = root.appendingPathComponent("session.sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", scriptFile.path]
        var environment = ProcessInfo.processInfo.environment
        for key in ["CRM_VAULT", "CRM_CALENDAR", "CRM_CONTACTS", "VISUAL", "EDITOR", "LANGUAGE", "XDG_CONFIG_HOME", "CRM_OPENER", "CRM_PAGER"] {
            environment.removeValue(forKey: key)
        }
        environment["PATH"] = CRM.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home.path
        environment["CRM_TODAY"] = today
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["TZ"] = "UTC"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_NAME"] = "Ada Lovelace"
        environment["GIT_AUTHOR_EMAIL"] = "ada@example.org"
        environment["GIT_COMMITTER_NAME"] = "Ada Lovelace"
        environment["GIT_COMMITTER_EMAIL"] = "ada@example.org"
        environment["GIT_AUTHOR_DATE"] = "\(today)T12:00:00Z"
        environment["GIT_COMMITTER_DATE"] = "\(today)T12:00:00Z"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        // "\u{1E}0\u{1E}output\u{1E}1\u{1E}output…": odd fields are indices, even ones outputs.
        let fields = String(decoding: data, as: UTF8.self).split(separator: "\u{1E}", omittingEmptySubsequences: false)
        var outputs = Array(repeating: "", count: count)
        var i = 1
        while i + 1 < fields.count {
            if let index = Int(fields[i]), index < outputs.count { outputs[index] = String(fields[i + 1]) }
            i += 2
        }
        return outputs
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
