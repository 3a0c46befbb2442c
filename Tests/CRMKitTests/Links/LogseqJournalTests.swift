import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Logseq's journals as Logseq writes them: a task's `SCHEDULED:` or `DEADLINE:` line is its day,
/// block properties and drawers are not its text, and its date links (`[[Jun 12th, 2027]]`, in
/// any of the page-title formats Logseq offers) are links to a day.
@Suite struct LogseqJournalTests {
    func links(_ text: String) -> FileLinks {
        FileLinks(dailyNote: Array(text.utf8), path: "journals/2026_12_05.md", day: Day("2026-12-05")!,
                  types: PersonDocument.LogSettings.standard.types)
    }

    @Test func planningSetsTheDayAndTimeAndIsNotNoteText() {
        let found = links("""
        - TODO Call [[Hannah Berg]] about the move
          SCHEDULED: <2026-12-09 Wed>
          collapsed:: true
        - LATER 09:00 visit: [[Hannah Berg]] at the new flat
          DEADLINE: <2026-12-20 Sun 17:30 .+1w>
          SCHEDULED: <2026-12-18 Fri>
          id:: 6571a2b0-1111-2222-3333-444455556666
          bring the plant
        - DONE Coffee with [[Tom Reed]]
          :LOGBOOK:
          CLOCK: [2026-12-05 Sat 10:00:00]--[2026-12-05 Sat 10:30:00] =>  00:30:00
          :END:
        - Lunch with [[Tom Reed]]
          SCHEDULED: next week, maybe
          :NOTES:
        """)
        let entries = found.entries.map(\.interaction)
        #expect(entries.map(\.date.description) == ["2026-12-09", "2026-12-18", "2026-12-05", "2026-12-05"])
        #expect(entries.map { $0.time?.description } == [nil, "09:00", nil, nil])
        #expect(entries.map(\.note) == ["Call [[Hannah Berg]] about the move", "[[Hannah Berg]] at the new flat\nbring the plant",
                                        "Coffee with [[Tom Reed]]", "Lunch with [[Tom Reed]]\nSCHEDULED: next week, maybe\n:NOTES:"])
        #expect(entries.map(\.lineCount) == [3, 5, 4, 3])
        #expect(entries.map(\.checkbox) == [.open, .open, .done, nil])
        #expect(found.problems.isEmpty)
    }

    /// A child block is part of its parent, as Logseq shows it: a note under a task (or under an
    /// item that links someone) is that item's note, not a second interaction. A task under it
    /// stays a plan of its own, and the items under a heading item that links nobody stay items.
    @Test func aChildBlockIsItsParentsNoteNotAnInteractionOfItsOwn() {
        let found = links("""
        - DONE Called [[Hannah Berg]]
        \t- sub note about [[Hannah Berg]]
        \t  collapsed:: true
        \t- and [[Tom Reed]] was there
        \t\t- deeper still
        \t- TODO send [[Hannah Berg]] the photos
        \t  SCHEDULED: <2026-12-09 Wed>
        - Meetings
        \t- Coffee with [[Tom Reed]]
        \t- Lunch with [[Hannah Berg]]
        """)
        let entries = found.entries.map(\.interaction)
        #expect(entries.map(\.note) == ["Called [[Hannah Berg]]\n- sub note about [[Hannah Berg]]\n- and [[Tom Reed]] was there\n\t- deeper still",
                                        "send [[Hannah Berg]] the photos", "Coffee with [[Tom Reed]]", "Lunch with [[Hannah Berg]]"])
        #expect(entries.map(\.date.description) == ["2026-12-05", "2026-12-09", "2026-12-05", "2026-12-05"])
        #expect(entries.map(\.checkbox) == [.done, .open, nil, nil])
        #expect(found.entries.map { Set($0.links.map(\.target)) } == [["Hannah Berg", "Tom Reed"], ["Hannah Berg"], ["Tom Reed"], ["Hannah Berg"]])
        #expect(found.problems.isEmpty)
    }

    @Test func aPlanningTimeStandsForTheItemsOwn() {
        let found = links("- TODO 08:00 call: [[Hannah Berg]]\n  SCHEDULED: <2026-12-09 Wed 10:00-11:00>\n- TODO 08:00 [[Tom Reed]]\n  SCHEDULED: <2026-12-09 Wed>\n")
        #expect(found.entries.map { $0.interaction.time?.description } == ["10:00", "08:00"])
    }

    @Test func aPlanningLineWithoutADayIsAnErrorAtItsColumn() {
        let found = links("- TODO Call [[Hannah Berg]]\n  DEADLINE: <2026-12-32 Wed>\n- TODO [[Tom Reed]]\n\tSCHEDULED: <soon>\n")
        #expect(found.entries.isEmpty)
        #expect(found.problems.map(\.description) == [
            "journals/2026_12_05.md:2:14: error: invalid date in DEADLINE '<2026-12-32 Wed>'; the item is not read as an interaction [invalid-entry]",
            "journals/2026_12_05.md:4:14: error: invalid date in SCHEDULED '<soon>'; the item is not read as an interaction [invalid-entry]",
        ])
    }

    // MARK: Date links

    /// Logseq's page-title formats (its settings' list), as `DateFormatter` writes them; `do` is
    /// the day with its English ordinal suffix.
    static let formats = ["MMM do, yyyy", "MMMM do, yyyy", "do MMM yyyy", "do MMMM yyyy", "E, dd-MM-yyyy", "E, dd.MM.yyyy",
                          "E, MM/dd/yyyy", "E, yyyy/MM/dd", "EEEE, dd-MM-yyyy", "EEEE, dd.MM.yyyy", "EEEE, MM/dd/yyyy",
                          "EEEE, yyyy/MM/dd", "dd-MM-yyyy", "dd.MM.yyyy", "MM/dd/yyyy", "MM-dd-yyyy", "MM_dd_yyyy",
                          "yyyy/MM/dd", "yyyy-MM-dd", "yyyy-MM-dd EEEE", "yyyy_MM_dd", "yyyyMMdd", "yyyy年MM月dd日"]

    static func title(of date: Date, format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        let day = Calendar(identifier: .gregorian).dateComponents(in: formatter.timeZone, from: date).day!
        let suffix = (11...13).contains(day) ? "th" : [1: "st", 2: "nd", 3: "rd"][day % 10] ?? "th"
        formatter.dateFormat = format.replacing("do", with: "d'\(suffix)'")
        return formatter.string(from: date)
    }

    @Test func everyDayInEveryLogseqTitleFormatIsThatDay() {
        var day = Day("2024-01-01")!   // a leap year: every day of every month
        var checked = 0
        while day <= Day("2024-12-31")! {
            let date = Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400))
            for format in Self.formats {
                let title = Self.title(of: date, format: format)
                let days = JournalTitle.days(title)
                #expect(days.contains(day), "\(title) (\(format)) read as \(days)")
                #expect(days.count == 1 || format.hasSuffix("dd-MM-yyyy") || format == "MM-dd-yyyy", "\(title): \(days)")
                for variant in [title.lowercased(), title.uppercased()] where !variant.contains("年") {
                    #expect(JournalTitle.days(variant) == days, "\(variant)")
                }
                checked += 1
            }
            day = day.adding(days: 1)
        }
        #expect(checked == 366 * Self.formats.count)
    }

    @Test func namesAndImpossibleDaysAreNotDays() {
        for title in ["Jun 12th", "Jun 31st, 2027", "Jun 12st, 2027", "June 12, 2027", "Feb 29th, 2027", "12th Jun, 2027",
                      "13-13-2027", "2027/13/01", "Sat 12-06-2027", "Sat, 06_12_2027", "Sat, 2027-06-12", "Juniper 12th, 2027",
                      "Jun 12th, 27", "202706120", "2027061", "Tom Reed", "Mayday 1st, 2027", "Agent 007", "12.06.2027 notes"] {
            #expect(!JournalTitle.isDay(title), "\(title)")
        }
        #expect(JournalTitle.days("06-12-2027") == [Day("2027-12-06")!, Day("2027-06-12")!])
        #expect(JournalTitle.days("12-12-2027") == [Day("2027-12-12")!])
        #expect(JournalTitle.days("13-06-2027") == [Day("2027-06-13")!])
        #expect(PersonLink.namesDay(" Jun 12th, 2027 "))
    }

    // MARK: The tool

    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: journals\n")
        try vault.write("people/hannah-berg.md", "---\nname: Hannah Berg\nevery: 30d\nadded: 2026-11-20\n---\n")
        try vault.write("people/tom-reed.md", "---\nname: Tom Reed\n---\n\n## Interactions\n\n- 2026-11-20 call: Plans for [[Jun 12th, 2027]]\n")
        try vault.write("journals/2026_11_28.md", """
        - TODO Call [[Hannah Berg]] about the move
          SCHEDULED: <2026-11-30 Mon>
          collapsed:: true
        - Lunch with [[Tom Reed]], see [[Nov 28th, 2026]] and [[28th November 2026]]
          id:: 6571a2b0-1111-2222-3333-444455556666

        """)
        return vault
    }

    @Test func aScheduledTaskIsDueOnItsDayNotTheNotes() throws {
        let vault = try vault()
        let agenda = try vault.crm("agenda", "--within", "3d")
        #expect(agenda.stdout == """
        Tomorrow · Monday 30 November
                    Hannah Berg  Call Hannah Berg about the move

        """, "\(agenda.stdout)\(agenda.stderr)")
        let show = try vault.crm("show", "hannah")
        #expect(show.stdout.contains("""
        Coming up (1)
             2026-11-30        note  Call Hannah Berg about the move
                                     in journals/2026_11_28.md:1
        """), "\(show.stdout)")
        #expect(!show.stdout.contains("SCHEDULED") && !show.stdout.contains("collapsed"))
        let tom = try vault.crm("show", "tom", "--json")
        #expect(!tom.stdout.contains("id::"), "\(tom.stdout)")
    }

    /// `crm show` and `crm list` count a task and the block under it as one interaction: the
    /// block is shown as the task's note (it made two calls with Hannah on one day).
    @Test func showAndListCountATaskAndItsChildBlockOnce() throws {
        let vault = try vault()
        try vault.write("journals/2026_11_27.md", "- DONE Called [[Hannah Berg]]\n\t- sub note about [[Hannah Berg]]\n")
        let show = try vault.crm("show", "hannah")
        #expect(show.stdout.contains("""
        Interactions (1)
             2026-11-27        note  Called Hannah Berg
                                     - sub note about Hannah Berg
                                     in journals/2026_11_27.md:1
        """), "\(show.stdout)")
        let list = try vault.crm("list", "--json")
        let hannah = try #require((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?.first { $0["name"] as? String == "Hannah Berg" })
        #expect(hannah["interactions"] as? Int == 1, "\(list.stdout)")
        #expect(hannah["last"] as? String == "2026-11-27")
    }

    @Test func logseqDateLinksAreNotDead() throws {
        let vault = try vault()
        try vault.write("journals/2026_11_29.md", "- Met [[Ana Gomez]] on [[Nov 29th, 2026]]\n")
        let check = try vault.crm("check")
        #expect(check.stdout == """
        journals/2026_11_29.md:1:7: warning: link [[Ana Gomez]] is dead: no person and no note of the vault is named 'Ana Gomez' [dead-link]

        """, "\(check.stdout)")
    }
}
