import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// A person's interactions as days and types, as the facts cache keeps them for `crm summary`.
@Suite struct InteractionTallyTests {
    static let log = """
        ---
        name: Ada
        ---

        ## Interactions

        - 2026-11-28 call: Newest first.
        - [ ] 2026-12-05 visit: Open: a plan, not in the tally.
        - [x] 2026-12-01 visit: Ticked ahead of its day.
        - 2024-02-29 note: A leap day.
        - 0001-01-01 call: The first day there is.
        - 9999-12-31 visit: The last.
        - [ ] Someday.

        """

    @Test func holdsEveryPlainAndTickedEntryInFileOrder() throws {
        let document = PersonDocument(bytes: Array(Self.log.utf8), path: "people/ada.md")
        let tally = InteractionTally(document.log?.entries ?? [])
        #expect(tally.count == 5 && tally.count == document.interactionCount)
        #expect(tally.types == ["call", "visit", "note"])
        var seen: [String] = []
        tally.forEach { day, type in seen.append("\(Day(dayNumber: day)) \(tally.types[type])") }
        #expect(seen == ["2026-11-28 call", "2026-12-01 visit", "2024-02-29 note", "0001-01-01 call", "9999-12-31 visit"])
    }

    @Test func readsBackAsWritten() throws {
        let document = PersonDocument(bytes: Array(Self.log.utf8), path: "people/ada.md")
        for tally in [InteractionTally(document.log?.entries ?? []), InteractionTally([])] {
            var writer = ByteWriter()
            tally.encode(to: &writer)
            var reader = ByteReader(writer.bytes)
            #expect(try InteractionTally(from: &reader) == tally)
            #expect(reader.isAtEnd)
        }
    }

    /// A damaged record is refused (the file is then read again), never counted.
    @Test func aDamagedTallyIsRefused() {
        func coded(count: Int, types: [String], entries: [(Int, Int)], extra: [UInt8] = []) -> [UInt8] {
            var packed = ByteWriter()
            packed.array(types) { $0.string($1) }
            for (delta, type) in entries {
                packed.int(delta)
                packed.int(type)
            }
            var writer = ByteWriter()
            writer.int(count)
            writer.int(packed.bytes.count + extra.count)
            writer.raw(packed.bytes[...])
            writer.raw(extra[...])
            return writer.bytes
        }
        func refused(_ bytes: [UInt8]) -> Bool {
            var reader = ByteReader(bytes)
            return (try? InteractionTally(from: &reader)) == nil
        }
        let day = Day("2026-11-28")!.dayNumber
        #expect(!refused(coded(count: 1, types: ["call"], entries: [(day, 0)])))
        #expect(refused(coded(count: 1, types: ["call"], entries: [(day, 1)])))          // no such type
        #expect(refused(coded(count: 2, types: ["call"], entries: [(day, 0)])))          // fewer entries than counted
        #expect(refused(coded(count: 1, types: ["call"], entries: [(day, 0)], extra: [0])))   // bytes left over
        #expect(refused(coded(count: 1, types: ["call"], entries: [(3_000_000, 0)])))    // after year 9999
        #expect(refused(coded(count: 2, types: ["call"], entries: [(day, 0), (Int.max, 0)])))   // overflows
        #expect(refused(coded(count: -1, types: [], entries: [])))
    }
}
