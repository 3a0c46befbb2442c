import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// The log sheet, the contact picker and adding by name: their keys, and what they write
/// against what the command line writes for the same input.
@Suite struct BrowseSheetTests {
    private func sheet(_ fixture: BrowseFixture) -> LogSheet? {
        if case .sheet(let sheet)? = fixture.state.top { return sheet }
        return nil
    }

    /// The vault's file after `crm ARGS` on a fresh copy of the example vault.
    private func afterCrm(_ arguments: [String], file: String, stdin: String? = nil) throws -> String {
        try BrowseFixture.afterCrm(arguments, file: file, stdin: stdin).file
    }

    @Test func ctrlSSavesExactlyWhatCrmLogWrites() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("l"))
        fixture.type("Walked along the canal.")
        fixture.press(.enter)
        fixture.type("  She has found a flat.")
        let before = fixture.read("people/lena-marsh.md")
        fixture.press(.control("s"))
        let after = fixture.read("people/lena-marsh.md")
        #expect(after.split(separator: "\n", omittingEmptySubsequences: false).count
                == before.split(separator: "\n", omittingEmptySubsequences: false).count + 2)
        #expect(after == (try afterCrm(["log", "lena", "-"], file: "people/lena-marsh.md", stdin: "Walked along the canal.\n  She has found a flat.")))
        #expect(fixture.state.top.map { if case .person = $0 { true } else { false } } == true)
        #expect(fixture.state.message?.text == "Logged call with Lena Marsh on 2026-11-29 (people/lena-marsh.md:18)")
        #expect(fixture.text.contains("Walked along the canal."))
    }

    @Test func theFileGainsExactlyOneLineForAOneLineNote() throws {
        let fixture = try BrowseFixture()
        fixture.open("henrik")
        let before = fixture.read("people/henrik-dahl.md")
        fixture.press(.character("l"))
        fixture.type("Ran the bridges loop.")
        fixture.press(.control("s"))
        let after = fixture.read("people/henrik-dahl.md")
        #expect(after == before + "- 2026-11-29 call: Ran the bridges loop.\n")
    }

    @Test func tabAndShiftTabGoFromFieldToFieldAndTheArrowsChangeTheType() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("l"))
        #expect(sheet(fixture)?.focus == .note)
        fixture.press(.tab)
        #expect(sheet(fixture)?.focus == .type)    // no calendar: the note is the last field
        fixture.press(.right, .right)
        #expect(sheet(fixture)?.type == "email")
        fixture.press(.left)
        #expect(sheet(fixture)?.type == "message")
        fixture.press(.character("v"))
        #expect(sheet(fixture)?.type == "visit")
        fixture.press(.tab)
        #expect(sheet(fixture)?.focus == .date)
        fixture.press(.tab)
        #expect(sheet(fixture)?.focus == .time)
        fixture.press(.backTab, .backTab)
        #expect(sheet(fixture)?.focus == .type)
        #expect(fixture.screen.lines[2].hasPrefix("> Type      call  message  email  [visit]  note"))
    }

    @Test func theDateAndTimeAreReadAsCrmLogReadsThem() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("l"), .tab, .right, .right, .right, .tab, .control("u"))   // visit
        fixture.type("-3d")
        fixture.press(.tab)
        fixture.type("18:30")
        fixture.press(.tab)
        fixture.type("Tea.")
        fixture.press(.control("s"))
        let expected = try afterCrm(["log", "lena", "Tea.", "--type", "visit", "--date", "-3d", "--time", "18:30"], file: "people/lena-marsh.md")
        #expect(fixture.read("people/lena-marsh.md") == expected)
    }

    @Test func aBadDateOrTimeOrAnEmptyNoteIsSaidAndNothingWritten() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        let before = fixture.read("people/lena-marsh.md")
        fixture.press(.character("l"), .control("s"))
        #expect(sheet(fixture)?.problem?.hasPrefix("Note:") == true)
        fixture.type("Something.")
        fixture.press(.backTab, .backTab, .control("u"))
        fixture.type("2026-02-30")
        #expect(fixture.screen.lines[3].contains("not a date"))
        fixture.press(.control("s"))
        #expect(sheet(fixture)?.problem?.hasPrefix("Date: invalid date '2026-02-30'") == true)
        #expect(sheet(fixture)?.focus == .date)
        fixture.press(.control("u"))
        fixture.type("today")
        fixture.press(.tab)
        fixture.type("25:00")
        fixture.press(.control("s"))
        #expect(sheet(fixture)?.problem == "Time: '25:00' is not HH:MM (00:00 to 23:59)")
        #expect(fixture.read("people/lena-marsh.md") == before)
    }

    @Test func escCancelsAndAsksFirstWhenANoteIsTyped() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("l"), .escape)
        #expect(sheet(fixture) == nil)
        fixture.press(.character("l"))
        fixture.type("Half a thought")
        fixture.press(.escape)
        #expect(sheet(fixture)?.isConfirmingCancel == true)
        #expect(fixture.screen.lines[22] == "Discard this note? y/n")
        fixture.press(.character("n"))
        #expect(sheet(fixture)?.note.text == "Half a thought")
        fixture.press(.escape, .character("y"))
        #expect(sheet(fixture) == nil)
        #expect(fixture.state.message?.text == "Nothing saved.")
    }

    @Test func thePlanSheetWritesWhatCrmPlanWrites() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("p"))
        fixture.type("Ask how the move went.")
        fixture.press(.control("s"))
        let expected = try afterCrm(["plan", "lena", "Ask how the move went.", "--date", "tomorrow"], file: "people/lena-marsh.md")
        #expect(fixture.read("people/lena-marsh.md") == expected)
        #expect(fixture.state.message?.text.hasPrefix("Planned call with Lena Marsh on 2026-11-30") == true)
    }

    @Test func theCalendarFieldIsOfferedOnlyWithACalendarAndAddsTheEvent() throws {
        let plain = try BrowseFixture()
        plain.open("lena")
        plain.press(.character("l"))
        #expect(sheet(plain)?.fields.contains(.calendar) == false)
        #expect(!plain.text.contains("Calendar"))
        let fixture = try BrowseFixture(environment: ["CRM_CALENDAR": "~/calendar"])
        try FileManager.default.createDirectory(at: fixture.home.appendingPathComponent("calendar"), withIntermediateDirectories: true)
        fixture.open("lena")
        fixture.press(.character("l"))
        fixture.type("Dinner.")
        fixture.press(.tab)
        #expect(sheet(fixture)?.focus == .calendar)
        fixture.press(.character(" "))
        #expect(sheet(fixture)?.addsToCalendar == true)
        #expect(fixture.text.contains("[x] also add to my calendar (~/calendar)"))
        fixture.press(.control("s"))
        let events = try FileManager.default.contentsOfDirectory(atPath: fixture.home.appendingPathComponent("calendar").path)
        #expect(events.count == 1 && events[0].hasSuffix(".ics"))
        #expect(fixture.state.message?.text.contains("Added the event to \(fixture.home.path)/calendar/") == true)
    }

    /// `crm ARGS` on a fresh copy of the example vault, with a home folder of its own where
    /// `$CRM_CALENDAR` is `~/calendar.ics`: that calendar file, and what crm printed (standard
    /// error merged into standard output, as a terminal shows them), the home folder as `HOME`.
    private func crmWithCalendar(_ arguments: [String]) throws -> (calendar: String, printed: String) {
        let vault = try TemporaryVault(copyingExample: true)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("crm-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try CRM.run(["--vault", vault.path] + arguments, environment: ["HOME": home.path, "CRM_CALENDAR": "~/calendar.ics"],
                                 launcher: ["sh", "-c", "exec \"$0\" \"$@\" 2>&1"])
        #expect(result.status == 0, "\(result.stdout)")
        let calendar = try String(contentsOf: home.appendingPathComponent("calendar.ics"), encoding: .utf8)
        return (calendar, result.stdout.replacingOccurrences(of: home.path, with: "HOME"))
    }

    /// The sheet's message is what crm printed, a sentence a line, without `crm: warning: `.
    private func message(_ printed: String) -> String { BrowseFixture.message(printed) }

    @Test func theCalendarEventAndTheMessageAreCrmLogCalendarsAlarmIncluded() throws {
        let fixture = try BrowseFixture(environment: ["CRM_CALENDAR": "~/calendar.ics"])
        fixture.open("lena")
        fixture.press(.character("l"), .backTab)
        fixture.type("19:00")
        fixture.press(.backTab, .control("u"))
        fixture.type("2026-12-05")
        fixture.press(.tab, .tab)
        fixture.type("Dinner at [[Priya Raman]]'s.")
        fixture.press(.tab, .character(" "), .control("s"))
        let browsed = try String(contentsOf: fixture.home.appendingPathComponent("calendar.ics"), encoding: .utf8)
        let crm = try crmWithCalendar(["log", "lena", "Dinner at [[Priya Raman]]'s.", "--date", "2026-12-05", "--time", "19:00", "--calendar"])
        func withoutUID(_ calendar: String) -> String {
            calendar.split(separator: "\r\n").filter { !$0.hasPrefix("UID:") }.joined(separator: "\r\n")
        }
        #expect(withoutUID(browsed) == withoutUID(crm.calendar))
        #expect(browsed.contains("BEGIN:VALARM\r\n") && browsed.contains("DTSTART:20261205T190000\r\n"))
        #expect(fixture.state.message?.text.replacingOccurrences(of: fixture.home.path, with: "HOME") == message(crm.printed))
        #expect(crm.printed.contains("is after today") && crm.printed.contains("Added the event to HOME/calendar.ics"))
    }

    @Test func aPlansEventAndMessageAreCrmPlanCalendarsByteForByte() throws {
        let fixture = try BrowseFixture(environment: ["CRM_CALENDAR": "~/calendar.ics"])
        fixture.open("lena")
        fixture.press(.character("p"))
        fixture.type("Flat viewing.")
        fixture.press(.tab, .character(" "), .control("s"))
        let browsed = try String(contentsOf: fixture.home.appendingPathComponent("calendar.ics"), encoding: .utf8)
        let crm = try crmWithCalendar(["plan", "lena", "Flat viewing.", "--date", "tomorrow", "--calendar"])
        #expect(browsed == crm.calendar)
        #expect(browsed.contains("BEGIN:VALARM\r\n"))
        #expect(fixture.state.message?.text.replacingOccurrences(of: fixture.home.path, with: "HOME") == message(crm.printed))
    }

    @Test func aSaveOverAFileChangedMeanwhileKeepsBothLines() throws {
        let fixture = try BrowseFixture()
        fixture.open("henrik")
        fixture.press(.character("l"))
        fixture.type("Saved from the sheet.")
        // Someone else writes the file while the sheet is open.
        try fixture.write("people/henrik-dahl.md", fixture.read("people/henrik-dahl.md") + "- 2026-11-28 visit: Written elsewhere.\n")
        fixture.press(.control("s"))
        let text = fixture.read("people/henrik-dahl.md")
        #expect(text.contains("- 2026-11-28 visit: Written elsewhere.\n"))
        #expect(text.contains("- 2026-11-29 call: Saved from the sheet.\n"))
    }

    @Test func aFileThatCannotBeReadIsNotListedAndTheMessageNamesItsLine() throws {
        let fixture = try BrowseFixture(people: ["broken": "---\nname: Broken\n"])
        #expect(fixture.state.message?.kind == .error)
        #expect(fixture.state.message?.text.hasPrefix("people/broken.md:1:1:") == true)
        #expect(!fixture.state.listing.rows.contains { $0.id == "broken" })
        #expect(fixture.read("people/broken.md") == "---\nname: Broken\n")
    }

    @Test func aLogLineThatCannotBeReadIsSaidWhenThePageOpens() throws {
        let fixture = try BrowseFixture(people: ["odd": "---\nname: Odd One\n---\n\n## Interactions\n\n- 2026-13-22 call: not a date\n"])
        fixture.open("odd one")
        #expect(fixture.state.message?.text.hasPrefix("people/odd.md:7:") == true)
    }

    // MARK: The picker

    @Test func thePickerFiltersNamesEmailsAndPhonesAndEnterAddsAsAddFromUIDDoes() throws {
        let fixture = try BrowseFixture(environment: ["CRM_CONTACTS": "~/contacts.vcf"])
        fixture.press(.character("a"))
        fixture.type("babbage")
        guard case .picker(let picker)? = fixture.state.top else { Issue.record("no picker"); return }
        #expect(picker.shown.map { picker.choices[$0].contact.name } == ["Charles Babbage"])
        fixture.press(.control("u"))
        fixture.type("king@")
        guard case .picker(let byEmail)? = fixture.state.top else { return }
        #expect(byEmail.selectedChoice?.contact.name == "Ada Byron King")
        fixture.press(.control("u"))
        fixture.type("7946 0018")
        guard case .picker(let byPhone)? = fixture.state.top else { return }
        #expect(byPhone.selectedChoice?.contact.name == "Ada Lovelace")
        let uid = byPhone.selectedChoice!.contact.uid!
        fixture.press(.enter)
        #expect(fixture.screen.lines[0] == "Ada Lovelace  people/ada-lovelace.md")
        #expect(fixture.state.message?.text == "Added Ada Lovelace (people/ada-lovelace.md) from ~/contacts.vcf")
        let expected = try afterCrm(["add", "--from", fixture.home.appendingPathComponent("contacts.vcf").path, "--uid", uid],
                                    file: "people/ada-lovelace.md")
        #expect(fixture.read("people/ada-lovelace.md") == expected)
    }

    @Test func trackedContactsAreMarkedAndCannotBePicked() throws {
        let fixture = try BrowseFixture(environment: ["CRM_CONTACTS": "~/contacts.vcf"])
        fixture.press(.character("a"))
        fixture.type("lovelace")
        fixture.press(.enter)                                  // adds Ada Lovelace
        fixture.press(.character("q"), .character("a"))
        fixture.type("lovelace")
        #expect(fixture.text.contains("tracked as Ada Lovelace"))
        fixture.press(.enter)
        #expect(fixture.state.message?.text == "Ada Lovelace is tracked already, as Ada Lovelace")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.vault.appendingPathComponent("people").path)
                    .filter { $0.hasPrefix("ada-lovelace") }.count == 1)
    }

    @Test func escInThePickerClearsTheFilterThenCancels() throws {
        let fixture = try BrowseFixture(environment: ["CRM_CONTACTS": "~/contacts.vcf"])
        fixture.press(.character("a"))
        fixture.type("ada")
        fixture.press(.escape)
        guard case .picker(let picker)? = fixture.state.top else { Issue.record("no picker"); return }
        #expect(picker.filter.isEmpty && picker.shown.count == 3)
        fixture.press(.escape)
        #expect(fixture.state.top == nil)
    }

    @Test func addingByNameWritesWhatCrmAddWrites() throws {
        let fixture = try BrowseFixture()
        fixture.press(.character("a"))
        fixture.type("Zoë Ærøskøbing")
        #expect(fixture.text.contains("people/zoe-aeroskobing.md"))
        fixture.press(.enter)
        #expect(fixture.screen.lines[0] == "Zoë Ærøskøbing  people/zoe-aeroskobing.md")
        let expected = try afterCrm(["add", "Zoë Ærøskøbing"], file: "people/zoe-aeroskobing.md")
        #expect(fixture.read("people/zoe-aeroskobing.md") == expected)
        fixture.press(.character("q"), .character("a"))
        fixture.type("zoe ærøskøbing")
        fixture.press(.enter)
        #expect(fixture.state.message?.text == "people/zoe-aeroskobing.md already tracks Zoë Ærøskøbing")
        fixture.press(.control("u"), .enter)
        #expect(fixture.text.contains("name"))
    }

    @Test func addingAContactSaysWhatCrmAddFromSays() throws {
        let fixture = try BrowseFixture(environment: ["CRM_CONTACTS": "~/grace.vcf"])
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Hopper\r\nEMAIL:grace@example.org\r\nEND:VCARD\r\n".utf8)
            .write(to: fixture.home.appendingPathComponent("grace.vcf"))
        fixture.press(.character("a"))
        fixture.type("grace")
        fixture.press(.enter)
        let vault = try TemporaryVault(copyingExample: true)
        let crm = try CRM.run(["--vault", vault.path, "add", "--from", "~/grace.vcf", "grace"], environment: ["HOME": fixture.home.path],
                              launcher: ["sh", "-c", "exec \"$0\" \"$@\" 2>&1"])
        #expect(crm.status == 0 && crm.stdout.contains("has no UID"), "\(crm.stdout)")
        #expect(fixture.state.message?.text == BrowseFixture.message(crm.stdout))
        #expect(fixture.read("people/grace-hopper.md") == vault.read("people/grace-hopper.md"))
    }

    @Test func thePickerAloneReturnsTheContactOrNothing() throws {
        let fixture = try BrowseFixture()
        let book = try ContactBook.load(fixture.home.appendingPathComponent("contacts.vcf").path)
        let session = try BrowseSession(picking: book, source: "~/contacts.vcf", query: "ada", vault: try Vault(root: fixture.vault.path),
                                        environment: fixture.environment, user: UserConfig(), version: "0.1.0", size: fixture.size)
        #expect(BrowseLayout.screen(session.state, size: fixture.size).lines[0].hasPrefix("Pick a contact from ~/contacts.vcf"))
        session.press(.down)
        #expect(session.press(.enter) == .quit)
        #expect(session.picked?.name == "Ada Byron King")
        let cancelled = try BrowseSession(picking: book, source: "~/contacts.vcf", query: "", vault: try Vault(root: fixture.vault.path),
                                          environment: fixture.environment, user: UserConfig(), version: "0.1.0", size: fixture.size)
        #expect(cancelled.press(.escape) == .quit)
        #expect(cancelled.picked == nil)
    }
}
