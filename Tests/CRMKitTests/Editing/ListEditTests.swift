import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm set PERSON KEY+=ITEM KEY-=ITEM`: one item added to or removed from a front-matter list in
/// place, in the list's style, every other line kept byte for byte.
@Suite struct ListEditTests {
    // MARK: property: generated front matters

    static let pool = ["friends", "work", "a: b", "yes", "x, y", "O'Brien", "#hash", "[x]", "日本", "two words",
                       "+44 1", "007", "~", "quote \" in", "back\\slash", "tab\there", "friends "]

    /// A front matter with `key` written in one of the forms people and tools write lists in,
    /// among other keys, comments and lists; nil `items` leaves the key out.
    static func frontMatter(key: String, _ random: inout SeededGenerator) -> String {
        func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }
        func quoted(_ item: String) -> String {
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where YAMLQuoting.isSafePlain(item) && !item.contains(","): return item
            case 1 where YAMLQuoting.fitsSingleQuotes(item): return "'" + item.replacingOccurrences(of: "'", with: "''") + "'"
            default: return YAMLQuoting.doubleQuoted(item)
            }
        }
        let items = (0..<Int.random(in: 0...4, using: &random)).map { _ in pick(pool) }
        let comment = pick(["", "  # the \(key)", " # x: y"])
        var lines: [String]
        switch Int.random(in: 0..<8, using: &random) {
        case 0: lines = []
        case 1: lines = ["\(key):" + comment]
        case 2: lines = ["\(key): ~" + comment]
        case 3 where FieldSchema.named(key)?.isList == true && !items.isEmpty:
            lines = ["\(key): \(quoted(items[0]))" + comment]
        case 4 where !items.isEmpty:   // a flow list over lines
            lines = ["\(key): [" + quoted(items[0]) + ","] + items.dropFirst().map { "  " + quoted($0) + "," } + ["  ]"]
        case 5, 6:
            let indent = String(repeating: " ", count: pick([0, 2, 4])), dash = pick(["- ", "-  "])
            lines = ["\(key):" + comment]
            for item in items {
                if Bool.random(using: &random) { lines.append(indent + pick(["# between", "  # indented note"])) }
                lines.append(indent + dash + quoted(item) + pick(["", "   # \(item.count) chars"]))
            }
            if items.isEmpty { lines = ["\(key): []" + comment] }
        default:
            let space = pick(["", " "]), separator = pick([", ", ",", ",  "])
            lines = ["\(key): [" + space + items.map(quoted).joined(separator: separator) + space + "]" + comment]
        }
        var others = ["name: Ada Lovelace", "company: Finch & Daughters   # kept", "# a comment line", "every: 30d",
                      pick(["other:\n  - one\n  - two", "other: [one, two]", "other:\n- one", "other: plain"]),
                      "nested:\n  a: 1\n  b: [x]"]
        others.shuffle(using: &random)
        others.insert(contentsOf: lines, at: Int.random(in: 1...others.count, using: &random))
        return "---\n" + others.joined(separator: "\n") + "\n---\n\nNotes.\n"
    }

    /// The lines of `document`, and where the key's value stands among them (where it would go
    /// when the key is missing).
    static func lines(_ document: PersonDocument, key: String) -> (lines: [String], span: Range<Int>) {
        let frontMatter = document.frontMatter!
        return ((0..<document.text.lineCount).map(document.text.string),
                frontMatter.pair(key).map { $0.lineIndex..<$0.endLineIndex } ?? frontMatter.closeLine..<frontMatter.closeLine)
    }

    @Test(arguments: ["tags", "aliases", "phone", "email", "projects"])
    func editsReadBackAsTheListWantedAndKeepEveryOtherLine(key: String) throws {
        var random = SeededGenerator(seed: 0x11575 &+ UInt64(key.utf8.count))
        for round in 0..<300 {
            let source = Self.frontMatter(key: key, &random)
            var document = PersonDocument(bytes: Array(source.utf8), path: "people/ada.md")
            try #require(!document.frontMatter!.hasErrors, "\(source)")
            var expected = document.frontMatter![key]?.strings ?? []
            var edited = false
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let item = Self.pool.randomElement(using: &random)!
                let adding = Bool.random(using: &random)
                let bytes: [UInt8]
                do {
                    bytes = adding ? try document.adding(item, toList: key) : try document.removing(item, fromList: key)
                } catch {
                    // Only a flow list over lines with a comment after it, or items over lines, are refused.
                    Issue.record("round \(round): \(error)\n\(document.text.string)")
                    break
                }
                let next = PersonDocument(bytes: bytes, path: document.path)
                // Tags are one tag whatever their case, accents and spaces around them (`Tag.same`).
                func same(_ a: String, _ b: String) -> Bool { key == "tags" ? Tag.same(a, b) : a == b }
                let wanted = adding ? (expected.contains { same($0, item) } ? expected : expected + [item]) : expected.filter { !same($0, item) }
                let changed = wanted != expected
                #expect((bytes != document.text.bytes) == changed, "round \(round): \(adding ? "+" : "-")\(item)\n\(source)")
                #expect(!(next.frontMatter?.hasErrors ?? true), "round \(round)\n\(String(decoding: bytes, as: UTF8.self))")
                edited = edited || changed
                let value = next.frontMatter?[key]
                if edited, let value {
                    guard case .sequence = value else {
                        Issue.record("round \(round): \(key) is not a list\n\(String(decoding: bytes, as: UTF8.self))")
                        break
                    }
                }
                #expect((value?.strings ?? []) == wanted, "round \(round): \(adding ? "+" : "-")\(item)\n\(source)\n→\n\(String(decoding: bytes, as: UTF8.self))")
                // Every line but the key's value's is the same, and every other key reads the same.
                let (old, span) = Self.lines(document, key: key), new = Self.lines(next, key: key).lines
                #expect(new.starts(with: old[..<span.lowerBound]) && new.reversed().starts(with: old[span.upperBound...].reversed()),
                        "round \(round)\n\(String(decoding: bytes, as: UTF8.self))")
                #expect(next.frontMatter!.properties.filter { $0.key != key } == document.frontMatter!.properties.filter { $0.key != key })
                document = next
                expected = wanted
            }
        }
    }

    // MARK: the forms, one by one

    func edited(_ source: String, _ edits: (PersonDocument) throws -> [UInt8]) throws -> String {
        String(decoding: try edits(PersonDocument(bytes: Array(source.utf8), path: "people/ada.md")), as: UTF8.self)
    }

    @Test func aFlowListKeepsItsItemsAsWrittenAndItsComment() throws {
        let file = "---\nname: Ada\ntags: [ friends,  'chess club' ]   # mine\n---\n"
        #expect(try edited(file) { try $0.adding("maths", toList: "tags") } == "---\nname: Ada\ntags: [ friends,  'chess club', 'maths' ]   # mine\n---\n")
        #expect(try edited(file) { try $0.removing("friends", fromList: "tags") } == "---\nname: Ada\ntags: [ 'chess club' ]   # mine\n---\n")
        #expect(try edited(file) { try $0.adding("friends", toList: "tags") } == file)
        #expect(try edited(file) { try $0.removing("work", fromList: "tags") } == file)
    }

    @Test func aBlockListGainsALineLikeItsItemsAndLosesOnlyTheItemsLines() throws {
        let file = "---\nname: Ada\ntags:\n    -   friends   # since school\n    # the club\n    -   chess\nevery: 30d\n---\n"
        #expect(try edited(file) { try $0.adding("maths", toList: "tags") }
                == "---\nname: Ada\ntags:\n    -   friends   # since school\n    # the club\n    -   chess\n    -   maths\nevery: 30d\n---\n")
        #expect(try edited(file) { try $0.removing("friends", fromList: "tags") }
                == "---\nname: Ada\ntags:\n    # the club\n    -   chess\nevery: 30d\n---\n")
        // The last item gone: an empty list, the comments kept.
        let none = try edited(file) { document in
            let once = PersonDocument(bytes: try document.removing("friends", fromList: "tags"), path: document.path)
            return try once.removing("chess", fromList: "tags")
        }
        #expect(none == "---\nname: Ada\ntags: []\n    # the club\nevery: 30d\n---\n")
    }

    @Test func aSingleTextBecomesAListInTheStyleTheFileUses() throws {
        #expect(try edited("---\nname: Ada\ntags: friends # main\n---\n") { try $0.adding("chess", toList: "tags") }
                == "---\nname: Ada\ntags: [friends, chess] # main\n---\n")
        #expect(try edited("---\nname: Ada\ntags: friends\naliases:\n  - Countess\n---\n") { try $0.adding("chess", toList: "tags") }
                == "---\nname: Ada\ntags:\n  - friends\n  - chess\naliases:\n  - Countess\n---\n")
        #expect(try edited("---\nname: Ada\ntags: friends\n---\n") { try $0.removing("friends", fromList: "tags") }
                == "---\nname: Ada\ntags: []\n---\n")
        // A missing key, a file without front matter.
        #expect(try edited("---\nname: Ada\n---\n") { try $0.adding("+44 1", toList: "phone") } == "---\nname: Ada\nphone: [\"+44 1\"]\n---\n")
        #expect(try edited("# Ada\n") { try $0.adding("friends", toList: "tags") } == "---\ntags: [friends]\n---\n# Ada\n")
    }

    @Test func whatIsNotAListIsRefusedAtItsLineAndColumn() throws {
        let file = "---\nname: Ada\ncompany: Finch\nsocial:\n  site: x\n---\n"
        let one = #expect(throws: PersonFileError.self) { try edited(file) { try $0.adding("y", toList: "company") } }
        #expect(one?.description == "people/ada.md:3:10: not changed: company holds one value, not a list; set it with 'company=VALUE'")
        let mapping = #expect(throws: PersonFileError.self) { try edited(file) { try $0.adding("y", toList: "social") } }
        #expect(mapping?.description == "people/ada.md:4:8: not changed: social holds a mapping, not a list")
    }

    // MARK: from the command line

    @Test func setAddsAndRemovesItemsInOneWriteAndSaysWhatItDid() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/lena-marsh.md")
        let result = try vault.crm("set", "lena", "tags+=climbing", "tags-=book-club", "tags+=friends", "tags-=work")
        #expect(result.status == 0)
        #expect(result.stdout == """
            Added climbing to tags of Lena Marsh (people/lena-marsh.md)
            Removed book-club from tags of Lena Marsh (people/lena-marsh.md)
            tags of Lena Marsh holds friends already; nothing to add
            tags of Lena Marsh holds no work; nothing to remove

            """)
        let after = vault.read("people/lena-marsh.md")
        #expect(after == before.replacingOccurrences(of: "  - friends\n  - book-club\n", with: "  - friends\n  - climbing\n"))
        // An edit that cannot be made: nothing is written, not even the ones before it.
        let oliver = vault.read("people/oliver-finch.md")
        let refused = try vault.crm("set", "oliver", "tags+=chess", "email+=x@example.org", "company+=x")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("people/oliver-finch.md:") && refused.stderr.contains("company holds one value, not a list"))
        #expect(vault.read("people/oliver-finch.md") == oliver)
        let json = try #require(try StayInTouchCLITests.json(try vault.crm("set", "lena", "aliases+=Lenny", "aliases+=LM", "--json")) as? [String: Any])
        #expect(json["changed"] as? Bool == true)
        let edits = try #require(json["edits"] as? [[String: Any]])
        #expect(edits.map { $0["operation"] as? String } == ["add", "add"])
        #expect(edits.map { $0["changed"] as? Bool } == [false, true])
    }

    @Test func aKeyOfOneValueTakesNoItems() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("set", "lena", "every+=2w")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: every holds one value, not a list; set it with 'every=VALUE'\n"))
        #expect(try vault.crm("set", "lena", "tags+=").status == 2)
    }
}
