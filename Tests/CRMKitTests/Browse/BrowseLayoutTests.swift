import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// What browse's screens make room for and count: the list's columns on a narrow terminal, and
/// the title's count of what Today lists.
@Suite struct BrowseLayoutTests {
    /// At 60 columns, a NEXT column nobody has anything in is left out and names keep its room:
    /// they were cut to 14 cells beside an empty column.
    @Test func browseAtSixtyColumnsDropsAnEmptyNextColumnForTheNames() throws {
        let fixture = try BrowseFixture(example: false, size: Size(columns: 60, rows: 12), people: [
            "alexandra-whitfield": SamplePerson.every30Days("Alexandra Whitfield-Oduya"),
            "bo": SamplePerson.every30Days("Bo Li"),
        ])
        let lines = fixture.screen.lines
        let headings = try #require(lines.first { $0.contains("NAME") })
        #expect(!headings.contains("NEXT"), "\(headings)")
        #expect(lines.contains { $0.contains("Alexandra Whitfield-Oduya") }, "\(lines.joined(separator: "\n"))")
        // With a plan somewhere, NEXT is back.
        let planned = try BrowseFixture(example: false, size: Size(columns: 60, rows: 12), people: [
            "bo": SamplePerson.every30Days("Bo Li", "- [ ] 2026-12-03 call: Ring.\n- 2026-11-01 call: Talked.\n"),
        ])
        #expect(planned.screen.lines.contains { $0.contains("NAME") && $0.contains("NEXT") })
    }

    /// The title counts what Today lists as overdue: the people due and the overdue follow-ups
    /// (it said "0 due today" beside two overdue follow-ups).
    @Test func browseTitleCountsTheOverdueFollowUpsTodayLists() throws {
        let fixture = try BrowseFixture(example: false, people: [
            "ana": SamplePerson.every30Days("Ana Lima", "- [ ] 2026-11-20 call: Ask about the flat.\n- [ ] 2026-11-25: Send the photos.\n- 2026-11-10 call: Talked.\n"),
        ])
        #expect(fixture.screen.lines[0].contains("1 person · 0 due today · 2 follow-ups overdue"), "\(fixture.screen.lines[0])")
        fixture.press(.character("t"))
        #expect(fixture.text.contains("Ask about the flat."))
        #expect(fixture.text.contains("Send the photos."))
    }

    /// The people list tells namesakes apart as `crm list` and the matcher do: two rows said
    /// `Sam Lee`.
    @Test func browseTellsNamesakesApart() throws {
        let fixture = try BrowseFixture(example: false, people: [
            "sam": "---\nname: Sam Lee\ncompany: Acme\n---\n",
            "sam-2": "---\nname: Sam Lee\nemail: sam@lee.io\n---\n",
            "bo": "---\nname: Bo Li\n---\n",
        ])
        let names = fixture.screen.lines.dropFirst(2).prefix(3).map { $0.dropFirst(2).components(separatedBy: "  ")[0] }
        #expect(names == ["Bo Li", "Sam Lee (sam, Acme)", "Sam Lee (sam-2, sam@lee.io)"], "\(fixture.text)")
    }

    /// On a narrow terminal the title's parts give way in one order, what a person acts on last:
    /// the sort order, the vault's path (to its folder), "crm", the people count; the due and
    /// overdue counts stay. At 60 columns it said "0 due today" and "by due date" and dropped
    /// the two overdue follow-ups Today lists.
    @Test func browseTitleKeepsTheDueAndOverdueCountsLongestAtEveryWidth() throws {
        let people = ["ana": SamplePerson.every30Days("Ana Lima", "- [ ] 2026-11-20 call: Ask about the flat.\n- [ ] 2026-11-25: Send the photos.\n- 2026-11-10 call: Talked.\n")]
        let expected = [
            80: "crm · ~/people · 1 person · 0 due today · 2 follow-ups overdue       by due date",
            60: "crm · people · 1 person · 0 due today · 2 follow-ups overdue",
            40: "0 due today · 2 follow-ups overdue",
        ]
        for (columns, title) in expected.sorted(by: { $0.key > $1.key }) {
            let fixture = try BrowseFixture(example: false, size: Size(columns: columns, rows: 12), people: people)
            #expect(fixture.screen.lines[0] == title, "at \(columns) columns")
        }
        // Filtering, the matches outlast the people count and the path.
        let fixture = try BrowseFixture(example: false, size: Size(columns: 50, rows: 12), people: people)
        fixture.type("/ana")
        #expect(fixture.screen.lines[0] == "0 due today · 2 follow-ups overdue    1 of 1 match", "\(fixture.screen.lines[0])")
    }
}
