import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm summary` is answered from the facts cache: what it prints from a warm cache is what it
/// prints when it reads every file, for any period and whatever day the cache was written on.
@Suite struct SummaryCacheTests {
    /// The example vault, one person whose log has entries on both sides of 2026-11-29 (plain,
    /// ticked and open, one line not read), one whose `every` is not read and one file not read.
    func vault() throws -> TemporaryVault {
        let copy = try TemporaryVault(copyingExample: true)
        try copy.write("people/zed-planner.md", """
            ---
            name: Zed Planner
            every: 1w
            ---

            ## Interactions

            - [ ] 2026-12-03 call: Plan the trip.
            - [ ] 2026-11-01 visit: Overdue, never done.
            - [ ] Someday: the long walk.
            - [x] 2026-11-20 visit: Ticked.
            - [x] 2026-12-10 call: Ticked ahead of its day.
            - 2026-11-29 call: Today.
            - 2026-11-30 message: Tomorrow.
            - 2027-01-15 visit: Next year.
            - 2026-13-01 call: Not a date.
            - 2026-11-02 email: Sent the plan.
            - 2025-12-31 email: Last year's last day.
            - 2025-11-30 call: Before the default period.

            """)
        try copy.write("people/sam-sometimes.md", "---\nname: Sam Sometimes\nevery: sometimes\n---\n\n## Interactions\n\n- 2026-10-02 visit: Tea.\n")
        try copy.write("people/unclosed.md", "---\nname: Unclosed\n\n## Interactions\n\n- 2026-11-02 call: Lost.\n")
        return copy
    }

    /// Writes a facts cache of `copy` that the built `crm` uses (its build, not this test
    /// program's), with every file's facts as read for `today`, and `rename` applied to the names.
    func plantCache(_ copy: TemporaryVault, today: Day, rename: (String) -> String = { $0 }) throws {
        let vault = try Vault(root: copy.path)
        let build = try #require(FactsCache.build(ofExecutable: CRM.binary.resolvingSymlinksInPath().path))
        var entries: [(path: String, entry: FactsCache.Entry)] = []
        for path in vault.personPaths().people {
            let person = try vault.load(path: path)
            var facts = PersonFacts(person, today: today)
            facts.name = rename(facts.name)
            entries.append((path, FactsCache.Entry(stamp: person.stamp, facts: facts)))
        }
        entries.sort { Bytes.precedes($0.path, $1.path) }
        var bytes: [UInt8] = []
        FactsCache.encode(paths: entries.map(\.path), records: { .read(entries[$0].entry.record) }, from: FactsCache(),
                          fingerprint: FactsCache.fingerprint(vault.config, build: build)) { (piece: ArraySlice<UInt8>) in bytes += piece }
        try copy.write(FactsCache.path, bytes)
    }

    static let periods: [[String]] = [
        [],
        ["--since", "2026-11-01", "--until", "2027-01-31"],   // crosses today
        ["--since", "2025-11-30", "--until", "2026-11-28"],
        ["--since", "2026-11-29", "--until", "2026-11-29"],
        ["--since", "-1m"],
        ["--since", "2027-01-01", "--until", "2027-12-31"],   // all after today
    ]

    func summary(_ copy: TemporaryVault, _ period: [String], json: Bool, today: String) throws -> CRMResult {
        try CRM.run(["--vault", copy.path, "summary"] + period + (json ? ["--json"] : []), environment: ["CRM_TODAY": today])
    }

    @Test(arguments: [("2026-11-29", "2026-11-29"), ("2026-11-29", "2026-12-15"), ("2026-12-15", "2026-11-29"), ("2026-11-29", "2027-02-01")])
    func aWarmSummaryPrintsWhatAColdOnePrints(cachedOn: String, today: String) throws {
        let copy = try vault()
        for period in Self.periods {
            for json in [false, true] {
                try? FileManager.default.removeItem(atPath: copy.path + "/" + FactsCache.path)
                let cold = try summary(copy, period, json: json, today: today)
                try plantCache(copy, today: Day(cachedOn)!)
                let warm = try summary(copy, period, json: json, today: today)
                #expect(warm.status == 0 && warm.status == cold.status, "\(period)")
                #expect(warm.stdout == cold.stdout, "\(period) \(json)")
                #expect(warm.stderr == cold.stderr, "\(period) \(json)")
            }
        }
    }

    @Test func aWarmSummaryReadsNoUnchangedFile() throws {
        let copy = try vault()
        try plantCache(copy, today: Day("2026-11-29")!) { "CACHED " + $0 }
        let result = try summary(copy, ["--since", "2026-11-01", "--until", "2027-01-31"], json: true, today: "2026-11-29")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let most = try #require(summary["most_contacted"] as? [[String: Any]])
        #expect(!most.isEmpty && most.allSatisfy { ($0["name"] as? String)?.hasPrefix("CACHED ") == true })
        // Only what happened by today counts: Zed's email, ticked visit and call today, nothing after.
        #expect(most.first?["name"] as? String == "CACHED Zed Planner")
        #expect(most.first?["interactions"] as? Int == 3)
        #expect((summary["by_month"] as? [String: Int])?["2026-12"] == 0)
        #expect((summary["by_month"] as? [String: Int])?["2027-01"] == 0)
        #expect(result.stderr.contains("people/zed-planner.md:16:"))
        #expect(result.stderr.contains("people/unclosed.md:1:"))
    }

    @Test func plansAreCountedAsOfToday() throws {
        let copy = try vault()
        try plantCache(copy, today: Day("2026-11-29")!)
        func planned(_ today: String) throws -> Int? {
            let result = try summary(copy, [], json: true, today: today)
            return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["planned"] as? Int
        }
        // On 2026-11-29: Bea's and Lena's two open items each (one of Lena's is today's), Zed's
        // open item of 12-03, ticked entry of 12-10 and entries of 11-30 and 2027-01-15 (Zed's
        // open item of 11-01 is overdue, Oliver's of 11-25 too: not planned).
        let before = try #require(try planned("2026-11-29"))
        #expect(before == 2 + 2 + 4)
        // On 2026-12-15 all but Zed's entry of 2027-01-15 are past.
        let after = try #require(try planned("2026-12-15"))
        #expect(after == 1)
        try? FileManager.default.removeItem(atPath: copy.path + "/" + FactsCache.path)
        #expect(try planned("2026-11-29") == before)
        #expect(try planned("2026-12-15") == after)
    }
}
