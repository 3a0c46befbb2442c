import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// What `crm check` says about links: dead links in entries, links that name several people.
@Suite struct CheckLinksTests {
    @Test func deadAndAmbiguousLinks() throws {
        let vault = try TemporaryVault()
        try vault.write("people/sam-lee.md", "---\nname: Sam Lee\n---\n")
        try vault.write("people/sam-lee-2.md", "---\nname: Sam Lee\n---\n")
        try vault.write("people/kim.md", """
        ---
        name: Kim
        ---

        Mentions are never dead: [[Someone Someday]]; but [[Sam Lee]] is ambiguous anywhere.

        ## Interactions

        - 2026-11-20 visit: With [[Chidi Okafor]] and [[sam lee|Sam]] at [[Leeds trip#Day 2]].
        - 2026-11-19 call: [[photo.jpg]], [[Projects/Plan]], [[2026-11-19]], ![[Nobody]], `[[In Code]]`, [[#Heading]].
          ```
          [[Nor In A Fence]]
          ```

        """)
        try vault.write("Leeds trip.md", "A note.\n")
        try vault.write("attachments/photo.jpg", "not really a photo")
        try vault.write("Projects/Plan.md", "A plan.\n")
        let check = try vault.crm("check")
        #expect(check.stdout == """
        people/kim.md:5:51: warning: link [[Sam Lee]] matches 2 people (sam-lee, sam-lee-2), so it counts for none of them; link one by its id, as [[sam-lee|Sam Lee]] [ambiguous-link]
        people/kim.md:9:26: warning: link [[Chidi Okafor]] is dead: no person and no note of the vault is named 'Chidi Okafor' [dead-link]
        people/kim.md:9:47: warning: link [[sam lee]] matches 2 people (sam-lee, sam-lee-2), so it counts for none of them; link one by its id, as [[sam-lee|Sam Lee]] [ambiguous-link]
        people/sam-lee.md:2:1: warning: same name as people/sam-lee-2.md ('Sam Lee'); PERSON arguments cannot tell them apart by name [duplicate-name]

        """, "\(check.stdout)")
        #expect(check.status == 0)
        // An ambiguous link counts for nobody.
        #expect(try vault.crm("show", "sam-lee").stdout.contains("Interactions (0)"))
    }
}
