import Foundation
import Testing

/// `crm check` as a user sees it.
@Suite struct CheckCommandTests {
    @Test func exampleVaultHasOnlyTheFileWithoutFrontMatter() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("check")
        #expect(result.status == 0)
        #expect(result.stdout == "people/bea-quill.md:1:1: warning: no front matter; the name 'Bea Quill' is taken from the "
                + "'# Bea Quill' heading (the tool adds front matter when it first sets a field) [no-name]\n")
    }

    @Test func everyKindOfProblemSortedByPathAndLine() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", """
        ---
        name: Ada
        contact_id: X1
        phone: +442079460018
        birthday: 1815-13-10
        every: monthly
        snooze: soon
        added: 2026-02-30
        # conflict: email: a@b.example (from theirs)
        ---

        ## Interactions

        - 2026-09-01 call: a
        - 2026-10-01 call: b
        - 2026-08-01 call: c
        - 2026-07-01 call: d
        just a line

        """)
        try vault.write("people/ada2.md", "---\nname: ADA\ncontact_id: X1\n---\n")
        try vault.write("people/ada.sync-conflict-20261128-101500-ABCDEFG.md", "---\nname: Ada\n---\n")
        try vault.write("people/bob.md", "---\nname: Bob\n<<<<<<< HEAD\nphone: \"1\"\n=======\nphone: \"2\"\n>>>>>>> other\n---\n")
        try vault.write(".crm/config.yaml", "every: often\n")
        let result = try vault.crm("check")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("""
        .crm/config.yaml:1:8: error: every: 'often' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y); people without a cadence of their own or from a tag are never due [config-value]
        people/ada.md:4:8: warning: phone '+442079460018' is read as a number, date, boolean or null by some YAML readers; quote it ('crm fmt' does) [ambiguous-value]
        people/ada.md:5:11: error: birthday: '1815-13-10' is not a date (YYYY-MM-DD, or --MM-DD without the year) [invalid-value]
        people/ada.md:6:8: error: every: 'monthly' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y) [invalid-value]
        people/ada.md:7:9: error: snooze: 'soon' is not a date (YYYY-MM-DD) [invalid-value]
        people/ada.md:8:8: error: added: '2026-02-30' is not a date (YYYY-MM-DD) [invalid-value]
        people/ada.md:9:1: error: conflict: a merge left both values: 'email: a@b.example (from theirs)'; keep the right one and delete this comment [merge-conflict]
        people/ada.md:15:1: warning: entry out of order: 2026-10-01 comes after 2026-09-01 in a log that is mostly newest first, the order new entries follow ('crm fmt' sorts it) [entry-out-of-order]
        people/ada.md:18:1: warning: line in the log is not an entry ('- YYYY-MM-DD [type:] note') [not-an-entry]
        people/ada.sync-conflict-20261128-101500-ABCDEFG.md:1:1: error: conflict: sync conflict copy of people/ada.md; run 'crm resolve' to merge it into that file [sync-conflict-copy]
        people/ada2.md:2:1: warning: same name as people/ada.md ('ADA'); PERSON arguments cannot tell them apart by name [duplicate-name]
        people/ada2.md:3:1: warning: same contact_id as people/ada.md: two files for one contact? [duplicate-contact-id]

        """))
        // After them, bob.md: the marker first, then whatever the YAML reader says about the marker lines.
        #expect(result.stdout.contains("people/ada2.md:3:1: warning: same contact_id as people/ada.md: two files for one contact? [duplicate-contact-id]\n"
                                       + "people/bob.md:3:1: error: git conflict marker: the file was merged without the crm merge driver; "
                                       + "run 'crm resolve' to merge both sides [conflict-markers]\n"))
        let json = try vault.crm("check", "--json")
        #expect(json.status == 1)
        #expect(json.stdout.contains("""
          {
            "path": "people/ada.md",
            "line": 5,
            "column": 11,
            "severity": "error",
            "rule": "invalid-value",
            "message": "birthday: '1815-13-10' is not a date (YYYY-MM-DD, or --MM-DD without the year)"
          }
        """))
    }
}

/// Unresolved conflicts are errors: `check` exits 1 while one is left.
@Suite struct UnresolvedConflictCheckTests {
    static let ada = "---\nname: Ada\n---\n\n## Interactions\n\n- 2026-11-02 call: x\n"

    @Test func aSyncConflictCopyAloneFailsTheCheck() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.ada)
        try vault.write("people/ada.sync-conflict-20261128-101500-ABCDEFG.md", Self.ada)
        let result = try vault.crm("check")
        #expect(result.status == 1)
        #expect(result.stdout == "people/ada.sync-conflict-20261128-101500-ABCDEFG.md:1:1: error: conflict: sync conflict copy "
                + "of people/ada.md; run 'crm resolve' to merge it into that file [sync-conflict-copy]\n")
    }

    @Test func aNextcloudConflictCopyAloneFailsTheCheck() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.ada)
        try vault.write("people/ada (conflicted copy 2026-11-28 101500).md", Self.ada)
        let result = try vault.crm("check")
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: conflict: sync conflict copy of people/ada.md"), "\(result.stdout)")
    }

    @Test func aConflictCommentAloneFailsTheCheck() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "name: Ada\n", with: "name: Ada\nphone: \"1\"\n  # conflict: phone: \"2\" (from theirs)\n"))
        let result = try vault.crm("check")
        #expect(result.status == 1)
        #expect(result.stdout == "people/ada.md:4:3: error: conflict: a merge left both values: 'phone: \"2\" (from theirs)'; "
                + "keep the right one and delete this comment [merge-conflict]\n")
    }
}
