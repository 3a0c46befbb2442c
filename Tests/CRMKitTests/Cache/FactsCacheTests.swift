import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The facts cache is only ever a shortcut: used while a file is unchanged, dropped otherwise.
@Suite struct FactsCacheTests {
    /// A cache holding every file of `vault` as it is now, with `name` changed where given, or
    /// to `prefix` and the path for every file.
    func plantCache(_ vault: Vault, names: [String: String] = [:], prefix: String? = nil) throws {
        var entries: [(path: String, entry: FactsCache.Entry)] = []
        for path in vault.personPaths().people {
            let person = try vault.load(path: path)
            var facts = PersonFacts(person)
            if let name = names[path] { facts.name = name }
            if let prefix { facts.name = prefix + path }
            entries.append((path, FactsCache.Entry(stamp: person.stamp, facts: facts)))
        }
        FactsCache.save(entries, to: vault, settled: .max)
    }

    @Test func factsReadBackExactlyAsWritten() throws {
        let copy = try TemporaryVault(copyingExample: true)
        for name in Fixtures.names {
            try copy.write("people/fixtures/\(name).md", Fixtures.bytes(name))
        }
        let vault = try Vault(root: copy.path)
        try plantCache(vault)
        let cached = FactsCache.load(vault)
        let fresh = vault.scan { $0.person }.rows.map { PersonFacts($0) }
        #expect(cached.entries.count == fresh.count)
        for facts in fresh { #expect(cached.entries[facts.path]?.facts == facts, "\(facts.path)") }
    }

    @Test func anUnchangedFileComesFromTheCacheAChangedOneIsReadAgain() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try plantCache(vault, names: ["people/henrik-dahl.md": "FROM THE CACHE"])
        #expect(vault.facts().rows.contains { $0.name == "FROM THE CACHE" })
        // A same-size edit in place changes the status-change time at least.
        let path = copy.path + "/people/henrik-dahl.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        usleep(10_000)
        try EditorRaceTests.saveInPlace(path, text.replacingOccurrences(of: "Henrik Dahl", with: "Henrik DAHL"))
        let rows = vault.facts().rows
        #expect(!rows.contains { $0.name == "FROM THE CACHE" })
        #expect(rows.contains { $0.name == "Henrik DAHL" })
    }

    /// A cache larger than the pieces it is written in (1 MB): every record read back, and every
    /// unchanged one copied when a file is removed.
    @Test func aLargeCacheIsReadAndRewrittenWithItsUnchangedRecords() throws {
        let copy = try TemporaryVault()
        let note = String(repeating: "a note long enough to make each record large ", count: 6)
        for i in 0..<4_200 {
            try copy.write("people/p\(i).md", "---\nname: P\(i)\n---\n\n## Interactions\n\n- 2026-12-24 call: \(note)\n")
        }
        let vault = try Vault(root: copy.path)
        let paths = vault.personPaths().people
        try plantCache(vault, prefix: "CACHED ")
        let size = try #require(FileSystem.stamp(copy.path + "/" + FactsCache.path)?.size)
        #expect(size > 1 << 20)
        let today = Day(year: 2027, month: 1, day: 1)!   // after every entry: the cached timelines answer for it
        #expect(vault.facts(today: today).rows.map(\.name) == paths.map { "CACHED " + $0 })
        // A file removed: the cache is written again, every other record copied from the old file.
        try FileManager.default.removeItem(atPath: copy.path + "/people/p2100.md")
        #expect(vault.facts(today: today).rows.count == paths.count - 1)
        let rewritten = FactsCache.load(vault).entries
        #expect(rewritten.count == paths.count - 1)
        #expect(paths.filter { $0 != "people/p2100.md" }.allSatisfy { rewritten[$0]?.facts.name == "CACHED " + $0 })
        #expect(vault.facts(today: today).rows.map(\.timeline) == vault.scan { $0.person }.rows.map { PersonFacts($0, today: today).timeline })
    }

    @Test func everyUnchangedFileIsFoundInTheCacheWhateverItsName() throws {
        let copy = try TemporaryVault(copyingExample: true)
        for name in ["Zoë", "zoe", "ZOE", "a b", "a-b", "a.b", "a", "日本", "ü", "u\u{308}"] {
            try copy.write("people/\(name).md", "---\nname: \(name)\n---\n")
        }
        let vault = try Vault(root: copy.path)
        let paths = vault.personPaths().people
        #expect(paths == paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        // `ü` written as one code point and as `u` and a combining mark: two files, both cached.
        #expect(paths.contains("people/ü.md") && paths.contains("people/u\u{308}.md") && paths.count == 22)
        try plantCache(vault, prefix: "CACHED ")
        #expect(vault.facts().rows.map(\.name) == paths.map { "CACHED " + $0 })
    }

    @Test func aCacheFromOtherLogSettingsOrACorruptOneIsIgnored() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try plantCache(vault, names: ["people/henrik-dahl.md": "FROM THE CACHE"])
        try copy.write(".crm/config.yaml", "types: [call, visit]\n")
        #expect(!(try Vault(root: copy.path)).facts().rows.contains { $0.name == "FROM THE CACHE" })

        try plantCache(vault, names: ["people/henrik-dahl.md": "FROM THE CACHE"])
        var bytes = copy.bytes(FactsCache.path)
        bytes.removeLast(7)
        try copy.write(FactsCache.path, bytes)
        #expect(FactsCache.load(vault).entries.isEmpty)
        #expect(vault.facts().rows.map(\.name).sorted() == vault.scan { $0.person }.rows.map(\.name).sorted())
    }

    @Test func deletingTheCacheChangesNothingTheUserSees() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = try vault.crm("list", "--json").stdout
        #expect(try vault.crm("check").status == 0)
        try plantCache(try Vault(root: vault.path))
        #expect(vault.exists(FactsCache.path))
        #expect(try vault.crm("list", "--json").stdout == before)
        try FileManager.default.removeItem(at: vault.url.appendingPathComponent(FactsCache.path))
        #expect(try vault.crm("list", "--json").stdout == before)
    }

    @Test func theCacheIsRewrittenOnlyWhenItWouldChange() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        try plantCache(vault)
        let planted = copy.bytes(FactsCache.path)
        // A file written just now is read, but cannot be cached yet: the cache stays as it was.
        try copy.write("people/henrik-dahl.md", "---\nname: Henrik D.\n---\n")
        #expect(vault.facts().rows.contains { $0.name == "Henrik D." })
        #expect(copy.bytes(FactsCache.path) == planted)
        // A removed file is dropped from the cache; the other records are copied as they were
        // (Henrik's, too new to cache, is gone): the same bytes as a cache written afresh.
        try FileManager.default.removeItem(atPath: copy.path + "/people/lena-marsh.md")
        _ = vault.facts()
        let rewritten = copy.bytes(FactsCache.path)
        #expect(rewritten != planted)
        #expect(FactsCache.load(vault).entries["people/lena-marsh.md"] == nil)
        try FileManager.default.removeItem(atPath: copy.path + "/people/henrik-dahl.md")
        try plantCache(vault)
        #expect(copy.bytes(FactsCache.path) == rewritten)
    }

    /// A first run writes the cache before it returns: the next run reads every record, the same
    /// facts as the files give.
    @Test func aFirstRunWritesTheCacheBeforeItReturns() throws {
        let copy = try TemporaryVault(copyingExample: true)
        usleep(2_100_000)   // a file is cached once it has not changed for 2 s
        let vault = try Vault(root: copy.path)
        #expect(!copy.exists(FactsCache.path))
        let rows = vault.facts().rows
        let cached = FactsCache.load(vault).entries
        #expect(cached.count == rows.count && rows.count > 5)
        #expect(rows.allSatisfy { cached[$0.path]?.facts == $0 })
        let written = copy.bytes(FactsCache.path)
        #expect(vault.facts().rows == rows)
        #expect(copy.bytes(FactsCache.path) == written)   // nothing changed: not written again
    }

    /// `crm list --json | head`: the reader goes away before the first line. The process ends by
    /// SIGPIPE, as other tools do, with the cache complete (it is written before anything is
    /// printed) and no temporary file left.
    @Test func aReaderThatLeavesEarlyDoesNotCutTheCacheWriteShort() throws {
        let copy = try TemporaryVault()
        for i in 0..<3_000 {
            try copy.write("people/p\(i).md", "---\nname: Person \(i)\nevery: 30d\n---\n\n## Interactions\n\n- 2026-10-0\(i % 9 + 1) call: Hello.\n")
        }
        usleep(2_100_000)   // a file is cached once it has not changed for 2 s
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()   // the reader is gone before the first line
        let process = try CRM.start(["--vault", copy.path, "list", "--json"], output: pipe)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
        // Written by `crm`, so read with its build's fingerprint.
        let build = try #require(FactsCache.build(ofExecutable: CRM.binary.resolvingSymlinksInPath().path))
        let fingerprint = FactsCache.fingerprint(try Vault(root: copy.path).config, build: build)
        let cache = try #require(FactsCache(copy.bytes(FactsCache.path), fingerprint: fingerprint))
        #expect(cache.entries.count == 3_000)
        let left = try FileManager.default.subpathsOfDirectory(atPath: copy.path + "/.crm").filter { $0.contains(FileSystem.temporaryPrefix) }
        #expect(left.isEmpty)
    }

    @Test func recentlyChangedFilesAreNotCached() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        _ = vault.facts()
        // Every file was just copied: none has settled, so none is in the cache.
        #expect(FactsCache.load(vault).entries.isEmpty)
    }
}
