import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The three-way merge of a person file, on documents in memory.
@Suite struct PersonMergeTests {
    static let base = SamplePerson.ada

    func merge(base: String?, _ current: String, _ other: String) -> (text: String, merge: PersonMerge) {
        let doc = { (text: String) in PersonDocument(bytes: Array(text.utf8), path: "people/ada.md") }
        let merge = PersonMerge(base: base.map(doc), current: doc(current), other: doc(other),
                                labels: .init(current: "ours", other: "theirs"))
        return (String(decoding: merge.bytes, as: UTF8.self), merge)
    }

    @Test func entriesAddedOnBothSidesAreKeptOnceInOrder() {
        let current = Self.base.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Ours.\n")
        let other = Self.base.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-25 visit: Theirs.\n  With cake.\n")
        let (text, merge) = merge(base: Self.base, current, other)
        #expect(!merge.hasConflicts)
        #expect(merge.entriesAdded == 1)
        #expect(text.hasSuffix("""
        ## Interactions

        - 2026-11-25 visit: Theirs.
          With cake.
        - 2026-11-20 call: Ours.
        - 2026-11-02 call: Talked about the engine.
        - 2026-10-01 visit: Tea.

        """))
    }

    @Test func anEntryDeletedOnOneSideStaysDeleted() {
        let current = Self.base.replacingOccurrences(of: "- 2026-10-01 visit: Tea.\n", with: "")
        let other = Self.base.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-25 visit: Theirs.\n")
        let (text, merge) = merge(base: Self.base, current, other)
        #expect(!merge.hasConflicts)
        #expect(!text.contains("Tea."))
        #expect(text.contains("- 2026-11-25 visit: Theirs.\n- 2026-11-02 call: Talked about the engine.\n"))
    }

    @Test func sameEntryWrittenDifferentlyIsOneEntry() {
        let current = Self.base.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Same.\n")
        let other = Self.base.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n* [[2026-11-20]] Call: Same.\n")
        let (text, merge) = merge(base: Self.base, current, other)
        #expect(!merge.hasConflicts)
        #expect(text.components(separatedBy: "Same.").count == 2)
    }

    @Test func keysChangedOnDifferentSidesBothApply() {
        let current = Self.base.replacingOccurrences(of: "tags: [friends]", with: "tags: [friends, maths]")
        let other = Self.base.replacingOccurrences(of: "email: ada@example.org", with: "email: ada@lovelace.example\nevery: 30d")
        let (text, merge) = merge(base: Self.base, current, other)
        #expect(!merge.hasConflicts)
        #expect(text.hasPrefix("""
        ---
        name: Ada Lovelace
        phone: "+44 20 7946 0018"
        email: ada@lovelace.example
        every: 30d
        tags: [friends, maths]
        ---
        """))
    }

    @Test func aKeyRemovedOnOneSideAndUnchangedOnTheOtherIsRemoved() {
        let current = Self.base.replacingOccurrences(of: "tags: [friends]\n", with: "")
        let (text, merge) = merge(base: Self.base, current, Self.base)
        #expect(!merge.hasConflicts)
        #expect(!text.contains("tags:"))
    }

    @Test func notesLinesChangedInDifferentPlacesMergeCleanly() {
        let current = Self.base.replacingOccurrences(of: "Analytical Society.", with: "Analytical Society in 1833.")
        let other = Self.base.replacingOccurrences(of: "Lives in Marylebone.", with: "Lives in St James's Square.")
        let (text, merge) = merge(base: Self.base, current, other)
        #expect(!merge.hasConflicts)
        #expect(text.contains("Met through the Analytical Society in 1833.\nPrefers letters to phone calls.\nLives in St James's Square.\n"))
    }

    @Test func aTrueKeyConflictKeepsOursAndTheirsAsAComment() {
        let current = Self.base.replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0100")
        let other = Self.base.replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0199")
        let (text, merge) = merge(base: Self.base, current, other)
        #expect(merge.conflictingKeys == ["phone"])
        #expect(text.contains("phone: \"+1 555 0100\"\n# conflict: phone: \"+1 555 0199\" (from theirs)\nemail:"))
        // The result reads: the comment is YAML, the value is ours.
        let merged = PersonDocument(bytes: merge.bytes, path: "people/ada.md")
        #expect(merged.phones == ["+1 555 0100"])
        #expect(merged.problems.contains { $0.line == 4 && $0.severity == .error && $0.message.contains("a merge left both values") })
    }

    @Test func aConflictMergedAgainDoesNotRepeatTheComment() {
        let current = Self.base.replacingOccurrences(of: "\"+44 20 7946 0018\"", with: "\"+1 555 0100\"\n# conflict: phone: \"+1 555 0199\" (from theirs)")
        let other = Self.base.replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0199")
        let (text, _) = merge(base: Self.base, current, other)
        #expect(text.components(separatedBy: "# conflict:").count == 2)
    }

    @Test func notesChangedDifferentlyOnBothSidesGetMarkers() {
        let current = Self.base.replacingOccurrences(of: "Lives in Marylebone.", with: "Lives in Kensington.")
        let other = Self.base.replacingOccurrences(of: "Lives in Marylebone.", with: "Lives in Mayfair.")
        let (text, merge) = merge(base: Self.base, current, other)
        #expect(merge.markedConflicts == 1)
        #expect(text.contains("<<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)\n"
                              + "Lives in Kensington.\n=======\nLives in Mayfair.\n>>>>>>> theirs (crm)\n"))
        let merged = PersonDocument(bytes: merge.bytes, path: "people/ada.md")
        #expect(merged.problems.filter { $0.severity == .error }.map { "\($0)" } == [
            "people/ada.md:10:1: error: conflict: a merge kept both sides' lines here (ours, then theirs after '======='); "
                + "keep what is right and delete the three mark lines [merge-conflict]",
        ])
    }

    @Test func withoutABaseBothSidesAreKeptAndDifferingNotesMarked() {
        let current = Self.base.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Ours.\n")
            .replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0100")
        let other = Self.base.replacingOccurrences(of: "- 2026-10-01 visit: Tea.\n", with: "- 2026-10-01 visit: Tea.\n- 2026-09-01 email: Theirs.\n")
            .replacingOccurrences(of: "Lives in Marylebone.", with: "Lives in Mayfair.")
        let (text, merge) = merge(base: nil, current, other)
        #expect(merge.conflictingKeys == ["phone"])
        #expect(merge.markedConflicts == 1)
        for kept in ["- 2026-11-20 call: Ours.", "- 2026-09-01 email: Theirs.", "- 2026-10-01 visit: Tea.",
                     "# conflict: phone: \"+44 20 7946 0018\" (from theirs)",
                     "<<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)\n"
                        + "Lives in Marylebone.\n=======\nLives in Mayfair.\n>>>>>>> theirs (crm)\n"] {
            #expect(text.contains(kept))
        }
    }

    @Test func lineEndingsAndOldestFirstOrderOfTheCurrentFileAreKept() {
        let oldest = "---\nname: H\n---\n\n## Interactions\n\n- 2026-06-07 visit: A\n- 2026-08-16 call: B\n"
        let current = (oldest + "- 2026-10-04 visit: C\n").replacingOccurrences(of: "\n", with: "\r\n")
        let other = oldest + "- 2026-09-01 call: D\n"
        let (text, _) = merge(base: oldest.replacingOccurrences(of: "\n", with: "\r\n"), current, other)
        #expect(text == "---\r\nname: H\r\n---\r\n\r\n## Interactions\r\n\r\n- 2026-06-07 visit: A\r\n- 2026-08-16 call: B\r\n"
                + "- 2026-09-01 call: D\r\n- 2026-10-04 visit: C\r\n")
    }

    /// The sample's log with `entries` (newest first) instead of its own.
    static func log(_ entries: String...) -> String {
        base.replacingOccurrences(of: "- 2026-11-02 call: Talked about the engine.\n- 2026-10-01 visit: Tea.\n",
                                  with: entries.map { $0 + "\n" }.joined())
    }

    /// The log part of a merged file: every line after `## Interactions`.
    func logLines(_ text: String) -> String {
        String(text[text.range(of: "## Interactions\n\n")!.upperBound...])
    }

    @Test func anEntryEditedOnOneSideAndOneAddedOnTheOtherMergeCleanlyWithABase() {
        let base = Self.log("- 2026-11-20 call: Luch at the cafe", "- 2026-10-01 visit: Tea.")
        let edited = Self.log("- 2026-11-20 call: Lunch at the cafe", "- 2026-10-01 visit: Tea.")
        let added = Self.log("- 2026-11-25 call: Called her", "- 2026-11-20 call: Luch at the cafe", "- 2026-10-01 visit: Tea.")
        for (current, other) in [(edited, added), (added, edited)] {
            let (text, merge) = merge(base: base, current, other)
            #expect(!merge.hasConflicts)
            #expect(logLines(text) == "- 2026-11-25 call: Called her\n- 2026-11-20 call: Lunch at the cafe\n- 2026-10-01 visit: Tea.\n")
        }
    }

    @Test func withoutABaseAnEditAndItsOriginalAreOneConflictTheCurrentFirst() {
        let newer = Self.log("- 2026-11-20 call: Lunch at the cafe", "- 2026-10-01 visit: Tea.")
        let older = Self.log("- 2026-11-25 call: Called her", "- 2026-11-20 call: Luch at the cafe", "- 2026-10-01 visit: Tea.")
        let (text, merge) = merge(base: nil, newer, older)
        #expect(merge.conflictingEntries == 1)
        #expect(merge.hasConflicts)
        #expect(logLines(text) == """
            - 2026-11-25 call: Called her
            <<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)
            - 2026-11-20 call: Lunch at the cafe
            =======
            - 2026-11-20 call: Luch at the cafe
            >>>>>>> theirs (crm)
            - 2026-10-01 visit: Tea.

            """)
        let merged = PersonDocument(bytes: merge.bytes, path: "people/ada.md")
        #expect(merged.problems.map { "\($0)" } == [
            "people/ada.md:15:1: error: conflict: a merge kept both sides' lines here (ours, then theirs after '======='); "
                + "keep what is right and delete the three mark lines [merge-conflict]",
        ])
    }

    @Test(arguments: [
        ("- 2026-11-20 call: Lunch", "- 2026-11-20 call: Lunch with Bob at the station"),   // note extended
        ("- 2026-11-20 call: Lunch", "- 2026-11-20 12:30 call: Lunch"),                       // time added
        ("- 2026-11-20 call: Lunch", "- 2026-11-20 call: Lunch\n  We talked about the trip."), // a line added
        ("- [ ] 2026-11-20 call: Lunch", "- [x] 2026-11-22 call: Lunch with Bob"),             // ticked on another date, reworded
    ])
    func withoutABaseEveryKindOfEditIsPairedWithItsOriginal(_ original: String, _ edit: String) {
        let (text, merge) = merge(base: nil, Self.log(edit), Self.log(original))
        #expect(merge.conflictingEntries == 1, "\(text)")
        #expect(logLines(text) == "<<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)\n"
                + edit + "\n=======\n" + original + "\n>>>>>>> theirs (crm)\n")
    }

    @Test func withoutABaseAnOpenItemAndTheSameItemTickedOnAnotherDateAreTheTickedOne() {
        let open = Self.log("- [ ] 2026-11-25 visit: Dinner", "- 2026-10-01 visit: Tea.")
        let ticked = Self.log("- [x] 2026-11-22 visit: Dinner", "- 2026-10-01 visit: Tea.")
        for (current, other) in [(open, ticked), (ticked, open)] {
            let (text, merge) = merge(base: nil, current, other)
            #expect(!merge.hasConflicts)
            #expect(logLines(text) == "- [x] 2026-11-22 visit: Dinner\n- 2026-10-01 visit: Tea.\n")
        }
    }

    @Test func entriesThatAreNotEditsOfEachOtherStayTwoEntries() {
        // Different dates, different types, notes not alike, a plain entry and a plan.
        let pairs = [("- 2026-11-20 call: Lunch", "- 2026-11-21 call: Lunch"),
                     ("- 2026-11-20 call: Lunch", "- 2026-11-20 visit: Lunch"),
                     ("- 2026-11-20 call: Tea with Ann", "- 2026-11-20 call: Coffee at work\n- 2026-11-20 call: Wrote to Bob"),
                     ("- 2026-11-20 call: Lunch", "- [ ] 2026-11-20 call: Lunch with Bob")]
        for (mine, theirs) in pairs {
            let (text, merge) = merge(base: nil, Self.log(mine), Self.log(theirs))
            #expect(!merge.hasConflicts, "\(mine) / \(theirs)")
            for line in (mine + "\n" + theirs).split(separator: "\n") { #expect(text.contains(line + "\n")) }
        }
    }

    @Test func anEntryEditedDifferentlyOnBothSidesIsMarkedOursFirst() {
        let base = Self.log("- 2026-11-20 call: Luch", "- 2026-10-01 visit: Tea.")
        let ours = Self.log("- 2026-11-20 call: Lunch", "- 2026-10-01 visit: Tea.")
        let theirs = Self.log("- 2026-11-20 14:00 call: Luch at the cafe", "- 2026-10-01 visit: Tea.")
        let (text, merge) = merge(base: base, ours, theirs)
        #expect(merge.conflictingEntries == 1)
        #expect(logLines(text) == """
            <<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)
            - 2026-11-20 call: Lunch
            =======
            - 2026-11-20 14:00 call: Luch at the cafe
            >>>>>>> theirs (crm)
            - 2026-10-01 visit: Tea.

            """)
    }

    @Test func anItemTickedOnTwoDifferentDatesIsMarkedAndTickedTheSameIsOneEntry() {
        let base = Self.log("- [ ] 2026-12-05 visit: Dinner", "- 2026-10-01 visit: Tea.")
        let on7 = Self.log("- [x] 2026-12-07 visit: Dinner", "- 2026-10-01 visit: Tea.")
        let on6 = Self.log("- [x] 2026-12-06 visit: Dinner", "- 2026-10-01 visit: Tea.")
        let onItsDay = Self.log("- [x] 2026-12-05 visit: Dinner", "- 2026-10-01 visit: Tea.")
        for other in [on6, onItsDay] {
            let (text, merge) = merge(base: base, on7, other)
            #expect(merge.conflictingEntries == 1)
            #expect(logLines(text).hasPrefix("<<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)\n"
                                             + "- [x] 2026-12-07 visit: Dinner\n=======\n"))
        }
        // The plan's own date ticked on one side, the other moving it: the conflict the other way round.
        let (reverse, _) = merge(base: base, onItsDay, on7)
        #expect(logLines(reverse).hasPrefix("<<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)\n"
                                            + "- [x] 2026-12-05 visit: Dinner\n=======\n- [x] 2026-12-07 visit: Dinner\n>>>>>>> theirs (crm)\n"))
        for same in [on7, onItsDay] {
            let (text, merge) = merge(base: base, same, same)
            #expect(!merge.hasConflicts)
            #expect(logLines(text) == logLines(same))
        }
    }

    @Test func anItemTickedOnTwoDatesThatMovedItIsOneConflictWhereOursIs() throws {
        let base = Self.log("- 2026-11-28 call: A", "- [ ] 2026-11-25 visit: Dinner", "- 2026-11-20 call: B")
        let document = { (text: String) in PersonDocument(bytes: Array(text.utf8), path: "people/ada.md") }
        let item = try #require(document(base).openItems.first)
        // As `crm done --date` ticks it: the item moves where its new date puts it.
        let late = String(decoding: try document(base).ticking(item, date: Day("2026-11-29")).bytes, as: UTF8.self)
        let early = String(decoding: try document(base).ticking(item, date: Day("2026-11-19")).bytes, as: UTF8.self)
        #expect(logLines(late).hasPrefix("- [x] 2026-11-29 visit: Dinner\n"))
        #expect(logLines(early).hasSuffix("- [x] 2026-11-19 visit: Dinner\n"))
        let (text, merge) = merge(base: base, late, early)
        #expect(merge.conflictingEntries == 1)
        #expect(logLines(text) == """
            <<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)
            - [x] 2026-11-29 visit: Dinner
            =======
            - [x] 2026-11-19 visit: Dinner
            >>>>>>> theirs (crm)
            - 2026-11-28 call: A
            - 2026-11-20 call: B

            """)
    }

    @Test func anUndatedFollowUpTickedOnTwoDaysIsMarkedAndOnOneSideTakesTheTick() {
        let base = Self.log("- [ ] Send the photos", "- 2026-10-01 visit: Tea.")
        let monday = Self.log("- [x] 2026-11-23: Send the photos", "- 2026-10-01 visit: Tea.")
        let tuesday = Self.log("- [x] 2026-11-24: Send the photos", "- 2026-10-01 visit: Tea.")
        let (text, twoDays) = merge(base: base, monday, tuesday)
        #expect(twoDays.conflictingEntries == 1)
        #expect(logLines(text).contains("- [x] 2026-11-23: Send the photos\n=======\n- [x] 2026-11-24: Send the photos\n"))
        let reworded = Self.log("- [ ] Send the photos from the trip", "- 2026-10-01 visit: Tea.")
        let (clean, cleanMerge) = merge(base: base, monday, Self.log("- [ ] Send the photos", "- 2026-10-01 visit: Tea."))
        #expect(!cleanMerge.hasConflicts)
        #expect(logLines(clean) == "- [x] 2026-11-23: Send the photos\n- 2026-10-01 visit: Tea.\n")
        // Ticked by hand in place on one side, reworded on the other: the new wording, ticked.
        let handTicked = Self.log("- [x] Send the photos", "- 2026-10-01 visit: Tea.")
        let (carried, carriedMerge) = merge(base: base, reworded, handTicked)
        #expect(!carriedMerge.hasConflicts)
        #expect(logLines(carried) == "- [x] Send the photos from the trip\n- 2026-10-01 visit: Tea.\n")
    }

    @Test func markersSplitIntoTheirVersions() throws {
        let file = "a\n<<<<<<< HEAD\nb\n||||||| base\nx\n=======\nc\n>>>>>>> feature\nd\n"
        let markers = try #require(ConflictMarkers(Array(file.utf8)))
        #expect(String(decoding: markers.current, as: UTF8.self) == "a\nb\nd\n")
        #expect(String(decoding: markers.other, as: UTF8.self) == "a\nc\nd\n")
        #expect(markers.base.map { String(decoding: $0, as: UTF8.self) } == "a\nx\nd\n")
        #expect(markers.labels.current == "HEAD" && markers.labels.other == "feature")
        #expect(ConflictMarkers(Array("a\n=======\nb\n".utf8)) == nil)
    }

    @Test(arguments: [
        ("people/ada.sync-conflict-20261128-101500-ABCDEFG.md", "people/ada.md"),
        ("people/family/mom (conflicted copy 2026-11-28 101500).md", "people/family/mom.md"),
        ("people/ada (Bea's conflicted copy 2026-11-28).md", "people/ada.md"),
        ("people/ada.sync-conflict-20261128-101500-ABCDEFG.sync-conflict-20261129-090000-HIJKLMN.md", "people/ada.md"),
    ])
    func conflictCopiesBelongToTheirFile(_ copy: String, _ original: String) {
        #expect(Vault.originalPath(ofConflictCopy: copy) == original)
    }
}
