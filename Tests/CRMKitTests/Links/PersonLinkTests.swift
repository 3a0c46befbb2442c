import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Finding wikilinks on a line and in a file: what Obsidian shows as a link is one, what it shows
/// as code or as an embed is not a person link.
@Suite struct PersonLinkTests {
    func targets(_ line: String) -> [String] { PersonLink.scan(line).filter(\.mayNamePerson).map(\.target) }

    @Test func targetTextAndHeading() {
        let links = PersonLink.scan("Met [[ada-lovelace|Ada]] and [[Bob Marsh#Garden|Bob]], see [[Noor#^b12]] and [[ana]].")
        #expect(links.map(\.target) == ["ada-lovelace", "Bob Marsh", "Noor", "ana"])
        #expect(links.map(\.text) == ["Ada", "Bob", nil, nil])
        #expect(links.map(\.anchor) == [nil, "Garden", "^b12", nil])
        var line = "Met [[ada-lovelace|Ada]] and"
        #expect(line.withUTF8 { PersonLink.columns(of: PersonLink.scan($0), in: $0) } == [5])
    }

    @Test func columnsCountCharacters() {
        var line = "Café avec [[José Núñez]], Zoë et [[Ana]] — [[Léa]]"
        let columns = line.withUTF8 { PersonLink.columns(of: PersonLink.scan($0), in: $0) }
        #expect(columns == [11, 34, 44])
    }

    @Test(arguments: [
        ("`[[ada]]`", [String]()),
        ("``a `[[ada]]` b``", []),
        ("```[[ada]]```", []),
        ("`code` [[ada]] `more`", ["ada"]),
        ("`unclosed [[ada]]", ["ada"]),
        ("`` `[[ada]]` `` and [[bob]]", ["bob"]),
        ("\\[[ada]]", []),
        ("[[ada", []),
        ("[[a [[bob]]", ["bob"]),
        ("[[]] [[|x]] [[#Heading]]", []),
        ("| [[ada\\|Ada]] | row |", ["ada"]),
        ("[[ada]][[bob]]", ["ada", "bob"]),
        ("[[a`b]]` and [[c]]", ["c"]),
    ])
    func codeSpansEscapesAndBrokenLinks(_ line: String, _ expected: [String]) {
        #expect(targets(line) == expected, "\(line)")
    }

    @Test func aTableLinkKeepsItsTextWithoutTheBackslash() {
        let link = PersonLink.scan("| [[ada\\|Ada L.]] |")[0]
        #expect(link.target == "ada")
        #expect(link.text == "Ada L.")
    }

    @Test func embedsAreNotPersonLinks() {
        let links = PersonLink.scan("![[ada-lovelace]] and [[bob]] and ![[photo.png|200]]")
        #expect(links.map(\.isEmbed) == [true, false, true])
        #expect(!links[0].mayNamePerson)
        #expect(links[1].mayNamePerson)
    }

    @Test func daysAreDailyNoteLinks() {
        #expect(PersonLink.isDay("2026-11-20"))
        #expect(PersonLink.isDay("2026_11_20"))
        #expect(PersonLink.isDay("2026-11-20 Friday"))
        #expect(!PersonLink.isDay("2026-11_20"))
        #expect(!PersonLink.isDay("Ada 2026-11-20"))
        #expect(!PersonLink.scan("[[2026-11-20]]")[0].mayNamePerson)
    }

    @Test func fencedCodeIsNotRead() {
        let text = TextBuffer(Array("""
        [[a]]
        ```
        [[b]]
        ```
        ~~~~ text
        [[c]]
        ~~~
        still code [[d]]
        ~~~~
        - item
          ```
          [[e]]
        [[f]] ends the item and its code
        - ```
          [[g]]
          ```
        [[h]]
        """.utf8))
        var found: [String] = []
        PersonLink.forEachLine(in: text) { _, _, links in found += links.map(\.target) }
        #expect(found == ["a", "f", "h"])
    }

    @Test func aFrontMatterIsReadWithoutFences() {
        let text = TextBuffer(Array("---\nx: \"```\"\nup: \"[[a]]\"\n---\n[[b]]\n".utf8))
        var found: [String] = []
        PersonLink.forEachLine(in: text, plain: 0..<4) { _, _, links in found += links.map(\.target) }
        #expect(found == ["a", "b"])
    }

    @Test func readableNotesShowWhatObsidianShows() {
        #expect(PersonLink.readable("Dinner (with [[priya-raman|Priya Raman]] and [[José Núñez]])") == "Dinner (with Priya Raman and José Núñez)")
        #expect(PersonLink.readable("[[Bob#Garden]] `[[x|y]]` ![[img.png]]") == "Bob > Garden `[[x|y]]` ![[img.png]]")
        #expect(PersonLink.readable("two\n[[a|lines]]") == "two\nlines")
    }

    @Test func markupLeavesOutTextThatCannotStandInALink() {
        #expect(PersonLink.markup("ada", text: "Ada") == "[[ada|Ada]]")
        #expect(PersonLink.markup("ada", text: "A|B") == "[[ada]]")
        #expect(PersonLink.markup("ada") == "[[ada]]")
    }

    /// Random lines of text, links, code spans of several lengths and escapes: the scanner finds
    /// exactly the links written outside code.
    @Test func randomLinesFindExactlyTheLinksOutsideCode() {
        var g = SeededGenerator(seed: 2026_12_01)
        for _ in 0..<2000 {
            var line = "", expected: [String] = []
            for _ in 0..<Int.random(in: 1...6, using: &g) {
                let target = ["ada", "Bob Marsh", "josé", "x/y", "山田"].randomElement(using: &g)!
                switch Int.random(in: 0..<6, using: &g) {
                case 0:
                    line += "[[\(target)]]"
                    expected.append(target)
                case 1:
                    line += "[[\(target)|shown \(target)]]"
                    expected.append(target)
                case 2:
                    let ticks = String(repeating: "`", count: Int.random(in: 1...3, using: &g))
                    line += "\(ticks)[[\(target)]]\(ticks)"
                case 3: line += "![[\(target)]]"
                case 4: line += "\\[[\(target)]]"
                default: line += " plain words, [brackets] and a lone ] "
                }
                line += " "
            }
            #expect(targets(line) == expected, "\(line)")
        }
    }
}
