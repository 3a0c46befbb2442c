import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `--json` output written as bytes (`JSONObjectBytes`, `PeopleListing.json`) is what rendering
/// the same values as `JSON` gives, escapes and indents included.
@Suite struct JSONOutputTests {
    @Test func jsonBytesEscapeAsBefore() {
        let json = JSON.object([("a\"b", .string("x\\y\n\r\t\u{1}\u{1F}\u{7F}\u{2028}\u{2029}é写")), ("n", .array([.null, .bool(true), .number(3)])),
                                ("empty", .array([])), ("obj", .object([]))])
        #expect(json.rendered(pretty: false) == #"{"a\"b": "x\\y\n\r\t\u0001\u001f\u007f\u2028\u2029é写", "n": [null, true, 3], "empty": [], "obj": {}}"#)
        #expect(json.rendered() == """
        {
          "a\\"b": "x\\\\y\\n\\r\\t\\u0001\\u001f\\u007f\\u2028\\u2029é写",
          "n": [
            null,
            true,
            3
          ],
          "empty": [],
          "obj": {}
        }
        """)
    }

    @Test func listJSONBytesAreTheRenderedRows() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let loaded = try Vault(root: vault.path)
        let today = Day(year: 2026, month: 11, day: 29)!
        let listing = PeopleListing(vault: loaded, today: today)
        let people = listing.rows
        #expect(people.count > 5)
        let order = Array(people.indices.reversed())
        func json(_ order: [Int]) -> [UInt8] {
            var out: [UInt8] = []
            listing.json(order: order) { out += $0 }
            return out
        }
        #expect(String(decoding: json(order), as: UTF8.self) == JSON.array(order.map { people[$0].json }).rendered())
        #expect(json([]) == Array("[]".utf8))
        // Written in pieces of about 64 KB: many rows make several, which join into the same bytes.
        let many = Array(repeating: order, count: 400).flatMap { $0 }
        var pieces: [ArraySlice<UInt8>] = []
        listing.json(order: many) { pieces.append($0) }
        #expect(pieces.count > 2)
        #expect(pieces.allSatisfy { $0.count < 1 << 17 })
        #expect(String(decoding: pieces.flatMap { $0 }, as: UTF8.self) == JSON.array(many.map { people[$0].json }).rendered())
    }

    /// An object described to `JSONObjectBytes` renders as the same object made as a value and
    /// rendered: strings that need escapes, nulls, empty and long lists, at several indents.
    @Test func objectMembersWrittenAsBytesAreTheRenderedValue() {
        var g = SeededGenerator(seed: 23)
        let pieces = ["", "a", "Zoë", "quote \"", "back\\slash", "tab\t", "line\nbreak", "\u{1}", "\u{2028}", "日本"]
        func text() -> String { (0..<Int.random(in: 0...3, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined() }
        for _ in 0..<300 {
            let indent = [0, 2, 4].randomElement(using: &g)!
            var value = JSONObjectValue()
            var bytes = JSONObjectBytes(into: [], indent: indent)
            for _ in 0..<Int.random(in: 0...5, using: &g) {
                switch Int.random(in: 0..<4, using: &g) {
                case 0: let t = text(); value.member("s", t); bytes.member("s", t)
                case 1: value.member("n", nil); bytes.member("n", nil)
                case 2:
                    let list = (0..<Int.random(in: 0...3, using: &g)).map { _ in text() }
                    value.member("list", strings: list); bytes.member("list", strings: list)
                default: let n = Int.random(in: -5...100_000, using: &g); value.member("k", number: n); bytes.member("k", number: n)
                }
            }
            // The value rendered at `indent`: as an element of nested arrays, with their prefix taken off.
            var nested = value.json
            for _ in 0..<(indent / 2) { nested = .array([nested]) }
            let rendered = nested.rendered()
            let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
            let inner = lines.dropFirst(indent / 2).dropLast(indent / 2)
            let expected = inner.joined(separator: "\n").drop { $0 == " " }
            #expect(String(decoding: bytes.finish(), as: UTF8.self) == String(expected))
        }
    }
}
