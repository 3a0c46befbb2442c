import Dispatch

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
}

extension Vault {
    /// The keys of every person `keep` passes, in path order: from the facts cache where the file
    /// is unchanged (each file's stamp is compared with its record's, and only the keys of the
    /// record are decoded, unless `ruledOut` rules the person out by their bytes), else read from
    /// the file; on all cores. Files that cannot be read are left out. People are listed from the
    /// cache while the folders it recorded are unchanged (`FactsCache.listing(in:)`), else the
    /// folders are walked. The cache is rewritten when `facts` would rewrite it (a file was
    /// removed, or a file read can be cached) or to record the folders walked.
    func personKeys(where keep: @escaping @Sendable (PersonKeys) -> Bool = { _ in true },
                    ruledOutBy ruledOut: KeyBytesFilter? = nil) -> [PersonKeys] {
        // Files changed after this moment are not cached: taken before any file is read.
        let settled = FactsCache.settledTime
        // The cache's paths while no folder changed (its records are then paired in order), else
        // the folders walked. `people/` changed in the last two seconds was not recorded: then it
        // is walked while the cache is read.
        let recent = FileSystem.stamp(root + "/people").map { !FactsCache.recordable([FactsCache.Folder(path: "people", stamp: $0)], settled: settled) } ?? true
        nonisolated(unsafe) var loaded = FactsCache(), walked: (paths: [String], folders: [FactsCache.Folder])?
        DispatchQueue.concurrentPerform(iterations: recent ? 2 : 1) { i in
            if i == 0 { loaded = FactsCache.load(self) } else { walked = personPathsAndFolders() }
        }
        let listed = walked == nil ? loaded.listing(in: self) : nil
        if walked == nil, listed == nil { walked = personPathsAndFolders() }
        let paths = listed ?? walked!.paths
        // Without a cache every file is read, as `facts` reads them: only the keys are held, not
        // every person's facts (the records for the new cache wait in a spill file).
        if loaded.count == 0 { return facts(today: nil) { $0.keys }.rows.filter(keep) }
        let cachedIndex = listed.map { Array($0.indices) } ?? loaded.indices(of: paths)
        // The cache keeps its bytes (no `forgetPaths`): every record's keys are read from them.
        let cache = loaded
        var found = [Found](repeating: .unreadable, count: paths.count)
        FileSystem.withStamps(relativeTo: root) { stamp in
            found.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let slots = buffer
                DispatchQueue.concurrentPerform(iterations: paths.count) { [paths] i in
                    let path = paths[i]
                    func cached() -> Found? {
                        guard cachedIndex[i] >= 0, let stamp = stamp(path), var reader = cache.keys(cachedIndex[i], ifStamp: stamp) else { return nil }
                        var bytes = reader
                        if let ruledOut, (try? ruledOut.rulesOut(&bytes)) == true { return .cachedAndLeftOut }
                        guard let keys = try? PersonKeys(from: &reader) else { return nil }
                        return keep(keys) ? .cached(keys) : .cachedAndLeftOut
                    }
                    if let found = cached() {
                        slots[i] = found
                    } else if let person = try? load(path: path) {
                        slots[i] = .read(FactsCache.Entry(stamp: person.stamp, facts: PersonFacts(person)))
                    }
                }
            }
        }
        let removed = cache.count != cachedIndex.count { $0 >= 0 }
        let cacheable = found.contains { if case .read(let entry) = $0 { entry.isSettled(settled) } else { false } }
        // Folders walked that the cache could list from next time: every file has a record.
        let completes = walked.map { walked in
            FactsCache.recordable(walked.folders, settled: settled) && cache.folders != walked.folders && found.allSatisfy { found in
                switch found {
                case .cached, .cachedAndLeftOut: true
                case .read(let entry): entry.isSettled(settled)
                case .unreadable: false
                }
            }
        } ?? false
        if removed || cacheable || completes {
            FactsCache.save(paths: paths, records: { i in
                switch found[i] {
                case .cached, .cachedAndLeftOut: .unchanged(cachedIndex[i])
                case .read(let entry): .read(entry)
                case .unreadable: nil
                }
            }, from: cache, to: self, settled: settled, folders: walked?.folders ?? cache.folders)
        }
        return found.compactMap { found in
            switch found {
            case .cached(let keys): keys
            case .read(let entry): keep(entry.facts.keys) ? entry.facts.keys : nil
            case .cachedAndLeftOut, .unreadable: nil
            }
        }
    }

    /// What `personKeys` found for one file.
    private enum Found {
        case cached(PersonKeys)
        /// Unchanged since cached, and not asked for.
        case cachedAndLeftOut
        case read(FactsCache.Entry)
        case unreadable
    }
}
