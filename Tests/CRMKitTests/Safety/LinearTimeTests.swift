import Foundation
import Testing

/// Linear time on every input (issue #30, finding 8): a file that is large in one way (many blank
/// lines, many links on one line, many entries, keys or list items, many note lines, one long
/// line) costs work in proportion to its size.
///
/// Work is counted, not timed: the instructions valgrind's callgrind counts in a run of the built
/// `crm`, less those of the same run on the same file without the shape (starting the process,
/// reading the settings). Swift's hashing is made deterministic, there is no facts cache
/// (`.crm/cache` is a file, so none is read or written) and the files are dated in the future, so
/// that no run takes a path another would not; what is left to vary (threads racing to make the
/// same type metadata) is within `slack`.
///
/// The two paths that were quadratic are checked whenever valgrind is installed. The class test
/// (each shape doubled five times, under `check`, `show` and `log`: about four minutes of one
/// core) runs when `CRM_COUNT_INSTRUCTIONS=1`, as `.ci/run` sets it; without valgrind, tests are
/// skipped with one line, and `CRM_COUNT_INSTRUCTIONS=1` makes that a failure.
@Suite(.enabled(if: Callgrind.isInstalled || Callgrind.isRequired,
                "needs valgrind to count instructions (apt-get install valgrind)"))
struct LinearTimeTests {
    /// One way a person file can be large, `n` times over.
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case blankLines = "blank lines in the notes"
        case linksOnOneLine = "links on one line"
        case entries = "log entries"
        case keys = "front-matter keys"
        case listItems = "items of a front-matter list"
        case noteLines = "lines of notes"
        case longLine = "bytes of one line"

        var testDescription: String { rawValue }

        /// The smallest `n` measured: enough for a million instructions of work or more, and
        /// small enough that 32 `n` is measured in seconds under callgrind.
        var start: Int {
            switch self {
            case .blankLines: 128
            case .linksOnOneLine: 32
            case .entries: 8
            case .keys: 16
            case .listItems: 16
            case .noteLines: 32
            case .longLine: 1024
            }
        }

        /// Ann Lee's file with the shape `n` times over; `n` = 0 is the file without it.
        func person(_ n: Int) -> String {
            var keys = ["name: Ann Lee", "added: 2026-01-01"]
            var notes = ["Met at the library."]
            var entries = ["- 2026-11-01 call: About the book club."]
            switch self {
            case .blankLines: notes = Array(repeating: "", count: n)   // notes of nothing but blank lines
            case .linksOnOneLine: notes.append(Array(repeating: "[[bob-one]]", count: n).joined(separator: " "))
            case .entries: entries += (0..<n).map { "- 2026-\(String(format: "%02d-%02d", $0 % 12 + 1, $0 % 28 + 1)) call: Talk \($0) with [[bob-one]]." }
            case .keys: keys += (0..<n).map { "key\($0): value \($0)" }
            case .listItems: keys += ["tags:"] + (0..<n).map { "  - tag\($0)" }
            case .noteLines: notes += (0..<n).map { "Line \($0) of the notes: a few words, `code` and [a link](https://example.org)." }
            case .longLine: notes.append(String(String(repeating: "word: `code` [x] *y* ", count: n / 21 + 1).prefix(n)))
            }
            return (["---"] + keys + ["---", ""] + notes + ["", "## Interactions", ""] + entries).joined(separator: "\n") + "\n"
        }
    }

    static let commands: [[String]] = [["check"], ["show", "ann-lee"], ["log", "ann-lee", "call", "Asked about the book."]]

    /// Instructions a doubling may add beyond 2.2 × : allocations that grow in steps, and what
    /// callgrind counts differently from run to run. Small beside the work of the larger sizes.
    static let slack = 2_000_000

    /// Checks that the work of `command` grows at most 2.2 × (and `slack`) from each size to the
    /// next, `doublings` times from `start`.
    func expectLinear(_ shape: Shape, _ command: [String], from start: Int, doublings: Int) throws {
        let base = try Callgrind.instructions(command, person: shape.person(0))
        var previous: Int?
        for doubling in 0...doublings {
            let n = start << doubling
            let work = try Callgrind.instructions(command, person: shape.person(n)) - base
            if let previous {
                let growth = Double(work) / Double(previous)
                let within = work <= previous * 22 / 10 + Self.slack
                #expect(within, "crm \(command[0]) with \(n) \(shape.rawValue): \(work) instructions, \(String(format: "%.2f", growth)) × those of \(n / 2)")
                if !within { return }   // a quadratic path: larger files would only take longer
            }
            previous = work
        }
    }

    @Test("The notes of a file of blank lines are found in linear time")
    func blankLines() throws {
        try expectLinear(.blankLines, ["show", "ann-lee"], from: 2048, doublings: 2)
    }

    @Test("Links on one line are placed in linear time")
    func linksOnOneLine() throws {
        try expectLinear(.linksOnOneLine, ["check"], from: 256, doublings: 2)
    }

    @Test("Work grows at most 2.2 × per doubling", .enabled(if: Callgrind.isRequired, "the class test runs with CRM_COUNT_INSTRUCTIONS=1 (as .ci/run sets it)"),
          arguments: Shape.allCases)
    func doublings(_ shape: Shape) throws {
        for command in Self.commands {
            try expectLinear(shape, command, from: shape.start, doublings: 5)
        }
    }
}

/// Instructions of one run of the built `crm`, counted by valgrind's callgrind.
enum Callgrind {
    /// Whether instructions must be counted: the class test runs, and a missing valgrind fails.
    static let isRequired = ProcessInfo.processInfo.environment["CRM_COUNT_INSTRUCTIONS"] == "1"

    static let isInstalled = CRMKitTests.isInstalled("valgrind")

    /// The instructions of `crm --vault V COMMAND` on a vault of `person` (as `people/ann-lee.md`)
    /// and Bob One, whom it may link.
    static func instructions(_ command: [String], person: String) throws -> Int {
        try instructions(command, files: ["people/ann-lee.md": person, "people/bob-one.md": "---\nname: Bob One\n---\n"])
    }

    /// The same on a vault of `files` (path: text).
    static func instructions(_ command: [String], files: [String: String]) throws -> Int {
        let vault = try TemporaryVault()
        for (path, text) in files { try vault.write(path, text) }
        try vault.write(".crm/cache", "")   // a file: no facts cache is read or written
        // Changed "in the future": never settled enough to cache, whatever the time a run starts.
        for file in files.keys.sorted() + ["people", ".crm/cache", ".crm", ""] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 4_102_444_800)],
                                                  ofItemAtPath: vault.url.appendingPathComponent(file).path)
        }
        let result = try CRM.run(["--vault", vault.path] + command,
                                 environment: ["SWIFT_DETERMINISTIC_HASHING": "1"],
                                 launcher: ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"])
        try #require(result.status == 0, "crm \(command.joined(separator: " ")) exited with \(result.status): \(result.stderr.suffix(2000))")
        let collected = result.stderr.firstMatch(of: /Collected : (\d+)/)
        return try #require(collected.flatMap { Int($0.1) }, "no instruction count from callgrind: \(result.stderr.suffix(2000))")
    }
}
