import Foundation
import Testing

/// `crm resolve`: conflict copies and git conflict markers merged, nothing lost.
@Suite struct ResolveCommandTests {
    static let ada = """
    ---
    name: Ada Lovelace
    phone: "+44 20 7946 0018"
    tags: [friends]
    ---

    Prefers letters.

    ## Interactions

    - 2026-11-02 call: Both had this.
    - 2026-10-01 visit: Tea.

    """

    func setModified(_ vault: TemporaryVault, _ path: String, _ date: String) throws {
        let formatter = ISO8601DateFormatter()
        try FileManager.default.setAttributes([.modificationDate: formatter.date(from: date + "T12:00:00Z")!],
                                              ofItemAtPath: vault.url.appendingPathComponent(path).path)
    }

    @Test func aSyncthingCopyIsMergedWithEveryEntryAndTheNewerValue() throws {
        let vault = try TemporaryVault()
        let copy = "people/ada.sync-conflict-20261128-101500-ABCDEFG.md"
        try vault.write("people/ada.md", Self.ada
            .replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Laptop.\n")
            .replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0100"))
        try vault.write(copy, Self.ada
            .replacingOccurrences(of: "- 2026-10-01 visit: Tea.\n", with: "- 2026-10-01 visit: Tea.\n- 2026-09-05 email: Phone.\n")
            .replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0199")
            .replacingOccurrences(of: "tags: [friends]", with: "tags: [friends]\nevery: 30d"))
        try setModified(vault, "people/ada.md", "2026-11-20")
        try setModified(vault, copy, "2026-11-28")

        let dry = try vault.crm("resolve", "--dry-run")
        #expect(dry.stdout == "would merge \(copy) into people/ada.md: 1 entry added; phone differed: the newer value kept, "
                + "the other as a '# conflict:' comment; the copy would move to .crm/trash/\n")
        #expect(vault.exists(copy))

        let result = try vault.crm("resolve")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("merged \(copy) into people/ada.md: 1 entry added; phone differed"))
        #expect(!vault.exists(copy))
        let trashed = try FileManager.default.contentsOfDirectory(atPath: vault.url.appendingPathComponent(".crm/trash").path)
        #expect(trashed.count == 1 && trashed[0].hasSuffix("-ada.sync-conflict-20261128-101500-ABCDEFG.md"))
        #expect(vault.read("people/ada.md") == """
        ---
        name: Ada Lovelace
        phone: "+1 555 0199"
        # conflict: phone: "+1 555 0100" (from ada.md)
        tags: [friends]
        every: 30d
        ---

        Prefers letters.

        ## Interactions

        - 2026-11-20 call: Laptop.
        - 2026-11-02 call: Both had this.
        - 2026-10-01 visit: Tea.
        - 2026-09-05 email: Phone.

        """)
        #expect(try vault.crm("list").stdout.components(separatedBy: "Ada Lovelace").count == 2)
        #expect(try vault.crm("resolve").stdout == "No conflicts to resolve.\n")
    }

    @Test func aCopyWhoseNotesDifferKeepsBothBetweenMarksAndFails() throws {
        let vault = try TemporaryVault()
        let copy = "people/ada.sync-conflict-20261128-101500-ABCDEFG.md"
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "Prefers letters.", with: "Prefers letters, in ink."))
        try vault.write(copy, Self.ada.replacingOccurrences(of: "Prefers letters.", with: "Prefers phone calls now."))
        try setModified(vault, "people/ada.md", "2026-11-20")
        try setModified(vault, copy, "2026-11-28")
        let result = try vault.crm("resolve")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("merged \(copy) into people/ada.md: 0 entries added; 1 place in the notes changed "
                                        + "differently on both sides: both kept between conflict marks; the copy is now"), "\(result.stdout)")
        #expect(vault.read("people/ada.md").contains("""

            <<<<<<< ada.sync-conflict-20261128-101500-ABCDEFG.md (crm: both sides changed these lines; keep what is right and delete the marks)
            Prefers phone calls now.
            =======
            Prefers letters, in ink.
            >>>>>>> ada.md (crm)

            ## Interactions
            """))
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("people/ada.md:7:1: error: conflict: a merge kept both sides' lines here"), "\(check.stdout)")
    }

    static let tahani = "---\nname: Tahani Al-Jamil\n---\n\n## Interactions\n\n"

    @Test(arguments: [true, false])
    func aTypoFixedInACopyBesideAnEntryAddedIsOneConflictNotTwoEntries(_ copyIsNewer: Bool) throws {
        let vault = try TemporaryVault()
        let copy = "people/tahani.sync-conflict-20261128-101500-ABCDEFG.md"
        // This device added an entry; the other fixed a typo in an entry both had.
        try vault.write("people/tahani.md", Self.tahani + "- 2026-11-25 call: Called her\n- 2026-11-20 visit: Luch at the cafe\n")
        try vault.write(copy, Self.tahani + "- 2026-11-20 visit: Lunch at the cafe\n")
        try setModified(vault, "people/tahani.md", copyIsNewer ? "2026-11-20" : "2026-11-28")
        try setModified(vault, copy, copyIsNewer ? "2026-11-28" : "2026-11-20")
        let result = try vault.crm("resolve")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("merged \(copy) into people/tahani.md: 0 entries added; 1 entry changed differently on "
                                        + "the two sides: both versions kept between conflict marks, the newer first; the copy is now .crm/trash/"),
                "\(result.stdout)")
        let (newer, older) = copyIsNewer ? ("Lunch", "Luch") : ("Luch", "Lunch")
        let (newerLabel, olderLabel) = copyIsNewer ? ("tahani.sync-conflict-20261128-101500-ABCDEFG.md", "tahani.md")
            : ("tahani.md", "tahani.sync-conflict-20261128-101500-ABCDEFG.md")
        #expect(vault.read("people/tahani.md") == Self.tahani + """
            - 2026-11-25 call: Called her
            <<<<<<< \(newerLabel) (crm: both sides changed these lines; keep what is right and delete the marks)
            - 2026-11-20 visit: \(newer) at the cafe
            =======
            - 2026-11-20 visit: \(older) at the cafe
            >>>>>>> \(olderLabel) (crm)

            """)
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout == "people/tahani.md:8:1: error: conflict: a merge kept both sides' lines here (ours, then theirs "
                + "after '======='); keep what is right and delete the three mark lines [merge-conflict]\n")
        // Settled by hand (the marks and the wrong version deleted), nothing is left to report.
        try vault.write("people/tahani.md", Self.tahani + "- 2026-11-25 call: Called her\n- 2026-11-20 visit: Lunch at the cafe\n")
        #expect(try vault.crm("check").status == 0)
    }

    @Test func anItemTickedInACopyOnAnotherDateAndOpenInTheFileIsTheTickedOne() throws {
        let vault = try TemporaryVault()
        let copy = "people/tahani.sync-conflict-20261128-101500-ABCDEFG.md"
        try vault.write("people/tahani.md", Self.tahani + "- [ ] 2026-12-05 visit: Dinner\n- 2026-11-20 call: Lunch\n")
        try vault.write(copy, Self.tahani + "- [x] 2026-11-28 visit: Dinner\n- 2026-11-20 call: Lunch\n")
        let result = try vault.crm("resolve")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(vault.read("people/tahani.md") == Self.tahani + "- [x] 2026-11-28 visit: Dinner\n- 2026-11-20 call: Lunch\n")
    }

    @Test func aNextcloudCopyWithoutItsFileTakesItsPlace() throws {
        let vault = try TemporaryVault()
        try vault.write("people/bea (conflicted copy 2026-11-28 101500).md", "---\nname: Bea\n---\n")
        let result = try vault.crm("resolve")
        #expect(result.status == 0)
        #expect(result.stdout == "renamed people/bea (conflicted copy 2026-11-28 101500).md to people/bea.md (the file itself was gone)\n")
        #expect(vault.read("people/bea.md") == "---\nname: Bea\n---\n")
    }

    @Test func gitConflictMarkersAreMergedKeepingBothSidesAndMarkingDifferingNotes() throws {
        let vault = try TemporaryVault()
        try vault.write("people/bob.md", """
        ---
        name: Bob
        <<<<<<< HEAD
        phone: "+1 555 0100"
        =======
        phone: "+1 555 0199"
        email: bob@example.org
        >>>>>>> laptop
        ---

        <<<<<<< HEAD
        Likes tea.
        =======
        Likes coffee.
        >>>>>>> laptop

        ## Interactions

        <<<<<<< HEAD
        - 2026-11-20 call: From the phone.
        =======
        - 2026-11-25 visit: From the laptop.
        >>>>>>> laptop
        - 2026-10-01 visit: Tea.

        """)
        let result = try vault.crm("resolve", "--json")
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"kind\": \"markers\""))
        #expect(result.stdout.contains("\"conflicts\": [\n      \"phone\"\n    ]"))
        #expect(vault.read("people/bob.md") == """
        ---
        name: Bob
        phone: "+1 555 0100"
        # conflict: phone: "+1 555 0199" (from laptop)
        email: bob@example.org
        ---

        <<<<<<< HEAD (crm: both sides changed these lines; keep what is right and delete the marks)
        Likes tea.
        =======
        Likes coffee.
        >>>>>>> laptop (crm)

        ## Interactions

        - 2026-11-25 visit: From the laptop.
        - 2026-11-20 call: From the phone.
        - 2026-10-01 visit: Tea.

        """)
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout == """
        people/bob.md:4:1: error: conflict: a merge left both values: 'phone: "+1 555 0199" (from laptop)'; keep the right one and delete this comment [merge-conflict]
        people/bob.md:8:1: error: conflict: a merge kept both sides' lines here (ours, then theirs after '======='); keep what is right and delete the three mark lines [merge-conflict]

        """)
        // Run again, resolve leaves the marks for a person to settle, and says so.
        let again = try vault.crm("resolve")
        #expect(again.status == 1)
        #expect(again.stdout == "people/bob.md: a merge kept both sides' lines between conflict marks (line 8); "
                + "keep what is right and delete the marks ('crm check' lists them)\n")
    }
}
