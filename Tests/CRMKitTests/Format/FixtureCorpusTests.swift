import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Every hand-edited fixture read as the expectations say, and written back without touching a
/// line the edit did not ask for.
@Suite struct FixtureCorpusTests {
    @Test(arguments: Fixtures.names)
    func readsAsExpected(_ name: String) throws {
        let expected = try #require(Fixtures.expectedJSON(name + ".json") as? [String: Any])
        let doc = Fixtures.document(name)
        let utf8 = expected["utf8"] as? Bool ?? true
        #expect((doc.writeBlocker == nil) == utf8)
        guard utf8 else {
            #expect(doc.diagnostics.contains { $0.severity == .error })
            return
        }
        #expect(doc.name == expected["name"] as? String)
        #expect((doc.frontMatter != nil) == (expected["has_front_matter"] as? Bool))
        #expect((doc.log?.order ?? .none).rawValue == expected["order"] as? String)
        // Statuses as of 2026-11-29; files whose expected entries do not give them are not compared on them.
        let entries = (doc.log?.entries ?? []).map { foundationObject($0.json(on: Day(year: 2026, month: 11, day: 29)!)) }
        let want = expected["interactions"] as? [Any] ?? []
        #expect(entries.count == want.count)
        for (got, wanted) in zip(entries, want) {
            var got = got as? [String: Any] ?? [:]
            for key in ["status", "checkbox"] where (wanted as? [String: Any])?[key] == nil { got[key] = nil }
            #expect(jsonEqual(got, wanted), "\(got) != \(wanted)")
        }
        if let followUps = expected["follow_ups"] as? [[String: Any]] {
            let got = doc.log?.followUps ?? []
            #expect(got.map(\.note) == followUps.map { $0["note"] as? String ?? "" })
            #expect(got.map(\.line) == followUps.map { $0["line"] as? Int ?? 0 })
            #expect(got.map(\.isDone) == followUps.map { $0["done"] as? Bool ?? false })
        }
        #expect(doc.log?.strayLines ?? [] == (expected["stray_lines"] as? [Int] ?? []))
    }

    @Test(arguments: Fixtures.names.filter { Fixtures.expectedJSON($0 + ".properties.json") != nil })
    func propertiesAsAYAML12Reader(_ name: String) throws {
        let expected = try #require(Fixtures.expectedJSON(name + ".properties.json"))
        let doc = Fixtures.document(name)
        let properties = JSON.object((doc.frontMatter?.properties ?? []).map { ($0.key, $0.value.json) })
        #expect(jsonEqual(foundationObject(properties), expected), "\(properties.rendered())")
    }

    @Test(arguments: Fixtures.names)
    func saveWithoutChangeGivesTheSameBytes(_ name: String) throws {
        let doc = Fixtures.document(name)
        #expect(doc.text.splicing(0..<0, with: []) == doc.text.bytes)
        guard doc.writeBlocker == nil, let fm = doc.frontMatter, !fm.hasErrors, let value = doc.frontMatter?["name"] else { return }
        if let current = value.string {
            #expect(try doc.setting("name", to: .string(current)) == doc.text.bytes)
        }
    }

    @Test(arguments: Fixtures.names)
    func logAddsExactlyOneLine(_ name: String) throws {
        let doc = Fixtures.document(name)
        let entry = Interaction(date: Day("2026-11-15")!, type: "call", note: "Checked in about the fixtures.")
        guard doc.writeBlocker == nil else {
            #expect(throws: PersonFileError.self) { try doc.adding(entry) }
            return
        }
        let after = try doc.adding(entry)
        let diff = lineDiff(doc.text.bytes, after)
        let reread = PersonDocument(bytes: after, path: doc.path)
        #expect(reread.log?.entries.count == (doc.log?.entries.count ?? 0) + 1)
        #expect(reread.log?.entries.contains { $0.date == entry.date && $0.note == entry.note && $0.type == "call" } == true)
        if doc.log?.entries.isEmpty == false {
            #expect(diff.removed.isEmpty || diff.removed.count == 1 && doc.text.endsWithNewline == false)
            #expect(diff.added.filter { $0.contains("Checked in about the fixtures.") }.count == 1)
            #expect(diff.added.count == diff.removed.count + 1)
            // The order the file had is kept.
            #expect(reread.log?.order == doc.log?.order || doc.log?.order == .mixed)
        }
        // Everything else the file had is still there, byte for byte.
        #expect(reread.text.bytes.starts(with: doc.text.bytes.prefix(doc.text.bomLength)))
        #expect(reread.text.newline == doc.text.newline)
        #expect(reread.text.endsWithNewline == doc.text.endsWithNewline)
    }

    @Test(arguments: Fixtures.names)
    func setChangesOneLine(_ name: String) throws {
        let doc = Fixtures.document(name)
        guard doc.writeBlocker == nil else { return }
        if let fm = doc.frontMatter, fm.hasErrors {
            #expect(throws: PersonFileError.self) { try doc.setting("email", to: .string("new@example.org")) }
            return
        }
        let after = try doc.setting("phone", to: .string("+1 555 0100"))
        let reread = PersonDocument(bytes: after, path: doc.path)
        #expect(reread.phones == ["+1 555 0100"])
        let diff = lineDiff(doc.text.bytes, after)
        let before = doc.frontMatter?.pair("phone")
        if doc.frontMatter == nil {
            #expect(diff.removed.isEmpty && diff.added.count == 3)
        } else if let before, before.inlineValue != nil {
            #expect(diff.removed.count == 1 && diff.added.count == 1)
        } else if before == nil {
            #expect(diff.removed.isEmpty && diff.added.count == 1)
        }
        // Every other key reads the same.
        for pair in doc.frontMatter?.properties ?? [] where pair.key != "phone" {
            #expect(reread.frontMatter?[pair.key] == pair.value)
        }
        let withoutLines = { (entries: [Interaction]?) in (entries ?? []).map { Interaction(date: $0.date, time: $0.time, type: $0.type, note: $0.note) } }
        #expect(withoutLines(reread.log?.entries) == withoutLines(doc.log?.entries))
    }
}
