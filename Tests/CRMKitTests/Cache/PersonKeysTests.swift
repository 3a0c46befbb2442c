import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// A PERSON argument and the duplicate check are answered from the keys of the facts cache:
/// only while a file is unchanged, with the matching rules and messages they always had.
@Suite struct PersonKeysTests {
    private func edit(_ copy: TemporaryVault, _ relative: String, _ change: (String) -> String) throws {
        let path = copy.path + "/" + relative
        usleep(10_000)
        try EditorRaceTests.saveInPlace(path, change(try String(contentsOfFile: path, encoding: .utf8)))
    }

    /// A cache of `vault` as this build would write it, each name (and so the name matched by)
    /// prefixed with `CACHED `: a match by such a name came from the cache.
    private func saveMarked(_ vault: Vault) throws {
        FactsCache.save(try vault.personPaths().people.map { path in
            let person = try vault.load(path: path)
            var facts = PersonFacts(person)
            facts.name = "CACHED " + facts.name
            facts.sortName = facts.name.folded
            return (path, FactsCache.Entry(stamp: person.stamp, facts: facts))
        }, to: vault, settled: .max)
    }

    @Test func keysReadFromARecordAreTheKeysOfItsFacts() throws {
        var all = FactsCacheGoldenTests.entries.map(\.entry.facts)
        all += Fixtures.names.map { PersonFacts(document: Fixtures.document($0), id: $0) }   // problems name the path of the id
        for facts in all {
            var writer = ByteWriter()
            facts.encode(to: &writer)
            var keys = ByteReader(writer.bytes), whole = keys
            #expect(try PersonKeys(from: &keys) == facts.keys, "\(facts.id)")
            #expect(try PersonFacts(from: &whole, path: facts.path) == facts, "\(facts.id)")
            #expect(whole.isAtEnd)
        }
        #expect(all.contains { !$0.tags.isEmpty && !$0.foldedAliases.isEmpty && !$0.emails.isEmpty && $0.contactID != nil })
    }

    @Test func aNameIsMatchedFromTheCacheWhileTheFileIsUnchanged() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try saveMarked(vault)
        // The marked name is only in the cache: matching it shows the cache answered.
        #expect(try vault.find("CACHED Henrik Dahl").path == "people/henrik-dahl.md")
        #expect(try vault.find("cached henrik").name == "Henrik Dahl")   // the person itself is read from the file
        #expect(VaultLinks(keysOf: vault).everyone.duplicate(name: "Cached Lena Marsh")?.path == "people/lena-marsh.md")
    }

    @Test func aFileEditedToAnotherNameIsMatchedByItsNewNameNeverItsStaleOne() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try saveMarked(vault)
        try edit(copy, "people/henrik-dahl.md") { $0.replacingOccurrences(of: "name: Henrik Dahl", with: "name: Henrik Nilsen") }
        // Same size, in place: only the status-change time tells.
        try edit(copy, "people/theo-vance.md") { $0.replacingOccurrences(of: "name: Theo Vance", with: "name: Theo Vanko") }
        #expect(throws: VaultError.self) { try vault.find("CACHED Henrik Dahl") }
        #expect(try vault.find("Henrik Nilsen").path == "people/henrik-dahl.md")
        #expect(try vault.find("nilsen").path == "people/henrik-dahl.md")
        #expect(try vault.find("Theo Vanko").path == "people/theo-vance.md")
        do {
            _ = try vault.find("CACHED Theo Vance")
            Issue.record("a stale name was matched")
        } catch {
            #expect(error.message.hasPrefix("no person matches 'CACHED Theo Vance'"))
        }
        // Unchanged files still answer from the cache.
        #expect(try vault.find("CACHED Lena Marsh").path == "people/lena-marsh.md")
    }

    @Test func theDuplicateCheckSeesEditsMadeSinceTheCacheWasWritten() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try saveMarked(vault)
        #expect(VaultLinks(keysOf: vault).everyone.duplicate(name: "CACHED Henrik Dahl") != nil)
        try edit(copy, "people/henrik-dahl.md") {
            $0.replacingOccurrences(of: "name: Henrik Dahl", with: "name: Henrik Nilsen\ncontact_id: ABC-1")
        }
        #expect(VaultLinks(keysOf: vault).everyone.duplicate(name: "CACHED Henrik Dahl") == nil)
        let same = try #require(VaultLinks(keysOf: vault).everyone.duplicate(name: "henrik nilsen"))
        #expect(PersonKeys.duplicateMessage(same, name: "henrik nilsen") == "people/henrik-dahl.md already tracks Henrik Nilsen")
        let byID = try #require(VaultLinks(keysOf: vault).everyone.duplicate(name: "Someone Else", contactID: "ABC-1"))
        #expect(PersonKeys.duplicateMessage(byID, name: "Someone Else")
                == "people/henrik-dahl.md already tracks Henrik Nilsen with that contact id")
        #expect(VaultLinks(keysOf: vault).everyone.duplicate(name: "Henrik Nilsen", excluding: "henrik-dahl") == nil)
    }

    @Test func aFileTheCacheDoesNotHoldIsReadAndARemovedOneIsDropped() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try saveMarked(vault)
        try copy.write("people/zed-quill.md", "---\nname: Zed Quill\naliases: [Zeddy]\n---\n")
        #expect(try vault.find("zeddy").path == "people/zed-quill.md")
        #expect(VaultLinks(keysOf: vault).everyone.duplicate(name: "ZED QUILL")?.path == "people/zed-quill.md")
        try FileManager.default.removeItem(atPath: copy.path + "/people/lena-marsh.md")
        #expect(throws: VaultError.self) { try vault.find("CACHED Lena Marsh") }
        // The cache is rewritten without the removed file; the new one is too recent to be cached.
        let entries = FactsCache.load(vault).entries
        #expect(entries["people/lena-marsh.md"] == nil && entries["people/zed-quill.md"] == nil)
        #expect(entries["people/henrik-dahl.md"]?.facts.name == "CACHED Henrik Dahl")
    }

    @Test func theMessagesAreTheSameWhenTheCacheAnswers() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        func message(_ query: String) -> String {
            do { return "found " + (try vault.find(query)).path } catch { return error.message }
        }
        let queries = ["henrik", "Henrik Dahl", "hnerik dahl", "zzzz", "a", "e", "anna", "山田", "jose nunez", "JOSÉ", "henrik@dahl.example", ""]
        let read = queries.map(message)
        try FactsCache.save(vault.personPaths().people.map { path in
            let person = try vault.load(path: path)
            return (path, FactsCache.Entry(stamp: person.stamp, facts: PersonFacts(person)))
        }, to: vault, settled: .max)
        #expect(queries.map(message) == read)
        #expect(read.contains { $0.contains("did you mean Henrik Dahl (henrik-dahl)?") })
        #expect(read.contains { $0.contains(" people by ") && $0.contains("; say which:") })
    }

    /// A cache of `vault` that lists its person files from the folders they are in, as a cache
    /// written two seconds after the last change does; each name marked as in `saveMarked`.
    private func saveListing(_ vault: Vault) throws {
        let (paths, _, folders, _) = vault.walkPeople()
        FactsCache.save(try paths.map { path in
            let person = try vault.load(path: path)
            var facts = PersonFacts(person)
            facts.name = "CACHED " + facts.name
            facts.sortName = facts.name.folded
            return (path, FactsCache.Entry(stamp: person.stamp, facts: facts))
        }, to: vault, settled: .max, folders: folders)
        #expect(FactsCache.load(vault).listing(in: vault) == paths)
        usleep(20_000)   // past the file system's clock tick: the next change gives a folder a new stamp
    }

    @Test func aFileAddedRemovedOrRenamedIsSeenThoughTheCacheListsTheFolders() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try FileManager.default.createDirectory(atPath: copy.path + "/people/team", withIntermediateDirectories: true)
        try copy.write("people/team/ivo-brandt.md", "---\nname: Ivo Brandt\n---\n")
        try saveListing(vault)
        #expect(try vault.find("CACHED Ivo Brandt").path == "people/team/ivo-brandt.md")

        try copy.write("people/team/zed-quill.md", "---\nname: Zed Quill\n---\n")   // only the subfolder changes
        #expect(try vault.find("zed quill").path == "people/team/zed-quill.md")
        #expect(FactsCache.load(vault).listing(in: vault) == nil)

        try saveListing(vault)
        try FileManager.default.moveItem(atPath: copy.path + "/people/lena-marsh.md", toPath: copy.path + "/people/lena.md")
        #expect(try vault.find("Lena Marsh").path == "people/lena.md")
        #expect(throws: VaultError.self) { try vault.find("CACHED Lena Marsh") }

        try saveListing(vault)
        try FileManager.default.removeItem(atPath: copy.path + "/people/henrik-dahl.md")
        #expect(throws: VaultError.self) { try vault.find("CACHED Henrik Dahl") }
        #expect(VaultLinks(keysOf: vault).everyone.duplicate(name: "CACHED Henrik Dahl") == nil)

        // A subfolder replaced by another of the same name.
        try saveListing(vault)
        try FileManager.default.createDirectory(atPath: copy.path + "/other", withIntermediateDirectories: true)
        try copy.write("other/ada-new.md", "---\nname: Ada New\n---\n")
        try FileManager.default.removeItem(atPath: copy.path + "/people/team")
        #expect(rename(copy.path + "/other", copy.path + "/people/team") == 0)
        #expect(try vault.find("Ada New").path == "people/team/ada-new.md")
        #expect(throws: VaultError.self) { try vault.find("CACHED Ivo Brandt") }
    }

    /// Listings, too, take the people from the cache while the folders it recorded are unchanged,
    /// and see a file added, renamed, removed or edited since.
    @Test func listingsSeeFilesAddedRenamedRemovedOrEditedThoughTheCacheListsTheFolders() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        func names() -> [String] { vault.facts().rows.map(\.name) }
        try saveListing(vault)
        let listed = names()
        #expect(!listed.isEmpty && listed.allSatisfy { $0.hasPrefix("CACHED ") })

        try copy.write("people/family/zed-quill.md", "---\nname: Zed Quill\n---\n")   // only the subfolder changes
        #expect(names().contains("Zed Quill"))
        #expect(names().count == listed.count + 1)

        try saveListing(vault)
        try FileManager.default.moveItem(atPath: copy.path + "/people/lena-marsh.md", toPath: copy.path + "/people/lena.md")
        #expect(names().contains("Lena Marsh"))
        #expect(!names().contains("CACHED Lena Marsh"))

        try saveListing(vault)
        try FileManager.default.removeItem(atPath: copy.path + "/people/henrik-dahl.md")
        #expect(!names().contains { $0.hasSuffix("Henrik Dahl") })

        try saveListing(vault)
        try edit(copy, "people/theo-vance.md") { $0.replacingOccurrences(of: "name: Theo Vance", with: "name: Theo V.") }
        #expect(FactsCache.load(vault).listing(in: vault) != nil)
        #expect(names().contains("Theo V."))
        #expect(names().count == listed.count)   // Zed in, Henrik out
    }

    @Test func unchangedFoldersAreListedFromTheCacheAndEditedFilesStillRead() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try saveListing(vault)
        // In place: the folder keeps its stamp, the file does not.
        try edit(copy, "people/henrik-dahl.md") { $0.replacingOccurrences(of: "name: Henrik Dahl", with: "name: Henrik Nilsen") }
        #expect(FactsCache.load(vault).listing(in: vault) != nil)
        #expect(try vault.find("Henrik Nilsen").path == "people/henrik-dahl.md")
        #expect(throws: VaultError.self) { try vault.find("CACHED Henrik Dahl") }
        #expect(try vault.find("CACHED Lena Marsh").path == "people/lena-marsh.md")
    }

    @Test func foldersAreRecordedOnlyOnceSettledAndWhenEveryFileHasARecord() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        let (paths, _, folders, _) = vault.walkPeople()
        func entry(_ path: String) throws -> (path: String, entry: FactsCache.Entry) {
            let person = try vault.load(path: path)
            return (path, FactsCache.Entry(stamp: person.stamp, facts: PersonFacts(person)))
        }
        // The folder was just written: a change within its clock tick would keep its stamp.
        FactsCache.save(try paths.map(entry), to: vault, settled: FactsCache.settledTime, folders: folders)
        #expect(FactsCache.load(vault).folders.isEmpty)
        // A file left out (unreadable, or too recent): the cache's paths are not the listing.
        let entries = try paths.map(entry)
        FactsCache.save(paths: paths, records: { $0 == 0 ? nil : .read(entries[$0].entry.record) }, from: FactsCache(), to: vault,
                        settled: .max, folders: folders)
        #expect(FactsCache.load(vault).listing(in: vault) == nil)
        FactsCache.save(entries, to: vault, settled: .max, folders: folders)
        #expect(FactsCache.load(vault).listing(in: vault) == paths)
    }

    /// The matching rules as they read before the ASCII shortcut (`mayContain`): every query gets
    /// the same person, or a message of the same kind.
    @Test func matchingAnswersAsThePlainStagesDo() {
        var generator = SeededGenerator(seed: 3)
        let words = ["Ada", "ada", "Zoë", "zoe", "Zoe\u{308}", "Ørsted", "Anna", "Анна", "Ελένη", "山田", "José", "Jose\u{301}", "Li",
                     "K\u{212A}", "e\u{301}", "é", "a;", "a\u{37E}", "x\r\ny", "Ĳssel", "ＡＢＣ", "Ab-C",
                     "й", "ΐ", "Ёлка", "ﬁne", "1\u{301}", "a\u{483}", "가나", "カ\u{3099}", "`", "\u{1FEF}"]
        func randomName() -> String {
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
        }
        var people: [PersonKeys] = []
        for i in 0..<60 {
            let name = randomName()
            // An id from the name, or from another name as written (ids are file names: anything).
            let id = Bool.random(using: &generator) ? Slug.make(name) + "-\(i)" : randomName() + "\(i % 7)"
            people.append(PersonKeys(id: id, name: name,
                                     sortName: name.folded, foldedAliases: Bool.random(using: &generator) ? [words.randomElement(using: &generator)!.folded] : [],
                                     emails: i % 3 == 0 ? ["\(name.lowercased())@example.org"] : [],
                                     contactID: i % 4 == 0 ? words.randomElement(using: &generator)! : nil))
        }
        var queries = people.flatMap { [$0.id, $0.id.folded, String($0.id.folded.prefix(4)), $0.name, String($0.name.prefix(3)),
                                        $0.emails.first ?? "", $0.contactID ?? ""] }
        queries += words + words.map { $0.uppercased() } + (0..<100).map { _ in randomName() }
        for query in queries {
            let everyone: String
            do { everyone = "found " + (try PersonMatcher.match(query, in: people, labels: { $0.map(\.id) })).id } catch { everyone = error.message }
            switch Self.plainMatch(query, in: people) {
            case let found where found.hasPrefix("found "): #expect(everyone == found, "\(query.debugDescription)")
            case "none": #expect(everyone.hasPrefix("no person matches '\(query)'"), "\(query.debugDescription)")
            case let many: #expect(everyone.hasPrefix("'\(query)' matches \(many) by "), "\(query.debugDescription)")
            }
        }
    }

    /// The stages as written before the ASCII shortcut: the same person for every query. A part
    /// is looked for in the name, the id and the name in Latin letters, in the best place any is.
    private static func plainMatch(_ query: String, in people: [PersonKeys]) -> String {
        let folded = query.folded, email = query.lowercased()
        let stages: [(PersonKeys) -> Bool] = [
            { $0.id == query }, { $0.sortName == folded }, { $0.foldedAliases.contains(folded) }, { $0.emails.contains(email) },
            { $0.contactID == query },
        ]
        func result(_ found: [PersonKeys]) -> String? {
            found.count == 1 ? "found " + found[0].id : found.count > 1 ? "\(found.count) people" : nil
        }
        for test in stages {
            if let answer = result(people.filter(test)) { return answer }
        }
        let part = Array(folded.unicodeScalars), latin = folded.utf8.allSatisfy { $0 < 0x80 }
        let tiers = people.map { person in
            ([person.sortName, person.id.folded] + (latin ? [Transliteration.latin(person.sortName)].compactMap { $0 } : []))
                .compactMap { PersonMatcher.tier(of: part, in: $0) }.min()
        }
        guard let best = tiers.compactMap({ $0 }).min() else { return "none" }
        return result(people.indices.filter { tiers[$0] == best }.map { people[$0] }) ?? "none"
    }

    @Test func addRefusesADuplicateFoundThroughTheCacheAndSeesAFileChangedSince() throws {
        let vault = try TemporaryVault()
        try vault.write("people/zoe.md", "---\nname: Zoë Núñez\ncontact_id: 123-ABC\n---\n")
        #expect(try vault.crm("list").status == 0)   // the cache now holds Zoë
        let same = try vault.crm("add", "zoe nunez")
        #expect(same.status != 0)
        #expect(same.stderr.contains("people/zoe.md already tracks Zoë Núñez; use --force"))
        #expect(try vault.crm("add", "Someone", "--contact-id", "123-ABC").stderr.contains("people/zoe.md already tracks Zoë Núñez with that contact id"))
        try vault.write("people/zoe.md", "---\nname: Zoe Smith-Núñez\n---\n")
        #expect(try vault.crm("add", "Zoë Núñez").status == 0)
    }
}

/// What finding by name reads on a first run (no facts cache): each file's front matter, not its
/// log, so it writes no record; the next report reads everyone in full and writes them all.
@Suite struct PersonKeysCacheTests {
    @Test func aFirstFindReadsFrontMattersAndCachesNothingTheNextReportCachesEveryone() throws {
        let copy = try TemporaryVault(copyingExample: true)
        try copy.write("people/team/ivo-brandt.md", "---\nname: Ivo Brandt\naliases: [Ivo, Brandt]\nemail: [ivo@example.org]\ncontact_id: C-1\ntags: [a, b]\n---\n")
        try copy.write("people/zoë.md", "---\nname: Zoë Ørsted\n---\n")
        try copy.write("people/heading.md", "# Hanna Heading\n\n## Interactions\n\n- 2026-11-01 call: Hello.\n")
        try copy.write("people/empty.md", "")
        usleep(2_100_000)   // a file is cached once it has not changed for 2 s
        let vault = try Vault(root: copy.path)
        let facts = try vault.personPaths().people.map { PersonFacts(try vault.load(path: $0)) }
        #expect(VaultLinks(keysOf: vault).everyone == facts.map(\.keys))
        #expect(try vault.find("brandt").path == "people/team/ivo-brandt.md")
        #expect(try vault.find("Hanna Heading").path == "people/heading.md")
        #expect(FactsCache.load(vault).entries.count == 0)
        _ = vault.facts()
        let cached = FactsCache.load(vault).entries
        #expect(cached.count == facts.count && facts.count > 10)
        #expect(facts.allSatisfy { cached[$0.path]?.facts == $0 })
        #expect(FactsCache.load(vault).listing(in: vault) == vault.personPaths().people)   // the folders, too, had settled
        #expect(VaultLinks(keysOf: vault).everyone == facts.map(\.keys))
    }
}

@Suite struct PersonPathOrderTests {
    /// What a walk of `people/` lists: Markdown files, in subfolders too; not hidden names, other
    /// files, or folders reached through a symbolic link; a name that is not UTF-8 repaired.
    @Test func theWalkListsMarkdownFilesOnly() throws {
        let copy = try TemporaryVault()
        for name in ["b.md", ".hidden.md", ".md", "notes.txt", "x.MD", "team/a.md", "team/.git/c.md", "dir.md/d.md", "e\u{301}.md", "a.sync-conflict-20261128-101500-ABCDEFG.md"] {
            try copy.write("people/" + name, "---\nname: N\n---\n")
        }
        #expect(symlink(copy.path + "/people/team", copy.path + "/people/link") == 0)
        #expect(symlink(copy.path + "/people/b.md", copy.path + "/people/linked.md") == 0)
        let invalid = copy.path + "/people/\u{FF}x.md"
        let fd = Array(invalid.utf8).map { $0 == 0xC3 ? nil : $0 == 0xBF ? UInt8(0xFF) : $0 }.compactMap { $0 }.withUnsafeBufferPointer { bytes in
            (Array(bytes) + [0]).withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        close(fd)
        let vault = try Vault(root: copy.path)
        #expect(vault.personPaths().people == ["people/b.md", "people/dir.md/d.md", "people/e\u{301}.md", "people/linked.md", "people/team/a.md", "people/\u{FFFD}x.md"])
        #expect(vault.personPaths().copies == ["people/a.sync-conflict-20261128-101500-ABCDEFG.md"])
    }
}
