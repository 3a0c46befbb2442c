import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm export --format vcard`, then `crm import` of the file into an empty vault, gives the same
/// people: the same `crm export --json`, ids aside, but for what a card does not carry or is made
/// anew — a `contact_id` the first vault had none of (the card's `UID` is derived from the id, and
/// the import keeps it), and on which of two people a relationship is stated (`related:` in the
/// file; both cards state it, and the first card's is written). Checked over generated people
/// and over every card of the public vCard sets (imported first, then round-tripped).
@Suite("vCard round trip: export, then import into an empty vault, gives the same people")
struct VCardRoundTripTests {
    static let today = Day("2026-11-29")!

    /// A vault in a new temporary folder (`people/` and `.crm/`), and the folder.
    static func emptyVault() throws -> (vault: Vault, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crm-roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("people"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".crm"), withIntermediateDirectories: true)
        return (try Vault(root: folder.path), folder)
    }

    /// Imports the cards at `path` into `vault` as `crm import` does.
    @discardableResult
    static func importCards(_ path: String, into vault: Vault) throws -> ImportReport {
        try vault.importContacts(try ContactBook.load(path), source: path, options: NewPersonOptions(today: today), dryRun: false)
    }

    /// `crm export --format json` of `vault`, person by person.
    static func people(_ vault: Vault) throws -> [[String: Any]] {
        let export = VaultExport.of(vault, format: .json, today: today)
        return try #require(try JSONSerialization.jsonObject(with: Data(export.bytes)) as? [[String: Any]])
    }

    /// The fields of `after` that differ from `before`'s, as `id: field: before → after`. Each
    /// person of `before` is compared with the one of `after` made of their card: whose
    /// `contact_id` is their card's `UID` (`VCardExport.uid(id:contactID:)`). Ids and paths aside
    /// (two people of one name may be numbered the other way round), `contact_id` compared only
    /// where `before` has one, `related` as a set of (relation, person, name), a person named by
    /// their id in `before`, and `properties.related` not at all.
    static func differences(_ before: [[String: Any]], _ after: [[String: Any]]) -> [String] {
        var found: [String] = []
        if before.count != after.count { found.append("\(before.count) people before, \(after.count) after") }
        let uid = { (person: [String: Any]) in VCardExport.uid(id: person["id"] as? String ?? "", contactID: person["contact_id"] as? String) }
        var made: [String: [String: Any]] = [:]
        for person in after { if let id = person["contact_id"] as? String { made[id] = person } }
        // The id in `before` of each person of `after`.
        var ids: [String: String] = [:]
        for person in before { if let again = made[uid(person)], let id = again["id"] as? String { ids[id] = person["id"] as? String } }
        for person in before {
            let id = person["id"] as? String ?? ""
            guard var b = made[uid(person)] else {
                found.append("\(id): not imported again")
                continue
            }
            var a = person
            var (pa, pb) = (a["properties"] as? [String: Any] ?? [:], b["properties"] as? [String: Any] ?? [:])
            if a["contact_id"] is NSNull {
                b["contact_id"] = NSNull()
                pb.removeValue(forKey: "contact_id")
            }
            pa.removeValue(forKey: "related")
            pb.removeValue(forKey: "related")
            (a["properties"], b["properties"]) = (pa, pb)
            let relations = { (person: [String: Any], map: [String: String]) in
                Set((person["related"] as? [[String: Any]] ?? []).map { relation in
                    let other = (relation["id"] as? String).map { map[$0] ?? "?\($0)" } ?? "-"
                    return "\(relation["relation"] ?? "") \(other) \(relation["name"] ?? "")"
                })
            }
            let identity = Dictionary(uniqueKeysWithValues: before.compactMap { $0["id"] as? String }.map { ($0, $0) })
            if relations(a, identity) != relations(b, ids) {
                found.append("\(id): related: \(relations(a, identity).sorted()) → \(relations(b, ids).sorted())")
            }
            for key in ["related", "id", "path"] {
                a.removeValue(forKey: key)
                b.removeValue(forKey: key)
            }
            for key in Set(a.keys).union(b.keys).sorted() where !NSDictionary(dictionary: [key: a[key] ?? NSNull()]).isEqual(to: [key: b[key] ?? NSNull()]) {
                if key == "properties" {
                    for property in Set(pa.keys).union(pb.keys).sorted()
                    where !NSDictionary(dictionary: [property: pa[property] ?? NSNull()]).isEqual(to: [property: pb[property] ?? NSNull()]) {
                        found.append("\(id): properties.\(property): \(pa[property] ?? "none") → \(pb[property] ?? "none")")
                    }
                } else {
                    found.append("\(id): \(key): \(a[key] ?? "none") → \(b[key] ?? "none")")
                }
            }
        }
        return found
    }

    /// Exports `vault` as vCards, imports them into an empty vault, and returns what differs.
    static func roundTrip(_ vault: Vault, folder: URL) throws -> [String] {
        let file = folder.appendingPathComponent("export.vcf")
        try Data(VaultExport.of(vault, format: .vcard, today: today).bytes).write(to: file)
        let (again, againFolder) = try emptyVault()
        defer { try? FileManager.default.removeItem(at: againFolder) }
        let report = try importCards(file.path, into: again)
        let added = report.outcomes.count { if case .add = $0.decision { true } else { false } }
        var found = try differences(people(vault), people(again))
        if added != report.outcomes.count { found.append("\(report.outcomes.count - added) cards not added again: \(report.lines)") }
        return found
    }

    // MARK: Generated people

    /// People with every field a card carries, drawn from a fixed seed: names in many scripts
    /// (with apostrophes, commas, semicolons, backslashes, emoji), several phones and emails,
    /// birthdays with and without a year, aliases, organisations (company: their own name),
    /// companies and positions, tags with commas and spaces, notes of several lines and
    /// paragraphs (Markdown lists, headings, code, escapes), contact ids (UUIDs, LinkedIn
    /// profiles, none), and relationships to one another (one word or several) or to people
    /// outside the vault.
    @Test("Property: generated people survive export and import (fixed seeds)", arguments: [7, 2026] as [UInt64])
    func generatedPeople(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let (vault, folder) = try Self.emptyVault()
        defer { try? FileManager.default.removeItem(at: folder) }
        let given = ["Ada", "José", "Zoë", "Ελένη", "Пётр", "Chloé", "O'Brien", "Mary-Jane", "Li", "Ngũgĩ", "Søren", "山田", "Kim"]
        let family = ["Lovelace", "Núñez", "Ångström", "Παπαδοπούλου", "Иванов", "van Beethoven", "de la Cruz", "Smith", "太郎", "Lee"]
        let odd = ["Joe's Plumbing & Heating", "Lucía Fernández 🌍", "Doe, Jane; Back\\slash", "R2-D2", "Acme, Inc.", "Dr. Who Jr."]
        let words = ["friends", "work", "Book club", "a,b", "semi;colon", "Ünïcödé", "back\\slash", "family"]
        let noteLines = ["Met at the fair.", "- likes tea, not coffee", "  indented; with a semicolon", "", "# Her own heading",
                         "Back\\slash and \\n literally", "`code`, *emphasis*", "1. first", "Lots: of: colons"]
        let relations = ["partner", "parent", "friend", "colleague", "best friend", "godmother", "co-worker"]
        var created: [(person: Person, company: String?)] = []
        for index in 0..<24 {
            var name = Bool.random(using: &random) || index < 4
                ? "\(given.randomElement(using: &random)!) \(family.randomElement(using: &random)!)"
                : odd.randomElement(using: &random)!
            if index == 1 { name = created[0].person.name }   // two people of one name
            var fields: [(key: String, value: FieldValue)] = [("name", .string(name))]
            switch Int.random(in: 0..<4, using: &random) {
            case 0: fields.append(("contact_id", .string(String(format: "%08X-0000-4000-8000-%012llX", index, seed))))
            case 1: fields.append(("contact_id", .string("https://www.linkedin.com/in/person-\(index)")))
            default: break
            }
            let phones = (0..<Int.random(in: 0...3, using: &random)).map { "+44 20 7946 0\($0)\(index % 10)\(Int.random(in: 10...99, using: &random))" }
            if let phone = FieldValue(phones) { fields.append(("phone", phone)) }
            let emails = (0..<Int.random(in: 0...2, using: &random)).map { "p\(index).\($0)@example.org" }
            if let email = FieldValue(emails) { fields.append(("email", email)) }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: fields.append(("birthday", .string("19\(Int.random(in: 10...99, using: &random))-0\(Int.random(in: 1...9, using: &random))-1\(Int.random(in: 0...9, using: &random))")))
            case 1: fields.append(("birthday", .string("--1\(Int.random(in: 0...2, using: &random))-2\(Int.random(in: 0...8, using: &random))")))
            default: break
            }
            if Int.random(in: 0..<3, using: &random) == 0 { fields.append(("aliases", .list(["Nick \(index)", "Alias, \(index)"]))) }
            var company: String?
            switch Int.random(in: 0..<4, using: &random) {
            case 0: company = name                                   // an organisation
            case 1: company = ["Analytical Engines, Ltd.", "Okafor & Co", "Café; Núñez", "Lee Design"].randomElement(using: &random)!
            default: break
            }
            if let company { fields.append(("company", .string(company))) }
            if company != nil, Bool.random(using: &random) { fields.append(("position", .string(["Owner", "Director, \"Special\" Projects", "CTO"].randomElement(using: &random)!))) }
            let tags = Array(Set((0..<Int.random(in: 0...3, using: &random)).map { _ in words.randomElement(using: &random)! })).sorted()
            if !tags.isEmpty { fields.append(("tags", .list(tags))) }
            fields.append(("added", .string(Self.today.description)))
            var notes: String?
            if Bool.random(using: &random) {
                var lines = (0..<Int.random(in: 1...5, using: &random)).map { _ in noteLines.randomElement(using: &random)! }
                while lines.first?.trimmingSpaces.isEmpty == true || lines.first?.hasPrefix(" ") == true { lines.removeFirst() }
                while lines.last?.trimmingSpaces.isEmpty == true { lines.removeLast() }
                if !lines.isEmpty { notes = lines.joined(separator: "\n") }
            }
            let bytes = NewPersonFile.render(fields, notes: notes, heading: "Interactions")
            created.append((try vault.create(slug: Slug.make(name), bytes: bytes), company))
        }
        // Relationships, each stated once, by `crm relate`'s rule: to another person, or to a name.
        for index in created.indices where Int.random(in: 0..<3, using: &random) == 0 {
            let other = created.indices.randomElement(using: &random)!
            let relation = relations.randomElement(using: &random)!
            if other == index {
                let person = try vault.load(path: created[index].person.path)
                try vault.update(person) { try $0.setting("related", to: .list(["\(relation): Someone Else"])) }
            } else {
                _ = try? vault.relate(try vault.load(path: created[index].person.path), relation, try vault.load(path: created[other].person.path))
            }
        }
        let before = try Self.people(vault)
        #expect(before.count == 24)
        #expect(before.contains { !($0["related"] as? [Any] ?? []).isEmpty })
        #expect(before.contains { !($0["notes"] as? String ?? "").isEmpty })
        let differences = try Self.roundTrip(vault, folder: folder)
        #expect(differences == [], "seed \(seed): \(differences.count) differences")
    }

    // MARK: The public vCard sets

    /// Every file of the public vCard sets imported into an empty vault, then exported and
    /// imported again: the second vault's people are the first's. Prints how many people and
    /// fields each group of sets has.
    @Test("Property: the public sets' cards, imported, survive export and import", PublicSuites.present)
    func publicSets() throws {
        try PublicSuites.requireFolder()
        let files = PublicSuites.files(under: "vcf", endingIn: ".vcf")
        #expect(!files.isEmpty)
        var people = 0
        var found: [String] = []
        for file in files {
            let (vault, folder) = try Self.emptyVault()
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.importCards(PublicSuites.url("vcf/" + file).path, into: vault)
            people += try Self.people(vault).count
            found += try Self.roundTrip(vault, folder: folder).map { "\(file): \($0)" }
        }
        print("vCard round trip over the public sets: \(files.count) files, \(people) people, \(found.count) fields differ")
        #expect(people > 1000)
        #expect(found == [])
    }
}
