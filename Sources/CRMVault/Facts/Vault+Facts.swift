import CRMFormat
import Dispatch

extension Vault {
    /// Every person's facts in path order, made into the row the caller keeps by `row`, on the
    /// core that read them: a report chooses what it holds of 100,000 people by the row it makes.
    /// The facts come from the facts cache where the file is unchanged, else from the file (on all
    /// cores). `paths` are every person file when the caller has them already; else the cache
    /// lists them while the folders it recorded are unchanged, or `people/` is walked. With
    /// `today`, every timeline answers for that day (a cached one made for a later day is read
    /// again); without it, only what the files alone say is needed. Files that cannot be read are
    /// returned as problems.
    ///
    /// Before it returns, the cache is rewritten when a file was removed or a file read can be
    /// cached (it has not changed in the last two seconds); a file just written is read again
    /// until it settles.
    @inlinable
    package func facts<Row>(of paths: [String]? = nil, today: Day? = nil, _ row: @escaping @Sendable (PersonFacts) -> Row)
        -> (rows: [Row], problems: [Diagnostic]) {
        let (boxes, problems) = boxedFacts(of: paths, today: today) { RowBox(row($0)) }
        return (RowBox.unboxed(boxes), problems)
    }

    /// `facts(of:today:_:)` with each row boxed: the work is done here, in this module, for one
    /// row type; the generic accessors above and below are inlined where a report calls them and
    /// only unbox. (Generic code of another module is not specialized for the caller's row type:
    /// a warm `list` cost 30 % more when it was.)
    @usableFromInline
    package func boxedFacts(of paths: [String]?, today: Day?, _ row: @escaping @Sendable (PersonFacts) -> AnyObject)
        -> (rows: [AnyObject], problems: [Diagnostic]) {
        factsRows(of: paths, today: today, row)
    }

    /// Every person's facts in path order (see `facts(of:today:_:)`).
    package func facts(of paths: [String]? = nil, today: Day? = nil) -> (rows: [PersonFacts], problems: [Diagnostic]) {
        factsRows(of: paths, today: today) { $0 }
    }

    /// `facts(of:today:_:)` for this module's own row types.
    func factsRows<Row>(of paths: [String]?, today: Day?, _ row: @escaping @Sendable (PersonFacts) -> Row)
        -> (rows: [Row], problems: [Diagnostic]) {
        rows(of: paths, today: today, cached: { reader, path throws(ByteReader.Malformed) in row(try PersonFacts(from: &reader, path: path)) },
             read: row)
    }

    /// Everyone's keys and links in path order (nil links for a file that links nothing: most
    /// of them), from the records of unchanged files without decoding the rest (see
    /// `PersonFacts+Coding.swift`): what `VaultLinks` reads.
    func keysAndLinks(of paths: [String]? = nil) -> (rows: [KeysAndLinks], problems: [Diagnostic]) {
        rows(of: paths, today: nil, cached: { reader, path throws(ByteReader.Malformed) in
            let keys = try PersonKeys(from: &reader), links = try FileLinks(from: &reader, path: path)
            return KeysAndLinks(keys: keys, links: links)
        }, read: { KeysAndLinks(keys: $0.keys, links: $0.links) })
    }

    /// The one way through the facts cache: each file's row from its record while the file is
    /// unchanged (`cached`, given a reader of the record's facts), else from its facts read anew
    /// (`read`); then the cache is rewritten when it is out of date. Without `given` paths, the
    /// people are listed by the cache while the folders it recorded are unchanged, else by a walk
    /// of `people/`.
    func rows<Row>(of given: [String]?, today: Day?,
                   cached: @escaping @Sendable (inout ByteReader, String) throws(ByteReader.Malformed) -> Row,
                   read: @escaping @Sendable (PersonFacts) -> Row) -> (rows: [Row], problems: [Diagnostic]) {
        // Files changed after this moment are not cached: taken before any file is read.
        let settled = FactsCache.settledTime
        let cache = FactsCache.load(self)
        let listed = given == nil ? cache.listing(in: self) : nil
        let walked = given == nil && listed == nil ? personPathsAndFolders() : nil
        let unsorted = given ?? listed ?? walked!.paths
        // The cache and the files are paired as two sorted lists, and the cache is written in order.
        let paths = zip(unsorted, unsorted.dropFirst()).contains { Bytes.precedes($1, $0) } ? unsorted.sorted(by: Bytes.precedes) : unsorted
        let cachedIndex = listed != nil ? Array(paths.indices) : cache.indices(of: paths)
        var rows = [Row?](repeating: nil, count: paths.count)
        var errors = [VaultError?](repeating: nil, count: paths.count)
        // What the new cache holds of each file: its record unchanged, the record of the file read
        // anew when it has settled, or nothing.
        var kept = [FactsCache.Record?](repeating: nil, count: paths.count)
        let folder = FileSystem.openDirectory(root)
        defer { FileSystem.closeDirectory(folder) }
        rows.withUnsafeMutableBufferPointer { rowSlots in
            kept.withUnsafeMutableBufferPointer { keptSlots in
                errors.withUnsafeMutableBufferPointer { errorSlots in
                    nonisolated(unsafe) let rows = rowSlots, kept = keptSlots, errors = errorSlots
                    DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                        let path = paths[i]
                        if cachedIndex[i] >= 0, let stamp = folder.flatMap({ FileSystem.stamp(path, in: $0) }),
                           var reader = cache.facts(cachedIndex[i], ifStamp: stamp, answering: today),
                           let row = try? cached(&reader, path) {
                            rows[i] = row
                            kept[i] = .unchanged(cachedIndex[i])
                            return
                        }
                        do throws(VaultError) {
                            let person = try load(path: path, in: folder, notesOnDemand: true)   // only the notes the timeline keeps are read
                            let entry = FactsCache.Entry(stamp: person.stamp, facts: PersonFacts(person, today: today))
                            if entry.isSettled(settled) { kept[i] = .read(entry.record) }
                            rows[i] = read(entry.facts)
                        } catch {
                            errors[i] = error
                        }
                    }
                }
            }
        }
        let problems = (walked?.unreadable ?? []) + zip(paths, errors).compactMap { path, error in
            error.map { Diagnostic(path: path, line: 1, rule: .unreadableFile, message: $0.message) }
        }
        let removed = cache.count != cachedIndex.count { $0 >= 0 }
        let readAnew = kept.contains { if case .read? = $0 { true } else { false } }
        // Folders walked that the cache could list the people by next time.
        let lists = walked.map { FactsCache.recordable($0.folders, settled: settled) && $0.folders != cache.folders } ?? false
        if removed || readAnew || lists && !kept.contains(where: { $0 == nil }) {
            FactsCache.save(paths: paths, records: { kept[$0] }, from: cache, to: self, settled: settled,
                            folders: walked?.folders ?? (listed != nil ? cache.folders : []))
        }
        // Moved out, not copied: a row may be a person's whole facts.
        var result: [Row] = []
        result.reserveCapacity(rows.count)
        for i in rows.indices { if let row = rows[i].take() { result.append(row) } }
        return (result, problems)
    }
}

extension Vault {
    /// Everyone as a command sees them on `today` (nil: what the files alone say): each person
    /// file's facts, the daily notes and the links between them, each read once.
    @usableFromInline
    package func everyone(today: Day?) -> Everyone {
        let (facts, unread) = factsRows(of: nil, today: today) { $0 }
        let (shared, daily) = sharedInteractions(everyone: facts)
        return Everyone(facts: facts, unread: unread, shared: shared, dailyNoteItems: daily, today: today)
    }

    /// The rows `row` makes of everyone a listing shows on `today` (see `Everyone.listing`).
    @inlinable
    package func listing<Row>(today: Day?, _ row: @escaping @Sendable (PersonFacts) -> Row) -> (rows: [Row], problems: [Diagnostic]) {
        everyone(today: today).listing(row)
    }
}

/// Everyone as one command sees them: every person file's facts read once (one pass over the
/// facts cache), the daily notes read once, and the links of both resolved once over everyone.
/// The reports are made from it.
@usableFromInline
package struct Everyone {
    /// Every person file's facts, in path order, those that could not be read in full too.
    package let facts: [PersonFacts]
    /// The files that could not be read at all.
    package let unread: [Diagnostic]
    /// The entries of other files (logs and daily notes) each person takes part in, by id.
    package let shared: [String: [SharedInteraction]]
    /// Every item of the daily notes that names someone, in path and line order.
    package let dailyNoteItems: [DailyNoteItem]
    /// The day the facts answer for (nil: what the files alone say).
    package let today: Day?

    /// The rows `row` makes of everyone a listing shows, and the warnings to print: the one
    /// facts accessor of the reports, each choosing its row. A file that could not be read is left
    /// out with a warning, and each part of a file that was not read is one (see `ReadProblems`);
    /// `row` is not asked about unreadable files. Entries of other files count as the person's
    /// own (`PersonFacts.shared`).
    @inlinable
    package func listing<Row>(_ row: @escaping @Sendable (PersonFacts) -> Row) -> (rows: [Row], problems: [Diagnostic]) {
        let (boxes, problems) = boxedListing { RowBox(row($0)) }
        return (RowBox.unboxed(boxes), problems)
    }

    /// `listing(_:)` with each row boxed (see `Vault.boxedFacts`).
    @usableFromInline
    package func boxedListing(_ row: (PersonFacts) -> AnyObject) -> (rows: [AnyObject], problems: [Diagnostic]) {
        let rows = facts.map { facts -> (row: AnyObject?, readProblems: [Diagnostic]) in
            guard facts.isReadable else { return (nil, facts.readProblems) }
            guard !shared.isEmpty, let entries = shared[facts.id] else { return (row(facts), facts.readProblems) }
            return (row(facts.including(entries, today: today)), facts.readProblems)
        }
        let (listed, warnings) = ReadProblems.listed(rows, problems: unread)
        return (listed, warnings)
    }
}

/// One person's keys and the links their file holds (nil: none), as `Vault.keysAndLinks` reads
/// them. A struct, not a tuple: the runtime copies a tuple of these through its generic witnesses
/// (4 % of `show` by name at 10,000 people).
package struct KeysAndLinks: Sendable {
    package var keys: PersonKeys
    package var links: FileLinks?

    package init(keys: PersonKeys, links: FileLinks?) {
        self.keys = keys
        self.links = links.flatMap { $0.isEmpty ? nil : $0 }
    }
}


/// A row of a report's own type, as the vault's non-generic accessors carry it (see
/// `Vault.boxedFacts`).
@usableFromInline
final class RowBox<Row> {
    @usableFromInline let row: Row
    @usableFromInline init(_ row: Row) { self.row = row }

    /// The rows `boxes` hold, each a `RowBox<Row>`.
    @inlinable
    static func unboxed(_ boxes: [AnyObject]) -> [Row] { boxes.map { unsafeDowncast($0, to: RowBox<Row>.self).row } }
}
