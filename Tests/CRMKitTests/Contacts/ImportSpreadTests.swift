import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm import --every C --spread`: the first due dates of the people added, spread evenly over
/// one cadence, through `snooze:`.
@Suite("Import --spread")
struct ImportSpreadTests {
    @Test func fourPeopleFourWeeksApartInOneCadenceAndDueShowsThem() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", ["Ann", "Bob", "Cy", "Di"].enumerated().flatMap { card("UID:\($0.offset)", "FN:\($0.element) Lee") })
        let result = try CRM.run(["--vault", vault.path, "import", "contacts.vcf", "--every", "4w", "--spread"], in: vault.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/ann-lee.md").contains("\nevery: 4w\nadded: 2026-11-29\n"))
        #expect(vault.read("people/bob-lee.md").contains("\nevery: 4w\nsnooze: 2027-01-03\nadded: 2026-11-29\n"))
        #expect(vault.read("people/cy-lee.md").contains("\nsnooze: 2027-01-10\n"))
        #expect(vault.read("people/di-lee.md").contains("\nsnooze: 2027-01-17\n"))
        let due = try vault.crm("due", "--within", "8w", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(due.stdout.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { $0["due"] as? String } == ["2026-12-27", "2027-01-03", "2027-01-10", "2027-01-17"])
        let usage = try vault.crm("import", vault.path + "/contacts.vcf", "--spread")
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--spread needs --every C"))
    }

    /// LinkedIn's "Connected On" is `connected`, not `added`: connections of years ago are
    /// spread like anyone else, from one cadence after today.
    @Test func aLinkedInImportIsSpreadFromOneCadenceAheadWhateverItsConnectedOn() throws {
        let vault = try TemporaryVault()
        try vault.write("Connections.csv", "First Name,Last Name,URL,Email Address,Company,Position,Connected On\n"
                        + "Ann,Lee,https://www.linkedin.com/in/a,,,,14 Mar 2019\nBob,Lee,https://www.linkedin.com/in/b,,,,20 Nov 2026\n")
        #expect(try CRM.run(["--vault", vault.path, "import", "Connections.csv", "--every", "2m", "--spread"], in: vault.url).status == 0)
        #expect(vault.read("people/ann-lee.md").contains("\nevery: 2m\nadded: 2026-11-29\nconnected: 2019-03-14\n"))
        #expect(vault.read("people/bob-lee.md").contains("\nevery: 2m\nsnooze: 2027-02-27\nadded: 2026-11-29\nconnected: 2026-11-20\n"))
    }

    /// For any number of people and cadence: the first due dates (the later of `added` + cadence
    /// and the snooze) run from one cadence after today, in order, never two cadences away,
    /// and no gap between two of them is more than a day longer than another.
    @Test("Property: first due dates spread evenly over one cadence", arguments: [41, 42] as [UInt64])
    func evenly(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let today = Day("2026-11-29")!
        for _ in 0..<200 {
            let every = Cadence(count: Int.random(in: 1...12, using: &random), unit: [.day, .week, .month, .year].randomElement(using: &random)!)
            let count = Int.random(in: 1...60, using: &random)
            let snoozes = ImportSpread.snoozes(count: count, every: every, today: today)
            let start = every.step(from: today), end = every.step(from: start)
            let due = snoozes.map { $0 ?? start }
            #expect(snoozes.count == count && snoozes[0] == nil)
            #expect(due == due.sorted() && due.allSatisfy { $0 >= start && $0 < end || $0 == start })
            let gaps = zip(due.dropFirst(), due).map { $1.days(until: $0) } + [due.last!.days(until: end)]
            #expect((gaps.max() ?? 0) - (gaps.min() ?? 0) <= 1, "\(every) × \(count): \(gaps)")
            #expect(snoozes.compactMap { $0 }.allSatisfy { $0 > start })
        }
    }
}
