import Foundation
import Testing

/// Long output on a terminal goes through a pager: `crm` runs in a pseudo-terminal made by
/// util-linux's `script`, and the pager is a script that records what it was given (and whether
/// its own output is the terminal) in a file.
@Suite struct PagerTests {
    let vault: TemporaryVault
    let folder: URL
    /// A pager that writes `[tty]` or `[not a tty]`, `LESS=…` and then its input to `$RECORD`,
    /// and exits 3.
    let recorder: URL
    let record: URL

    init() throws {
        vault = try TemporaryVault(copyingExample: true)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("crm-pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        recorder = folder.appendingPathComponent("record-pager")
        record = folder.appendingPathComponent("record.txt")
        try write(recorder, """
            #!/bin/sh
            if [ -t 1 ]; then t=tty; else t="not a tty"; fi
            { echo "[$t] LESS=$LESS"; cat; } > "$RECORD"
            exit 3

            """)
    }

    func write(_ file: URL, _ script: String) throws {
        try script.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }

    /// `crm --vault VAULT ARGS` with a terminal for its standard input, output and error: the
    /// exit status and what reached the terminal. `PATH` is this folder's `bin/` and the system's;
    /// nothing else of the test's environment (its `PAGER`, `LESS`) is passed on.
    func onTerminal(_ arguments: [String], _ environment: [String: String] = [:]) throws -> (status: Int32, screen: String) {
        let own = ["PATH": folder.appendingPathComponent("bin").path + ":/usr/bin:/bin", "HOME": folder.path, "SHELL": "/bin/sh",
                   "TERM": "dumb", "RECORD": record.path]
        return try CRM.onTerminal(["--vault", vault.path] + arguments, environment: own.merging(environment) { $1 }, inheriting: false)
    }

    /// What the recording pager was given, or nil when it never ran.
    var recorded: String? {
        FileManager.default.contents(atPath: record.path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [["show", "lena"], ["list"], ["search", "Leeds"], ["agenda"], ["agenda", "--json"]])
    func longOutputGoesThroughCRMPager(_ arguments: [String]) throws {
        let direct = try CRM.run(["--vault", vault.path] + arguments)
        let (status, screen) = try onTerminal(arguments, ["CRM_PAGER": recorder.path, "PAGER": "false"])
        #expect(status == 0)   // the command's, not the pager's 3
        #expect(recorded == "[tty] LESS=FRX\n" + direct.stdout)
        #expect(screen.isEmpty)
    }

    @Test func pagerIsPAGERWithoutCRMPagerAndLessWithNeither() throws {
        _ = try onTerminal(["show", "bea"], ["PAGER": recorder.path])
        #expect(recorded?.hasPrefix("[tty] LESS=FRX\nBea Quill") == true)
        try FileManager.default.removeItem(at: record)
        // Neither: less -FRX, and LESS is left as the user set it.
        try write(folder.appendingPathComponent("bin/less"), "#!/bin/sh\n{ echo \"less $*; LESS=$LESS\"; cat; } > \"$RECORD\"\n")
        _ = try onTerminal(["show", "bea"], ["LESS": "-i"])
        #expect(recorded?.hasPrefix("less -FRX; LESS=-i\nBea Quill") == true)
    }

    @Test(arguments: [["CRM_PAGER": "", "PAGER": "PAGER"], ["PAGER": ""], ["CRM_PAGER": "cat"], ["CRM_PAGER": "  "]])
    func anEmptyPagerVariablePrintsDirectly(_ environment: [String: String]) throws {
        let environment = environment.mapValues { $0 == "PAGER" ? recorder.path : $0 }
        let (status, screen) = try onTerminal(["show", "bea"], environment)
        #expect(status == 0)
        #expect(screen.hasPrefix("Bea Quill  people/bea-quill.md\n"))
        #expect(recorded == nil)
    }

    @Test func noPagerAPipeOrAShortCommandPrintDirectly() throws {
        for arguments in [["--no-pager", "list"], ["list", "--no-pager"], ["due"], ["log", "bea", "Tea.", "--no-pager"]] {
            let (status, screen) = try onTerminal(arguments, ["CRM_PAGER": recorder.path])
            #expect(status == 0, "\(arguments)")
            #expect(!screen.isEmpty, "\(arguments)")
            #expect(recorded == nil, "\(arguments)")
        }
        let piped = try vault.crm("list", environment: ["CRM_PAGER": recorder.path])
        #expect(piped.stdout.hasPrefix("NAME"))
        #expect(recorded == nil)
    }

    @Test func helpIsPaged() throws {
        for arguments in [["--help"], ["help", "show"], ["show", "--help"], ["help", "--no-pager", "show"]] {
            try? FileManager.default.removeItem(at: record)
            let (status, screen) = try onTerminal(arguments, ["CRM_PAGER": recorder.path])
            #expect(status == 0)
            if arguments.contains("--no-pager") {
                #expect(screen.hasPrefix("OVERVIEW: "))
                #expect(recorded == nil)
            } else {
                #expect(recorded?.contains("\nUSAGE:") == true || recorded?.contains("\nOVERVIEW: ") == true, "\(arguments)")
                #expect(screen.isEmpty)
            }
        }
    }

    @Test func theExitStatusIsTheCommandsAndErrorsGoToThePager() throws {
        let (status, screen) = try onTerminal(["show", "nobody"], ["CRM_PAGER": recorder.path])
        #expect(status == 1)
        #expect(recorded == "[tty] LESS=FRX\ncrm: error: no person matches 'nobody'\n")
        #expect(screen.isEmpty)
        let usage = try onTerminal(["list", "--sort", "age"], ["CRM_PAGER": recorder.path])
        #expect(usage.status == 2)
    }

    /// The pager starts from an argument vector: a setting's words are its arguments, and one
    /// that needs a shell is said and the output printed directly, nothing run.
    @Test func thePagerSettingIsSplitIntoWordsWithoutAShell() throws {
        try write(recorder, "#!/bin/sh\n{ echo \"args: $*\"; cat; } > \"$RECORD\"\n")
        _ = try onTerminal(["show", "bea"], ["CRM_PAGER": "'\(recorder.path)' -S --chop"])
        #expect(recorded?.hasPrefix("args: -S --chop\nBea Quill") == true)
        try FileManager.default.removeItem(at: record)
        let marker = folder.appendingPathComponent("ran").path
        let (status, screen) = try onTerminal(["show", "bea"], ["CRM_PAGER": "\(recorder.path) | touch \(marker)"])
        #expect(status == 0)
        #expect(screen.hasPrefix("crm: warning: $CRM_PAGER ('\(recorder.path) | touch \(marker)') has '|', which only a shell reads"))
        #expect(screen.contains("; printing directly\nBea Quill  people/bea-quill.md\n"))
        #expect(recorded == nil)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func pagerInTheUsersSettingsComesAfterCRMPagerAndBeforePAGER() throws {
        let settings = folder.appendingPathComponent(".config/crm")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try Data("pager: \(recorder.path)\n".utf8).write(to: settings.appendingPathComponent("config.yaml"))
        _ = try onTerminal(["show", "bea"], ["PAGER": "false"])
        #expect(recorded?.hasPrefix("[tty] LESS=FRX\nBea Quill") == true)
        try FileManager.default.removeItem(at: record)
        _ = try onTerminal(["show", "bea"], ["CRM_PAGER": ""])
        #expect(recorded == nil)
    }

    /// A reader who quits after the first screen: the rest is not written, and the status is 0.
    @Test func quittingThePagerEarlyKeepsTheStatus() throws {
        for n in 0..<1500 { try vault.write("people/many/p\(n).md", "---\nname: Person Number \(n)\ntags: [many]\n---\n") }
        try write(recorder, "#!/bin/sh\nhead -n 2 > \"$RECORD\"\n")
        let (status, screen) = try onTerminal(["list"], ["CRM_PAGER": recorder.path])
        #expect(status == 0)
        #expect(recorded?.split(separator: "\n").count == 2)
        #expect(screen.isEmpty)
    }
}
