import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The public YAML test suite's cases that front matter can hold, read from the public suites
/// folder (`Tests/README.md`): the case folders of `yaml-test-suite/` and the block-mapping cases
/// of `yaml-test-suite-block-maps.json`. Each case's input stands between `---` lines of a person
/// file. A valid case must be read as the suite's JSON says, or be reported by the reader; an error
/// case, and a valid case whose reading JSON cannot hold (a key that is null or a collection),
/// must be reported. A case read differently with nothing reported is a silent misread.
@Suite(PublicSuites.present)
struct YAMLTestSuiteTests {
    struct Case: CustomStringConvertible, Sendable {
        /// Where the case comes from: `yaml-test-suite` (a folder per case) or `yaml-test-suite-block-maps.json` (one JSON list).
        var source: String
        var id: String
        var yaml: [UInt8]
        var expected: Expected
        var description: String { "\(source)/\(id)" }
    }

    enum Expected: Sendable {
        /// The suite's JSON for the document.
        case reading(JSONValue)
        /// The suite marks the input as an error.
        case error
        /// A valid document that JSON cannot hold (a null or collection key).
        case noJSONForm
    }

    enum Outcome: Equatable { case agrees, reported, misread(String), errorOnValidInput(String) }

    static let sources = ["yaml-test-suite", "yaml-test-suite-block-maps.json"]

    static let cases: [Case] = folderCases() + blockMapCases()

    /// `yaml-test-suite/ID/in.yaml`, with `in.json` (valid) or `error`.
    static func folderCases() -> [Case] {
        let folder = PublicSuites.url("yaml-test-suite")
        let manager = FileManager.default
        return PublicSuites.files(under: "yaml-test-suite", endingIn: "/in.yaml").compactMap { file in
            let dir = folder.appendingPathComponent(file).deletingLastPathComponent()
            guard let yaml = manager.contents(atPath: dir.appendingPathComponent("in.yaml").path) else { return nil }
            // Some error cases also have an `in.json` (what the suite's authors read before the error).
            let expected: Expected
            if manager.fileExists(atPath: dir.appendingPathComponent("error").path) {
                expected = .error
            } else if let json = manager.contents(atPath: dir.appendingPathComponent("in.json").path) {
                expected = .reading(frontMatter(json))
            } else {
                expected = .noJSONForm
            }
            return Case(source: "yaml-test-suite", id: String(file.dropLast("/in.yaml".count)), yaml: Array(yaml), expected: expected)
        }
    }

    /// The suite's JSON as front matter reads it: a stream with no document (an empty `in.json`)
    /// or a null document is front matter without keys. A file that is not one JSON value (several
    /// documents) reads as a string, which no front matter equals.
    static func frontMatter(_ json: Data) -> JSONValue {
        if json.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) { return .object([:]) }
        return frontMatter(JSONValue.parse(json) ?? .string(String(decoding: json, as: UTF8.self)))
    }

    static func frontMatter(_ document: JSONValue?) -> JSONValue {
        guard let document, document != .null else { return .object([:]) }
        return document
    }

    /// `yaml-test-suite-block-maps.json`: a list of `{id, yaml, error, has_expected, expected}`.
    static func blockMapCases() -> [Case] {
        struct Entry: Decodable {
            var id: String
            var yaml: String
            var error: Bool?
            var has_expected: Bool?
            var expected: JSONValue?
        }
        guard let data = FileManager.default.contents(atPath: PublicSuites.url("yaml-test-suite-block-maps.json").path),
              let entries = try? JSONDecoder().decode([Entry].self, from: data)
        else { return [] }
        return entries.map { entry in
            let expected: Expected
            if entry.error == true {
                expected = .error
            } else if entry.has_expected ?? (entry.expected != nil) {
                expected = .reading(frontMatter(entry.expected))
            } else {
                expected = .noJSONForm
            }
            return Case(source: "yaml-test-suite-block-maps.json", id: entry.id, yaml: Array(entry.yaml.utf8), expected: expected)
        }
    }

    /// Reads the case as a person file's front matter.
    static func outcome(_ c: Case) -> Outcome {
        var bytes = Array("---\n".utf8) + c.yaml
        if bytes.last != 0x0A { bytes.append(0x0A) }
        bytes += Array("---\n".utf8)
        let doc = PersonDocument(bytes: bytes, path: "people/\(c.id).md")
        let closeLine = doc.frontMatter.map { $0.closeLine + 1 } ?? Int.max
        let problems = doc.diagnostics.filter { $0.line <= closeLine }
        let ours = JSON.object((doc.frontMatter?.properties ?? []).map { ($0.key, $0.value.json) }).rendered()
        switch c.expected {
        case .error:
            return problems.isEmpty ? .misread("an error case read as \(ours) without a word") : .reported
        case .noJSONForm:
            return problems.isEmpty ? .misread("read as \(ours) without a word; the suite's reading has a key JSON cannot hold") : .reported
        case .reading(let expected):
            let same = JSONValue.parse(Data(ours.utf8)) == expected
            if problems.isEmpty { return same ? .agrees : .misread("read \(ours), the suite reads \(expected)") }
            if same, let error = problems.first(where: { $0.severity == .error }) { return .errorOnValidInput(error.description) }
            return .reported
        }
    }

    @Test func theSuiteIsHere() throws {
        try PublicSuites.requireFolder()
        for source in Self.sources {
            #expect(Self.cases.contains { $0.source == source }, "no cases from \(source)")
        }
        #expect(Self.cases.contains { if case .error = $0.expected { true } else { false } })
    }

    @Test(arguments: cases) func caseIsReadRightOrReported(_ c: Case) {
        let outcome = Self.outcome(c)
        #expect(outcome == .agrees || outcome == .reported, "\(c): \(outcome)")
    }

    /// Prints one line per source: `yaml-test-suite: N agreeing, M reported, 0 misread` (and how
    /// many valid cases read right were refused with an error, when there are any: the tool would
    /// not edit those files).
    @Test func tally() {
        for source in Self.sources {
            var agrees = 0, reported = 0, misread = 0, refused = 0
            for c in Self.cases where c.source == source {
                switch Self.outcome(c) {
                case .agrees: agrees += 1
                case .reported: reported += 1
                case .misread: misread += 1
                case .errorOnValidInput: refused += 1
                }
            }
            print("\(source): \(agrees) agreeing, \(reported) reported, \(misread) misread" + (refused > 0 ? ", \(refused) read right but refused with an error" : ""))
            #expect(misread == 0 && refused == 0, "\(source)")
        }
    }
}
