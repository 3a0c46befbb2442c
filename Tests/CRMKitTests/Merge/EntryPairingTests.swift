import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The rule that tells an entry edited on one side from a new one (`EntryPairing`).
@Suite struct EntryPairingTests {
    @Test(arguments: [
        ("Lunch", "Luch", true),                                  // a letter left out
        ("Luch at teh cafe", "Lunch at the cafe", true),          // two typos
        ("Met Bob", "Met Bob at the station", true),              // extended
        ("", "Talked about the engine.", true),                   // a note written later
        ("Dinner\nwith cake", "Dinner", true),                    // a line added
        ("Dinner. Then a walk.", "Dinner with cake.\nAnn came too.", false),
        ("Lunch. Then the park.", "Lunch with Bob. Then the park and tea.", true),   // words added on both sides
        ("Lunch with Ann, Bob and Cy at noon", "Lunch with Ann, Bo and Dee at noon", true),   // one word replaced
        ("Called mum", "Called dad", true),                       // a name corrected, or two calls: shown as a pair
        ("Tea with Ann", "Coffee at work", false),
        ("Tea.", "Coffee.", false),
        ("Lunch", "Dinner", false),
        ("Bob", "Breakfast on a boat", false),
    ])
    func notesAreAlikeWhenTheirWordsAreTheSameButForWordsAddedAndTypos(_ a: String, _ b: String, _ alike: Bool) {
        #expect((NoteDifference(a, b) != nil) == alike)
        #expect((NoteDifference(b, a) != nil) == alike)
    }

    @Test func aTypoIsAThirdOfAWordAtMost() {
        #expect(NoteDifference.typoDistance("teh", "the") == 1)
        #expect(NoteDifference.typoDistance("Luch", "Lunch") == 1)
        #expect(NoteDifference.typoDistance("station", "stasion") == 1)
        #expect(NoteDifference.typoDistance("mum", "dad") == nil)
        #expect(NoteDifference.typoDistance("Lunch", "Dinner") == nil)
    }

    static func item(_ date: String?, _ note: String, type: String = "visit", box: Interaction.Checkbox? = nil,
                     time: TimeOfDay? = nil) -> EntryPairing.Item {
        .init(date: date.map { Day($0)! }, time: time, type: type, note: note, checkbox: box)
    }

    @Test func theSameNoteOnAnotherDatePairsBeforeAnExtensionOnTheSameDate() {
        // Ticked with `done --date 2026-12-07`; the other side planned another dinner that day.
        let left = [("ticked", Self.item("2026-12-07", "Dinner", box: .done))]
        let right = [("new plan", Self.item("2026-12-07", "Dinner with Bob", box: .open)),
                     ("original", Self.item("2026-12-05", "Dinner", box: .open))]
        #expect(EntryPairing.pairs(left.map { ($0.0, $0.1) }, right.map { ($0.0, $0.1) }).map { "\($0.left)-\($0.right)" }
                == ["ticked-original"])
    }

    func pair(_ a: EntryPairing.Item, _ b: EntryPairing.Item) -> Bool { !EntryPairing.pairs([("a", a)], [("b", b)]).isEmpty }

    @Test func aPlainEntryPairsOnlyOnItsOwnDateAndNeverWithACheckboxItem() {
        let lunch = Self.item("2026-11-20", "Lunch", type: "call")
        #expect(!pair(lunch, Self.item("2026-11-21", "Lunch", type: "call")))
        #expect(!pair(lunch, Self.item("2026-11-20", "Lunch", type: "visit")))
        #expect(!pair(lunch, Self.item("2026-11-20", "Lunch", type: "call", box: .open)))
        #expect(pair(lunch, Self.item("2026-11-20", "Lunch at noon", type: "call", time: TimeOfDay(hour: 12, minute: 0))))
        // An undated follow-up and the dated entry it became when ticked.
        #expect(pair(Self.item(nil, "Send the photos", type: "note", box: .open),
                     Self.item("2026-11-23", "Send the photos", type: "note", box: .done)))
        #expect(!pair(Self.item(nil, "Send the photos", type: "note", box: .open),
                      Self.item("2026-11-23", "Call the plumber", type: "note", box: .done)))
    }

    @Test func aRewordedEntryPairsWhenItIsTheOnlyOneOfItsDateTypeAndKindLeft() {
        let before = [("old", Self.item("2026-11-20", "Lunch"))]
        let sole = [("new", Self.item("2026-11-20", "Dinner with Bob and Ann"))]
        #expect(EntryPairing.pairs(before, sole).map(\.right) == ["new"])
        let two = sole + [("other", Self.item("2026-11-20", "A walk in the park"))]
        #expect(EntryPairing.pairs(before, two).isEmpty)
    }

    @Test func veryLongNotesAreComparedByWhatTheyStartAndEndWith() {
        let long = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 200)
        let other = String(repeating: "Pack my box with five dozen liquor jugs. ", count: 200)
        let extended = NoteDifference(long, long + "And then some.")
        #expect(extended?.added == 3 && extended?.replaced == 0 && extended?.typos == 0)
        #expect(NoteDifference("Intro. " + long, "Intro. " + other) == nil)
    }
}
