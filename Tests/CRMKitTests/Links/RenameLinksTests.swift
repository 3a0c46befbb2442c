import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm rename` keeps every link to the person true, across person files, daily notes and the
/// other notes, changing each line only in its links; `crm rm` names the links it leaves dangling.
@Suite struct RenameLinksTests {
    @Test func renameRewritesLinksAcrossTheVault() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: Daily\n")
        try vault.write("people/priya-raman.md", "---\nname: Priya Raman\naliases: [Pri]\n---\n\nThat is me: [[priya-raman]].\n")
        try vault.write("people/lena-marsh.md", """
        ---
        name: Lena Marsh
        related: ["[[priya-raman|friend: Priya Raman]]"]
        ---

        ## Interactions

        * [[2026-11-14]] visit: Dinner (with [[priya-raman|Priya Raman]] and [[Jose|José]])
        - 2026-11-01 call: About [[PRIYA RAMAN#Climbing|her trip]], `[[priya-raman]]` stays, ![[priya-raman]]
        - 2026-10-01 call: [[Pri]] by her alias, [[people/priya-raman.md]] by path\r
        """)
        try vault.write("Daily/2026-11-26.md", "---\nwith: '[[Priya Raman]]'\n---\n- Coffee with [[priya raman]]\n```\n[[priya-raman]]\n```\n")
        try vault.write("Notes/Climbing.md", "| who | |\n| --- | --- |\n| [[priya-raman\\|Priya Raman]] | lead |\n")
        try vault.write("Notes/Other.md", "Nothing about her.\n")
        try vault.write("people/jose.md", "---\nname: José Núñez\n---\n")
        let untouched = vault.bytes("Notes/Other.md")

        let rename = try vault.crm("rename", "priya", "Priya O'Neill")
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(rename.stdout == """
        Renamed Priya Raman to Priya O'Neill (people/priya-raman.md → people/priya-oneill.md)
        Updated the links to Priya O'Neill on 8 lines of 4 files:
          people/lena-marsh.md:3,8,9,10
          people/priya-oneill.md:6
          Daily/2026-11-26.md:2,4
          Notes/Climbing.md:3

        """, "\(rename.stdout)")
        #expect(vault.read("people/lena-marsh.md") == """
        ---
        name: Lena Marsh
        related: ["[[priya-oneill|friend: Priya O'Neill]]"]
        ---

        ## Interactions

        * [[2026-11-14]] visit: Dinner (with [[priya-oneill|Priya O'Neill]] and [[Jose|José]])
        - 2026-11-01 call: About [[Priya O'Neill#Climbing|her trip]], `[[priya-raman]]` stays, ![[priya-oneill]]
        - 2026-10-01 call: [[Pri]] by her alias, [[people/priya-oneill.md]] by path\r
        """)
        #expect(vault.read("people/priya-oneill.md").hasSuffix("That is me: [[priya-oneill]].\n"))
        #expect(vault.read("Daily/2026-11-26.md") == "---\nwith: '[[Priya O''Neill]]'\n---\n- Coffee with [[Priya O'Neill]]\n```\n[[priya-raman]]\n```\n")
        #expect(vault.read("Notes/Climbing.md") == "| who | |\n| --- | --- |\n| [[priya-oneill\\|Priya O'Neill]] | lead |\n")
        #expect(vault.bytes("Notes/Other.md") == untouched)
        #expect(try vault.crm("check").stdout == "")
        // The front matter's link, read as YAML reads it, still names her.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("show", "priya", "--json").stdout.utf8)) as? [String: Any])
        #expect((json["mentions"] as? [[String: Any]])?.map { "\($0["path"]!):\($0["line"]!)" }
                == ["Daily/2026-11-26.md:2", "Notes/Climbing.md:3"])
    }

    @Test func renameKeepsTheFileNamingStyle() throws {
        let vault = try TemporaryVault()
        try vault.write("people/Rosa Díaz.md", "---\nname: Rosa Díaz\n---\n")
        try vault.write("people/family/tom-o-brien.md", "---\nname: Tom O'Brien\n---\n")
        try vault.write("people/mom.md", "---\nname: Francesca Rossi\n---\n")
        try vault.write("people/lena.md", "---\nname: Lena\n---\n\n## Interactions\n\n- 2026-11-20 call: [[Rosa Díaz]], [[family/tom-o-brien]], [[mom]]\n")
        let rosa = try vault.crm("rename", "rosa", "Rosa Díaz García")
        #expect(rosa.stdout.hasPrefix("Renamed Rosa Díaz to Rosa Díaz García (people/Rosa Díaz.md → people/Rosa Díaz García.md)\n"), "\(rosa.stdout)")
        let tom = try vault.crm("rename", "tom", "Tom O’Brian")
        #expect(tom.stdout.hasPrefix("Renamed Tom O'Brien to Tom O’Brian (people/family/tom-o-brien.md → people/family/tom-obrian.md)\n"), "\(tom.stdout)")
        let mom = try vault.crm("rename", "mom", "Francesca Bianchi")
        #expect(mom.stdout.hasPrefix("Renamed Francesca Rossi to Francesca Bianchi (people/mom.md keeps its file name: it is not made from the name)\n"),
                "\(mom.stdout)")
        #expect(try vault.crm("list", "--ids").stdout == "Rosa Díaz García\nfamily/tom-obrian\nlena\nmom\n")
        #expect(vault.read("people/lena.md").hasSuffix("- 2026-11-20 call: [[Rosa Díaz García]], [[family/tom-obrian]], [[mom]]\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("rename", "mom", "Francesca Rossi", "--json").stdout.utf8)) as? [String: Any])
        #expect(json["path"] as? String == "people/mom.md")
    }

    /// A link without text shows its target: when the target must change, it goes on showing a
    /// name, not an id in its place, in a front matter as in the text (quoted as its YAML string
    /// needs).
    @Test func aLinkWithoutTextKeepsShowingAName() throws {
        let vault = try TemporaryVault()
        try vault.write("people/mom.md", "---\nname: Mom\naliases: [Mom]\n---\n")
        try vault.write("people/lena.md", """
        ---
        name: Lena
        up: "[[Mom]]"
        related: ['parent: [[Mom]]']
        ---

        | who | since |
        | --- | --- |
        | [[Mom]] | always |

        ## Interactions

        - 2026-11-20 call: [[Mom]], [[mom#Notes]], [[Mom|Mama]], [[mom]] and ![[mom]]

        """)
        let rename = try vault.crm("rename", "mom", "Francesca Rossi")
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(vault.read("people/lena.md") == """
        ---
        name: Lena
        up: "[[francesca-rossi|Mom]]"
        related: ['parent: [[francesca-rossi|Mom]]']
        ---

        | who | since |
        | --- | --- |
        | [[francesca-rossi\\|Mom]] | always |

        ## Interactions

        - 2026-11-20 call: [[francesca-rossi|Mom]], [[francesca-rossi#Notes|mom]], [[francesca-rossi|Mama]], [[francesca-rossi|mom]] and ![[francesca-rossi]]

        """)
        #expect(try vault.crm("check").stdout == "")
        // A link by the old name names her by the new one, and shows it.
        try vault.write("people/noor.md", "---\nname: Noor\n---\n\nSee [[Francesca Rossi]].\n")
        _ = try vault.crm("rename", "francesca-rossi", "Francesca Rossi Bianchi")
        #expect(vault.read("people/noor.md").hasSuffix("See [[Francesca Rossi Bianchi]].\n"), "\(vault.read("people/noor.md"))")
    }

    /// The name a front-matter link goes on showing is written as its YAML string needs it.
    @Test func aLinkInAQuotedStringShowsItsNameQuotedAsTheStringNeeds() throws {
        let vault = try TemporaryVault()
        try vault.write("people/lu.md", #"---\#nname: Lu "Nonna" D'Angelo\#naliases: ['Lu "Nonna" D''Angelo']\#n---\#n"#)
        try vault.write("people/lena.md", #"""
        ---
        name: Lena
        single: '[[Lu "Nonna" D''Angelo]]'
        double: "[[Lu \"Nonna\" D'Angelo]]"
        ---

        """#)
        let rename = try vault.crm("rename", "lu", "Lucia Rossi")
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(vault.read("people/lena.md") == #"""
        ---
        name: Lena
        single: '[[Lucia Rossi|Lu "Nonna" D''Angelo]]'
        double: "[[Lucia Rossi|Lu \"Nonna\" D'Angelo]]"
        ---

        """#, "\(vault.read("people/lena.md"))")
        #expect(try vault.crm("check").stdout == "")
    }

    @Test func rmNamesTheLinksItLeavesDangling() throws {
        let vault = try TemporaryVault()
        try vault.write("people/priya-raman.md", "---\nname: Priya Raman\n---\n")
        try vault.write("people/lena-marsh.md", "---\nname: Lena Marsh\nrelated: [\"[[priya-raman|friend: Priya Raman]]\"]\n---\n\nSee [[Priya Raman]].\n")
        try vault.write("Notes/Climbing.md", "![[priya-raman]]\n")
        let rm = try vault.crm("rm", "priya", "--yes")
        #expect(rm.status == 0)
        let lines = rm.stdout.components(separatedBy: "\n")
        #expect(lines[0].hasPrefix("Removed Priya Raman; the file is kept at .crm/trash/"))
        #expect(Array(lines.dropFirst()) == [
            "3 links to Priya Raman now point at nobody:",
            "  people/lena-marsh.md:3: [[priya-raman]]",
            "  people/lena-marsh.md:6: [[Priya Raman]]",
            "  Notes/Climbing.md:1: [[priya-raman]]",
            "",
        ])
        #expect(try vault.crm("check").stdout.contains("people/lena-marsh.md:3:11: warning: related: [[priya-raman]] is dead"))
    }

    // MARK: The property

    /// Names with accents, apostrophes and shared words, so that ids, names and aliases meet.
    static let names = ["Priya Raman", "José Núñez", "Zoë O'Brien", "Ana Núñez", "Lena Marsh", "Bjørn Øyen", "Chloé Dubois",
                        "Sam Lee", "Noor Haddad", "Ólafur Þórsson"]
    static let newNames = ["Priya Raman-Shah", "Pepe Núñez", "Zoe O'Neill", "Ana Lopez", "Lena Marsh", "Björn Oyen"]

    /// Random vaults of person files, daily notes and notes linking each other every way a link
    /// can be written; one person renamed. After it: every link that named them names them (and
    /// none by the old id or name), every other byte of every file is as it was, and each changed
    /// line differs only in links that named them.
    @Test func afterRenameEveryLinkIsTrueAndOnlyLinksChanged() throws {
        var g = SeededGenerator(seed: 2026_11_29)
        var rewritten = 0
        for round in 0..<30 {
            let folder = try TemporaryVault()
            try folder.write(".crm/config.yaml", "journal: Journal\n")
            let chosen = Self.names.shuffled(using: &g).prefix(Int.random(in: 2...5, using: &g))
            let people = chosen.enumerated().map { index, name -> (id: String, name: String, alias: String?) in
                let id = (index % 3 == 2 ? "family/" : "") + Slug.make(name)
                return (id, name, Bool.random(using: &g) ? "Nick\(index)" : nil)
            }
            /// A link in one of its forms; `inYAML`: one that can stand in a double-quoted YAML string.
            func link(_ g: inout SeededGenerator, inYAML: Bool = false) -> String {
                let person = people.randomElement(using: &g)!
                let stem = String(person.id.split(separator: "/").last!)
                var forms = ["[[\(person.id)]]", "[[\(person.id)|\(person.name)]]", "[[\(person.name)]]", "[[\(person.name.uppercased())]]",
                             "[[\(person.name.folded)|someone]]", "[[\(person.id)#Notes]]", "[[\(person.id)#^b1|\(person.name)]]",
                             "[[people/\(person.id).md]]", "![[\(person.id)]]", "`[[\(person.id)]]`", "[[\(stem)]]", "[[\(person.id)\\|\(person.name)]]"]
                if let alias = person.alias { forms.append("[[\(alias)]]") }
                return forms.filter { !inYAML || !$0.contains("\\") }.randomElement(using: &g)!
            }
            func text(_ g: inout SeededGenerator) -> String {
                (0..<Int.random(in: 1...3, using: &g)).map { _ in Bool.random(using: &g) ? link(&g) : "word" }.joined(separator: " ")
            }
            var files: [String: String] = [:]
            for person in people {
                var lines = ["---", "name: \(person.name)"] + (person.alias.map { ["aliases: [\($0)]"] } ?? [])
                if Bool.random(using: &g) { lines.append("up: \"\(link(&g, inYAML: true))\"") }
                lines += ["---", "", "Notes \(text(&g)).", "", "## Interactions", ""]
                for day in (1...Int.random(in: 1...3, using: &g)).reversed() {
                    lines.append("- 2026-10-0\(day) call: \(text(&g))")
                    if Bool.random(using: &g) { lines += ["  ```", "  \(link(&g))", "  ```"] }
                }
                files["people/\(person.id).md"] = lines.joined(separator: "\n") + "\n"
            }
            files["Journal/2026-11-2\(round % 9).md"] = "- \(text(&g))\n- 12:30 visit: \(text(&g))\nA line: \(text(&g))\n"
            files["Notes/Topic \(round).md"] = "---\nup: \"\(link(&g, inYAML: true))\"\n---\n\(text(&g))\n\n```\n\(link(&g))\n```\n"
            for (path, content) in files { try folder.write(path, content) }

            let vault = try Vault(root: folder.path)
            let before = VaultLinks.read(vault)
            let renamed = people.randomElement(using: &g)!
            var newName = Self.newNames.randomElement(using: &g)!
            if people.contains(where: { $0.name.folded == newName.folded && $0.id != renamed.id }) { newName += " II" }
            // The rename as planned, each file's edits made to its bytes, is what the rename writes.
            let plan = try vault.planRename(try vault.find(renamed.id), to: newName)
            var planned: [String: [UInt8]] = [:]
            for (path, content) in files {
                let bytes = Array(content.utf8)
                planned[path == plan.person.path ? plan.moved.path : path] = ByteEdit.apply(try plan.edits(ofFile: path, bytes: bytes).edits, to: bytes)
            }
            let result = try vault.renameAndRelink(try vault.find(renamed.id), to: newName)
            let moved = result.person
            #expect(plan.moved.path == moved.path)
            for (path, bytes) in planned { #expect(folder.bytes(path) == bytes, "round \(round): \(path) is not as planned") }
            #expect(result.failures.isEmpty, "round \(round): \(result.failures)")
            rewritten += result.links.reduce(0) { $0 + $1.lines.count }
            let after = VaultLinks.read(vault)
            for (path, old) in files {
                let newPath = path == "people/\(renamed.id).md" ? moved.path : path
                let new = folder.read(newPath)
                let oldLines = old.components(separatedBy: "\n"), newLines = new.components(separatedBy: "\n")
                try #require(oldLines.count == newLines.count, "round \(round): \(path) has other lines")
                // The links that named the renamed person before, by line.
                var named: [Int: [PersonLink]] = [:]
                PersonLink.forEachLine(in: TextBuffer(Array(old.utf8)), plain: FileLinks.frontMatterLines(TextBuffer(Array(old.utf8)))) { i, _, links in
                    named[i] = links.filter { ($0.mayNamePerson || $0.isEmbed) && before.resolver.person($0.target) == renamed.id }
                }
                for (i, (a, b)) in zip(oldLines, newLines).enumerated() {
                    if a.hasPrefix("name: "), newPath == moved.path { continue }
                    let wasNamed = named[i] ?? []
                    if a == b {
                        for link in wasNamed { #expect(after.resolver.person(link.target) == moved.id, "round \(round): \(path):\(i + 1) \(a)") }
                        continue
                    }
                    #expect(!wasNamed.isEmpty, "round \(round): \(path):\(i + 1) changed without a link to rename:\n\(a)\n\(b)")
                    let oldLinks = PersonLink.scan(a), newLinks = PersonLink.scan(b)
                    try #require(oldLinks.count == newLinks.count, "round \(round): \(path):\(i + 1)\n\(a)\n\(b)")
                    #expect(Self.outsideLinks(a, oldLinks) == Self.outsideLinks(b, newLinks), "round \(round): \(path):\(i + 1)\n\(a)\n\(b)")
                    for (x, y) in zip(oldLinks, newLinks) {
                        let wasTheirs = wasNamed.contains { $0.span == x.span }
                        if !wasTheirs {
                            #expect(x.target == y.target && x.text == y.text && x.anchor == y.anchor, "round \(round): \(path):\(i + 1)\n\(a)\n\(b)")
                            continue
                        }
                        #expect(after.resolver.person(y.target) == moved.id, "round \(round): \(y.target) in \(b)")
                        #expect(y.anchor == x.anchor)
                        #expect(y.isEmbed == x.isEmbed)
                        if renamed.id != moved.id { #expect(LinkResolver.key(y.target) != renamed.id.folded, "\(b)") }
                        if renamed.name.folded != newName.folded {
                            #expect(LinkResolver.key(y.target) != renamed.name.folded, "\(b)")
                            #expect(y.text.map { $0.folded != renamed.name.folded } ?? true, "\(b)")
                        }
                    }
                }
            }
        }
        #expect(rewritten > 50, "the rounds rewrote \(rewritten) lines: too few to test anything")
    }

    /// The bytes of `line` outside its links.
    static func outsideLinks(_ line: String, _ links: [PersonLink]) -> [[UInt8]] {
        let bytes = Array(line.utf8)
        var parts: [[UInt8]] = [], at = 0
        for link in links {
            parts.append(Array(bytes[at..<link.span.lowerBound]))
            at = link.span.upperBound
        }
        parts.append(Array(bytes[at...]))
        return parts
    }
}
