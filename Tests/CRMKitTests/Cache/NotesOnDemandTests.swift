import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// A log read with notes on demand (`crm show`, which must show a log of a million entries) holds
/// each entry as its position in the file; asked for, it gives exactly what the ordinary reading gives.
@Suite struct NotesOnDemandTests {
    static let today = Day(year: 2026, month: 11, day: 29)!

    @Test(arguments: Fixtures.names)
    func sameEntriesAsTheOrdinaryReading(_ name: String) throws {
        let whole = Fixtures.document(name)
        let indexed = PersonDocument(bytes: Fixtures.bytes(name), path: "people/\(name).md", notesOnDemand: true)
        #expect(indexed.log?.entries == whole.log?.entries)
        #expect(indexed.log?.entryCount == whole.log?.entries.count)
        #expect(indexed.log?.order == whole.log?.order)
        #expect(indexed.interactions == whole.interactions)
        #expect(indexed.interactionCount == whole.interactionCount)
        #expect(indexed.log?.followUps == whole.log?.followUps)
        #expect(indexed.log?.strayLines == whole.log?.strayLines)
        #expect(indexed.diagnostics == whole.diagnostics)
        for today in [nil, NotesOnDemandTests.today, Day(year: 2020, month: 1, day: 1)!, Day(year: 2030, month: 1, day: 1)!] {
            #expect(PersonFacts(document: indexed, id: name, today: today) == PersonFacts(document: whole, id: name, today: today))
        }
        for i in 0..<(whole.log?.entries.count ?? 0) {
            var head = whole.log!.entries[i]
            head.note = ""
            #expect(indexed.log?.head(at: i) == head)
        }
        // What the facts count and order entries by: the entries without their notes, either way.
        let heads = whole.log?.entries.map { entry in var head = entry; head.note = ""; return head }
        #expect(indexed.log.map { Array($0.entriesWithoutNotes) } == heads)
        #expect(whole.log.map { Array($0.entriesWithoutNotes) } == heads)
    }

    /// Mixed order, times on some entries of a day, continuation lines, open items and planned
    /// entries: numbered newest first and split into "Coming up" and the log as before.
    @Test func showPrintsEveryEntryFromTheFile() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", """
        ---
        name: Ada Lovelace
        every: 2w
        ---

        ## Interactions

        - 2026-11-02 call: Second
          with a second line
            indented deeper
        - 2026-12-05 visit: Planned
        - [ ] 2026-11-20 email: Overdue plan
        - 2026-11-02 14:30 email: Timed
        - 2026-10-01: Oldest
        - [ ] Someday
        - 2026-11-28 09:00 message: Newest
        - [x] 2026-11-10 call: Ticked

        """)
        let result = try vault.crm("show", "ada")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("""

        Coming up (3)
          3  2026-11-20        email    Overdue plan (9 days overdue)
          1  2026-12-05        visit    Planned
          8  someday                    Someday

        Interactions (5)
          2  2026-11-28 09:00  message  Newest
          4  2026-11-10        call     Ticked
          5  2026-11-02        call     Second
                                        with a second line
                                          indented deeper
          6  2026-11-02 14:30  email    Timed
          7  2026-10-01        note     Oldest

        """), "\(result.stdout)")
    }
}
