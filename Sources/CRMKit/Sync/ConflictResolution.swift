import CRMFormat
import CRMVault

/// What `crm resolve` did (or would do) with one conflict.
package struct ConflictResolution: Sendable {
    package enum Kind: String, Sendable {
        /// A sync tool's conflict copy merged into its file, then moved to the trash.
        case mergedCopy = "merged-copy"
        /// A conflict copy whose file no longer exists, renamed into its place.
        case movedCopy = "moved-copy"
        /// A file with git conflict markers, its versions merged.
        case markers
        /// Left alone: the reason is in `problem`.
        case skipped
    }

    package var kind: Kind
    /// The person file.
    package var path: String
    /// The conflict copy, for copies.
    package var copy: String?
    /// Where the copy went under `.crm/trash/` (nil in a dry run).
    package var trash: String?
    /// Keys both versions had with different values: the newer value stays, the other is a `# conflict:` comment.
    package var conflictingKeys: [String] = []
    /// Places in the notes both versions changed differently: both kept between conflict marks.
    package var markedConflicts = 0
    /// Entries both versions changed differently: both versions kept between conflict marks.
    package var conflictingEntries = 0
    /// Entries the file gained.
    package var entriesAdded = 0
    package var problem: String?

    /// Whether a person has to look at the file: a `# conflict:` comment or conflict marks were
    /// written, or the file was left alone.
    package var needsAttention: Bool {
        !conflictingKeys.isEmpty || markedConflicts > 0 || conflictingEntries > 0 || kind == .skipped
    }
}

extension Vault {
    /// Merges every sync-conflict copy under `people/` into its file (two-way: log entries and keys
    /// from both, the newer file's value in place where they differ), and every person file with
    /// git conflict markers (three-way with the base the markers carry, `|||||||`, else the one
    /// `storedBase` gives for the file's vault path (by default as git keeps it: `git show :1:PATH`). Notes
    /// lines the versions changed differently are both kept between conflict marks (see
    /// `PersonMerge`). A file whose only marks a crm merge wrote is left for a person to settle.
    /// Copies then go to `.crm/trash/`, named with `stamp`. With `dryRun` nothing is written.
    package func resolveConflicts(dryRun: Bool, stamp: String,
                                 storedBase: ((String) -> [UInt8]?)? = nil) throws -> [ConflictResolution] {
        let storedBase = storedBase ?? { Git(directory: self.root).mergeBase(of: $0) }
        let (people, copies, _) = personPaths()
        let marked = people.filter { path in
            guard let (bytes, _) = try? FileSystem.readFile(root + "/" + path) else { return false }
            return !ConflictMarkers.markerLines(in: bytes).isEmpty
        }
        // Every file it would change is looked at first: a read-only one stops the run before any write.
        try refuseReadOnly(copies.map(Vault.originalPath(ofConflictCopy:)) + marked)
        var results: [ConflictResolution] = []
        for copy in copies {
            results.append(try resolveCopy(copy, dryRun: dryRun, stamp: stamp))
        }
        for path in marked {
            results.append(try resolveMarkers(path, dryRun: dryRun, storedBase: storedBase))
        }
        return results
    }

    private func resolveCopy(_ copy: String, dryRun: Bool, stamp: String) throws -> ConflictResolution {
        let path = Vault.originalPath(ofConflictCopy: copy)
        var result = ConflictResolution(kind: .mergedCopy, path: path, copy: copy)
        guard FileSystem.exists(root + "/" + path) else {
            result.kind = .movedCopy
            if !dryRun {
                try prepareWrite()
                try FileSystem.move(try inside(copy), to: try inside(path))
                recordWrite(root + "/" + copy)
                recordWrite(root + "/" + path)
            }
            return result
        }
        let copied = try load(path: copy)
        let person = try load(path: path)
        if let blocker = copied.document.writeBlocker ?? person.document.writeBlocker {
            result.kind = .skipped
            result.problem = "not merged: \(blocker); merge the two files by hand"
            return result
        }
        let copyName = copy.split(separator: "/").last.map(String.init) ?? copy
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let edit = { (document: PersonDocument) -> [UInt8] in
            let copyIsNewer = copied.stamp.modified > (FileSystem.stamp(self.root + "/" + path)?.modified ?? 0)
            let merge = copyIsNewer
                ? PersonMerge(base: nil, current: copied.document, other: document, labels: .init(current: copyName, other: fileName))
                : PersonMerge(base: nil, current: document, other: copied.document, labels: .init(current: fileName, other: copyName))
            result.conflictingKeys = merge.conflictingKeys
            result.markedConflicts = merge.markedConflicts
            result.conflictingEntries = merge.conflictingEntries
            result.entriesAdded = copyIsNewer ? merge.entriesAddedToOther : merge.entriesAdded
            return merge.bytes
        }
        if dryRun {
            _ = edit(person.document)
            return result
        }
        try update(person, edit)
        result.trash = try trash(copied, stamp: stamp)
        return result
    }

    private func resolveMarkers(_ path: String, dryRun: Bool, storedBase: (String) -> [UInt8]?) throws -> ConflictResolution {
        var result = ConflictResolution(kind: .markers, path: path)
        let person = try load(path: path)
        let text = person.document.text
        if ConflictMarkers.hasOnlyMergeMarks(text.bytes) {
            let first = ConflictMarkers.markerLines(in: text.bytes).first { text.content($0).first == UInt8(ascii: "<") }!
            result.kind = .skipped
            result.problem = "a merge kept both sides' lines between conflict marks (line \(first + 1)); "
                + "keep what is right and delete the marks ('crm check' lists them)"
            return result
        }
        let gitBase = storedBase(path)
        let edit = { (document: PersonDocument) -> [UInt8] in
            guard let merged = self.mergingMarkers(document.text.bytes, path: path, gitBase: { gitBase }) else {
                result.kind = .skipped
                result.problem = "not merged: its conflict markers are incomplete; fix them by hand"
                return document.text.bytes
            }
            result = merged.resolution
            return merged.bytes
        }
        if dryRun {
            _ = edit(person.document)
        } else {
            try update(person, edit)
        }
        return result
    }

    /// The person file at `path` holding `bytes` (with git conflict markers) merged as `crm resolve`
    /// merges it, and what the merge did: three-way with the base the markers carry, else
    /// `gitBase()` (asked only then); nil when its markers are incomplete. Writes nothing.
    package func mergingMarkers(_ bytes: [UInt8], path: String, gitBase: () -> [UInt8]?) -> (bytes: [UInt8], resolution: ConflictResolution)? {
        guard let versions = ConflictMarkers(bytes) else { return nil }
        let read = { (bytes: [UInt8]) in PersonDocument(bytes: bytes, path: path, settings: self.logSettings) }
        let merge = PersonMerge(base: (versions.base ?? gitBase()).map(read), current: read(versions.current), other: read(versions.other),
                                labels: versions.labels)
        var result = ConflictResolution(kind: .markers, path: path)
        result.conflictingKeys = merge.conflictingKeys
        result.markedConflicts = merge.markedConflicts
        result.conflictingEntries = merge.conflictingEntries
        result.entriesAdded = merge.entriesAdded
        return (merge.bytes, result)
    }
}
