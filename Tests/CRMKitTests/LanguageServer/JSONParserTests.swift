@testable import CRMFormat
@testable import CRMLanguageServer
import Foundation
import Testing

/// The JSON reader `crm lsp` decodes messages with, and the server fed mangled messages.
@Suite struct JSONParserTests {
    @Test func readsWhatTheRendererWrites() throws {
        let value: JSON = .object([
            ("text", .string("quote \" backslash \\ tab \t line\nbreak é 🎻 \u{1} \u{202E}")),
            ("numbers", .array([.number("0"), .number("-12"), .number("3.25"), .number("1e-7"), .number("6.02E+23")])),
            ("flags", .array([.bool(true), .bool(false), .null])),
            ("empty", .object([])), ("none", .array([])),
            ("key", .string("first")), ("key", .string("second")),
        ])
        for pretty in [true, false] {
            #expect(try JSONParser.parse(value.renderedBytes(pretty: pretty)) == value)
        }
        // Members keep their order; a key written twice reads as its last value.
        #expect(try JSONParser.parse(value.renderedBytes())["key"] == .string("second"))
    }

    @Test func escapesAndSurrogates() throws {
        let parsed = try JSONParser.parse(Array(#""\u00e9\u0041\/\b\f\ud83c\udfbb x""#.utf8))
        #expect(parsed == .string("éA/\u{8}\u{C}🎻 x"))
        // A lone surrogate is no character: an error at its escape, not U+FFFD made up for it.
        for text in [#""a \ud800 x""#, #""a \ud83c\u0041""#, #""a \udfbb""#] {
            #expect(throws: JSONParser.Malformed(offset: 3, reason: "a lone surrogate in a \\u escape")) {
                try JSONParser.parse(Array(text.utf8))
            }
        }
        #expect(throws: JSONParser.Malformed(offset: 3, reason: "four hex digits expected")) { try JSONParser.parse(Array(#""\u+abc""#.utf8)) }
        #expect(throws: JSONParser.Malformed(offset: 2, reason: "unknown escape")) { try JSONParser.parse(Array(#""a\x""#.utf8)) }
        #expect(throws: JSONParser.Malformed(offset: 0, reason: "string is not UTF-8")) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func refusesWhatIsNotJSON() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"a", "\"\u{1}\"", "\"\\x\"", "1 2", "{\"a\":1,}", "'a'",
                     "\"\\u12\"", String(repeating: "[", count: 300) + String(repeating: "]", count: 300)] {
            #expect(throws: JSONParser.Malformed.self, "\(text.prefix(20))") { try JSONParser.parse(Array(text.utf8)) }
        }
        #expect(throws: JSONParser.Malformed.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    /// Messages cut short, bytes flipped, nesting deep: every one is answered or ignored, and the
    /// server still answers a good request after them.
    @Test func mangledMessagesNeverStopTheServer() throws {
        let messages = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///nonexistent","capabilities":{"general":{"positionEncodings":["utf-8"]}}}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nonexistent/people/a.md","languageId":"markdown","version":1,"text":"---\nname: A\n---\n"}}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///nonexistent/people/a.md","version":2},"contentChanges":[{"range":{"start":{"line":9,"character":99},"end":{"line":0,"character":0}},"text":"🎻"}]}}"#,
            #"{"jsonrpc":"2.0","id":"x","method":"crm/unknown","params":[1,{"a":null}]}"#,
        ]
        var random = SeededGenerator(seed: 33)
        let server = LanguageServer(environment: ["CRM_TODAY": "2026-11-29"])
        _ = server.receive(Array(messages[0].utf8))
        for _ in 0..<3000 {
            var bytes = Array(messages[Int.random(in: 0..<messages.count, using: &random)].utf8)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            case 1:
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            default:
                let at = Int.random(in: 0...bytes.count, using: &random)
                bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: Int.random(in: 1...400, using: &random)), at: at)
            }
            _ = server.receive(bytes)
            if server.exitStatus != nil { break }
        }
        if server.exitStatus == nil {
            let answer = server.receive(Array(#"{"jsonrpc":"2.0","id":7,"method":"crm/unknown"}"#.utf8))
            #expect(answer == [.object([("jsonrpc", .string("2.0")), ("id", .number(7)),
                                        ("error", .object([("code", .number(-32601)), ("message", .string("unknown method: crm/unknown"))]))])])
        }
    }
}
