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
/// dropped when the vault's log settings, the format or the program change (any other build of
/// the tool, with another parser or other messages, reads every file again). Files changed in the
/// last two seconds are not cached at all (a same-size edit within one clock tick would keep their
/// stamp).
/// Deleting the cache loses nothing; it is written only in a vault that has `.crm/`.
struct FactsCache {
    struct Entry {
        var stamp: FileStamp
        var facts: PersonFacts

        /// Whether the file was last changed before `settled`, so that its entry may be cached.
        func isSettled(_ settled: Int64) -> Bool { stamp.modified < settled && stamp.changed < settled }

        /// The entry as the cache file holds it: its stamp, then its facts.
        var record: [UInt8] {
            // Written with room to spare, kept without it: records wait in memory until the cache is written.
            var writer = ByteWriter(capacity: 1024)
            stamp.encode(to: &writer)
            facts.fields.encode(to: &writer)
            return writer.bytes.withUnsafeBufferPointer { Array($0) }
        }
    }

    static let path = ".crm/cache/facts"
    private static let magic = "my-person-crm facts cache"
    /// Bump when the format or what the parser reads from a file changes: old caches are dropped.
    /// A record is a `FileStamp` then `PersonFacts.Fields`, each coded beside its fields
    /// (`FileStamp+Coding.swift`, `PersonFacts+Coding.swift` and what they hold); a test holds a
    /// small cache to committed bytes, so a change to any of them fails until this is bumped.
    /// A PERSON argument is matched by the first fields alone (`PersonKeys`).
    private static let version = 8

    /// A folder the person files were listed from (`people` and each folder under it), with its
    /// stamp taken before it was read: adding, removing or renaming a file in it changes the stamp.
    struct Folder: Equatable {
        var path: String
        var stamp: FileStamp
    }

    /// The folders the cache's paths were listed from, when those paths were every person file and
    /// the folders had settled; empty otherwise. While none of them changed, the paths are the
    /// listing (see `listing(in:)`).
    private(set) var folders: [Folder] = []

    /// The cache file's bytes, where each path it holds stands in them (in byte order), and where
    /// each path's record stands; paths are compared in place and records decoded only when their
    /// file is found unchanged. Once paired with the files (`forgetPaths`), a cache read from its
    /// file lets go of the bytes and reads records again from the open `file` in pieces, so the
    /// whole file (45 MB for 100,000 people) is not held while every person's facts are.
    private var bytes: [UInt8] = []
    private var paths: [Range<Int>] = []
    private var records: [Range<Int>] = []
    private var file: OpenFile?
    /// Read by `loadKeys`: `bytes` holds the paths and, at `keyRecords`, each record's stamp and
    /// keys; `records` are where the records stand in `file`.
    private var keysOnly = false
    private var keyRecords: [Range<Int>] = []

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
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Glibc)
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
        #else
        return "\(info.st_size) \(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec) \(info.st_ino)"
        #endif
    }

    /// The cache of `vault`, or an empty one when there is none or it cannot be used.
    static func load(_ vault: Vault) -> FactsCache {
        waitForWrites()
        guard let build, let file = OpenFile(vault.root + "/" + path), let bytes = file.read(0..<file.size),
              var cache = FactsCache(bytes, fingerprint: fingerprint(vault.config, build: build)) else { return FactsCache() }
        cache.file = file
        return cache
    }

    /// The cache of `vault` holding of each record only its path, stamp and keys (`PersonKeys`):
    /// what matching people needs. The file is read `pieceSize` bytes at a time, so the records
    /// (45 MB for 100,000 people) are never in memory; one copied into a new cache is read from the
    /// open file again. Empty when there is none or it cannot be used, as `load` would find it.
    static func loadKeys(_ vault: Vault, pieceSize: Int = 64 << 10) -> FactsCache {
        waitForWrites()
        guard let build, let file = OpenFile(vault.root + "/" + path) else { return FactsCache() }
        let expected = fingerprint(vault.config, build: build)
        var cache = FactsCache()
        cache.file = file
        cache.keysOnly = true
        var start = 0, size = max(pieceSize, 1), remaining = -1   // records still to read; -1: the header first
        while remaining != 0 {
            guard let piece = file.read(start..<min(start + size, file.size)) else { return FactsCache() }
            var reader = ByteReader(piece)
            var done = 0   // where the last whole item read ends
            do throws(ByteReader.Malformed) {
                if remaining < 0 {
                    guard try reader.string() == magic, try reader.int() == version, try reader.string() == expected else { return FactsCache() }
                    cache.folders = try reader.array { r throws(ByteReader.Malformed) in Folder(path: try r.string(), stamp: try FileStamp(from: &r)) }
                    remaining = try reader.int()
                    guard remaining >= 0, remaining <= file.size else { return FactsCache() }
                    done = reader.offset
                    // Room for every path and key, so that nothing is copied as they come.
                    cache.bytes.reserveCapacity(file.size / 2)
                    cache.paths.reserveCapacity(remaining)
                    cache.records.reserveCapacity(remaining)
                    cache.keyRecords.reserveCapacity(remaining)
                }
                while remaining > 0 {
                    let path = try reader.skip(try reader.int())
                    let record = try reader.skip(try reader.int())
                    var keys = ByteReader(piece, range: record)
                    _ = try FileStamp(from: &keys)
                    try PersonKeys.skip(&keys)
                    cache.paths.append(cache.bytes.count..<(cache.bytes.count + path.count))
                    cache.bytes += piece[path]
                    cache.keyRecords.append(cache.bytes.count..<(cache.bytes.count + keys.offset - record.lowerBound))
                    cache.bytes += piece[record.lowerBound..<keys.offset]
                    cache.records.append((start + record.lowerBound)..<(start + record.upperBound))
                    remaining -= 1
                    done = reader.offset
                }
            } catch {
                // The piece ends inside an item: read on from its start (a larger piece when not even
                // one item fitted); at the end of the file, the cache is damaged.
                guard start + piece.count < file.size else { return FactsCache() }
                if done == 0 { size *= 2 }
            }
            start += done
        }
        return start == file.size ? cache : FactsCache()
    }

    /// The cache file, open: another `crm` replaces it by renaming a new file over it, so what is
    /// read from it stays the version whose records were found.
    private final class OpenFile: Sendable {
        let descriptor: Int32
        let size: Int

        init?(_ path: String) {
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            var st = stat()
            guard descriptor >= 0, fstat(descriptor, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
                if descriptor >= 0 { close(descriptor) }
                return nil
            }
            size = Int(st.st_size)
        }

        deinit { close(descriptor) }

        /// The bytes at `range`; nil when they cannot all be read.
        func read(_ range: Range<Int>) -> [UInt8]? { FileSystem.read(descriptor, at: range) }
    }

    /// Some of the cache file's bytes, from `start` on: where records are decoded from.
    struct Piece {
        fileprivate var bytes: [UInt8]
        fileprivate var start: Int

        fileprivate func holds(_ range: Range<Int>) -> Bool { range.lowerBound >= start && range.upperBound <= start + bytes.count }
    }

    /// The bytes at `range` of the file: all the bytes while the cache holds them, else read from
    /// the file; nil when they cannot be read.
    private func piece(_ range: Range<Int>) -> Piece? {
        guard let file, bytes.isEmpty || keysOnly else { return Piece(bytes: bytes, start: 0) }
        return file.read(range).map { Piece(bytes: $0, start: range.lowerBound) }
    }

    /// The records at `indices` (in increasing order) in one piece; nil when there are none.
    func piece(records indices: [Int]) -> Piece? {
        guard let first = indices.first, let last = indices.last else { return nil }
        return piece(records[first].lowerBound..<records[last].upperBound)
    }

    /// The bytes of record `index` (empty when they cannot be read), from `piece` when it holds
    /// them, else from a new piece of about a megabyte from there on: a cache written anew asks
    /// for records in file order.
    private func record(_ index: Int, reusing piece: inout Piece?) -> ArraySlice<UInt8> {
        let range = records[index]
        if piece?.holds(range) != true {
            piece = self.piece(range.lowerBound..<max(range.upperBound, min(range.lowerBound + (1 << 20), file?.size ?? 0)))
        }
        guard let piece, piece.holds(range) else { return [] }
        return piece.bytes[(range.lowerBound - piece.start)..<(range.upperBound - piece.start)]
    }

    /// The cache a file holding `bytes` holds, nil when it was written by another format version
    /// or for another `fingerprint`, or is damaged. Records are decoded only when asked for.
    init?(_ bytes: [UInt8], fingerprint: String) {
        var reader = ByteReader(bytes)
        do {
            guard try reader.string() == FactsCache.magic, try reader.int() == FactsCache.version,
                  try reader.string() == fingerprint else { return nil }
            self.bytes = bytes
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
    }

    /// An empty cache.
    init() {}

    /// The record at `index`, for the file at `path`, decoded only when its stamp is `stamp`;
    /// nil otherwise or when malformed. Read from `piece` when given (see `piece(records:)`).
    func entry(_ index: Int, path: String, ifStamp stamp: FileStamp? = nil, in piece: Piece? = nil) -> Entry? {
        guard let piece = piece ?? (keysOnly ? self.piece(records[index]) : Piece(bytes: bytes, start: 0)),
              piece.holds(records[index]) else { return nil }
        var reader = ByteReader(piece.bytes, range: (records[index].lowerBound - piece.start)..<(records[index].upperBound - piece.start))
        guard let cachedStamp = try? FileStamp(from: &reader), stamp == nil || cachedStamp == stamp,
              let fields = try? PersonFacts.Fields(from: &reader, path: path), reader.isAtEnd else { return nil }
        return Entry(stamp: cachedStamp, facts: PersonFacts(fields: fields))
    }

    /// A reader of the record at `index` where its keys start (see `PersonKeys`), only when its
    /// stamp is `stamp`. Reads the bytes the cache holds: none after `forgetPaths`.
    func keys(_ index: Int, ifStamp stamp: FileStamp) -> ByteReader? {
        let range = keysOnly ? keyRecords[index] : records[index]
        guard range.upperBound <= bytes.count else { return nil }   // the bytes were let go
        var reader = ByteReader(bytes, range: range)
        guard let cachedStamp = try? FileStamp(from: &reader), cachedStamp == stamp else { return nil }
        return reader
    }

    /// Calls `body` with the bytes the cache holds and where each record's path stands in them
    /// (none after `forgetPaths`).
    func withPaths<T>(_ body: (UnsafeBufferPointer<UInt8>, [Range<Int>]) -> T) -> T {
        bytes.withUnsafeBufferPointer { body($0, paths) }
    }

    /// The person files of `vault`, as the cache lists them, while every folder they were listed
    /// from is unchanged; nil when one changed or none was recorded (then the folders are walked).
    func listing(in vault: Vault) -> [String]? {
        guard !folders.isEmpty, folders.allSatisfy({ FileSystem.stamp(vault.root + "/" + $0.path) == $0.stamp }) else { return nil }
        return paths.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Every record, decoded, by path.
    var entries: [String: Entry] {
        Dictionary(paths.indices.compactMap { i in
            let path = String(decoding: bytes[paths[i]], as: UTF8.self)
            return entry(i, path: path).map { (path, $0) }
        }, uniquingKeysWith: { a, _ in a })
    }

    /// How many records the cache holds.
    var count: Int { records.count }

    /// Lets go of where the paths stand once records have been paired with files, and of the
    /// bytes when they can be read again from the file.
    mutating func forgetPaths() {
        paths = []
        if file != nil { bytes = [] }
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

    /// Whether `folders` can be recorded: there are some, and none changed after `settled` (a
    /// change within the same clock tick would keep a folder's stamp).
    static func recordable(_ folders: [Folder], settled: Int64) -> Bool {
        !folders.isEmpty && folders.allSatisfy { $0.stamp.modified < settled && $0.stamp.changed < settled }
    }

    /// Two seconds ago, in nanoseconds since 1970: files changed after it are not cached yet.
    static var settledTime: Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return (Int64(now.tv_sec) - 2) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// What one record of a new cache is made from: the record of an unchanged file, copied
    /// from the cache as it was read, or an entry read from its file.
    enum Record {
        case unchanged(Int)
        case read(Entry)
        /// An entry read from its file, already encoded (`Entry.record`).
        case encoded([UInt8])
        /// The same, set aside in `spill` at `range` (see `RecordSpill`).
        case spilled(RecordSpill, Range<Int>)
    }

    /// Where the records encoded while files are read wait for the new cache: in memory up to
    /// `threshold` bytes (a vault of 10,000 people, about 5 MB of records, never spills), then each
    /// later batch in a `RecordSpill`, so a first run over 100,000 people holds neither.
    struct RecordHolding {
        static let threshold = 8 << 20
        private let folder: String
        private var held = 0
        /// The spill file, once a batch went there.
        private(set) var spill: RecordSpill?

        /// Spill files are made in `folder` (the vault's `.crm/`).
        init(folder: String) { self.folder = folder }

        /// Counts a batch's `records` as held; past the threshold, writes them to the spill file
        /// and returns it and where each record stands there. Nil: they stay in memory.
        mutating func setAside(_ records: [[UInt8]]) -> (spill: RecordSpill, ranges: [Range<Int>])? {
            held += records.reduce(0) { $0 + $1.count }
            guard held > Self.threshold, let to = spill ?? RecordSpill(folder: folder) else { return nil }
            spill = to
            return to.append(records).map { (to, $0) }
        }
    }

    /// Records encoded while files are read, set aside in an unlinked temporary file until the new
    /// cache is written, so that a first run over 100,000 people does not hold them all in memory
    /// (about 50 MB) besides the facts it prints.
    final class RecordSpill: @unchecked Sendable {
        private let descriptor: Int32
        private var size = 0

        /// A spill file in `folder`; nil when one cannot be made (records then stay in memory).
        init?(folder: String) {
            var template = Array((folder + "/" + FileSystem.temporaryPrefix + "spill-XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return nil }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }

        deinit { close(descriptor) }

        /// Writes `records` one after another; where each now stands, nil when they could not all be written.
        func append(_ records: [[UInt8]]) -> [Range<Int>]? {
            let bytes = records.flatMap { $0 }
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, bytes.count - written, off_t(size + written)) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return nil }
                written += n
            }
            var ranges: [Range<Int>] = []
            for record in records {
                ranges.append(size..<(size + record.count))
                size += record.count
            }
            return ranges
        }

        /// The bytes at `range`; empty when they cannot be read (the record is then left out).
        func read(_ range: Range<Int>) -> [UInt8] { FileSystem.read(descriptor, at: range) ?? [] }
    }

    /// Writes `entries` as the cache atomically, leaving out files changed after `settled`;
    /// failures are ignored (the cache is only a shortcut).
    static func save(_ entries: [(path: String, entry: Entry)], to vault: Vault, settled: Int64 = settledTime, folders: [Folder] = []) {
        let sorted = entries.sorted { Bytes.precedes($0.path, $1.path) }
        save(paths: sorted.map(\.path), records: { .read(sorted[$0].entry) }, from: FactsCache(), to: vault, settled: settled, folders: folders)
    }

    /// Cache writes under way on another core (`Vault.writesCacheInBackground`): the listing goes
    /// on meanwhile, so that what it makes of the facts costs no time of its own after a first
    /// run. A later read of the cache waits for them, and so does the process before it exits
    /// (`Vault.finishCacheWrites`).
    private static let writing = DispatchGroup()

    static func writeInBackground(_ save: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(group: writing, execute: save)
    }

    static func waitForWrites() { writing.wait() }

    /// Writes the cache: for each of `paths` (sorted), `records(i)` (nil: none), an unchanged
    /// record copied from `old` rather than encoded again. The file is written in pieces, never
    /// whole in memory; entries of files changed after `settled` are left out. `folders` are those
    /// `paths` were listed from when they are every person file: kept when every path has a record
    /// and every folder had settled (`recordable`).
    static func save(paths: [String], records: (Int) -> Record?, from old: FactsCache, to vault: Vault,
                     settled: Int64 = settledTime, folders: [Folder] = []) {
        guard let build, FileSystem.isDirectory(vault.root + "/.crm") else { return }
        func kept(_ i: Int) -> Record? {
            switch records(i) {
            case .read(let entry)? where !entry.isSettled(settled): nil
            case let record: record   // a record came into the cache only once its file had settled
            }
        }
        try? FileSystem.makeDirectories(vault.root + "/.crm/cache")
        try? FileSystem.write(vault.root + "/" + path) { write throws(FileSystemError) in
            let complete = recordable(folders, settled: settled) && paths.indices.allSatisfy { kept($0) != nil }
            try encode(paths: paths, records: kept, from: old, fingerprint: fingerprint(vault.config, build: build),
                       folders: complete ? folders : [], to: write)
        }
    }

    /// The cache file's bytes, handed to `write` in pieces of about a megabyte: the header, then
    /// for each of `paths` (sorted) whose `records(i)` is not nil, the path and its record.
    static func encode<Failure: Error>(paths: [String], records: (Int) -> Record?, from old: FactsCache, fingerprint: String,
                                       folders: [Folder] = [], to write: (ArraySlice<UInt8>) throws(Failure) -> Void) throws(Failure) {
        var writer = ByteWriter()
        writer.string(magic)
        writer.int(version)
        writer.string(fingerprint)
        writer.array(folders) { w, folder in
            w.string(folder.path)
            folder.stamp.encode(to: &w)
        }
        writer.int(paths.indices.count { records($0) != nil })
        var piece: Piece?
        // Records read anew are encoded on all cores, a batch at a time (never all at once).
        for batch in stride(from: 0, to: paths.count, by: 4096).map({ $0..<min($0 + 4096, paths.count) }) {
            let kept = batch.map(records)
            var encoded = [[UInt8]](repeating: [], count: batch.count)
            encoded.withUnsafeMutableBufferPointer { encodedSlots in
                nonisolated(unsafe) let slots = encodedSlots
                DispatchQueue.concurrentPerform(iterations: batch.count) { k in
                    if case .read(let entry)? = kept[k] { slots[k] = entry.record }
                }
            }
            for (k, i) in batch.enumerated() {
                guard let record = kept[k] else { continue }
                writer.string(paths[i])
                switch record {
                case .unchanged(let index):
                    let record = old.record(index, reusing: &piece)   // empty when unreadable: its file is read next time
                    writer.int(record.count)
                    writer.raw(record)
                case .read:
                    writer.int(encoded[k].count)
                    writer.raw(encoded[k][...])
                case .encoded(let bytes):
                    writer.int(bytes.count)
                    writer.raw(bytes[...])
                case .spilled(let spill, let range):
                    let bytes = spill.read(range)
                    writer.int(bytes.count)
                    writer.raw(bytes[...])
                }
                if writer.bytes.count >= 1 << 20 {
                    try write(writer.bytes[...])
                    writer.removeAll()
                }
            }
        }
        try write(writer.bytes[...])
    }
}

extension Vault {
    /// Waits for cache writes still under way on another core (`Vault.facts` goes on while the
    /// cache is written). A program calls it before it exits, or the cache a first run made may
    /// be lost; the next run then reads every file again.
    public static func finishCacheWrites() { FactsCache.waitForWrites() }

    /// Every person's facts in path order, from the cache where the file is unchanged, else read
    /// (on all cores). `paths` are every person file when the caller has them already (the cache
    /// keeps only these); else the cache lists them while the folders it recorded are unchanged
    /// (`FactsCache.listing(in:)`), or `people/` is walked. With `today`, every timeline answers
    /// for that day (a cached one made for a later day is read again); without it, only what the
    /// files alone say is needed. The facts come without the `omitted` parts (see
    /// `PersonFacts.Omitted`).
    /// The cache is rewritten when a file was removed or a file read can be cached (it has not
    /// changed in the last two seconds); a file just written is read again until it settles. It
    /// is written on another core while the caller goes on when the vault
    /// `writesCacheInBackground`.
    public func facts(of paths: [String]? = nil, today: Day? = nil, omitting omitted: PersonFacts.Omitted = [])
        -> (rows: [PersonFacts], problems: [Diagnostic]) {
        facts(of: paths, today: today, row: { omitted.isEmpty ? $0 : PersonFacts(fields: $0.fields.omitting(omitted, today: today)) })
    }

    /// The same, each person's facts made into the row a caller keeps by `row`, on the core that
    /// read them: only the rows are held, never every person's facts whole.
    func facts<Row>(of paths: [String]? = nil, today: Day?, row: @escaping @Sendable (PersonFacts) -> Row)
        -> (rows: [Row], problems: [Diagnostic]) {
        // Files changed after this moment are not cached: taken before any file is read.
        let settled = FactsCache.settledTime
        var loaded = FactsCache.load(self)
        // While the folders the cache recorded are unchanged, its paths are every person file and
        // `people/` need not be walked; each file's own stamp is still checked below.
        let fromCache = paths == nil ? loaded.listing(in: self) : nil
        let listed = paths == nil && fromCache == nil ? personPathsAndFolders() : nil
        let given = paths ?? fromCache ?? listed!.paths
        // The cache and the files are paired as two sorted lists, and the cache is written in order.
        let paths = zip(given, given.dropFirst()).contains { Bytes.precedes($1, $0) } ? given.sorted(by: Bytes.precedes) : given
        let cachedIndex = fromCache == nil ? loaded.indices(of: paths) : Array(paths.indices)
        loaded.forgetPaths()
        let cache = loaded
        let cachedCount = cache.count
        var results = [Result<Row, VaultError>?](repeating: nil, count: paths.count)
        var hits = [Bool](repeating: false, count: paths.count)
        // The records of files read, encoded as they are read (nil: not to be cached), so that
        // only the facts the caller keeps are held.
        var encoded = [[UInt8]?](repeating: nil, count: paths.count)
        // Past a threshold of them, they wait in a spill file instead (see `RecordHolding`).
        var holding = FactsCache.RecordHolding(folder: root + "/.crm")
        var spilled = [Range<Int>?](repeating: nil, count: paths.count)
        let folder = FileSystem.openDirectory(root)
        defer { FileSystem.closeDirectory(folder) }
        FileSystem.withStamps(relativeTo: root) { stamp in
            results.withUnsafeMutableBufferPointer { resultSlots in
                hits.withUnsafeMutableBufferPointer { hitSlots in
                    encoded.withUnsafeMutableBufferPointer { encodedSlots in
                        nonisolated(unsafe) let slots = resultSlots, hitFlags = hitSlots, records = encodedSlots
                        // In batches, each batch's records read from the cache file in one piece.
                        for batch in stride(from: 0, to: paths.count, by: 4096).map({ $0..<min($0 + 4096, paths.count) }) {
                            let piece = cache.piece(records: batch.map { cachedIndex[$0] }.filter { $0 >= 0 })
                            DispatchQueue.concurrentPerform(iterations: batch.count) { k in
                                let i = batch.lowerBound + k
                                let path = paths[i]
                                if cachedIndex[i] >= 0, let stamp = stamp(path),
                                   let hit = cache.entry(cachedIndex[i], path: path, ifStamp: stamp, in: piece),
                                   today.map(hit.facts.timeline.answers) ?? true {
                                    // Only the facts are kept: the record itself is copied into a new cache.
                                    slots[i] = .success(row(hit.facts))
                                    hitFlags[i] = true
                                } else {
                                    slots[i] = Result { () throws(VaultError) in
                                        let person = try load(path: path, in: folder, notesOnDemand: true)   // only the notes the timeline keeps are read
                                        let entry = FactsCache.Entry(stamp: person.stamp, facts: PersonFacts(person, today: today))
                                        if entry.isSettled(settled) { records[i] = entry.record }
                                        return row(entry.facts)
                                    }
                                }
                            }
                            let indices = batch.filter { records[$0] != nil }
                            if let (_, ranges) = holding.setAside(indices.map { records[$0]! }) {
                                for (i, range) in zip(indices, ranges) {
                                    spilled[i] = range
                                    records[i] = nil
                                }
                            }
                        }
                    }
                }
            }
        }
        var rows: [Row] = []
        rows.reserveCapacity(paths.count)
        var problems: [Diagnostic] = []
        for (path, result) in zip(paths, results) {
            switch result! {
            case .success(let row): rows.append(row)
            case .failure(let error): problems.append(Diagnostic(path: path, line: 1, severity: .error, message: error.message))
            }
        }
        results = []   // not held while the caller makes what it keeps of the rows
        let removed = cachedCount != cachedIndex.count { $0 >= 0 }
        let cacheable = encoded.contains { $0 != nil } || spilled.contains { $0 != nil }
        let spill = holding.spill
        guard removed || cacheable else { return (rows, problems) }
        nonisolated(unsafe) let (old, records) = (cache, encoded)
        encoded = []   // held by the writing core alone
        let (hit, spilledAt, folders) = (hits, spilled, listed?.folders ?? (fromCache != nil ? cache.folders : []))
        let save = { @Sendable in
            FactsCache.save(paths: paths, records: { i in
                if hit[i] { return .unchanged(cachedIndex[i]) }
                if let range = spilledAt[i], let spill { return .spilled(spill, range) }
                return records[i].map(FactsCache.Record.encoded)
            }, from: old, to: self, settled: settled, folders: folders)
        }
        if writesCacheInBackground {
            FactsCache.writeInBackground(save)
        } else {
            save()
        }
        return (rows, problems)
    }
}
