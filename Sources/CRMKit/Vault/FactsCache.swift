import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A machine-local cache of each person file's facts, in `.crm/cache/facts`, so listing 10,000
/// people reads 10,000 stamps instead of 10,000 files.
///
/// It is only ever a shortcut: an entry is used only while its file has the same device, inode,
/// size, modification and status-change times as when it was read, and the whole cache is
/// dropped when the vault's log settings or the format change. Files changed in the last two
/// seconds are not cached at all (a same-size edit within one clock tick would keep their stamp).
/// Deleting the cache loses nothing; it is written only in a vault that has `.crm/`.
struct FactsCache {
    struct Entry {
        var stamp: FileStamp
        var facts: PersonFacts
    }

    static let path = ".crm/cache/facts"
    private static let magic = "my-person-crm facts cache"
    private static let version = 1

    var entries: [String: Entry] = [:]

    /// What the cached facts depend on besides the file: the log settings.
    static func fingerprint(_ config: VaultConfig) -> String {
        config.types.joined(separator: ",") + "\n" + config.heading
    }

    /// The cache of `vault`, or an empty one when there is none or it cannot be used.
    static func load(_ vault: Vault) -> FactsCache {
        guard let bytes = try? FileSystem.readFile(vault.root + "/" + path).bytes else { return FactsCache() }
        var reader = ByteReader(bytes)
        do {
            guard try reader.string() == magic, try reader.int() == version,
                  try reader.string() == fingerprint(vault.config) else { return FactsCache() }
            var cache = FactsCache()
            let count = try reader.int()
            cache.entries.reserveCapacity(max(0, min(count, bytes.count)))
            for _ in 0..<count {
                let path = try reader.string()
                cache.entries[path] = Entry(stamp: try reader.stamp(), facts: try reader.facts(path: path))
            }
            return reader.isAtEnd ? cache : FactsCache()
        } catch {
            return FactsCache()
        }
    }

    /// Two seconds ago, in nanoseconds since 1970: files changed after it are not cached yet.
    static var settledTime: Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return (Int64(now.tv_sec) - 2) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Writes the cache atomically, leaving out files changed after `settled`; failures are
    /// ignored (the cache is only a shortcut).
    func save(_ vault: Vault, settled: Int64 = FactsCache.settledTime) {
        guard FileSystem.isDirectory(vault.root + "/.crm") else { return }
        let stable = entries.filter { $0.value.stamp.modified < settled && $0.value.stamp.changed < settled }
        var writer = ByteWriter()
        writer.string(FactsCache.magic)
        writer.int(FactsCache.version)
        writer.string(FactsCache.fingerprint(vault.config))
        writer.int(stable.count)
        for (path, entry) in stable.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.stamp(entry.stamp)
            writer.facts(entry.facts)
        }
        try? FileSystem.makeDirectories(vault.root + "/.crm/cache")
        try? FileSystem.write(vault.root + "/" + FactsCache.path, with: writer.bytes)
    }
}

extension Vault {
    /// Every person's facts, from the cache where the file is unchanged, else read (on all
    /// cores); the cache is brought up to date when anything was read or removed.
    public func facts() -> (rows: [PersonFacts], problems: [Diagnostic]) {
        let paths = personPaths()
        let cache = FactsCache.load(self)
        var results = [Result<FactsCache.Entry, VaultError>?](repeating: nil, count: paths.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                let path = paths[i]
                if let hit = cache.entries[path], FileSystem.stamp(root + "/" + path) == hit.stamp {
                    slots[i] = .success(hit)
                } else {
                    slots[i] = Result { () throws(VaultError) in
                        let person = try load(path: path)
                        return FactsCache.Entry(stamp: person.stamp, facts: PersonFacts(person))
                    }
                }
            }
        }
        var rows: [PersonFacts] = []
        rows.reserveCapacity(paths.count)
        var problems: [Diagnostic] = []
        var updated = FactsCache()
        var changed = cache.entries.count != paths.count
        for (path, result) in zip(paths, results) {
            switch result! {
            case .success(let entry):
                rows.append(entry.facts)
                updated.entries[path] = entry
                if cache.entries[path]?.stamp != entry.stamp { changed = true }
            case .failure(let error):
                problems.append(Diagnostic(path: path, line: 1, severity: .error, message: error.message))
                changed = true
            }
        }
        if changed { updated.save(self) }
        return (rows, problems)
    }
}

private extension ByteWriter {
    mutating func stamp(_ s: FileStamp) {
        for value in [Int(bitPattern: UInt(s.device)), Int(bitPattern: UInt(s.inode)), Int(s.size), Int(s.modified), Int(s.changed), Int(s.mode)] {
            int(value)
        }
    }

    mutating func day(_ day: Day) { int(day.dayNumber) }

    mutating func diagnostic(_ d: Diagnostic) {
        int(d.line)
        int(d.column)
        bool(d.severity == .error)
        string(d.message)
    }

    mutating func facts(_ f: PersonFacts) {
        string(f.id)
        string(f.name)
        string(f.sortName)
        array(f.tags) { $0.string($1) }
        array(f.foldedAliases) { $0.string($1) }
        array(f.emails) { $0.string($1) }
        optional(f.contactID) { $0.string($1) }
        optional(f.birthday) { $0.string($1) }
        optional(f.every) { $0.string($1.description) }
        optional(f.snooze) { $0.day($1) }
        optional(f.added) { $0.day($1) }
        optional(f.last) { w, entry in
            w.day(entry.date)
            w.int(entry.time.map { $0.hour * 60 + $0.minute } ?? -1)
            w.string(entry.type)
            w.string(entry.note)
            w.int(entry.line)
            w.int(entry.lineCount)
        }
        int(f.interactionCount)
        array(f.fieldProblems.sorted { $0.key < $1.key }) { w, pair in
            w.string(pair.key)
            w.diagnostic(pair.value)
        }
        array(f.problems) { $0.diagnostic($1) }
        int(f.nameLine)
        int(f.contactIDLine)
    }
}

private extension ByteReader {
    mutating func stamp() throws(Malformed) -> FileStamp {
        FileStamp(device: UInt64(UInt(bitPattern: try int())), inode: UInt64(UInt(bitPattern: try int())), size: Int64(try int()),
                  modified: Int64(try int()), changed: Int64(try int()), mode: UInt32(truncatingIfNeeded: try int()))
    }

    mutating func day() throws(Malformed) -> Day { Day(dayNumber: try int()) }

    mutating func diagnostic(path: String) throws(Malformed) -> Diagnostic {
        let line = try int(), column = try int(), isError = try bool()
        return Diagnostic(path: path, line: line, column: column, severity: isError ? .error : .warning, message: try string())
    }

    mutating func facts(path: String) throws(Malformed) -> PersonFacts {
        var f = PersonFacts(id: try string(), path: path)
        f.name = try string()
        f.sortName = try string()
        f.tags = try array { r throws(Malformed) in try r.string() }
        f.foldedAliases = try array { r throws(Malformed) in try r.string() }
        f.emails = try array { r throws(Malformed) in try r.string() }
        f.contactID = try optional { r throws(Malformed) in try r.string() }
        f.birthday = try optional { r throws(Malformed) in try r.string() }
        f.every = try optional { r throws(Malformed) in
            guard let cadence = Cadence(try r.string()) else { throw Malformed() }
            return cadence
        }
        f.snooze = try optional { r throws(Malformed) in try r.day() }
        f.added = try optional { r throws(Malformed) in try r.day() }
        f.last = try optional { r throws(Malformed) in
            let date = try r.day()
            let minutes = try r.int()
            let time = minutes < 0 ? nil : TimeOfDay(hour: minutes / 60, minute: minutes % 60)
            return Interaction(date: date, time: time, type: try r.string(), note: try r.string(), line: try r.int(), lineCount: try r.int())
        }
        f.interactionCount = try int()
        let problems = try array { r throws(Malformed) in (try r.string(), try r.diagnostic(path: path)) }
        f.fieldProblems = Dictionary(problems, uniquingKeysWith: { a, _ in a })
        f.problems = try array { r throws(Malformed) in try r.diagnostic(path: path) }
        f.nameLine = try int()
        f.contactIDLine = try int()
        return f
    }
}
