import Foundation
import Testing
@testable import CRMFormat

/// How a history import writes a person's many new entries: in one pass
/// (`PersonDocument.inserting(all:)`), each where `crm log` would have put it.
@Suite struct HistoryWritingTests {
    static func entries(_ days: [String]) -> [Interaction] {
        days.map { Interaction(date: Day($0)!, type: "message", note: "1 message (SMS)") }
    }

    /// The file with `entries` added one by one, as `crm log` adds each.
    static func oneByOne(_ text: String, _ entries: [Interaction]) throws -> String {
        var document = PersonDocument(bytes: Array(text.utf8), path: "people/ada.md")
        for entry in entries {
            document = PersonDocument(bytes: try document.inserting(entry).bytes, path: "people/ada.md")
        }
        return String(decoding: document.text.bytes, as: UTF8.self)
    }

    static func all(_ text: String, _ entries: [Interaction]) throws -> String {
        String(decoding: try PersonDocument(bytes: Array(text.utf8), path: "people/ada.md").inserting(all: entries), as: UTF8.self)
    }

    @Test(arguments: [
        // Newest first, with text under an entry and a follow-up.
        "---\nname: Ada\n---\n\n## Interactions\n\n- [ ] Send the notes\n- 2026-11-20 call: Long call.\n  About the engine.\n- 2026-10-01 visit: Tea.\n- 2026-08-15 email: Letter.\n",
        // Oldest first, CRLF.
        "---\r\nname: Ada\r\n---\r\n\r\n## Interactions\r\n\r\n- 2026-08-15 email: Letter.\r\n- 2026-10-01 visit: Tea.\r\n- 2026-11-20 call: Long call.\r\n",
        // No log yet.
        "---\nname: Ada\n---\n\nMet at the Society.\n",
        // A log without entries.
        "---\nname: Ada\n---\n\n## Interactions\n\n",
    ])
    func manyEntriesGoWhereOneByOneTheyWould(text: String) throws {
        let new = Self.entries(["2026-07-01", "2026-08-15", "2026-09-30", "2026-10-02", "2026-11-21", "2026-12-01"])
        let expected = try Self.oneByOne(text, new)
        #expect(try Self.all(text, new) == expected)
        #expect(try Self.all(text, new.reversed()) == expected)
    }
}
