import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// The people list's keys, each driving the state as a user presses it.
@Suite struct BrowseListKeyTests {
    private func selectedName(_ fixture: BrowseFixture) -> String? {
        fixture.state.list.selectedID(in: fixture.state.listing).flatMap { id in fixture.state.listing.rows.first { $0.id == id }?.name }
    }

    private func shownNames(_ fixture: BrowseFixture) -> [String] {
        fixture.state.list.shown.map { fixture.state.listing.rows[$0].name }
    }

    @Test func theListIsSortedByDueWithTheMostOverdueFirstAndSaysHowManyAreDue() throws {
        let fixture = try BrowseFixture()
        #expect(shownNames(fixture).prefix(4) == ["Theo Vance", "Priya Raman", "Oliver Finch", "Henrik Dahl"])
        #expect(fixture.screen.lines[0].hasPrefix("crm · ~/people · 12 people · 4 due today"))
        #expect(fixture.screen.lines[2].hasPrefix("> Theo Vance"))
    }

    @Test func overdueDatesAreRedAndTheSelectedRowIsReversed() throws {
        let fixture = try BrowseFixture()
        let screen = fixture.screen
        let dueColumn = screen.lines[1].range(of: "DUE")!.lowerBound.utf16Offset(in: screen.lines[1])
        #expect(screen[3, dueColumn].style.colour == .red)           // Priya: 4 weeks overdue
        #expect(screen[2, 2].style.reverse)                          // Theo, selected
        #expect(!screen[3, 2].style.reverse)
        let notOverdue = screen.lines.firstIndex { $0.contains("Grandma Rose") }!
        #expect(screen[notOverdue, dueColumn].style.colour == nil)
    }

    @Test func jAndKAndTheArrowsMoveTheSelection() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("j"))
        #expect(selectedName(fixture) == "Priya Raman")
        fixture.press(.down, .down)
        #expect(selectedName(fixture) == "Henrik Dahl")
        fixture.press(.character("k"))
        #expect(selectedName(fixture) == "Oliver Finch")
        fixture.press(.up, .up, .up)
        #expect(selectedName(fixture) == "Theo Vance")
    }

    @Test func gAndGAndHomeAndEndGoToTheFirstAndTheLast() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("G"))
        #expect(fixture.state.list.selected == 11)
        fixture.press(.character("g"))
        #expect(fixture.state.list.selected == 0)
        fixture.press(.end)
        #expect(fixture.state.list.selected == 11)
        fixture.press(.home)
        #expect(fixture.state.list.selected == 0)
    }

    @Test func pageDownAndPageUpMoveAScreenAndScrollTheList() throws {
        let fixture = try BrowseFixture(size: Size(columns: 40, rows: 12))   // 8 rows of people
        fixture.press(.pageDown)
        #expect(fixture.state.list.selected == 7)
        fixture.press(.pageDown)
        #expect(fixture.state.list.selected == 11)
        #expect(fixture.screen.lines[2].hasPrefix("  ") && fixture.screen.lines.contains { $0.hasPrefix("> Анна Соколова") })
        fixture.press(.pageUp)
        #expect(fixture.state.list.selected == 4)
        fixture.press(.pageUp)
        #expect(fixture.state.list.selected == 0)
        #expect(fixture.screen.lines[2].hasPrefix("> Theo Vance"))
    }

    @Test func enterOpensThePersonSelected() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("j"), .enter)
        #expect(fixture.screen.lines[0] == "Priya Raman  people/priya-raman.md")
    }

    @Test func slashFiltersAsYouTypeIgnoringCaseAndAccentsOverNamesAliasesTagsAndEmails() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("/"))
        fixture.type("NUNEZ")
        #expect(shownNames(fixture) == ["José Núñez"])
        fixture.press(.control("u"))
        fixture.type("lenny")            // an alias
        #expect(shownNames(fixture) == ["Lena Marsh"])
        fixture.press(.control("u"))
        fixture.type("climbing")         // a tag
        #expect(shownNames(fixture) == ["Priya Raman"])
        fixture.press(.control("u"))
        fixture.type("hanako.yamada")    // an email
        #expect(shownNames(fixture) == ["山田 花子"])
        fixture.press(.control("u"))
        fixture.type("анна")             // Cyrillic, folded
        #expect(shownNames(fixture) == ["Анна Соколова"])
        #expect(fixture.screen.lines[0].hasSuffix("1 of 12 match"))
        #expect(fixture.screen.lines[23] .hasPrefix("/анна"))
        #expect(fixture.screen.cursor == Position(row: 23, column: 5))
    }

    /// The sample a new user met: `/olga` did not find Ольга, though `crm show olga` suggested her.
    @Test func theFilterFindsANameInAnotherScriptByItsLatinSpelling() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("/"))
        fixture.type("anna sokolova")
        #expect(shownNames(fixture) == ["Анна Соколова"])
    }

    @Test func theFilterIsFuzzyAndPutsTheBestMatchFirst() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("/"))
        fixture.type("mrg")
        #expect(shownNames(fixture).first == "Margaret Holloway")
        fixture.press(.control("u"))
        fixture.type("lena marsh")       // two words: both must match
        #expect(shownNames(fixture) == ["Lena Marsh"])
    }

    @Test func escClearsTheFilterAndEnterKeepsIt() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("/"))
        fixture.type("fri")
        let matched = shownNames(fixture)
        #expect(matched.count < 12 && matched.contains("Lena Marsh"))
        fixture.press(.enter)
        #expect(!fixture.state.list.isTypingFilter)
        #expect(shownNames(fixture) == matched)
        fixture.press(.character("j"))   // a key again, not a letter of the filter
        #expect(fixture.state.list.filter.text == "fri")
        fixture.press(.escape)
        #expect(shownNames(fixture).count == 12)
        fixture.press(.character("/"))
        fixture.type("zzz")
        #expect(fixture.text.contains("Nobody matches 'zzz'."))
        fixture.press(.escape)
        #expect(shownNames(fixture).count == 12)
        #expect(fixture.state.list.filter.isEmpty)
    }

    @Test func sCyclesTheOrderDueNameLast() throws {
        let fixture = try BrowseFixture()
        #expect(fixture.state.list.order == .due)
        fixture.press(.character("s"))
        #expect(fixture.state.list.order == .name)
        #expect(shownNames(fixture).prefix(3) == ["Bea Quill", "Grandma Rose", "Henrik Dahl"])
        #expect(fixture.screen.lines[0].hasSuffix("by name"))
        fixture.press(.character("s"))
        #expect(fixture.state.list.order == .last)
        #expect(shownNames(fixture).first == "Margaret Holloway")   // yesterday
        // Theo never; Oliver and Priya longest ago (Noor and Анна were seen in daily notes).
        #expect(Array(shownNames(fixture).suffix(3)) == ["Priya Raman", "Oliver Finch", "Theo Vance"])
        fixture.press(.character("s"))
        #expect(fixture.state.list.order == .due)
    }

    @Test func theOrdersAreCrmListsOrders() throws {
        let fixture = try BrowseFixture()
        for (sort, presses) in [("name", 1), ("last", 2), ("due", 3)] {
            for _ in 0..<presses { fixture.press(.character("s")) }
            let listed = try CRM.run(["--vault", fixture.vault.path, "list", "--sort", sort, "--json"], environment: ["CRM_TODAY": "2026-11-29"])
            let ids = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as! [[String: Any]]
            #expect(fixture.state.list.shown.map { fixture.state.listing.rows[$0].id } == ids.map { $0["id"] as! String }, "\(sort)")
            for _ in 0..<(3 - presses) { fixture.press(.character("s")) }
        }
    }

    @Test func tTogglesTheTodayView() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("t"))
        #expect(fixture.screen.lines[0].hasPrefix("crm · ~/people · Today · Sunday 29 November"))
        #expect(fixture.text.contains("Overdue"))
        #expect(fixture.text.contains("Today · Sunday 29 November"))
        #expect(fixture.screen.lines[2].hasPrefix("> due          Theo Vance"))
        fixture.press(.character("j"), .enter)
        #expect(fixture.screen.lines[0] == "Priya Raman  people/priya-raman.md")
        fixture.press(.character("q"))
        #expect(fixture.text.contains("Overdue"))
        fixture.press(.character("t"))
        #expect(fixture.screen.lines[1].hasPrefix("  NAME"))
    }

    @Test func anEmptyVaultSaysNoPeopleYetAndHowToAddOne() throws {
        let fixture = try BrowseFixture(example: false)
        #expect(fixture.text.contains("No people yet."))
        #expect(fixture.text.contains("Press a to add someone by name,"))
        #expect(fixture.text.contains("or run: crm add \"Ada Lovelace\""))
        #expect(fixture.screen.lines[0] == "crm · ~/people · 0 people")
    }

    @Test func spaceMarksAndEscUnmarks() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character(" "), .character(" "))
        #expect(fixture.state.list.marked == ["theo-vance", "priya-raman"])
        #expect(fixture.screen.lines[2].hasPrefix(" *Theo Vance"))
        #expect(fixture.screen.lines[0].contains("2 marked"))
        fixture.press(.character("k"), .character(" "))
        #expect(fixture.state.list.marked == ["theo-vance"])
        fixture.press(.escape)
        #expect(fixture.state.list.marked.isEmpty)
    }

    @Test func lOnTheListLogsForThePersonSelected() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("l"))
        guard case .sheet(let sheet)? = fixture.state.top else { Issue.record("no sheet"); return }
        #expect(sheet.people.map(\.name) == ["Theo Vance"])
        #expect(sheet.kind == .log)
    }

    @Test func aOpensThePickerWithAnAddressBookElseAsksForAName() throws {
        let withBook = try BrowseFixture(environment: ["CRM_CONTACTS": "~/contacts.vcf"])
        withBook.press(.character("a"))
        guard case .picker(let picker)? = withBook.state.top else { Issue.record("no picker"); return }
        #expect(picker.choices.map(\.contact.name) == ["Ada Lovelace", "Ada Byron King", "Charles Babbage"])
        let without = try BrowseFixture()
        without.press(.character("a"))
        guard case .nameEntry? = without.state.top else { Issue.record("no name entry"); return }
        #expect(without.screen.lines[0] == "Add a person")
    }

    @Test func questionMarkShowsAboutAndQQuits() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("?"))
        #expect(fixture.text.contains("My Person CRM 0.1.0"))
        #expect(fixture.text.contains("GPL-3.0"))
        #expect(fixture.text.contains("Vault     ~/people"))
        fixture.press(.character("q"))
        #expect(fixture.state.top == nil)
        #expect(fixture.press(.character("q")) == .quit)
    }

    @Test func ctrlCQuitsFromEveryScreenAndCtrlZAndCtrlLGoToTheLoop() throws {
        let fixture = try BrowseFixture()
        #expect(fixture.press(.control("c")) == .quit)
        fixture.open("lena")
        fixture.press(.character("l"))
        #expect(fixture.press(.control("c")) == .quit)
        #expect(fixture.press(.control("z")) == .suspend)
        #expect(fixture.press(.control("l")) == .redraw)
    }
}
