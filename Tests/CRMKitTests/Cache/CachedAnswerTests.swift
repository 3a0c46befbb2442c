import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The fast path against the slow one: after any edit, addition, rename or removal since the
/// facts cache was written, what the cache answers (every person's facts, their keys, the person
/// a name finds) is what reading every file answers.
@Suite struct CachedAnswerTests {
    static let today = Day(year: 2026, month: 11, day: 29)!

    /// A cache of every file and folder of `vault`, as a run two seconds after the last change writes it.
    private func plant(_ vault: Vault) throws {
        let (paths, _, folders, _) = vault.walkPeople()
        FactsCache.save(try paths.map { path in
            let person = try vault.load(path: path)
            return (path, FactsCache.Entry(stamp: person.stamp, facts: PersonFacts(person, today: Self.today)))
        }, to: vault, settled: .max, folders: folders)
        usleep(20_000)   // past the file system's clock tick: the next change gives a new stamp
    }

    /// What `vault` answers: everyone's facts, everyone's keys, and who each name and id finds.
    private func answers(_ vault: Vault, queries: [String]) -> (facts: [PersonFacts], keys: [PersonKeys], found: [String]) {
        let found = queries.map { query in
            do throws(VaultError) { return try vault.find(query).path } catch { return error.message }
        }
        return (vault.facts(today: Self.today).rows, VaultLinks(keysOf: vault).everyone, found)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aCachedAnswerIsWhatReadingEveryFileGives(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let copy = try TemporaryVault(copyingExample: true)
        try FileManager.default.createDirectory(atPath: copy.path + "/people/team", withIntermediateDirectories: true)
        try copy.write("people/team/ivo-brandt.md", "---\nname: Ivo Brandt\naliases: [Ivo]\n---\n\n## Interactions\n\n- 2026-11-01 call: Hello.\n")
        let vault = try Vault(root: copy.path)
        var changes: [String] = []
        for step in 0..<14 {
            try plant(vault)
            let paths = vault.personPaths().people
            let path = paths.randomElement(using: &random)!
            let file = copy.path + "/" + path
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let folder = Bool.random(using: &random) ? "people/" : "people/team/"
            switch Int.random(in: 0..<6, using: &random) {
            case 0:   // the same size, in place: only the stamp's times tell
                try EditorRaceTests.saveInPlace(file, text.replacingOccurrences(of: "a", with: "e"))
                changes.append("edited in place \(path)")
            case 1:   // by rename, as editors save, with another name and a new entry
                try EditorRaceTests.saveByRename(file, text.replacingOccurrences(of: "name: ", with: "name: Renamed ")
                    + "\n- 2026-11-2\(step % 9) visit: Step \(step).\n")
                changes.append("rewritten \(path)")
            case 2:
                try copy.write(folder + "new-\(step).md", "---\nname: New Person \(step)\nemail: new\(step)@example.org\n---\n")
                changes.append("added \(folder)new-\(step).md")
            case 3:
                try FileManager.default.moveItem(atPath: file, toPath: copy.path + "/" + folder + "moved-\(step).md")
                changes.append("moved \(path) to \(folder)")
            case 4 where paths.count > 4:
                try FileManager.default.removeItem(atPath: file)
                changes.append("removed \(path)")
            default:   // the subfolder replaced by another of the same name
                let other = copy.path + "/other-\(step)"
                try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
                try copy.write("other-\(step)/swapped-\(step).md", "---\nname: Swapped \(step)\n---\n")
                try FileManager.default.removeItem(atPath: copy.path + "/people/team")
                #expect(rename(other, copy.path + "/people/team") == 0)
                changes.append("replaced people/team")
            }
            let now = try vault.personPaths().people.map { try vault.load(path: $0) }
            let queries = now.flatMap { [$0.name, $0.id, String($0.name.prefix(4))] } + ["Ivo", "new\(step)@example.org", "nobody at all"]
            let cached = answers(vault, queries: queries)
            try FileManager.default.removeItem(atPath: copy.path + "/" + FactsCache.path)
            let read = answers(vault, queries: queries)
            #expect(read.facts == now.map { PersonFacts($0, today: Self.today) }, "\(changes)")
            #expect(cached.facts == read.facts, "\(changes)")
            #expect(cached.keys == read.keys, "\(changes)")
            #expect(cached.found == read.found, "\(changes)")
        }
    }
}
