import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a PERSON argument (`PersonMatcher`) and the duplicate rule (`Vault.duplicate`) know a
/// person by. They are the first fields of a facts-cache record, so they are read from the
/// cache without decoding the rest of it.
public struct PersonKeys: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The name in lower case without accents (see `TextFolding`).
    public var sortName: String
    /// Aliases in lower case without accents.
    public var foldedAliases: [String]
    /// Emails in lower case.
    public var emails: [String]
    public var contactID: String?

    /// The path relative to the vault (`people/<id>.md`).
    public var path: String { "people/" + id + ".md" }
}

extension PersonFacts.Fields {
    /// What this person is matched by.
    public var keys: PersonKeys {
        PersonKeys(id: id, name: name, sortName: sortName, foldedAliases: foldedAliases, emails: emails, contactID: contactID)
    }
}

extension PersonKeys {
    /// The keys at the start of what `PersonFacts.Fields.encode(to:)` wrote (`id`, `name`,
    /// `sortName`, the tags, skipped, then `foldedAliases`, `emails` and `contactID`); the rest of
    /// the record is left unread.
    init(from r: inout ByteReader) throws(ByteReader.Malformed) {
        typealias Malformed = ByteReader.Malformed
        id = try r.string()
        name = try r.string()
        sortName = try r.string()
        try r.skipArray { r throws(Malformed) in _ = try r.skip(try r.int()) }
        foldedAliases = try r.array { r throws(Malformed) in try r.string() }
        emails = try r.array { r throws(Malformed) in try r.string() }
        contactID = try r.optional { r throws(Malformed) in try r.string() }
    }

    /// Moves `r` past the keys `init(from:)` reads, decoding none of them.
    static func skip(_ r: inout ByteReader) throws(ByteReader.Malformed) {
        typealias Malformed = ByteReader.Malformed
        for _ in 0..<3 { _ = try r.skip(try r.int()) }   // id, name, sortName
        for _ in 0..<3 { try r.skipArray { r throws(Malformed) in _ = try r.skip(try r.int()) } }   // tags, aliases, emails
        if try r.bool() { _ = try r.skip(try r.int()) }   // contactID
    }
}

extension Vault {
    /// The keys of every person `keep` passes, in path order: from the facts cache where the file
    /// is unchanged (each file's stamp is compared with its record's, and only the keys of the
    /// record are decoded, unless `ruledOut` rules the person out by their bytes), else read from
    /// the file; on all cores. Files that cannot be read are left out. People are listed from the
    /// cache while the folders it recorded are unchanged (`FactsCache.listing(in:)`), else the
    /// folders are walked while the cache's records are checked. The cache is rewritten when
    /// `facts` would rewrite it (a file was removed, or a file read can be cached) or to record the
    /// folders walked; the records of files read wait for it encoded (see `FactsCache.RecordHolding`),
    /// and only the keys `keep` passes are held.
    /// Files changed after `settled` are not cached: by default two seconds before any is read.
    func personKeys(where keep: @escaping @Sendable (PersonKeys) -> Bool = { _ in true },
                    ruledOutBy ruledOut: KeyBytesFilter? = nil, settled: Int64 = FactsCache.settledTime) -> [PersonKeys] {
        // `people/` changed in the last two seconds is not what the cache recorded: then it is
        // walked while the cache is loaded and checked; else the cache is loaded first, and lists
        // the people while the folders it recorded are unchanged.
        let recent = FileSystem.stamp(root + "/people").map { !FactsCache.recordable([FactsCache.Folder(path: "people", stamp: $0)], settled: settled) } ?? true
        let shared = SharedCache { FactsCache.loadKeys(self) }
        let listed = recent ? nil : shared.cache.listing(in: self)
        nonisolated(unsafe) var walked: (paths: [String], folders: [FactsCache.Folder])?, paired: [Int] = []
        let (unchanged, kept) = unchangedKeys(in: shared, keep: keep, ruledOutBy: ruledOut, meanwhile: listed == nil ? {
            walked = personPathsAndFolders()
            paired = shared.cache.indices(of: walked!.paths)   // while the other cores stamp files
        } : nil)
        let cache = shared.cache
        let paths = listed ?? walked!.paths
        let cachedIndex = listed.map { Array($0.indices) } ?? paired
        // Files without an unchanged record are read; `readAt[i]`: where file i's reading is in `reads`.
        let unread = paths.indices.filter { cachedIndex[$0] < 0 || !unchanged[cachedIndex[$0]] }
        let reads = read(unread.map { paths[$0] }, keep: keep, settled: settled)
        var readAt = [Int](repeating: -1, count: unread.isEmpty ? 0 : paths.count)
        for (k, i) in unread.enumerated() { readAt[i] = k }
        let removed = cache.count != cachedIndex.count { $0 >= 0 }
        let cacheable = reads.contains { $0?.record != nil }
        // Folders walked that the cache could list from next time: every file has a record.
        let completes = walked.map { walked in
            FactsCache.recordable(walked.folders, settled: settled) && cache.folders != walked.folders && reads.allSatisfy { $0?.record != nil }
        } ?? false
        if removed || cacheable || completes {
            FactsCache.save(paths: paths, records: { i in
                readAt.isEmpty || readAt[i] < 0 ? .unchanged(cachedIndex[i]) : reads[readAt[i]]?.record
            }, from: cache, to: self, settled: settled, folders: walked?.folders ?? cache.folders)
        }
        return paths.indices.compactMap { i in
            readAt.isEmpty || readAt[i] < 0 ? (kept.isEmpty ? nil : kept[cachedIndex[i]]) : reads[readAt[i]]?.keys
        }
    }

    /// What reading one file found: its keys when `keep` passes them, and its record for the new
    /// cache when it had settled.
    private struct Read {
        var keys: PersonKeys?
        var record: FactsCache.Record?
    }

    /// Whether each of the cache's records is of a file unchanged since, and the keys of those
    /// `keep` passes, by record: each file stamped (relative to the open `people/` folder, from
    /// the path's bytes where they stand in the cache), on all cores, in 64 parts; `meanwhile`
    /// (the folders walked) runs beside them, and the cache is loaded by the first part to need it
    /// while the others wait.
    private func unchangedKeys(in shared: SharedCache, keep: @escaping @Sendable (PersonKeys) -> Bool, ruledOutBy ruledOut: KeyBytesFilter?,
                               meanwhile: (() -> Void)?) -> (unchanged: [Bool], kept: [Int: PersonKeys]) {
        let partCount = 64, first = meanwhile == nil ? 0 : 1
        var parts = [(unchanged: [Bool], kept: [(Int, PersonKeys)])](repeating: ([], []), count: partCount)
        let peopleFolder = FileSystem.openDirectory(root + "/people"), vault = FileSystem.openDirectory(root)
        defer { FileSystem.closeDirectory(peopleFolder); FileSystem.closeDirectory(vault) }
        let prefix: StaticString = "people/"
        nonisolated(unsafe) let people = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        nonisolated(unsafe) let meanwhile = meanwhile
        parts.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let parts = buffer
            DispatchQueue.concurrentPerform(iterations: first + partCount) { k in
                guard k >= first else { meanwhile?(); return }
                let cache = shared.cache, part = k - first
                parts[part] = cache.withPaths { bytes, paths in
                    var kept: [(Int, PersonKeys)] = []
                    let unchanged = (part * paths.count / partCount..<(part + 1) * paths.count / partCount).map { j -> Bool in
                        let path = UnsafeBufferPointer(rebasing: bytes[paths[j]])
                        let inPeople = path.count > people.count && Bytes.compare(UnsafeBufferPointer(rebasing: path.prefix(people.count)), people) == 0
                        guard let folder = inPeople ? peopleFolder : vault,
                              let stamp = FileSystem.stamp(inPeople ? UnsafeBufferPointer(rebasing: path[people.count...]) : path, in: folder),
                              var reader = cache.keys(j, ifStamp: stamp) else { return false }
                        var bytes = reader
                        if let ruledOut, (try? ruledOut.rulesOut(&bytes)) == true { return true }
                        guard let keys = try? PersonKeys(from: &reader) else { return false }   // unreadable: the file is read
                        if keep(keys) { kept.append((j, keys)) }
                        return true
                    }
                    return (unchanged, kept)
                }
            }
        }
        return (parts.flatMap(\.unchanged), Dictionary(uniqueKeysWithValues: parts.flatMap(\.kept)))
    }

    /// The facts cache, loaded by the first thread to ask for it while any other waits.
    private final class SharedCache: @unchecked Sendable {
        private let lock = Lock()
        private var loaded: FactsCache?
        private let load: () -> FactsCache

        init(_ load: @escaping () -> FactsCache) { self.load = load }

        var cache: FactsCache {
            lock.withLock {
                if loaded == nil { loaded = load() }
                return loaded!
            }
        }
    }

    /// What reading the files at `paths` finds, on all cores, a batch at a time: the keys `keep`
    /// passes, and each settled file's record, encoded; past a threshold of records, they wait in a
    /// spill file (`FactsCache.RecordHolding`), so a first run over 100,000 people holds neither their
    /// facts nor their records.
    private func read(_ paths: [String], keep: @escaping @Sendable (PersonKeys) -> Bool, settled: Int64) -> [Read?] {
        var found: [Read?] = []
        found.reserveCapacity(paths.count)
        var holding = FactsCache.RecordHolding(folder: root + "/.crm")
        for batch in stride(from: 0, to: paths.count, by: 4096).map({ $0..<min($0 + 4096, paths.count) }) {
            var read = [Read?](repeating: nil, count: batch.count)
            read.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let slots = buffer
                DispatchQueue.concurrentPerform(iterations: batch.count) { k in
                    guard let person = try? load(path: paths[batch.lowerBound + k], notesOnDemand: true) else { return }
                    let entry = FactsCache.Entry(stamp: person.stamp, facts: PersonFacts(person))
                    let keys = entry.facts.keys
                    slots[k] = Read(keys: keep(keys) ? keys : nil, record: entry.isSettled(settled) ? .encoded(entry.record) : nil)
                }
            }
            let encoded = read.indices.compactMap { k -> (Int, [UInt8])? in
                if case .encoded(let bytes)? = read[k]?.record { (k, bytes) } else { nil }
            }
            if let (spill, ranges) = holding.setAside(encoded.map(\.1)) {
                for ((k, _), range) in zip(encoded, ranges) { read[k]?.record = .spilled(spill, range) }
            }
            found += read
        }
        return found
    }
}
