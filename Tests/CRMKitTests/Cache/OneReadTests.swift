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
    @Test(arguments: [["list"], ["list", "--json"], ["due"], ["agenda"], ["summary"], ["birthdays"], ["calendar", "--plans"],
                      ["check"], ["show", "lena"], ["show", "Priya Raman", "--json"], ["export", "--format", "json"]])
    func aWarmCommandOpensTheFactsCacheOnce(_ command: [String]) throws {
        let vault = try warmedExample()
        let opens = try Strace.opens(running: command, in: vault).count(of: ".crm/cache/facts")
        #expect(opens == 1, "crm \(command.joined(separator: " ")) opened .crm/cache/facts \(opens) times")
    }

    /// `crm log PERSON … --with OTHER --with OTHER`, each named by name: the people are found in
    /// one read of everyone's keys; PERSON's file is read once and once more just before it is
    /// replaced (to see that nobody changed it meanwhile), each OTHER's file once.
    @Test func logWithOthersFindsEveryoneInOneReadAndReadsEachFileOnly() throws {
        let vault = try warmedExample()
        let opened = try Strace.opens(running: ["log", "Lena", "Dinner", "--with", "Priya", "--with", "José Núñez"], in: vault)
        #expect(opened.count(of: ".crm/cache/facts") == 1)
        #expect(opened.count(of: "people/lena-marsh.md") == 2)
        #expect(opened.count(of: "people/priya-raman.md") == 1)
        #expect(opened.count(of: "people/jose-nunez.md") == 1)
        #expect(vault.read("people/lena-marsh.md").contains("Dinner (with [[priya-raman|Priya Raman]] and [[jose-nunez|José Núñez]])"))
    }

    /// A first `crm log NAME` (no facts cache) finds NAME in everyone's front matter and reads no
    /// one else's log: Bob's 4,000 entries cost a log for Ann a small part (under a tenth) of what
    /// they cost a log for Bob, which reads his log once. Relative, so that it holds in a debug
    /// build too, where passing over Bob's bytes (to find his front matter's end) costs millions.
    @Test(.enabled(if: Callgrind.isInstalled || Callgrind.isRequired, "needs valgrind to count instructions"))
    func aColdLogByNameReadsNoOtherLog() throws {
        func work(_ person: String, bobsEntries n: Int) throws -> Int {
            let entries = (0..<n).map { "- 2026-\(String(format: "%02d-%02d", $0 % 12 + 1, $0 % 28 + 1)) call: Talk \($0) about the book club." }
            return try Callgrind.instructions(["log", person, "call", "Asked about the book."], files: [
                "people/ann-lee.md": "---\nname: Ann Lee\n---\n\n## Interactions\n\n- 2026-11-01 call: About the book club.\n",
                "people/bob-one.md": "---\nname: Bob One\n---\n\n## Interactions\n\n" + entries.map { $0 + "\n" }.joined(),
            ])
        }
        let forAnn = try work("Ann Lee", bobsEntries: 4_000) - work("Ann Lee", bobsEntries: 0)
        let forBob = try work("bob-one", bobsEntries: 4_000) - work("bob-one", bobsEntries: 0)
        #expect(forAnn * 10 < forBob, "Bob's 4,000 entries cost a log for Ann \(forAnn) instructions, a log for Bob \(forBob)")
    }

    /// A copy of the example vault whose facts cache a first `list` wrote.
    private func warmedExample() throws -> TemporaryVault {
        let vault = try TemporaryVault(copyingExample: true)
        usleep(2_100_000)   // a file is cached once it has not changed for 2 s
        try vault.crm("list")
        #expect(vault.exists(".crm/cache/facts"), "the first run wrote the cache")
        return vault
    }
}

/// Files a run of the built `crm` opens, as `strace` sees them.
enum Strace {
    static let isInstalled = CRMKitTests.isInstalled("strace", checkedWith: "-V")

    /// The files `crm --vault V COMMAND` opens (every thread), one line of strace's a time.
    static func opens(running command: [String], in vault: TemporaryVault) throws -> Opens {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("crm-strace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try CRM.run(["--vault", vault.path] + command,
                                 launcher: ["strace", "-f", "-qq", "-e", "trace=openat,open", "-o", trace.path])
        #expect(result.status == 0, "\(result.stderr)")
        return Opens(lines: String(decoding: FileManager.default.contents(atPath: trace.path) ?? Data(), as: UTF8.self)
            .split(separator: "\n").map(String.init))
    }

    struct Opens {
        let lines: [String]

        /// How many times the vault's file `relative` was opened.
        func count(of relative: String) -> Int { lines.count { $0.contains("/" + relative + "\"") } }
    }
}
