import Foundation
import Testing

/// What a run of the built `crm` printed and returned.
struct CRMResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the `crm` executable built beside this test bundle, as a user would. Every test that runs
/// `crm` goes through here (or through `TemporaryVault.crm`, which calls `run`).
enum CRM {
    /// The built binary: next to the test executable (`.build/<config>/crm`).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["CRM_BINARY"] { return URL(fileURLWithPath: path) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        }
        // The test bundle may be a directory (`X.xctest/…`); walk up until `crm` is beside us.
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("crm")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        fatalError("cannot find the built crm executable; set CRM_BINARY")
    }()

    /// How long a run may take before it is killed and the test fails: a command that waits on
    /// what it reads (a FIFO, `/dev/zero`) must not hang the whole test run.
    static let deadline: TimeInterval = 120

    /// The environment of every run: this process's, less any vault, calendar or contacts it
    /// names and the person's own settings (`XDG_CONFIG_HOME` a folder that does not exist, no
    /// global or system git config), with
    /// `CRM_TODAY=2026-11-29` and `NO_COLOR=1`, then `overrides`. With `inheriting: false` nothing
    /// of this process's environment is passed on: no `PATH`, `PAGER` or `HOME` (where the
    /// settings are then read) unless `overrides` gives them.
    static func environment(_ overrides: [String: String], inheriting: Bool = true) -> [String: String] {
        var env: [String: String] = [:]
        if inheriting {
            env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "CRM_VAULT")
            env.removeValue(forKey: "CRM_CALENDAR")
            env.removeValue(forKey: "CRM_CONTACTS")
            // The person's own settings (~/.config/crm/config.yaml, their git config) are not the
            // tests' unless one says so.
            env["XDG_CONFIG_HOME"] = "/nonexistent/crm-tests"
            env["GIT_CONFIG_GLOBAL"] = "/dev/null"
            env["GIT_CONFIG_NOSYSTEM"] = "1"
        }
        env["CRM_TODAY"] = "2026-11-29"
        env["NO_COLOR"] = "1"
        for (key, value) in overrides { env[key] = value }
        return env
    }

    /// A process for `crm ARGS` (not started). `launcher` runs `crm` under another program
    /// (`["valgrind", "--tool=callgrind"]`), found on the `PATH`.
    static func process(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                        inheriting: Bool = true, launcher: [String] = []) -> Process {
        let process = Process()
        if launcher.isEmpty {
            process.executableURL = binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = launcher + [binary.path] + arguments
        }
        process.environment = Self.environment(environment, inheriting: inheriting)
        if let directory { process.currentDirectoryURL = directory }
        return process
    }

    /// Starts `crm ARGS` without waiting for it (to kill it mid-write, or to read its output as it
    /// comes), with `run`'s environment. Its standard output and error both go to `output`, or
    /// nowhere.
    static func start(_ arguments: [String], environment: [String: String] = [:], launcher: [String] = [],
                      output: Pipe? = nil) throws -> Process {
        let process = process(arguments, environment: environment, launcher: launcher)
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = output ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `crm ARGS` in `directory` with `environment(environment)`, `stdin` as its standard
    /// input, and waits for it: killed (and the test failed) after `deadline` seconds.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
                    environment: [String: String] = [:], launcher: [String] = [],
                    deadline: TimeInterval = CRM.deadline) throws -> CRMResult {
        let process = process(arguments, in: directory, environment: environment, launcher: launcher)
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let killed = KillSwitch()
        let pid = process.processIdentifier
        let timer = DispatchWorkItem { killed.pull(pid) }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: timer)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes fully before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        timer.cancel()
        if killed.pulled && process.terminationReason == .uncaughtSignal {
            Issue.record("crm \(arguments.joined(separator: " ")) did not finish in \(Int(deadline)) s: killed")
        }
        return CRMResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `crm ARGS` on a pseudo-terminal made by util-linux's `script`, typing `input` (nothing
    /// unless given), and waits for it: its exit status and what reached the terminal (its output
    /// and errors together, line ends as `\n`).
    static func onTerminal(_ arguments: [String], in directory: URL? = nil, typing input: String? = nil,
                           environment: [String: String] = [:], inheriting: Bool = true) throws -> (status: Int32, screen: String) {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script is needed")
        let line = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", line, "/dev/null"]
        process.environment = Self.environment(environment, inheriting: inheriting)
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        if let input {
            let typed = Pipe()
            process.standardInput = typed
            try process.run()
            typed.fileHandleForWriting.write(Data(input.utf8))
            try typed.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        let screen = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, screen.replacingOccurrences(of: "\r\n", with: "\n"))
    }
}

/// Kills a process, once, and remembers that it did.
private final class KillSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func pull(_ pid: Int32) {
        lock.lock(); defer { lock.unlock() }
        done = true
        kill(pid, SIGKILL)
    }

    var pulled: Bool {
        lock.lock(); defer { lock.unlock() }
        return done
    }
}

/// Whether `program` runs here: found on the `PATH`, `program ARGUMENT` exits 0.
func isInstalled(_ program: String, checkedWith argument: String = "--version") -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program, argument]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

/// A vault in a fresh temporary folder, removed when the value is released.
class TemporaryVault {
    let url: URL
    var path: String { url.path }

    /// An empty vault made by `crm init`, or a copy of `example-vault/`.
    init(copyingExample: Bool = false) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("crm-test-\(UUID().uuidString)")
        if copyingExample {
            try FileManager.default.copyItem(at: Fixtures.exampleVault, to: url)
            // Machine-local state left by running crm on the example vault is not part of it.
            try? FileManager.default.removeItem(at: url.appendingPathComponent(".crm/cache"))
        } else {
            let result = try CRM.run(["init", url.path])
            precondition(result.status == 0, result.stderr)
        }
    }

    /// Where its runs start: the test's folder unless set (a vault whose arguments name its own
    /// files, `import contacts.vcf`, sets its own `url`).
    var runsIn: URL?
    /// Set in the environment of each of its runs (a test's own git settings), under a run's own.
    var environment: [String: String] = [:]
    /// Files no run may change (a source it only reads, such as an address book): checked after each run.
    var readOnly: [String] = []

    /// The vault already in `url` (a clone made by git), removed when the value is released.
    init(adopting url: URL) {
        self.url = url
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// `crm --vault <this vault> ARGS`.
    @discardableResult
    func crm(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) throws -> CRMResult {
        let before = readOnly.map(bytes)
        let result = try CRM.run(["--vault", path] + arguments, in: runsIn, stdin: stdin,
                                 environment: self.environment.merging(environment) { $1 })
        for (file, bytes) in zip(readOnly, before) where self.bytes(file) != bytes {
            Issue.record("crm \(arguments.joined(separator: " ")) changed \(file), which it only reads")
        }
        return result
    }

    func read(_ relative: String) -> String {
        String(decoding: FileManager.default.contents(atPath: url.appendingPathComponent(relative).path) ?? Data(), as: UTF8.self)
    }

    func bytes(_ relative: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: url.appendingPathComponent(relative).path) ?? Data())
    }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Array(text.utf8))
    }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
    }

    /// Every file of the vault by its relative path, but the cache and the lock (machine-local
    /// state a refused command may still touch): what "nothing was written" compares.
    func files() -> [String: Data] {
        let enumerator = FileManager.default.enumerator(atPath: path)!
        var files: [String: Data] = [:]
        while let relative = enumerator.nextObject() as? String {
            guard !relative.hasPrefix(".crm/cache"), !relative.hasPrefix(".crm/lock") else { continue }
            if let data = FileManager.default.contents(atPath: url.appendingPathComponent(relative).path) { files[relative] = data }
        }
        return files
    }
}
