import Foundation
import Testing
@testable import CRMBrowse

/// `docs/browse.md` and the README show the app's screens and keys as the app draws and takes
/// them: each capture after a `<!-- browse-screen: NAME -->` line is the golden `NAME.txt`, each
/// table after `<!-- browse-keys: SCREEN -->` the keys `KeyHelp` gives that screen.
/// `CRM_UPDATE_DOCS=1 swift test --filter BrowseDocsTests` writes them in, as for the docs' console blocks.
@Suite struct BrowseDocsTests {
    @Test(arguments: ["docs/browse.md", "README.md"])
    func capturesAndKeyTablesAreWhatTheAppDraws(_ file: String) throws {
        let url = Fixtures.packageRoot.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let filled = try BrowseDocs.filled(text, file: file)
        #expect(text.contains("<!-- browse-screen: "), "\(file) shows no screen")
        if ProcessInfo.processInfo.environment["CRM_UPDATE_DOCS"] == "1" {
            if filled != text { try filled.write(to: url, atomically: true, encoding: .utf8) }
            return
        }
        let (expected, actual) = (filled.split(separator: "\n", omittingEmptySubsequences: false),
                                  text.split(separator: "\n", omittingEmptySubsequences: false))
        let first = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(filled == text, "\(file):\((first ?? 0) + 1): differs from the app; CRM_UPDATE_DOCS=1 writes it")
    }

    @Test func everyScreensKeysAreDocumented() throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/browse.md"), encoding: .utf8)
        for section in KeyHelp.all { #expect(text.contains("<!-- browse-keys: \(section.screen) -->"), "\(section.screen)") }
    }
}

enum BrowseDocs {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// `markdown` with every marked capture and key table made again.
    static func filled(_ markdown: String, file: String) throws -> String {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            out.append(line)
            i += 1
            if let name = marker(line, "browse-screen") {
                guard i < lines.count, lines[i] == "```text" else { throw Problem(description: "\(file):\(i + 1): ```text expected") }
                guard let golden = try? String(contentsOf: BrowseGolden.path(name), encoding: .utf8) else {
                    throw Problem(description: "\(file):\(i): no golden \(name)")
                }
                out.append("```text")
                out += golden.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                i += 1
                while i < lines.count, lines[i] != "```" { i += 1 }
                out.append("```")
                i += 1
            } else if let screen = marker(line, "browse-keys") {
                guard let section = KeyHelp.all.first(where: { $0.screen == screen }) else {
                    throw Problem(description: "\(file):\(i): no keys for '\(screen)'")
                }
                out += table(section)
                while i < lines.count, lines[i].hasPrefix("|") { i += 1 }
            }
        }
        return out.joined(separator: "\n")
    }

    private static func marker(_ line: String, _ kind: String) -> String? {
        let prefix = "<!-- \(kind): ", suffix = " -->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }

    static func table(_ section: KeyHelp.Section) -> [String] {
        ["| \(section.screen): key | what it does |", "|---|---|"] + section.bindings.map { "| `\($0.keys)` | \($0.action) |" }
    }
}
