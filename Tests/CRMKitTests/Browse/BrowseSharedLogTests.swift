import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// Space marks people on the list; `l` (or `p`) then writes one entry in the first one's log
/// with the others linked: exactly what `crm log FIRST --with SECOND …` (or `crm plan`) writes.
@Suite struct BrowseSharedLogTests {
    private func sheet(_ fixture: BrowseFixture) -> LogSheet? {
        if case .sheet(let sheet)? = fixture.state.top { return sheet }
        return nil
    }

    @Test func lWithPeopleMarkedLogsOneEntryAsCrmLogWithWrites() throws {
        let fixture = try BrowseFixture()
        let others = ["people/priya-raman.md", "people/oliver-finch.md"].map { ($0, fixture.read($0)) }
        fixture.press(.character(" "), .character(" "), .character(" "), .character("l"))
        #expect(sheet(fixture)?.people.map(\.id) == ["theo-vance", "priya-raman", "oliver-finch"])
        #expect(fixture.screen.lines[0] == "Log an interaction with Theo Vance, Priya Raman and Oliver Finch")
        #expect(fixture.screen.lines[1] == "  in Theo Vance's log, Priya Raman and Oliver Finch linked")
        fixture.type("Lunch by the river.")
        fixture.press(.control("s"))
        let crm = try BrowseFixture.afterCrm(["log", "theo-vance", "--with", "priya-raman", "--with", "oliver-finch", "Lunch by the river."],
                                             file: "people/theo-vance.md")
        #expect(fixture.read("people/theo-vance.md") == crm.file)
        #expect(crm.file.contains("call: Lunch by the river. (with [[priya-raman|Priya Raman]] and [[oliver-finch|Oliver Finch]])\n"))
        for (path, before) in others { #expect(fixture.read(path) == before, "\(path)") }
        #expect(fixture.state.message?.text == crm.stdout.trimmingCharacters(in: .newlines))
        #expect(fixture.state.list.marked.isEmpty)
        #expect(fixture.state.top == nil)
    }

    @Test func pWithPeopleMarkedPlansOneItemAsCrmPlanWithWrites() throws {
        let fixture = try BrowseFixture()
        fixture.mark([2, 0])
        fixture.press(.character("p"))
        #expect(fixture.screen.lines[0] == "Plan an interaction with Oliver Finch and Theo Vance")
        fixture.type("Dinner at ours.")
        fixture.press(.control("s"))
        let crm = try BrowseFixture.afterCrm(["plan", "oliver-finch", "--with", "theo-vance", "--date", "tomorrow", "Dinner at ours."],
                                             file: "people/oliver-finch.md")
        #expect(fixture.read("people/oliver-finch.md") == crm.file)
        #expect(fixture.state.message?.text.hasPrefix("Planned call with Oliver Finch and Theo Vance on 2026-11-30") == true)
    }

    @Test func onAPersonsPageLLogsWithThatPersonOnly() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character(" "), .character(" "), .character("g"), .enter, .character("l"))
        #expect(sheet(fixture)?.people.map(\.id) == ["theo-vance"])
    }

    /// Any people marked, in any order: the first one's file as `crm log FIRST --with …` leaves
    /// it, nobody else's touched.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func anyPeopleMarkedLogWhatCrmLogWithWrites(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let fixture = try BrowseFixture()
        let count = fixture.state.list.shown.count
        let places = Array((0..<count).shuffled(using: &random).prefix(Int.random(in: 2...4, using: &random)))
        let ids = places.map { fixture.state.listing.rows[fixture.state.list.shown[$0]].id }
        let before = Dictionary(uniqueKeysWithValues: fixture.state.listing.rows.map { ($0.id, fixture.read("people/\($0.id).md")) })
        fixture.mark(places)
        #expect(fixture.state.list.marked == ids)
        fixture.press(.character("l"))
        let note = ["Walked the dog.", "Tea at José's", "Book club: *Middlemarch*"].randomElement(using: &random)!
        fixture.type(note)
        fixture.press(.control("s"))
        let crm = try BrowseFixture.afterCrm(["log", ids[0]] + ids.dropFirst().flatMap { ["--with", $0] } + [note],
                                             file: "people/\(ids[0]).md")
        #expect(fixture.read("people/\(ids[0]).md") == crm.file, "seed \(seed): \(ids)")
        for id in ids.dropFirst() { #expect(fixture.read("people/\(id).md") == before[id], "seed \(seed): \(id)") }
    }
}
