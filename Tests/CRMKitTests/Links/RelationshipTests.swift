import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `related:` and `crm relate` / `crm unrelate`: stored once, shown on both people with the
/// relation named from each side, exported as vCard `RELATED`.
@Suite struct RelationshipTests {
    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada-lovelace.md", "---\nname: Ada Lovelace\ntags:\n  - friends\n---\n\nNotes.\n")
        try vault.write("people/bob-marsh.md", "---\nname: Bob Marsh\ncontact_id: \"6B29FC40-CA47-1067-B31D-00DD010662DA\"\n---\n")
        try vault.write("people/cy-young.md", "---\nname: Cy Young\nrelated:\n  - \"colleague: Ann Lee\"   # not in the vault\n---\n")
        return vault
    }

    func related(_ vault: TemporaryVault, _ person: String) throws -> [[String: String?]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", person, "--json").stdout.utf8)) as? [String: Any])
        return try #require(json["related"] as? [[String: Any]]).map { item in
            item.mapValues { $0 as? String }
        }
    }

    @Test(arguments: [
        ("partner", "partner"), ("spouse", "spouse"), ("parent", "child"), ("child", "parent"), ("sibling", "sibling"),
        ("friend", "friend"), ("colleague", "colleague"), ("manager", "report"), ("report", "manager"), ("godmother", "godmother of"),
    ])
    func aRelationIsStoredOnceAndNamedFromBothSides(_ relation: String, _ inverse: String) throws {
        let vault = try vault()
        let relate = try vault.crm("relate", "ada", relation, "bob")
        #expect(relate.status == 0, "\(relate.stderr)")
        #expect(relate.stdout == "Bob Marsh is Ada Lovelace's \(relation) (people/ada-lovelace.md:5)\n")
        #expect(vault.read("people/ada-lovelace.md") == "---\nname: Ada Lovelace\ntags:\n  - friends\nrelated: [\"[[bob-marsh|\(relation): Bob Marsh]]\"]\n---\n\nNotes.\n")
        #expect(vault.read("people/bob-marsh.md") == "---\nname: Bob Marsh\ncontact_id: \"6B29FC40-CA47-1067-B31D-00DD010662DA\"\n---\n")
        #expect(try related(vault, "ada") == [["relation": relation, "id": "bob-marsh", "name": "Bob Marsh"]])
        #expect(try related(vault, "bob") == [["relation": inverse, "id": "ada-lovelace", "name": "Ada Lovelace"]])
        #expect(try vault.crm("show", "bob").stdout.contains("Related (1)\n  \(inverse)  Ada Lovelace\n"))
        // Said again, from either side, it is already there.
        for (person, said, other) in [("ada", relation, "bob")] + (inverse.hasSuffix(" of") ? [] : [("bob", inverse, "ada")]) {
            let again = try vault.crm("relate", person, said, other)
            #expect(again.status == 0)
            #expect(again.stdout.hasPrefix("Already related: Bob Marsh is Ada Lovelace's \(relation)"), "\(again.stdout)")
        }
        let unrelate = try vault.crm("unrelate", "bob", "ada")
        #expect(unrelate.stdout == "Removed: Bob Marsh is Ada Lovelace's \(relation) (people/ada-lovelace.md:5)\n")
        #expect(vault.read("people/ada-lovelace.md") == "---\nname: Ada Lovelace\ntags:\n  - friends\n---\n\nNotes.\n")
        let none = try vault.crm("unrelate", "bob", "ada")
        #expect(none.status == 1)
        #expect(none.stderr == "crm: error: Bob Marsh and Ada Lovelace are not related (no related: item names the other)\n")
    }

    /// The sample a new user met: `crm relate lena partner "Bob Marsh"` refused someone without a
    /// file, though `related:` has a text form for them.
    @Test func someoneWithoutAFileIsWrittenAsTextAndTheOutputSaysSo() throws {
        let vault = try vault()
        let relate = try vault.crm("relate", "ada", "partner", "Lena Marsh")
        #expect(relate.status == 0, "\(relate.stderr)")
        #expect(relate.stdout == "Lena Marsh is Ada Lovelace's partner (people/ada-lovelace.md:5), as text: no person in the vault is 'Lena Marsh'\n")
        #expect(vault.read("people/ada-lovelace.md") == "---\nname: Ada Lovelace\ntags:\n  - friends\nrelated: [\"partner: Lena Marsh\"]\n---\n\nNotes.\n")
        #expect(try related(vault, "ada") == [["relation": "partner", "id": nil, "name": "Lena Marsh"]])
        let again = try vault.crm("relate", "ada", "Partner", "lena marsh", "--json")
        #expect(again.stdout == """
            {
              "id": "ada-lovelace",
              "path": "people/ada-lovelace.md",
              "line": 5,
              "relation": "partner",
              "other": null,
              "other_name": "Lena Marsh",
              "changed": false
            }

            """)
        #expect(try vault.crm("check").stdout == "")
        // A name a few letters from a tracked one may be a typo: the output says whom it is close to.
        let typo = try vault.crm("relate", "ada", "friend", "Bob Marhs")
        #expect(typo.status == 0)
        #expect(typo.stdout == """
            Bob Marhs is Ada Lovelace's friend (people/ada-lovelace.md:5), as text: no person in the vault is 'Bob Marhs'
            Not them? did you mean Bob Marsh (bob-marsh)? 'crm unrelate ada-lovelace "Bob Marhs"' takes it back

            """)
        #expect(vault.read("people/ada-lovelace.md").contains("related: [\"partner: Lena Marsh\", \"friend: Bob Marhs\"]\n"))
        let unrelate = try vault.crm("unrelate", "ada-lovelace", "bob marhs")
        #expect(unrelate.stdout == "Removed: Bob Marhs is Ada Lovelace's friend (people/ada-lovelace.md:5)\n")
        #expect(vault.read("people/ada-lovelace.md").contains("related: [\"partner: Lena Marsh\"]\n"))
        #expect(try vault.crm("unrelate", "ada", "Bob Marhs").stderr
                == "crm: error: no person matches 'Bob Marhs', and no related: item of Ada Lovelace names 'Bob Marhs'\n")
        #expect(try vault.crm("relate", "ada", "friend", "Ann [[Lee]]").status == 1)
    }

    @Test func aPairRelatedAnotherWayIsRefusedAndABadRelationIsAUsageError() throws {
        let vault = try vault()
        _ = try vault.crm("relate", "bob", "parent", "ada")
        let other = try vault.crm("relate", "ada", "partner", "bob")
        #expect(other.status == 1)
        #expect(other.stderr == "crm: error: Ada Lovelace and Bob Marsh are related already: Ada Lovelace is Bob Marsh's parent (people/bob-marsh.md:4); 'crm unrelate ada-lovelace bob-marsh' first\n")
        for bad in ["", "best: friend", "a|b", "[[x]]"] {
            #expect(try vault.crm("relate", "ada", bad, "bob").status == 2, "\(bad)")
        }
        #expect(try vault.crm("relate", "ada", "friend", "ada").stderr == "crm: error: Ada Lovelace cannot be related to themselves\n")
    }

    @Test func handWrittenFormsAreRead() throws {
        let vault = try vault()
        try vault.write("people/ada-lovelace.md", """
        ---
        name: Ada Lovelace
        related:
          - "[[bob-marsh|parent: Bob]]"
          - "friend: [[Cy Young]]"
          - 'godmother: [[bob marsh|Uncle Bob]]'
          - "colleague: Mary Somerville"
        ---

        """)
        #expect(try related(vault, "ada") == [
            ["relation": "parent", "id": "bob-marsh", "name": "Bob Marsh"],
            ["relation": "friend", "id": "cy-young", "name": "Cy Young"],
            ["relation": "godmother", "id": "bob-marsh", "name": "Bob Marsh"],
            ["relation": "colleague", "id": nil, "name": "Mary Somerville"],
        ])
        #expect(try related(vault, "bob") == [
            ["relation": "child", "id": "ada-lovelace", "name": "Ada Lovelace"],
            ["relation": "godmother of", "id": "ada-lovelace", "name": "Ada Lovelace"],
        ])
        #expect(try related(vault, "cy") == [
            ["relation": "colleague", "id": nil, "name": "Ann Lee"],
            ["relation": "friend", "id": "ada-lovelace", "name": "Ada Lovelace"],
        ])
        let removed = try vault.crm("unrelate", "ada", "bob")
        #expect(removed.stdout.components(separatedBy: "\n").count == 3)
        #expect(vault.read("people/ada-lovelace.md") == """
        ---
        name: Ada Lovelace
        related:
          - "friend: [[Cy Young]]"
          - "colleague: Mary Somerville"
        ---

        """)
    }

    @Test func checkReportsABadItemAtItsLineAndColumn() throws {
        let vault = try vault()
        try vault.write("people/ada-lovelace.md", """
        ---
        name: Ada Lovelace
        related: ["partner: [[bob-marsh]]", "[[bob-marsh]]", "friend: [[Chidi Okafor]]"]
        ---

        """)
        try vault.write("people/dee.md", "---\nname: Dee\nrelated:\n  - [[bob-marsh]]\n  - colleague: Ann Lee\n  - \"just a name\"\n---\n")
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout == """
        people/ada-lovelace.md:3:37: error: related: '[[bob-marsh]]' has no relation; write it as '[[bob-marsh|RELATION: Name]]' [invalid-value]
        people/ada-lovelace.md:3:54: warning: related: [[Chidi Okafor]] is dead: no person and no note of the vault is named 'Chidi Okafor' [dead-link]
        people/dee.md:3:9: error: related must be text or a list of text [invalid-value]

        """, "\(check.stdout)")
    }

    @Test func vCardsCarryRelatedOnBothSides() throws {
        let vault = try vault()
        _ = try vault.crm("relate", "ada", "parent", "bob")
        let cards = try vault.crm("export", "--format", "vcard").stdout
        #expect(cards.contains("CATEGORIES:friends\r\nNOTE:Notes.\r\nRELATED;TYPE=parent:urn:uuid:6B29FC40-CA47-1067-B31D-00DD010662DA\r\nEND:VCARD"), "\(cards)")
        // Ada has no contact_id: her card's UID is derived from her id, and Bob's card names it.
        #expect(cards.contains("UID:urn:uuid:d6e8c70a-d1c8-5b4e-8562-26a16e4f0443\r\nFN:Ada Lovelace\r\n"), "\(cards)")
        #expect(cards.contains("FN:Bob Marsh\r\nN:Marsh;Bob;;;\r\nRELATED;TYPE=child:urn:uuid:d6e8c70a-d1c8-5b4e-8562-26a16e4f0443\r\nEND:VCARD"), "\(cards)")
        #expect(cards.contains("FN:Cy Young\r\nN:Young;Cy;;;\r\nRELATED;VALUE=text;TYPE=colleague:Ann Lee\r\nEND:VCARD"), "\(cards)")
        _ = try vault.crm("unrelate", "ada", "bob")
        _ = try vault.crm("relate", "ada", "godmother", "bob")
        #expect(try vault.crm("export", "--format", "vcard").stdout.contains("RELATED;TYPE=godmother of:urn:uuid:d6e8c70a-d1c8-5b4e-8562-26a16e4f0443\r\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("export", "--format", "json").stdout.utf8)) as? [[String: Any]])
        #expect(json.map { ($0["related"] as? [Any])?.count } == [1, 1, 1])
    }

    @Test func relationNamesComplete() throws {
        let bash = try CRM.run(["completions", "bash"]).stdout
        #expect(bash.contains("partner spouse parent child sibling friend colleague manager report"))
        #expect(RelatedItemGrammar.parse("[[x|partner: X]]") != nil)
    }
}

/// The item grammar alone.
enum RelatedItemGrammar {
    static func parse(_ text: String) -> (String, String?, String)? {
        if case .success(let item) = Relationship.parse(text) { return item }
        return nil
    }
}

@Suite struct RelatedItemGrammarTests {
    @Test(arguments: [
        ("[[bob-marsh|partner: Bob Marsh]]", "partner", "bob-marsh", "Bob Marsh"),
        ("partner: [[bob-marsh]]", "partner", "bob-marsh", "bob-marsh"),
        ("  Partner : [[bob-marsh|Bob]] ", "Partner", "bob-marsh", "Bob"),
        ("best friend: Ann Lee", "best friend", nil, "Ann Lee"),
        ("[[bob-marsh#Family|parent: Bob]]", "parent", "bob-marsh", "Bob"),
    ])
    func items(_ text: String, _ relation: String, _ target: String?, _ name: String) throws {
        let item = try #require(RelatedItemGrammar.parse(text), "\(text)")
        #expect(item.0 == relation)
        #expect(item.1 == target)
        #expect(item.2 == name)
    }

    @Test(arguments: ["[[bob]]", "Bob Marsh", "partner:", ": Bob", "partner: [[a]] and [[b]]", "partner: ![[bob]]", "a|b: c"])
    func notItems(_ text: String) {
        #expect(RelatedItemGrammar.parse(text) == nil, "\(text)")
    }
}
