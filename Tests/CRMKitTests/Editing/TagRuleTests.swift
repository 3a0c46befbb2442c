import Foundation
import Testing

/// One rule for tags (`Tag.key`): `Family`, `family` and `FAMILY` are one tag, `Café` is `cafe`,
/// wherever a tag is looked up, added, removed, listed or given a cadence.
@Suite struct TagRuleTests {
    /// Ada is `Family` (as an import keeps it), Bob `family`, Cy `Famíly` and `friends`, Dee `Family`.
    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "tag_every:\n  family: 14d\n")
        try vault.write("people/ada.md", "---\nname: Ada\ntags: [Family]\nadded: 2026-10-01\n---\n")
        try vault.write("people/bob.md", "---\nname: Bob\ntags:\n  - friends\n  - family\nadded: 2026-10-01\n---\n")
        try vault.write("people/cy.md", "---\nname: Cy\ntags: [friends, Famíly]\nadded: 2026-10-01\n---\n")
        try vault.write("people/dee.md", "---\nname: Dee\ntags: Family\nadded: 2026-10-01\n---\n")
        return vault
    }

    @Test func tagEveryGivesItsCadenceToEverySpellingOfTheTag() throws {
        let due = try vault().crm("due")
        #expect(due.status == 0 && due.stderr == "")
        for name in ["Ada", "Bob", "Cy", "Dee"] { #expect(due.stdout.contains(name), "\(name): \(due.stdout)") }
    }

    @Test func listTagFindsEverySpelling() throws {
        let vault = try vault()
        #expect(try vault.crm("list", "--tag", "FAMILY", "--ids").stdout == "ada\nbob\ncy\ndee\n")
        #expect(try vault.crm("list", "--tag", " family ", "--ids").stdout == "ada\nbob\ncy\ndee\n")
    }

    @Test func completionListsOneSpellingPerTagTheOneMostPeopleUse() throws {
        let tags = try vault().crm("completions", "--tags")
        #expect(tags.status == 0)
        #expect(tags.stdout == "Family\nfriends\n")
    }

    @Test func settingATagAnotherSpellingHoldsChangesNothingAndRemovingTakesEverySpelling() throws {
        let vault = try vault()
        let before = vault.read("people/ada.md")
        #expect(try vault.crm("set", "ada", "tags+=family").status == 0)
        #expect(vault.read("people/ada.md") == before)
        #expect(try vault.crm("set", "cy", "tags-=FAMILY").status == 0)
        #expect(vault.read("people/cy.md") == "---\nname: Cy\ntags: [friends]\nadded: 2026-10-01\n---\n")
        #expect(try vault.crm("set", "bob", "tags-=Family").status == 0)
        #expect(vault.read("people/bob.md") == "---\nname: Bob\ntags:\n  - friends\nadded: 2026-10-01\n---\n")
        #expect(try vault.crm("set", "dee", "tags-=family").status == 0)
        #expect(vault.read("people/dee.md") == "---\nname: Dee\ntags: []\nadded: 2026-10-01\n---\n")
    }

    @Test func checkWarnsAboutATagSpeltAnotherWayWithBothSpellingsAndTheirPlaces() throws {
        let check = try vault().crm("check")
        #expect(check.status == 0)
        #expect(check.stdout == """
            people/bob.md:5:5: warning: tag 'family' is spelt 'Family' in people/ada.md:3:8 and 1 more file; one tag, as tags \
            compare ignoring case and accents: spell it one way [tag-spelling]
            people/cy.md:3:17: warning: tag 'Famíly' is spelt 'Family' in people/ada.md:3:8 and 1 more file; one tag, as tags \
            compare ignoring case and accents: spell it one way [tag-spelling]

            """)
    }

    @Test func importKeepsOneSpellingOfATag() throws {
        let vault = try TemporaryVault()
        try vault.write("cards.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eve\r\nCATEGORIES:Family,family,FAMILY\r\nEND:VCARD\r\n")
        #expect(try vault.crm("import", vault.url.appendingPathComponent("cards.vcf").path, "--tag", "family").status == 0)
        #expect(vault.read("people/eve.md").contains("tags: [Family]\n"), "\(vault.read("people/eve.md"))")
    }
}
