import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// A word after an entry's date that looks like a time but is not `HH:MM` is read as note text,
/// never silently: `check` and `show` warn at its column.
@Suite struct EntryTimeWarningTests {
    static let samples: [(line: String, word: String, column: Int)] = [
        ("- 2026-11-04 9:30 call: x", "9:30", 14),
        ("- 2026-10-30 10:00-11:00 visit: y", "10:00-11:00", 14),
        ("- 2026-10-20 T10:00 call: z", "T10:00", 14),
        ("- 2026-10-10 9h30 call: w", "9h30", 14),
        ("- [ ] 2026-12-01 7:45 call: early", "7:45", 18),
    ]

    @Test(arguments: samples.map(\.line))
    func aTimeNotWrittenHHMMIsReportedAtItsColumn(line: String) throws {
        let (_, word, column) = Self.samples.first { $0.line == line }!
        let document = PersonDocument(bytes: Array("---\nname: Ada\n---\n\n## Interactions\n\n\(line)\n".utf8), path: "people/ada.md")
        let entry = try #require(document.interactions.first)
        #expect(entry.time == nil && entry.type == "note" && entry.note.hasPrefix(word))
        #expect(document.diagnostics == [Diagnostic(path: "people/ada.md", line: 7, column: column, rule: .oddTime,
                                                    message: "time '\(word)' is not HH:MM; read as part of the note")])
    }

    @Test(arguments: ["- 2026-11-04 09:30 call: x", "- 2026-11-04 call: at 9:30", "- 2026-10-01 3 cups of tea", "- 2026-10-01 2026 plans"])
    func timesAndOrdinaryNotesAreNotReported(line: String) {
        let document = PersonDocument(bytes: Array("---\nname: Ada\n---\n\n## Interactions\n\n\(line)\n".utf8), path: "people/ada.md")
        #expect(document.diagnostics.isEmpty)
    }

    @Test func checkAndShowPrintTheWarning() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n\n## Interactions\n\n- 2026-11-04 9:30 call: x\n")
        let expected = "people/ada.md:7:14: warning: time '9:30' is not HH:MM; read as part of the note [odd-time]\n"
        let check = try vault.crm("check")
        #expect(check.status == 0)
        #expect(check.stdout.contains(expected) || check.stderr.contains(expected), "\(check.stdout)\(check.stderr)")
        #expect(try vault.crm("show", "ada").stderr == expected)
    }
}
