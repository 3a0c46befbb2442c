@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault
import Foundation
import Testing

/// One rule for a log's order (`InteractionLog.direction`): newest first, unless more neighbouring
/// entries go from older to newer; `check` says which, and `log`, `plan`, `done --date` and `fmt`
/// then act on it (CRM_TODAY=2026-11-29).
@Suite struct LogOrderTests {
    func vault(_ log: String) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\n---\n\n## Interactions\n\n" + log)
        return vault
    }

    /// The sample: `check` said the mixed log "is oldest first", then `log` put the entry at the top.
    @Test func aMixedLogMostlyOldestFirstTakesNewEntriesWhereCheckSays() throws {
        let vault = try vault("- 2026-10-01 call: First.\n- 2026-11-20 call: Cards.\n- 2026-11-10 call: Out of place.\n- 2026-11-25 call: Tea.\n")
        let check = try vault.crm("check")
        #expect(check.stdout == "people/ada.md:9:1: warning: entry out of order: 2026-11-10 comes after 2026-11-20 in a log that is "
                + "mostly oldest first, the order new entries follow ('crm fmt' sorts it) [entry-out-of-order]\n")
        #expect(try vault.crm("log", "ada", "Call.").status == 0)
        #expect(try vault.crm("plan", "ada", "Dinner.", "--date", "2026-12-04").status == 0)
        #expect(vault.read("people/ada.md").hasSuffix("- 2026-11-25 call: Tea.\n- 2026-11-29 call: Call.\n- [ ] 2026-12-04 call: Dinner.\n"))
        #expect(try vault.crm("done", "ada", "dinner", "--date", "2026-10-15").status == 0)
        #expect(vault.read("people/ada.md").contains("- 2026-10-01 call: First.\n- [x] 2026-10-15 call: Dinner.\n- 2026-11-20 call: Cards.\n"))
        #expect(try vault.crm("fmt").status == 0)
        #expect(vault.read("people/ada.md").hasSuffix("""
            - 2026-10-01 call: First.
            - [x] 2026-10-15 call: Dinner.
            - 2026-11-10 call: Out of place.
            - 2026-11-20 call: Cards.
            - 2026-11-25 call: Tea.
            - 2026-11-29 call: Call.

            """))
        #expect(try vault.crm("check").stdout.isEmpty)
    }

    @Test func aMixedLogMostlyNewestFirstTakesNewEntriesAtItsTop() throws {
        let vault = try vault("- 2026-11-25 call: Tea.\n- 2026-11-10 call: Out of place.\n- 2026-11-20 call: Cards.\n- 2026-10-01 call: First.\n")
        #expect(try vault.crm("check").stdout.contains("in a log that is mostly newest first, the order new entries follow"))
        try vault.crm("log", "ada", "Call.")
        #expect(vault.read("people/ada.md").contains("## Interactions\n\n- 2026-11-29 call: Call.\n- 2026-11-25 call: Tea.\n"))
    }

    @Test func aTieIsReadAsNewestFirstAndSaysSo() throws {
        let vault = try vault("- 2026-10-01 call: First.\n- 2026-11-20 call: Cards.\n- 2026-11-10 call: Middle.\n")
        #expect(try vault.crm("check").stdout == "people/ada.md:8:1: warning: entry out of order: 2026-11-20 comes after 2026-10-01 in a log "
                + "that is read as newest first (half of it is oldest first), the order new entries follow ('crm fmt' sorts it) [entry-out-of-order]\n")
        try vault.crm("log", "ada", "Call.")
        #expect(vault.read("people/ada.md").contains("## Interactions\n\n- 2026-11-29 call: Call.\n- 2026-10-01"))
    }

    /// Logs of random dates in random order: a new entry lands in order beside its neighbours and
    /// leaves the log's direction as it was; `fmt` sorts by that direction; what `check` says names it.
    @Test func insertionCheckAndFmtFollowOneDirection() throws {
        var random = SeededGenerator(seed: 0x0D1EC7)
        for round in 0..<400 {
            let count = Int.random(in: 0...7, using: &random)
            var lines: [String] = []
            for k in 0..<count {
                let day = Int.random(in: 1...9, using: &random)
                let time = Bool.random(using: &random) ? " 1\(Int.random(in: 0...9, using: &random)):00" : ""
                let box = ["", "", "[ ] ", "[x] "].randomElement(using: &random)!
                lines.append("- \(box)2026-11-0\(day)\(time) call: e\(k)")
                if Int.random(in: 0..<5, using: &random) == 0 { lines.append(["", "  more", "Stray text."].randomElement(using: &random)!) }
            }
            let text = "---\nname: Ada\n---\n\n## Interactions\n\n" + lines.map { $0 + "\n" }.joined()
            let document = PersonDocument(bytes: Array(text.utf8), path: "people/ada.md")
            let log = try #require(document.log)
            let direction = log.direction
            let message = document.problems.first { $0.message.hasPrefix("entry out of order") }?.message
            #expect((message != nil) == (log.order == .mixed), "round \(round)\n\(text)")
            if let message {
                #expect(message.contains(direction == .newestFirst ? "newest first" : "mostly oldest first"), "round \(round): \(message)")
            }
            let new = Interaction(date: Day(year: 2026, month: 11, day: Int.random(in: 1...9, using: &random))!, type: "call", note: "new")
            let (bytes, line) = try document.inserting(new)
            let after = try #require(PersonDocument(bytes: bytes, path: "people/ada.md").log)
            let entries = after.entries
            let index = try #require(entries.firstIndex { $0.line == line && $0.note == "new" }, "round \(round)")
            let (newer, older) = direction == .newestFirst
                ? (entries[..<index].last, entries[(index + 1)...].first) : (entries[(index + 1)...].first, entries[..<index].last)
            #expect(newer.map { !new.isNewer(than: $0) } ?? true, "round \(round)\n\(text)")
            #expect(older.map { !$0.isNewer(than: new) } ?? true, "round \(round)\n\(text)")
            if log.entryCount > 0 { #expect(after.direction == direction, "round \(round)\n\(text)") }
            let formatted = try #require(PersonDocument(bytes: document.formatted(), path: "people/ada.md").log)
            #expect(formatted.order != .mixed, "round \(round)")
            if log.order == .mixed {
                #expect(formatted.order == (direction == .newestFirst ? .newestFirst : .oldestFirst), "round \(round)\n\(text)")
            }
        }
    }
}
