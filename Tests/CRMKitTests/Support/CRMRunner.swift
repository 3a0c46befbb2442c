import Foundation

/// What a run of the built `crm` printed and returned.
struct CRMResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the `crm` executable built beside this test bundle, as a user would.
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

    /// Runs `crm ARGS` in `directory` with `CRM_TODAY=2026-11-29`, `NO_COLOR=1`, no vault from the
    /// environment and no settings of the person's own (`XDG_CONFIG_HOME` a folder that does not
    /// exist) unless `environment` says otherwise.
    /// `launcher` runs `crm` under another program (`["valgrind", "--tool=callgrind"]`), found on
    /// the `PATH`.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
                    environment: [String: String] = [:], launcher: [String] = []) throws -> CRMResult {
        let process = Process()
        if launcher.isEmpty {
            process.executableURL = binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = launcher + [binary.path] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "CRM_VAULT")
        env.removeValue(forKey: "CRM_CALENDAR")
        env.removeValue(forKey: "CRM_CONTACTS")
        // The person's own settings (~/.config/crm/config.yaml) are not the tests' unless one says so.
        env["XDG_CONFIG_HOME"] = "/nonexistent/crm-tests"
        env["CRM_TODAY"] = "2026-11-29"
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
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
        return CRMResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
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
final class TemporaryVault {
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

    deinit { try? FileManager.default.removeItem(at: url) }

    /// `crm --vault <this vault> ARGS`.
    @discardableResult
    func crm(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) throws -> CRMResult {
        try CRM.run(["--vault", path] + arguments, stdin: stdin, environment: environment)
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
}
