import CRMFormat
import Dispatch

extension Vault {
    /// Every person's facts in path order (or those at `paths`, when the caller has them already;
    /// else the cache lists them while the folders it recorded are unchanged, or `people/` is
    /// walked), from the facts cache where the file is unchanged, else from the file (on all
    /// cores). With `today`, every timeline answers for that day (a cached one made for a later
    /// day is read again); without it, only what the files alone say is needed. Files that cannot
    /// be read are returned as problems.
    ///
    /// Before it returns, the cache is rewritten when a file was removed or a file read can be
    /// cached (it has not changed in the last two seconds); a file just written is read again
    /// until it settles.
    package func facts(of paths: [String]? = nil, today: Day? = nil) -> (rows: [PersonFacts], problems: [Diagnostic]) {
        rows(of: paths, today: today, cached: { reader, path throws(ByteReader.Malformed) in try PersonFacts(from: &reader, path: path) },
             read: { $0 })
    }

    /// The one way through the facts cache: each file's row from its record while the file is
    /// unchanged (`cached`, given a reader of the record's facts), else from its facts read anew
    /// (`read`); then the cache is rewritten when it is out of date. Without `given` paths, the
    /// people are listed by the cache while the folders it recorded are unchanged, else by a walk
    /// of `people/`. With `uncached`, a file without a record of its present version is read by
    /// it instead (given the path and the vault folder), and no new record is made.
    func rows<Row>(of given: [String]?, today: Day?,
                   cached: @escaping @Sendable (inout ByteReader, String) throws(ByteReader.Malformed) -> Row,
                   read: @escaping @Sendable (PersonFacts) -> Row,
                   uncached: (@Sendable (String, Int32?) throws(VaultError) -> Row)? = nil) -> (rows: [Row], problems: [Diagnostic]) {
        // Files changed after this moment are not cached: taken before any file is read.
        let settled = FactsCache.settledTime
        let cache = FactsCache.load(self)
        let listed = given == nil ? cache.listing(in: self) : nil
        let walked = given == nil && listed == nil ? walkPeople() : nil
        let unsorted = given ?? listed ?? walked!.people
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
        // On all cores, each file's row in its own slot: on two cores a first `crm list` of 10,000
        // people takes 232 ms instead of 325 ms, a second 124 ms instead of 157 ms.
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
                            if let uncached { return rows[i] = try uncached(path, folder) }
                            let (bytes, stamp) = try self.read(path: path, in: folder)
                            // Only the notes the timeline keeps are read.
                            let person = ScannedFile(path: path, bytes: bytes, stamp: stamp, settings: logSettings).parsed(notesOnDemand: true)
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

/// Everyone as one command sees them: every person file's facts read once (one pass over the
/// facts cache), the daily notes read once, and the links of both resolved once over everyone.
/// The reports are functions of it.
package struct Everyone: Sendable {
    /// The vault read: its settings, and its files for a report that needs more of a few of them.
    package let vault: Vault
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
    /// The vault's settings the reports apply.
    package var config: VaultConfig { vault.config }

    /// Everyone in `vault` as a command sees them on `today` (nil: what the files alone say): each
    /// person file's facts (`Vault.facts`), the daily notes and the links between them, each read
    /// once. The one read of everyone a report is made from.
    package init(_ vault: Vault, today: Day?) {
        let (facts, unread) = vault.facts(today: today)
        let (shared, daily) = vault.sharedInteractions(everyone: facts)
        (self.vault, self.facts, self.unread, self.shared, self.dailyNoteItems, self.today) = (vault, facts, unread, shared, daily, today)
    }

    /// Everyone a listing shows, in path order, and the warnings to print. A file that could not
    /// be read is left out with a warning, and each part of a file that was not read is one (see
    /// `ReadProblems`). Entries of other files count as the person's own (`PersonFacts.shared`).
    package func listed() -> (people: [PersonFacts], problems: [Diagnostic]) {
        let (readable, warnings) = ReadProblems.listed(facts.indices.map { (facts[$0].isReadable ? $0 : nil, facts[$0].readProblems) },
                                                       problems: unread)
        guard !shared.isEmpty else { return (readable.map { facts[$0] }, warnings) }
        return (readable.map { i in shared[facts[i].id].map { facts[i].including($0, today: today) } ?? facts[i] }, warnings)
    }
}
