@testable import CRMKit
import Foundation
import Testing

/// The check of one file as an editor holds it (`VaultCheck.file`, what `crm lsp` publishes),
/// against the rest of the vault as it was read before the edit, finds what `crm check` finds in
/// that file once the edit is saved: the same duplicates (contact id, name) and tag spellings,
/// which depend on everyone else.
@Suite struct OneFileCheckTests {
    static let names = ["Ada Lane", "ada lane", "Bo Chen", "Cy Dunn", "Dee Eve", "Émile Zola", "Emile Zola"]
    static let contactIDs = ["c1", "c2", "c3", ""]
    static let tags = ["Family", "family", "Café", "cafe", "café", "work"]

    /// A person file: a name, maybe a contact id, up to three tags.
    struct Person {
        var name: String, contactID: String, tags: [String]

        init(_ random: inout SeededGenerator) {
            name = OneFileCheckTests.names.randomElement(using: &random)!
            contactID = OneFileCheckTests.contactIDs.randomElement(using: &random)!
            tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in OneFileCheckTests.tags.randomElement(using: &random)! }
        }

        var text: String {
            "---\nname: \(name)\n" + (contactID.isEmpty ? "" : "contact_id: \(contactID)\n")
                + (tags.isEmpty ? "" : "tags: [\(tags.joined(separator: ", "))]\n") + "---\n"
        }
    }

    @Test(arguments: 0..<60) func oneFileIsCheckedAsTheWholeVaultChecksIt(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let vault = try TemporaryVault()
        let count = Int.random(in: 3...7, using: &random)
        let people = (0..<count).map { _ in Person(&random) }
        for (index, person) in people.enumerated() { try vault.write("people/p\(index).md", person.text) }
        let today = Day("2026-11-29")!
        let read = try Vault(root: vault.path)
        let others = VaultCheck.Others(facts: Everyone(read, today: today).facts, notes: read.notes())
        // A file of the vault edited (a tag spelt another way, or anything), or a new one (p5-new
        // sorts between the others), checked before it is saved.
        let path: String, edited: String
        if Bool.random(using: &random) {
            let index = Int.random(in: 0..<count, using: &random)
            var person = people[index]
            if !person.tags.isEmpty, Bool.random(using: &random) {
                let changed = Int.random(in: 0..<person.tags.count, using: &random)
                person.tags[changed] = Self.tags.filter { Tag.same($0, person.tags[changed]) }.randomElement(using: &random)!
            } else {
                person = Person(&random)
            }
            (path, edited) = ("people/p\(index).md", person.text)
        } else {
            (path, edited) = ("people/p5-new.md", Person(&random).text)
        }
        let found = try #require(VaultCheck.file(path, bytes: Array(edited.utf8), in: read, others: others, today: today))
        try vault.write(path, edited)
        let checked = try vault.crm("check", environment: ["CRM_TODAY": "2026-11-29"])
        let expected = checked.stdout.split(separator: "\n").filter { $0.hasPrefix(path + ":") }.map(String.init)
        #expect(found.map(\.problem.description) == expected, "seed \(seed), \(path):\n\(edited)\nvault check:\n\(checked.stdout)")
    }
}
