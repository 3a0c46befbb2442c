import Foundation
import Testing

/// `crm done N` and `crm unlog N` act on the item the number named in the listing the user read,
/// or fail: never on the item that slid into its place because another run (at the same time, or
/// just before) ticked or removed one.
@Suite struct NumberedItemRaceTests {
    /// Three plans, newest first (1 = A), and an interaction: ticking a plan dated after today gives
    /// it today's date, so it moves down and B becomes item 1 of the file; removing A does the same.
    static let lena = "---\nname: Lena Marsh\n---\n\n## Interactions\n\n"
        + "- [ ] 2026-12-20 call: A\n- [ ] 2026-12-15 call: B\n- [ ] 2026-12-10 call: C\n- 2026-11-20 call: Old.\n"

    /// Runs `arguments` twice at once on a fresh copy of Lena's file, the second started 0 to 50 ms
    /// after the first (so that it reads the file before, while or after the first writes), `rounds`
    /// times; returns, per round, both runs' results and the file after.
    static func races(_ arguments: [String], rounds: Int) throws -> [(results: [CRMResult], file: String)] {
        let vault = try TemporaryVault()
        var random = SeededGenerator(seed: 15)
        var outcomes: [(results: [CRMResult], file: String)] = []
        let arguments = ["--vault", vault.path] + arguments
        for _ in 0..<rounds {
            try vault.write("people/lena.md", lena)
            let delay = UInt32.random(in: 0...50_000, using: &random)
            nonisolated(unsafe) var results: [CRMResult?] = [nil, nil]
            let group = DispatchGroup()
            for run in 0..<2 {
                group.enter()
                DispatchQueue.global().async {
                    if run == 1 { usleep(delay) }
                    results[run] = try? CRM.run(arguments)
                    group.leave()
                }
            }
            group.wait()
            outcomes.append((results.map { $0! }, vault.read("people/lena.md")))
        }
        return outcomes
    }

    static var rounds: Int { ProcessInfo.processInfo.environment["CRM_RACES"].flatMap(Int.init) ?? 40 }

    @Test func twoOverlappingDoneOneRunsTickItemOneOnce() throws {
        var wrong = 0
        for (round, outcome) in try Self.races(["done", "lena", "1"], rounds: Self.rounds).enumerated() {
            let ok = outcome.results.filter { $0.status == 0 }
            let failed = outcome.results.filter { $0.status != 0 }
            let file = outcome.file
            // A ticked (and moved to today), B and C still open: one run did it, the other said why not.
            let right = ok.count == 1 && file.contains("- [x] 2026-11-29 call: A\n")
                && file.contains("- [ ] 2026-12-15 call: B\n") && file.contains("- [ ] 2026-12-10 call: C\n")
            if !right { wrong += 1 }
            #expect(right, "round \(round): \(outcome.results.map(\.status)) left\n\(file)")
            #expect(ok.first?.stdout.contains(": A (people/lena.md:") == true)
            #expect(failed.allSatisfy { $0.status == 1 && $0.stderr.hasPrefix("crm: error: ") && $0.stderr.contains("item 1") }, "\(failed.map(\.stderr))")
        }
        print("NumberedItemRaceTests: \(wrong) of \(Self.rounds) overlapping pairs of 'crm done lena 1' ticked another item than A")
    }

    @Test func twoOverlappingUnlogOneRunsRemoveItemOneOnce() throws {
        var wrong = 0
        for (round, outcome) in try Self.races(["unlog", "lena", "1"], rounds: Self.rounds).enumerated() {
            let ok = outcome.results.filter { $0.status == 0 }
            let failed = outcome.results.filter { $0.status != 0 }
            let file = outcome.file
            let right = ok.count == 1 && !file.contains("call: A\n")
                && ["B", "C", "Old."].allSatisfy { file.contains("call: \($0)\n") }
            if !right { wrong += 1 }
            #expect(right, "round \(round): \(outcome.results.map(\.status)) left\n\(file)")
            #expect(failed.allSatisfy { $0.status == 1 && $0.stderr.hasPrefix("crm: error: ") && $0.stderr.contains("item 1") }, "\(failed.map(\.stderr))")
        }
        print("NumberedItemRaceTests: \(wrong) of \(Self.rounds) overlapping pairs of 'crm unlog lena 1' removed another item than A")
    }

    /// One after the other, the numbers stay as `crm show` listed them until it lists them again.
    @Test func numbersStayAsListedUntilShowListsThemAgain() throws {
        let vault = try TemporaryVault()
        try vault.write("people/lena.md", Self.lena)
        let show = try vault.crm("show", "lena").stdout
        #expect(show.contains("  3  2026-12-10        call  C\n  2  2026-12-15        call  B\n  1  2026-12-20        call  A\n"), "\(show)")
        // A takes today's date and moves: the file's own item 2 is now C, but 2 is B as listed.
        #expect(try vault.crm("done", "lena", "1").stdout.contains(": A (people/lena.md:"))
        let two = try vault.crm("done", "lena", "2")
        #expect(two.stdout.contains(": B (people/lena.md:"), "\(two.stderr)")
        #expect(vault.read("people/lena.md").contains("- [ ] 2026-12-10 call: C\n"))
        // Item 1 as listed is A, ticked.
        let again = try vault.crm("done", "lena", "1")
        #expect(again.status == 1)
        #expect(again.stderr == "crm: error: item 1 of Lena Marsh is not an open item: people/lena.md:9: - [x] 2026-11-29 call: A"
                + " (the numbers stay as 'crm show lena' last listed them until it lists them again)\n")
        // Removed by number: that number names nothing any more; the others keep theirs.
        #expect(try vault.crm("unlog", "lena", "4").stdout.hasPrefix("Removed people/lena.md:10: - 2026-11-20 call: Old.\n"))
        let removed = try vault.crm("unlog", "lena", "4")
        #expect(removed.stderr == "crm: error: item 4 of Lena Marsh, '- 2026-11-20 call: Old.', was removed by an earlier 'crm unlog'"
                + " (the numbers stay as 'crm show lena' last listed them until it lists them again)\n")
        #expect(try vault.crm("done", "lena", "3").stdout.contains(": C (people/lena.md:"))
        // Listed again, the numbers are the file's: 1 is C, the newest.
        try vault.write("people/lena.md", Self.lena)
        try vault.crm("done", "lena", "1")
        #expect(try vault.crm("show", "lena").stdout.contains("  1  2026-12-15        call  B\n"))
        #expect(try vault.crm("done", "lena", "1").stdout.contains(": B (people/lena.md:"))
    }

    /// Another change to the file (an editor, a sync, `crm log`) and the numbers are the file's own.
    @Test func anotherChangeToTheFileEndsTheKeptNumbers() throws {
        let vault = try TemporaryVault()
        try vault.write("people/lena.md", Self.lena)
        try vault.crm("done", "lena", "1")
        try vault.crm("log", "lena", "Met at the market.", "--date", "2026-11-28")
        // Now 1 = B (12-15), 2 = C (12-10), 3 = A (ticked today), 4 = the market.
        #expect(try vault.crm("done", "lena", "2").stdout.contains(": C (people/lena.md:"))
    }
}
