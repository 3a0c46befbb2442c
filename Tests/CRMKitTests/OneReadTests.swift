import Foundation
import Testing

/// One read per command: a report reads everyone's facts once, so the facts cache
/// (`.crm/cache/facts`) is opened once, in a vault whose people link each other and whose daily
/// notes name them (the example vault). Counted as the system sees it, with `strace`.
///
/// Runs where strace is installed; `.ci/run` installs it and sets `CRM_COUNT_INSTRUCTIONS=1`,
/// which makes a missing strace a failure rather than a skip.
@Suite(.enabled(if: Strace.isInstalled || Callgrind.isRequired, "needs strace to count opened files (apt-get install strace)"))
struct OneReadTests {
    @Test(arguments: [["list"], ["list", "--json"], ["due"], ["agenda"], ["summary"], ["birthdays"], ["calendar", "--plans"]])
    func aWarmReportOpensTheFactsCacheOnce(_ command: [String]) throws {
        let vault = try TemporaryVault(copyingExample: true)
        usleep(2_100_000)   // a file is cached once it has not changed for 2 s
        try vault.crm("list")
        #expect(vault.exists(".crm/cache/facts"), "the first run wrote the cache")
        let opens = try Strace.opens(of: ".crm/cache/facts", running: command, in: vault)
        #expect(opens == 1, "crm \(command.joined(separator: " ")) opened .crm/cache/facts \(opens) times")
    }
}

/// Files a run of the built `crm` opens, as `strace` sees them.
enum Strace {
    static let isInstalled = CRMKitTests.isInstalled("strace", checkedWith: "-V")

    /// How many times `crm --vault V COMMAND` opens the vault's file `relative` (every thread).
    static func opens(of relative: String, running command: [String], in vault: TemporaryVault) throws -> Int {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("crm-strace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try CRM.run(["--vault", vault.path] + command,
                                 launcher: ["strace", "-f", "-qq", "-e", "trace=openat,open", "-o", trace.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = String(decoding: FileManager.default.contents(atPath: trace.path) ?? Data(), as: UTF8.self).split(separator: "\n")
        return lines.count { $0.contains("/" + relative + "\"") }
    }
}
