import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Last and next contact from a timeline, and the facts cache answering only for the days it can.
@Suite struct TimelineTests {
    func day(_ text: String) -> Day { Day(text)! }

    func entries(_ lines: [String]) -> [Interaction] {
        lines.enumerated().map { index, line in
            var entry = EntryGrammar.interaction(line, types: ["call", "visit", "note"])!
            entry.line = index + 1
            return entry
        }
    }

    @Test func lastAndNextOnEachDay() {
        let log = entries(["- 2026-12-05 visit: Dinner.", "- [ ] 2026-12-01 call: Ask.", "- [x] 2026-11-25 call: Done.",
                           "- [ ] 2026-11-10 call: Overdue.", "- 2026-11-20 call: Cards."])
        let timeline = Timeline(entries: log, today: nil)
        for (today, last, next) in [("2026-11-29", "2026-11-25", "2026-12-01"), ("2026-12-01", "2026-11-25", "2026-12-01"),
                                    ("2026-12-02", "2026-11-25", "2026-12-05"), ("2026-12-05", "2026-12-05", nil),
                                    ("2026-11-21", "2026-11-20", "2026-11-25")] {
            let full = Timeline(entries: log, today: day(today))
            #expect(full.last(on: day(today))?.date.description == last, "\(today)")
            #expect(full.next(on: day(today))?.date.description == next, "\(today)")
        }
        // On 11-21 the ticked 11-25 item is still ahead: dated after today, it is planned.
        // Without a day, what the files alone say: the newest interaction, valid from its day on.
        #expect(timeline.newest?.date.description == "2026-12-05")
        #expect(timeline.horizon == day("2026-12-05"))
        #expect(timeline.overdue(on: day("2026-11-29")).map(\.note) == ["Overdue."])
    }

    @Test func aTimelineKeepsOnlyWhatLaterDaysNeed() {
        let log = entries(["- 2026-12-05 visit: Dinner.", "- 2026-11-20 call: Cards.", "- 2026-10-01 call: Old.", "- 2026-09-01 call: Older."])
        let timeline = Timeline(entries: log, today: day("2026-11-29"))
        #expect(timeline.interactions.map(\.note) == ["Dinner.", "Cards."])
        #expect(timeline.horizon == day("2026-11-20"))
        #expect(timeline.last(on: day("2027-01-01"))?.note == "Dinner.")
    }

    @Test func theCacheIsUsedOnlyForDaysItsTimelineAnswersFor() throws {
        let copy = try TemporaryVault()
        try copy.write("people/ada.md", "---\nname: Ada\n---\n\n## Interactions\n\n- 2026-12-05 visit: Dinner.\n- 2026-11-20 call: Cards.\n")
        let vault = try Vault(root: copy.path)
        let person = try vault.load(path: "people/ada.md")
        // Facts made on the dinner's day, under another name so a cache hit shows.
        var facts = PersonFacts(person, today: day("2026-12-05"))
        facts.name = "From the cache"
        FactsCache.save([("people/ada.md", FactsCache.Entry(stamp: person.stamp, facts: facts))], to: vault, settled: .max)
        let later = vault.facts(today: day("2026-12-06")).rows[0]
        #expect(later.name == "From the cache")
        #expect(later.timeline.last(on: day("2026-12-06"))?.note == "Dinner.")
        let earlier = vault.facts(today: day("2026-11-29")).rows[0]
        #expect(earlier.name == "Ada")
        #expect(earlier.timeline.last(on: day("2026-11-29"))?.note == "Cards.")
        #expect(earlier.timeline.next(on: day("2026-11-29"))?.note == "Dinner.")
    }
}
