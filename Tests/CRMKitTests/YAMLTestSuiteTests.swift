import Foundation
import Testing
@testable import CRMKit

/// The public yaml-test-suite's cases that front matter can hold (see
/// `Fixtures/yaml-test-suite/README.md`): each case's input stands between `---` lines of a person
/// file. A valid case must be read as the suite's `in.json` says, or be reported by the reader; an
/// error case must be reported. A case read differently with nothing reported is a silent misread.
@Suite struct YAMLTestSuiteTests {
    static let folder = Fixtures.root.appendingPathComponent("Fixtures/yaml-test-suite")

    struct Case: CustomStringConvertible, Sendable {
        var id: String
        var yaml: [UInt8]
        /// The suite's JSON for the document; nil for an error case.
        var json: Data?
        var description: String { id }
    }

    enum Outcome: Equatable { case agrees, reported, misread(String), errorOnValidInput(String) }

    static let cases: [Case] = {
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: folder.path) else { return [] }
        var found: [Case] = []
        for case let file as String in walker where file.hasSuffix("in.yaml") {
            let dir = folder.appendingPathComponent(file).deletingLastPathComponent()
            let id = String(file.dropLast("/in.yaml".count))
            guard let yaml = manager.contents(atPath: dir.appendingPathComponent("in.yaml").path) else { continue }
            // Some error cases also have an `in.json` (what the suite's authors read before the error).
            let isError = manager.fileExists(atPath: dir.appendingPathComponent("error").path)
            let json = isError ? nil : manager.contents(atPath: dir.appendingPathComponent("in.json").path)
            found.append(Case(id: id, yaml: Array(yaml), json: json))
        }
        return found.sorted { $0.id < $1.id }
    }()

    /// Reads the case as a person file's front matter.
    static func outcome(_ c: Case) -> Outcome {
        var bytes = Array("---\n".utf8) + c.yaml
        if bytes.last != 0x0A { bytes.append(0x0A) }
        bytes += Array("---\n".utf8)
        let doc = PersonDocument(bytes: bytes, path: "people/\(c.id).md")
        let closeLine = doc.frontMatter.map { $0.closeLine + 1 } ?? Int.max
        let problems = doc.diagnostics.filter { $0.line <= closeLine }
        guard let expectedData = c.json else { return problems.isEmpty ? .misread("error case not reported") : .reported }
        let ours = JSON.object((doc.frontMatter?.properties ?? []).map { ($0.key, $0.value.json) }).rendered()
        let read = try? JSONSerialization.jsonObject(with: Data(ours.utf8), options: [.fragmentsAllowed]) as? NSDictionary
        let expected = try? JSONSerialization.jsonObject(with: expectedData, options: [.fragmentsAllowed]) as? NSDictionary
        let same = read != nil && read == expected
        if problems.isEmpty { return same ? .agrees : .misread("read \(ours)") }
        if same, let error = problems.first(where: { $0.severity == .error }) { return .errorOnValidInput(error.description) }
        return .reported
    }

    @Test func theSuiteIsHere() {
        #expect(Self.cases.count > 150)
        #expect(Self.cases.contains { $0.json == nil })
    }

    @Test(arguments: cases) func caseIsReadRightOrReported(_ c: Case) {
        let outcome = Self.outcome(c)
        #expect(outcome == .agrees || outcome == .reported, "\(c.id): \(outcome)")
    }

    @Test func tally() {
        var agrees = 0, reported = 0, misread = 0
        for c in Self.cases {
            switch Self.outcome(c) {
            case .agrees: agrees += 1
            case .reported: reported += 1
            default: misread += 1
            }
        }
        print("yaml-test-suite: \(agrees) agreeing, \(reported) reported, \(misread) misread")
        #expect(misread == 0)
    }
}
