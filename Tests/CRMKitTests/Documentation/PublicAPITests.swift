import Foundation
import Testing

/// The library's public surface is chosen, small and written down (docs/api.md): every public
/// declaration in `Sources/` is named there, and there are at most 250 public lines.
@Suite struct PublicAPITests {
    struct Declaration: CustomStringConvertible {
        var file: String
        var line: Int
        var name: String
        var description: String { "\(file):\(line): \(name)" }
    }

    /// Each line of `Sources/` that declares something public, with the name it declares
    /// (`init` for an initializer, the operator for an operator).
    static func publicDeclarations() throws -> [Declaration] {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        let declaration = #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:(?:static|final|mutating|nonisolated|indirect)\s+)*(?:(?:struct|enum|class|protocol|typealias|func|var|let|case)\s+([^\s(:<=]+|[<=>!+-]+)|(init)[?(]|(subscript))/#
        var found: [Declaration] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard line.contains("public") else { continue }
                let words = line.trimmingCharacters(in: .whitespaces)
                guard !words.hasPrefix("//"), let match = try declaration.firstMatch(in: String(line)) else { continue }
                let name = match.output.1.map(String.init) ?? match.output.2.map(String.init) ?? "subscript"
                found.append(Declaration(file: file, line: index + 1, name: name))
            }
        }
        return found
    }

    @Test func thereAreAtMost250PublicLines() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var lines = 0
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            lines += text.split(separator: "\n").count { line in
                line.firstMatch(of: #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\b/#) != nil
            }
        }
        #expect(lines > 50, "the count found no public API: the pattern or Sources/ moved")
        #expect(lines <= 250, "\(lines) public lines: make what only the tool needs package")
    }

    @Test func everyPublicDeclarationIsNamedInTheAPIDocument() throws {
        let doc = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/api.md"), encoding: .utf8)
        // The names the document gives in code spans, split at what is not part of a name (the
        // fences of a code block taken out first, so that they do not pair with a span's).
        let prose = doc.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("```") }.joined(separator: "\n")
        var named = Set<String>()
        for span in prose.matches(of: #/`([^`]+)`/#) {
            for word in span.output.1.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) { named.insert(String(word)) }
            named.insert(String(span.output.1))
        }
        let declarations = try Self.publicDeclarations()
        #expect(declarations.count > 50)
        let missing = declarations.filter { $0.name != "init" && $0.name != "description" && !named.contains($0.name) }
        #expect(missing.isEmpty, "public but not in docs/api.md:\n\(missing.map(\.description).joined(separator: "\n"))")
    }
}
