import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Hostile and broken files: read without a crash or a hang, named in diagnostics, never written
/// when they were not understood.
@Suite struct BadInputTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// A diagnostic that must be reported: (line, severity, message fragment).
        var expected: (Int, Diagnostic.Severity, String)?
        /// Whether the tool may still write the file (add a log entry).
        var writable: Bool
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "not UTF-8", bytes: Array("---\nname: Ren\u{E9}\n---\n".utf8.prefix(12)) + [0xE9, 0x0A] + Array("---\n".utf8),
             expected: (2, .error, "not valid UTF-8"), writable: false),
        Case(name: "binary data", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D],
             expected: (1, .error, "NUL bytes"), writable: false),
        Case(name: "NUL in text", bytes: Array("---\nname: A\u{0}B\n---\n".utf8), expected: (2, .error, "NUL bytes"), writable: false),
        Case(name: "empty", bytes: [], expected: nil, writable: true),
        Case(name: "only ---", bytes: Array("---\n".utf8), expected: (1, .error, "no closing '---'"), writable: false),
        Case(name: "unterminated quote", bytes: Array("---\nname: \"Ada\nphone: 1\n---\n".utf8),
             expected: (2, .error, "unterminated quoted value"), writable: true),
        Case(name: "unterminated flow list", bytes: Array("---\nname: Ada\ntags: [a, b\n---\n".utf8),
             expected: (3, .error, "unterminated list"), writable: true),
        Case(name: "deeply nested flow lists", bytes: Array(("---\nname: Ada\ntags: " + String(repeating: "[", count: 5000)
                                                             + String(repeating: "]", count: 5000) + "\n---\n").utf8),
             expected: (3, .error, "nested more than"), writable: true),
        Case(name: "deeply nested block mappings", bytes: Array(("---\nname: Ada\n" + (0..<3000).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + "\n---\n").utf8),
             expected: (68, .error, "nested more than 64 levels deep"), writable: true),
        Case(name: "mixed CRLF and LF", bytes: Array("---\r\nname: Ada\n---\r\n\n## Interactions\r\n- 2026-01-01 call: x\n".utf8),
             expected: nil, writable: true),
        Case(name: "BOM in the middle", bytes: Array("---\nname: Ada\n---\n\u{FEFF}notes\n".utf8), expected: nil, writable: true),
        Case(name: "tab indentation", bytes: Array("---\nname: Ada\ntags:\n\t- a\n---\n".utf8),
             expected: (4, .error, "tab used for indentation"), writable: true),
        Case(name: "impossible date", bytes: Array("# Ada\n\n## Interactions\n\n- 2026-02-30 call: x\n".utf8),
             expected: (5, .error, "invalid date '2026-02-30'"), writable: true),
        Case(name: "impossible time", bytes: Array("# Ada\n\n## Interactions\n\n- 2026-02-03 24:61 call: x\n".utf8),
             expected: (5, .error, "invalid time '24:61'"), writable: true),
        Case(name: "flow mapping", bytes: Array("---\nname: Ada\nsocial: {a: 1}\n---\n".utf8),
             expected: (3, .warning, "unsupported YAML (flow mapping)"), writable: true),
        Case(name: "anchor and alias", bytes: Array("---\nname: &n Ada\nnick: *n\n---\n".utf8),
             expected: (2, .warning, "unsupported YAML (anchor)"), writable: true),
        Case(name: "unknown escape", bytes: Array("---\nname: \"A\\qB\"\n---\n".utf8),
             expected: (2, .error, "unknown escape '\\q'"), writable: true),
    ]

    @Test(arguments: cases)
    func isReadAndNamed(_ input: Case) throws {
        let doc = PersonDocument(bytes: input.bytes, path: "people/bad.md")
        if let (line, severity, fragment) = input.expected {
            #expect(doc.diagnostics.contains { $0.line == line && $0.severity == severity && $0.message.contains(fragment) },
                    "\(doc.diagnostics)")
        }
        let entry = Interaction(date: Day("2026-11-29")!, type: "call", note: "x")
        if input.writable {
            let after = try doc.adding(entry)
            #expect(PersonDocument(bytes: after, path: "people/bad.md").log?.entries.contains { $0.note == "x" && $0.date == entry.date } == true)
        } else {
            #expect(throws: PersonFileError.self) { try doc.adding(entry) }
        }
    }

    @Test func checkNamesEveryBrokenFile() throws {
        let vault = try TemporaryVault()
        for (index, input) in Self.cases.enumerated() { try vault.write("people/case-\(index).md", input.bytes) }
        let result = try vault.crm("check", "--json")
        #expect(result.status == 1)
        let problems = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        for (index, input) in Self.cases.enumerated() {
            guard let (line, severity, fragment) = input.expected else { continue }
            #expect(problems.contains {
                $0["path"] as? String == "people/case-\(index).md" && $0["line"] as? Int == line
                    && $0["severity"] as? String == severity.rawValue && ($0["message"] as? String)?.contains(fragment) == true
            }, "\(input.name)")
        }
    }

    @Test func aFrontMatterWithAnErrorIsNotEdited() throws {
        for input in Self.cases where input.expected?.1 == .error && input.writable {
            let doc = PersonDocument(bytes: input.bytes, path: "people/bad.md")
            if doc.frontMatter != nil {
                #expect(throws: PersonFileError.self, "\(input.name)") { try doc.setting("email", to: .string("a@b.c")) }
            }
        }
    }

    @Test func hugeLogsAndLongLinesAreReadWhole() throws {
        var text = "---\nname: Big\nnote: \"" + String(repeating: "x", count: 100_000) + "\"\n---\n\n## Interactions\n\n"
        let day = Day("2026-11-29")!
        for i in 0..<100_000 {
            text += "- \(day.adding(days: -(i / 10))) call: Entry number \(i) with some words to make the file larger than sixteen MB in all.\n"
        }
        text += String(repeating: "y", count: 100_000) + "\n"
        let doc = PersonDocument(bytes: Array(text.utf8), path: "people/big.md")
        #expect(text.utf8.count > 10_000_000)
        #expect(doc.log?.entries.count == 100_000)
        #expect(doc.frontMatter?["note"]?.string?.count == 100_000)
        #expect(doc.log?.strayLines.count == 1)
        let after = try doc.adding(Interaction(date: day, type: "visit", note: "One more."))
        #expect(after.count == text.utf8.count + "- 2026-11-29 visit: One more.\n".utf8.count)
    }

    @Test func hostileNamesNeverInjectYAML() throws {
        let vault = try TemporaryVault()
        for name in ["Eve\nphone: 666", "Mallory: admin", "---", "../../../etc/passwd", "a\\b", String(repeating: "Ü", count: 300)] {
            let added = try vault.crm("add", "--", name)
            if name.contains("\n") {
                #expect(added.status == 2)
                continue
            }
            #expect(added.status == 0, "\(name): \(added.stderr)")
            let file = added.stdout.split(separator: "(").last!.dropLast(2)
            #expect(!file.contains(".."))
            let doc = PersonDocument(bytes: vault.bytes(String(file)), path: String(file))
            #expect(doc.name == name)
            #expect(doc.frontMatter?.properties.map(\.key) == ["name", "added"])
        }
        let set = try vault.crm("set", "mallory-admin", "nickname=x\nphone: 666")
        #expect(set.status == 0)
        let doc = PersonDocument(bytes: vault.bytes("people/mallory-admin.md"), path: "x")
        #expect(doc.phones.isEmpty)
        #expect(doc.frontMatter?["nickname"]?.string == "x\nphone: 666")
    }

    @Test func symlinkedFoldersOutsideTheVaultAreNotFollowed() throws {
        let vault = try TemporaryVault()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try "---\nname: Outsider\n---\n".write(to: outside.appendingPathComponent("outsider.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: vault.url.appendingPathComponent("people/elsewhere"), withDestinationURL: outside)
        #expect(try vault.crm("list", "--ids").stdout.isEmpty)
    }

    @Test func symlinkedFilesAreWrittenThroughOnlyInsideTheVault() throws {
        let vault = try TemporaryVault()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).md")
        try "---\nname: Outsider\n---\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(at: vault.url.appendingPathComponent("people/outsider.md"), withDestinationURL: outside)
        let refused = try vault.crm("log", "outsider", "Hello")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("people/outsider.md is a symbolic link to \(outside.resolvingSymlinksInPath().path), outside the vault"))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "---\nname: Outsider\n---\n")

        try vault.crm("add", "Insider")
        try FileManager.default.createDirectory(at: vault.url.appendingPathComponent("people/links"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.url.appendingPathComponent("people/links/alias.md").path,
                                                   withDestinationPath: "../insider.md")
        #expect(try vault.crm("set", "links/alias", "email=in@example.org").status == 0)
        #expect(FileSystem.isSymbolicLink(vault.path + "/people/links/alias.md"))
        #expect(vault.read("people/insider.md").contains("email: in@example.org\n"))
    }
}

/// Inputs the fuzzer found; each once broke a property and is kept as a regression test.
@Suite struct FuzzFindingTests {
    @Test func aLogIsNotAppendedInsideAnUnclosedCodeBlock() throws {
        let url = Fixtures.root.appendingPathComponent("Fixtures/fuzz/unclosed-fence.md")
        let doc = PersonDocument(bytes: Array(try Data(contentsOf: url)), path: "people/unclosed-fence.md")
        #expect(doc.log == nil)
        #expect(throws: PersonFileError.self) {
            try doc.adding(Interaction(date: Day("2026-11-29")!, type: "call", note: "x"))
        }
        do {
            _ = try doc.adding(Interaction(date: Day("2026-11-29")!, type: "call", note: "x"))
        } catch {
            #expect(error.description == "people/unclosed-fence.md:2: not changed: the code block opened here is never closed, "
                    + "so a new log at the end would be inside it; close it first")
        }
    }

    @Test func aCarriageReturnEndingTheFileEndsTheLogHeading() throws {
        let url = Fixtures.root.appendingPathComponent("Fixtures/fuzz/heading-ending-in-carriage-return.md")
        let bytes = Array(try Data(contentsOf: url))
        #expect(bytes.last == 0x0D)
        let doc = PersonDocument(bytes: bytes, path: "people/x.md")
        #expect(doc.log?.entries.isEmpty == true)
        let added = try doc.adding(Interaction(date: Day("2026-11-29")!, type: "call", note: "First."))
        // The entry goes under that heading, the `\r` completed to `\r\n`, no second heading.
        #expect(added == bytes + Array("\n\n- 2026-11-29 call: First.".utf8))
        #expect(PersonDocument(bytes: added, path: "people/x.md").log?.entries.map(\.note) == ["First."])
    }

    @Test func aFirstEntryNeverTakesIndentedTextAsItsNote() throws {
        let url = Fixtures.root.appendingPathComponent("Fixtures/fuzz/indented-text-in-empty-log.md")
        let doc = PersonDocument(bytes: Array(try Data(contentsOf: url)), path: "people/x.md")
        #expect(doc.log?.entries.isEmpty == true)
        let after = PersonDocument(bytes: try doc.adding(Interaction(date: Day("2026-11-29")!, type: "call", note: "First.")), path: "people/x.md")
        #expect(after.log?.entries.map(\.note) == ["First."])
        #expect(after.log?.strayLines == doc.log?.strayLines)
    }

    /// Found by the fuzzer: a code block under an entry's text is the entry's; a new entry put
    /// between them took the block's indented line as its own note.
    @Test(arguments: ["code-block-under-entry-text.md", "unclosed-fence-under-entry.md"])
    func aNewEntryNeverGoesBetweenAnEntryAndWhatIsUnderIt(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("Fixtures/fuzz/" + name)
        let bytes = Array(try Data(contentsOf: url))
        let doc = PersonDocument(bytes: bytes, path: "people/x.md")
        let new = Interaction(date: Day("2026-11-29")!, time: TimeOfDay(hour: 9, minute: 30), type: "call", note: "Fuzzed note.")
        let after = PersonDocument(bytes: try doc.adding(new), path: "people/x.md")
        #expect(after.log?.entries.contains { $0.note == "Fuzzed note." && $0.date == new.date } == true)
        #expect(after.log?.entries.count == (doc.log?.entries.count ?? 0) + 1)
    }
}
