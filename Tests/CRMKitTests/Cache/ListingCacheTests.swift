import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Each listing makes its rows of each person's cached facts (`Everyone(_:today:)`):
/// from a warm cache they print what they print when every file is read.
@Suite struct ListingCacheTests {
    static let commands: [[String]] = [
        ["list"], ["list", "--json"], ["list", "--sort", "due"], ["due"], ["due", "--json"], ["due", "--within", "1y"],
        ["check"], ["agenda", "--json"], ["birthdays", "--json"], ["index", "--check"],
    ]

    @Test(arguments: [("2026-11-29", "2026-11-29"), ("2026-11-29", "2026-12-15"), ("2026-11-29", "2027-02-01")])
    func aWarmListingPrintsWhatAColdOnePrints(cachedOn: String, today: String) throws {
        let cases = SummaryCacheTests()
        let copy = try cases.vault()
        try copy.write("people/far-future.md", "---\nname: Far Future\n---\n\n## Interactions\n\n- 2028-06-01 call: A mistyped year.\n- 2026-11-01 call: Real.\n")
        for command in Self.commands {
            try? FileManager.default.removeItem(atPath: copy.path + "/" + FactsCache.path)
            let cold = try CRM.run(["--vault", copy.path] + command, environment: ["CRM_TODAY": today])
            try cases.plantCache(copy, today: Day(cachedOn)!)
            let warm = try CRM.run(["--vault", copy.path] + command, environment: ["CRM_TODAY": today])
            #expect(warm.status == cold.status, "\(command)")
            #expect(warm.stdout == cold.stdout, "\(command)")
            #expect(warm.stderr == cold.stderr, "\(command)")
            if command == ["check"] { #expect(warm.stdout.contains("people/far-future.md:7:1: warning: entry dated 2028-06-01")) }
        }
    }

    @Test func dueShowsTheLastContactsNoteFromTheCache() throws {
        let cases = SummaryCacheTests()
        let copy = try cases.vault()
        try cases.plantCache(copy, today: Day("2026-11-29")!) { "CACHED " + $0 }
        let result = try CRM.run(["--vault", copy.path, "due", "--json", "--within", "1y"], environment: ["CRM_TODAY": "2026-11-29"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let zed = try #require(rows.first { $0["name"] as? String == "CACHED Zed Planner" })
        #expect(zed["last_note"] as? String == "Today.")
        #expect(zed["next"] as? String == "2026-11-30")
    }
}
