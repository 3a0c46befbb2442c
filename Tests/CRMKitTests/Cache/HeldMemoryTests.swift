import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// What the commands of 100,000 people keep in memory is cut down without changing what they
/// decide or print: each cut is held here to the full computation it replaces.
@Suite("What listings, import and index hold")
struct HeldMemoryTests {
    /// A vault of `count` people whose names, emails and contact ids are drawn from small pools,
    /// so that cards drawn from the same pools share keys with some of them and not others.
    private func vault(people count: Int, seed: UInt64) throws -> (TemporaryVault, Vault, [String]) {
        var random = SeededGenerator(seed: seed)
        let names = ["Ada Lovelace", "Åsa Berg", "Zoë Day", "Ivan Petrov", "Mary Shelley", "Li Wei", "Jean Dupont", "Emeka Obi"]
        let temporary = try TemporaryVault()
        var cards: [String] = []
        for i in 0..<count {
            let name = names.randomElement(using: &random)!
            var lines = ["name: \(name)"]
            if Bool.random(using: &random) { lines.append("contact_id: 'id-\(Int.random(in: 0..<12, using: &random))'") }
            if Bool.random(using: &random) { lines.append("email: [P\(Int.random(in: 0..<12, using: &random))@x.example]") }
            try temporary.write("people/p\(i).md", "---\n" + lines.joined(separator: "\n") + "\n---\n")
        }
        for k in 0..<(count / 2) {
            if k % 5 == 0 {   // no key anyone has: always added
                cards.append("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:New Person \(k)\r\nEND:VCARD\r\n")
                continue
            }
            var properties = ["FN:" + (names + ["Nobody Yet", "Ada LOVELACE"]).randomElement(using: &random)!]
            if Bool.random(using: &random) { properties.append("UID:id-\(Int.random(in: 0..<16, using: &random))") }
            if Bool.random(using: &random) { properties.append("EMAIL:p\(Int.random(in: 0..<16, using: &random))@X.example") }
            cards.append((["BEGIN:VCARD", "VERSION:3.0"] + properties + ["END:VCARD"]).map { $0 + "\r\n" }.joined())
        }
        return (temporary, try Vault(root: temporary.path), cards)
    }

    private func described(_ plan: [ContactImport.Decision]) -> [String] {
        plan.map { decision in
            switch decision {
            case .add(let contact): "add \(contact.name)"
            case .skip(let contact, let tracker, let match): "skip \(contact.name): \(tracker.id ?? "-") \(tracker.name) by \(match.rawValue)"
            case .ambiguous(let contact, let candidates): "ambiguous \(contact.name): \(candidates.map { $0.id ?? "-" })"
            case .unnamed(let contact): "unnamed \(contact.line)"
            }
        }
    }

    @Test("Import keeps only the people sharing a key with a card, and decides as with everyone", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func importPlan(seed: UInt64) throws {
        let (temporary, vault, cards) = try vault(people: 60, seed: seed)
        _ = temporary
        let book = ContactBook.parse(Array(cards.joined().utf8), path: "c.vcf")
        let everyone = described(ContactImport.plan(book, people: vault.scan { $0.person }.rows))
        #expect(described(ContactImport.plan(book, vault: vault)) == everyone)
        #expect(everyone.contains { $0.hasPrefix("add ") } && everyone.contains { $0.hasPrefix("skip ") })
    }

    @Test("A PERSON matched without a cache finds the keys every file's facts have", arguments: [6, 7] as [UInt64])
    func keysWithoutACache(seed: UInt64) throws {
        let (temporary, vault, _) = try vault(people: 40, seed: seed)
        try temporary.write("people/broken.md", "---\nname: [unclosed\n")
        #expect(FactsCache.load(vault).count == 0)
        let keys = VaultLinks(keysOf: vault).everyone
        #expect(keys.count == 41)
        #expect(keys == vault.facts().rows.map(\.keys))
    }

    @Test("Each listing's rows hold what the whole facts give: the schedule, the count and the timeline")
    func listingRowsAreWhatTheWholeFactsGive() throws {
        let temporary = try TemporaryVault()
        try temporary.write("people/ada.md", """
            ---
            name: Ada
            every: 2w
            ---

            ## Interactions
            - [ ] 2026-12-20 call: plan the talk
            - 2026-12-05 visit: planned visit
            - 2026-11-20 call: last one
              more lines
            - 2026-10-01 email: older
            """)
        try temporary.write("people/bo.md", "---\nname: Bo\n---\n")
        let vault = try Vault(root: temporary.path)
        let today = Day(year: 2026, month: 11, day: 29)!
        let everyone = Everyone(vault, today: today)
        let (people, problems) = PeopleListing.Row.listed(everyone, today: today)
        #expect(problems.isEmpty)
        let full = vault.facts(today: today).rows
        #expect(people.map(\.id) == ["ada", "bo"])
        #expect(people.map(\.schedule.last) == full.map { $0.timeline.last(on: today) })
        #expect(people.map(\.schedule.next) == full.map { $0.timeline.next(on: today) })
        #expect(people[0].schedule.last?.note == "last one\nmore lines")
        #expect(people[0].schedule.next?.date == Day(year: 2026, month: 12, day: 5))
        #expect(people.map(\.interactionCount) == [3, 0])
        let (agenda, _) = Agenda.of(everyone, today: today, within: Cadence("1m")!)
        #expect(agenda.items.filter { $0.kind == .planned }.map(\.note) == ["planned visit", "plan the talk"])
        let (summary, _) = InteractionSummary.of(everyone, today: today, since: Day(year: 2026, month: 1, day: 1)!, until: today)
        #expect(summary.interactions == 2)
        #expect(summary.planned == 2)
    }

    @Test("INDEX.md is compared a piece at a time: one byte changed past the first megabyte is found")
    func indexComparedInPieces() throws {
        let temporary = try TemporaryVault()
        let vault = try Vault(root: temporary.path)
        let page = (0..<40_000).flatMap { Array("| row \($0) | 2026-11-29 |\n".utf8) }
        #expect(page.count > 1 << 20)
        #expect(!vault.indexHolds(page))   // no INDEX.md yet
        #expect(try vault.writeIndex(page))
        #expect(vault.indexHolds(page))
        #expect(try !vault.writeIndex(page))
        var changed = page
        changed[page.count - 10] = UInt8(ascii: "X")
        #expect(!vault.indexHolds(changed))
        #expect(!vault.indexHolds(Array(page.dropLast())))
        #expect(!vault.indexHolds(page + [0x0A]))
        #expect(try vault.writeIndex(changed))
        #expect(temporary.bytes("INDEX.md") == changed)
        #expect(vault.indexHolds(changed))
    }
}
