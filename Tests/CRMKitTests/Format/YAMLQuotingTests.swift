import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `YAMLQuoting.isAmbiguousPlain` matches PyYAML's YAML 1.1 forms by hand; these tests hold it to
/// the regular expressions it replaced, on many generated strings.
@Suite struct YAMLQuotingTests {
    /// The classifier as it was written with regular expressions (the reference).
    static func referenceIsAmbiguousPlain(_ text: String) -> Bool {
        let reserved: Set<String> = ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE",
                                     "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL"]
        if reserved.contains(text) || YAMLNode.resolvePlain(text) != .string(text) { return true }
        guard let first = text.unicodeScalars.first, "+-.0123456789".unicodeScalars.contains(first) else { return false }
        return text.wholeMatch(of: integer) != nil || text.wholeMatch(of: float) != nil || text.wholeMatch(of: timestamp) != nil
    }

    nonisolated(unsafe) static let integer = /[-+]?(0b[01_]+|0[0-7_]+|0|[1-9][0-9_]*|0x[0-9a-fA-F_]+|[1-9][0-9_]*(:[0-5]?[0-9])+)/
    nonisolated(unsafe) static let float = /[-+]?([0-9][0-9_]*\.[0-9_]*|\.[0-9_]+)([eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*/
    nonisolated(unsafe) static let timestamp = /[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?/

    static let pieces: [String] = ["0", "1", "5", "6", "7", "8", "9", "0", "2", "_", ".", ":", "-", "+", "e", "E", "x",
                                   "b", "a", "f", "F", "g", "T", "t", " ", "\n", "\r\n", "\r", "é", "\u{301}", "\u{85}",
                                   "\u{2028}", "0x", "0b", "0o", ":3", ":59", ":60", "2026-", "01-", "1-", "-05", "12:30",
                                   ".inf", "1e+5", "e-3", "🎉", "Z", "+44 ", "20 7946"]

    @Test func handWrittenFormsAnswerAsTheRegularExpressions() {
        var generator = SeededGenerator(seed: 20_261_130)
        var differing: [String] = []
        var ambiguous = 0
        for _ in 0..<60_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 7) { text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            let expected = Self.referenceIsAmbiguousPlain(text)
            if expected { ambiguous += 1 }
            if YAMLQuoting.isAmbiguousPlain(text) != expected { differing.append(text) }
            if YAMLNode.resolvesToString(text) != (YAMLNode.resolvePlain(text) == .string(text)) { differing.append(text) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { $0.debugDescription })")
        #expect(ambiguous > 3_000, "the generated strings should hold many numbers, dates and times (\(ambiguous))")
    }

    @Test(arguments: ["0123", "+442079460018", "1_000", "1:20", "1:20.5", "0b101", "0x1F", "0o17", "2026-01-05",
                      "2026-1-5 10:00", "2026-01-05T10:00:00Z", ".5", "1.", "-1.5e+3", "190:20:30", "yes", "off", "~"])
    func ambiguous(_ text: String) {
        #expect(YAMLQuoting.isAmbiguousPlain(text))
        #expect(Self.referenceIsAmbiguousPlain(text))
    }

    @Test(arguments: ["+44 20 7946 0018", "1:60", "2026-01-05\n", "2026-001-05", "0x", "0b", "0b2", "1e5x", "12-13",
                      "2026-01-05\u{301}", "v1.2", "-", "0o-7", "0x+1"])
    func notAmbiguous(_ text: String) {
        #expect(!YAMLQuoting.isAmbiguousPlain(text))
        #expect(!Self.referenceIsAmbiguousPlain(text))
    }
}
