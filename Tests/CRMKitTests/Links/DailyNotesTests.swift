import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Daily notes (`journal: DIR`): each list item that links people is an interaction with them,
/// in Obsidian's and Logseq's layouts; everything else that links them is a mention.
@Suite struct DailyNotesTests {
    func links(_ text: String, day: String = "2026-11-20") -> FileLinks {
        FileLinks(dailyNote: Array(text.utf8), path: "Daily/\(day).md", day: DailyNote.day(ofFile: day)!,
                  types: PersonDocument.LogSettings.standard.types)
    }

    @Test func itemsTakeTheNotesDayOrTheirOwnAndATypeAsALogDoes() {
        let found = links("""
        # Friday

        - Coffee with [[Noor Haddad|Noor]]
        - 12:30 visit: Lunch with [[noor-haddad]] and [[Theo Vance]]
        - 2026-11-18 call: [[Noor]] about the roadmap
        - [[2026-11-19]] 08:00 message: [[noor]]
        - [ ] Ask [[Theo Vance]] for the notes
        - [x] email: Sent [[Theo]] the deck
        - Bought bread, no one linked
        Walked home thinking about [[Noor Haddad]].
        """)
        let entries = found.entries.map(\.interaction)
        #expect(entries.map(\.date.description) == ["2026-11-20", "2026-11-20", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-20"])
        #expect(entries.map { $0.time?.description } == [nil, "12:30", nil, "08:00", nil, nil])
        #expect(entries.map(\.type) == ["note", "visit", "call", "message", "note", "email"])
        #expect(entries.map(\.checkbox) == [nil, nil, nil, nil, .open, .done])
        #expect(entries.map(\.note) == ["Coffee with [[Noor Haddad|Noor]]", "Lunch with [[noor-haddad]] and [[Theo Vance]]",
                                        "[[Noor]] about the roadmap", "[[noor]]", "Ask [[Theo Vance]] for the notes", "Sent [[Theo]] the deck"])
        #expect(entries.map(\.line) == [3, 4, 5, 6, 7, 8])
        #expect(found.entries[1].links.map(\.target) == ["noor-haddad", "Theo Vance"])
        #expect(found.mentions.map(\.line) == [10])
        #expect(found.problems.isEmpty)
    }

    @Test func logseqNestsItemsWithTabsAndMarksTasks() {
        let found = links("""
        - [[Noor Haddad]] coffee
        \t- talked about the roadmap
        \t- TODO send [[Noor Haddad]] the slides
        \t\t- DONE call: [[Theo Vance]] about it
        \t- CANCELED lunch with [[Theo Vance]]
        - meeting
        \tnotes with [[Theo Vance]] indented under it
        """, day: "2026_11_20")
        let entries = found.entries.map(\.interaction)
        #expect(entries.map(\.line) == [1, 3, 4, 6])
        #expect(entries.map(\.checkbox) == [nil, .open, .done, nil])
        #expect(entries.map(\.type) == ["note", "note", "call", "note"])
        // A block nested under an item that links someone is its note; a nested task is a plan of its own.
        #expect(entries.map(\.note) == ["[[Noor Haddad]] coffee\n- talked about the roadmap", "send [[Noor Haddad]] the slides", "[[Theo Vance]] about it",
                                        "meeting\nnotes with [[Theo Vance]] indented under it"])
        #expect(found.mentions.isEmpty)
    }

    @Test func aBadDateIsAProblemAtItsColumn() {
        // (Under an item that links nobody, a nested item is one of its own; see logseqNestsItemsWithTabsAndMarksTasks.)
        let found = links("- call: fine [[Noor]]\n- notes\n  - 2026-13-01 call: [[Noor]]\n- 9:30 coffee [[Noor]]\n")
        #expect(found.entries.count == 2)
        #expect(found.problems.map(\.description) == [
            "Daily/2026-11-20.md:3:5: error: invalid date '2026-13-01'; the item is not read as an interaction [invalid-entry]",
            "Daily/2026-11-20.md:4:3: warning: time '9:30' is not HH:MM; read as part of the note [odd-time]",
        ])
    }

    @Test func frontMatterAndCodeAreNotItems() {
        let found = links("---\nattendees:\n  - \"[[Noor]]\"\n---\n```\n- [[Noor]] in code\n```\n- [[Noor]]\n")
        #expect(found.entries.map(\.interaction.line) == [8])
        #expect(found.mentions.map(\.line) == [3])
    }

    @Test func fileNamesStartWithTheDay() {
        #expect(DailyNote.day(ofFile: "Daily/2026/11/2026-11-20.md") == Day("2026-11-20"))
        #expect(DailyNote.day(ofFile: "journals/2026_11_20.md") == Day("2026-11-20"))
        #expect(DailyNote.day(ofFile: "2026-11-20 Friday.md") == Day("2026-11-20"))
        #expect(DailyNote.day(ofFile: "2026-02-30.md") == nil)
        #expect(DailyNote.day(ofFile: "Meeting 2026-11-20.md") == nil)
    }

    // MARK: The tool

    func vault(journal: String) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: \(journal)\n")
        try vault.write("people/noor-haddad.md", "---\nname: Noor Haddad\n---\n")
        try vault.write("people/theo-vance.md", "---\nname: Theo Vance\nevery: 30d\n---\n\n## Interactions\n\n- 2026-10-01 call: Old call.\n")
        return vault
    }

    @Test func obsidianDailyNotesInSubfoldersShowWithTheirPlace() throws {
        let vault = try vault(journal: "Daily")
        try vault.write("Daily/2026/11/2026-11-26 Thursday.md", "# Thursday\n\n- 12:30 visit: Coffee with [[Noor Haddad|Noor]] and [[Theo Vance|Theo]]\n")
        try vault.write("Daily/2026/11/2026-12-03.md", "- [ ] Ask [[theo-vance]] for the onboarding notes\n")
        try vault.write("Daily/templates/daily.md", "- [[Noor Haddad]] is not a day\n")
        try vault.write("Elsewhere/2026-11-27.md", "- outside the journal: [[Noor Haddad]]\n")
        let show = try vault.crm("show", "noor")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("""
        Interactions (1)
             2026-11-26 12:30  visit  Coffee with Noor and Theo
                                      in Daily/2026/11/2026-11-26 Thursday.md:3
        """), "\(show.stdout)")
        #expect(show.stdout.contains("""
        Mentioned (2)
          Daily/templates/daily.md:1  - [[Noor Haddad]] is not a day
          Elsewhere/2026-11-27.md:1  - outside the journal: [[Noor Haddad]]
        """), "\(show.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", "theo", "--json").stdout.utf8)) as? [String: Any])
        let interactions = try #require(json["interactions"] as? [[String: Any]])
        #expect(interactions.map { $0["date"] as? String } == ["2026-12-03", "2026-11-26", "2026-10-01"])
        #expect(interactions.map { $0["from"] as? String } == ["Daily/2026/11/2026-12-03.md", "Daily/2026/11/2026-11-26 Thursday.md", nil])
        #expect(interactions.map { $0["with"] as? [String] } == [[], ["noor-haddad"], []])
        #expect(interactions.map { $0["status"] as? String } == ["open", "done", "done"])
        #expect(interactions.map { $0["line"] as? Int } == [1, 3, 8])
    }

    @Test func logseqJournalsAreRead() throws {
        let vault = try vault(journal: "journals")
        try vault.write("journals/2026_11_26.md", "- [[Noor Haddad]] coffee\n\t- DONE call: [[Theo Vance]] about the roadmap\n")
        let show = try vault.crm("show", "theo", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let first = try #require((json["interactions"] as? [[String: Any]])?.first)
        #expect(first["date"] as? String == "2026-11-26")
        #expect(first["type"] as? String == "call")
        #expect(first["checkbox"] as? String == "x")
        #expect(first["from"] as? String == "journals/2026_11_26.md")
        #expect(first["line"] as? Int == 2)
    }

    @Test func withoutAJournalDatedNotesAreNotes() throws {
        let vault = try TemporaryVault()
        try vault.write("people/noor-haddad.md", "---\nname: Noor Haddad\n---\n")
        try vault.write("Daily/2026-11-26.md", "- Coffee with [[Noor Haddad]]\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", "noor", "--json").stdout.utf8)) as? [String: Any])
        #expect((json["interactions"] as? [Any])?.isEmpty == true)
        #expect((json["mentions"] as? [[String: Any]])?.map { $0["path"] as? String } == ["Daily/2026-11-26.md"])
    }

    @Test func checkReportsDailyNoteProblemsAsALogsAndTheToolNeverWritesThem() throws {
        let vault = try vault(journal: "Daily")
        let note = "- 2026-13-01 call: [[Noor Haddad]]\n- coffee with [[Chidi Okafor]]\n- [[Sam]] and [[2026-11-20]]\n"
        try vault.write("Daily/2026-11-26.md", note)
        try vault.write("Daily/2026-02-30.md", "- [[Noor Haddad]]\n")
        try vault.write("Sam.md", "A note named Sam: a link to it is not dead.\n")
        let check = try vault.crm("check")
        #expect(check.stdout == """
        Daily/2026-02-30.md:1:1: warning: the file name starts with '2026-02-30', which is not a day: not read as a daily note [not-a-day]
        Daily/2026-11-26.md:1:3: error: invalid date '2026-13-01'; the item is not read as an interaction [invalid-entry]
        Daily/2026-11-26.md:2:15: warning: link [[Chidi Okafor]] is dead: no person and no note of the vault is named 'Chidi Okafor' [dead-link]

        """, "\(check.stdout)")
        #expect(check.status == 1)
        _ = try vault.crm("log", "noor", "Call")
        _ = try vault.crm("fmt")
        #expect(vault.read("Daily/2026-11-26.md") == note)
    }
}
