import CRMFormat

/// A machine-local cache of each person file's facts, in `.crm/cache/facts`, so listing 10,000
/// people reads 10,000 stamps instead of 10,000 files.
///
/// It is only ever a shortcut: a record is used only while its file has the same device, inode,
/// size, modification and status-change times as when it was read, and the whole cache is
/// dropped when the vault's log settings, the format or the program change (any other build of
/// the tool, with another parser or other messages, reads every file again). Files changed in the
/// last two seconds are not cached at all (a same-size edit within one clock tick would keep their
/// stamp). Deleting the cache loses nothing; it is written only in a vault that has `.crm/`.
///
/// The file is read whole, and written whole (atomically) by the command that found it out of
/// date (`Vault.facts`): a header with the folders the paths were listed from, then for each
/// person file, in byte order of the paths, its path and its record (`Entry.record`).
///
/// While none of those folders changed (`listing(in:)`), the cache's paths are every person
/// file and `people/` is not walked: a file added to, removed from or renamed in a folder changes
/// the folder's modification time, and each folder is stamped before it is read. Folders are
/// recorded only when every file has a record and each folder had settled (a change within the
/// same clock tick would keep its stamp). Each file's own stamp is still checked.
struct FactsCache {
    /// One file's facts and the stamp of the version they were read from.
    struct Entry {
        var stamp: FileStamp
        var facts: PersonFacts

        /// Whether the file was last changed before `settled`, so that its entry may be cached.
        func isSettled(_ settled: Int64) -> Bool { stamp.modified < settled && stamp.changed < settled }

        /// The entry as the cache file holds it: the stamp, the first day the facts answer for
        /// (their timeline's horizon), then the facts.
        var record: [UInt8] {
            var writer = ByteWriter(capacity: 1024)
            stamp.encode(to: &writer)
            writer.optional(facts.timeline.horizon) { $1.encode(to: &$0) }
            facts.encode(to: &writer)
            return writer.bytes
        }
    }

    static let path = ".crm/cache/facts"
    private static let magic = "my-person-crm facts cache"
    /// Bump when the format or what the parser reads from a file changes: old caches are dropped.
    /// A record is coded beside the fields it holds (`Entry.record`, `FileStamp+Coding.swift`,
    /// `PersonFacts+Coding.swift` and what they hold); a test holds a small cache to committed
    /// bytes, so a change to any of them fails until this is bumped.
    private static let version = 15

    /// A folder the person files were listed from (`people` and each folder under it), with its
    /// stamp taken before it was read.
    struct Folder: Equatable {
        var path: String
        var stamp: FileStamp
    }

    /// The folders the cache's paths were listed from; empty when they are not known to be every
    /// person file.
    private(set) var folders: [Folder] = []
    /// The cache file's bytes, and where each path and each record stand in them (in path order).
    private var bytes: [UInt8] = []
    private var paths: [Range<Int>] = []
    private var records: [Range<Int>] = []

    /// What the cached facts depend on besides the file: the log settings and the program's `build`.
    static func fingerprint(_ config: VaultConfig, build: String) -> String {
        config.types.joined(separator: ",") + "\n" + config.heading + "\n" + build
    }

    /// The running program's build, as its executable file's size, modification time and inode:
    /// a rebuilt or upgraded tool changes it, so facts read by another parser are never used.
    /// Nil when the executable cannot be found, and then nothing is cached.
    static let build: String? = {
        #if canImport(Glibc)
        build(ofExecutable: "/proc/self/exe")
        #else
        CommandLine.arguments.first.flatMap(build(ofExecutable:))
        #endif
    }()

    /// The build key of the executable at `path` (see `build`), nil when it cannot be found.
    static func build(ofExecutable path: String) -> String? {
        FileSystem.stamp(path).map { "\($0.size) \($0.modified) \($0.inode)" }
    }

    /// The cache of `vault`, or an empty one when there is none or it cannot be used.
    static func load(_ vault: Vault) -> FactsCache {
        guard let build, let file = try? FileSystem.readFile(vault.root + "/" + path),
              let cache = FactsCache(file.bytes, fingerprint: fingerprint(vault.config, build: build)) else { return FactsCache() }
        return cache
    }

    /// The cache a file holding `bytes` holds, nil when it was written by another format version
    /// or for another `fingerprint`, or is damaged. Records are decoded only when asked for.
    init?(_ bytes: [UInt8], fingerprint: String) {
        var reader = ByteReader(bytes)
        do {
            guard try reader.string() == FactsCache.magic, try reader.int() == FactsCache.version,
                  try reader.string() == fingerprint else { return nil }
            folders = try reader.array { r throws(ByteReader.Malformed) in Folder(path: try r.string(), stamp: try FileStamp(from: &r)) }
            let count = try reader.int()
            guard count >= 0, count <= bytes.count else { return nil }
            paths.reserveCapacity(count)
            records.reserveCapacity(count)
            for _ in 0..<count {
                paths.append(try reader.skip(try reader.int()))
                records.append(try reader.skip(try reader.int()))
            }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
        self.bytes = bytes
    }

    /// An empty cache.
    init() {}

    /// How many records the cache holds.
    var count: Int { records.count }

    /// The person files of `vault` as the cache lists them, while every folder they were listed
    /// from is unchanged; nil when one changed or none was recorded (then the folders are walked).
    func listing(in vault: Vault) -> [String]? {
        guard !folders.isEmpty, folders.allSatisfy({ FileSystem.stamp(vault.root + "/" + $0.path) == $0.stamp }) else { return nil }
        return paths.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Whether `folders` can be recorded: there are some, and none changed after `settled`.
    static func recordable(_ folders: [Folder], settled: Int64) -> Bool {
        !folders.isEmpty && folders.allSatisfy { $0.stamp.modified < settled && $0.stamp.changed < settled }
    }

    /// For each of `files` (in byte order), the index of its record, or -1: the two sorted lists
    /// are paired in one pass, comparing the bytes where they stand.
    func indices(of files: [String]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            var j = 0
            return files.map { file in
                var file = file
                return file.withUTF8 { name in
                    func order(_ k: Int) -> Int { Bytes.compare(UnsafeBufferPointer(rebasing: buffer[paths[k]]), name) }
                    while j < paths.count, order(j) < 0 { j += 1 }
                    return j < paths.count && order(j) == 0 ? j : -1
                }
            }
        }
    }

    /// A reader of record `index`'s facts (see `PersonFacts.init(from:path:)`), only when its file
    /// still has `stamp` and its facts answer for `today` (any day when nil).
    func facts(_ index: Int, ifStamp stamp: FileStamp, answering today: Day?) -> ByteReader? {
        var reader = ByteReader(bytes, range: records[index])
        guard let (cached, horizon) = try? Self.header(&reader), cached == stamp else { return nil }
        if let today, let horizon, today < horizon { return nil }
        return reader
    }

    /// The stamp and the first day the facts answer for, at the start of a record (`Entry.record`).
    private static func header(_ r: inout ByteReader) throws(ByteReader.Malformed) -> (stamp: FileStamp, horizon: Day?) {
        (try FileStamp(from: &r), try r.optional { r throws(ByteReader.Malformed) in try Day(from: &r) })
    }

    /// The bytes of record `index`.
    func record(_ index: Int) -> ArraySlice<UInt8> { bytes[records[index]] }

    /// Every record, decoded, by path.
    var entries: [String: Entry] {
        Dictionary(paths.indices.compactMap { i -> (String, Entry)? in
            let path = String(decoding: bytes[paths[i]], as: UTF8.self)
            var reader = ByteReader(bytes, range: records[i])
            guard let (stamp, _) = try? Self.header(&reader), let facts = try? PersonFacts(from: &reader, path: path),
                  reader.isAtEnd else { return nil }
            return (path, Entry(stamp: stamp, facts: facts))
        }, uniquingKeysWith: { a, _ in a })
    }

    /// Two seconds ago, in nanoseconds since 1970: files changed after it are not cached yet.
    static var settledTime: Int64 {
        Platform.nanosecondsSince1970() - 2 * 1_000_000_000
    }

    /// What one record of a new cache is made from: the record of an unchanged file, copied
    /// from the cache as it was read, or the record of a file read anew (`Entry.record`).
    enum Record {
        case unchanged(Int)
        case read([UInt8])
    }

    /// Writes `entries` as the cache atomically, leaving out files changed after `settled`;
    /// `folders`: those the entries' paths were listed from, when they are every person file.
    static func save(_ entries: [(path: String, entry: Entry)], to vault: Vault, settled: Int64 = settledTime, folders: [Folder] = []) {
        let sorted = entries.sorted { Bytes.precedes($0.path, $1.path) }
        save(paths: sorted.map(\.path), records: { sorted[$0].entry.isSettled(settled) ? .read(sorted[$0].entry.record) : nil },
             from: FactsCache(), to: vault, settled: settled, folders: folders)
    }

    /// Writes the cache atomically: for each of `paths` (sorted), `records(i)` (nil: none), an
    /// unchanged record copied from `old`. `folders` are those `paths` were listed from when they
    /// are every person file: kept when every path has a record and they are `recordable`.
    /// Failures are ignored (the cache is only a shortcut).
    static func save(paths: [String], records: (Int) -> Record?, from old: FactsCache, to vault: Vault,
                     settled: Int64 = settledTime, folders: [Folder] = []) {
        guard let build, FileSystem.isDirectory(vault.root + "/.crm") else { return }
        let complete = recordable(folders, settled: settled) && paths.indices.allSatisfy { records($0) != nil }
        guard let folder = try? vault.inside(".crm/cache", for: .folder), let file = try? vault.inside(path) else { return }
        try? FileSystem.makeDirectories(folder)
        try? FileSystem.write(file) { write throws(FileSystemError) in
            try encode(paths: paths, records: records, from: old, fingerprint: fingerprint(vault.config, build: build),
                       folders: complete ? folders : [], to: write)
        }
    }

    /// The cache file's bytes, handed to `write` in pieces of about a megabyte: the header, then
    /// for each of `paths` (sorted) whose `records(i)` is not nil, the path and its record.
    static func encode<Failure: Error>(paths: [String], records: (Int) -> Record?, from old: FactsCache, fingerprint: String,
                                       folders: [Folder] = [], to write: (ArraySlice<UInt8>) throws(Failure) -> Void) throws(Failure) {
        var writer = ByteWriter(capacity: 1 << 20 + 4096)
        writer.string(magic)
        writer.int(version)
        writer.string(fingerprint)
        writer.array(folders) { w, folder in
            w.string(folder.path)
            folder.stamp.encode(to: &w)
        }
        writer.int(paths.indices.count { records($0) != nil })
        for i in paths.indices {
            guard let record = records(i) else { continue }
            writer.string(paths[i])
            switch record {
            case .unchanged(let index):
                writer.int(old.records[index].count)
                writer.raw(old.record(index))
            case .read(let bytes):
                writer.int(bytes.count)
                writer.raw(bytes[...])
            }
            if writer.bytes.count >= 1 << 20 {
                try write(writer.bytes[...])
                writer.removeAll()
            }
        }
        try write(writer.bytes[...])
    }
}
