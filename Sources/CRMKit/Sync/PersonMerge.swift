import CRMFormat
import CRMVault

/// Merges two versions of a person file, with their common ancestor when there is one (git), or
/// without (two copies made by a sync tool).
///
/// - The file merges section by section (front matter, notes before the log, the log, notes after
///   it), so no line ever moves from one section into another.
/// - The log merges entry by entry: both sides' new entries are kept once; an entry one side
///   deleted against the base stays deleted; the result is in the current file's order.
/// - An entry one side edited (see `EntryPairing`) replaces its original. With a base, an entry
///   both sides edited differently, or ticked on different dates, is a conflict; without one, an
///   entry only one version has that is an edit of one only the other has is a conflict (which
///   side edited it cannot be known), unless one is the other ticked. A conflict keeps the current
///   version, then the other's, between conflict marks.
/// - Front matter merges key by key. A key both sides changed differently keeps the current value,
///   followed by the other value as a comment: `# conflict: phone: "+1 555 0100" (from theirs)`.
/// - Notes merge line by line as `git merge-file` does. Lines both sides changed differently (without
///   a base: lines that differ) are both kept between conflict marks that say the merge wrote them:
///   `<<<<<<< ours (crm: …)`, `=======`, `>>>>>>> theirs (crm)`.
///
/// Nothing either side wrote is dropped: every line of both versions is in the result, unless the
/// other side deleted it against the base, or it is the original of an entry the other side
/// edited, or an open item the other side ticked.
package struct PersonMerge: Sendable {
    /// The merged file.
    package let bytes: [UInt8]
    /// Keys that got a `# conflict:` comment.
    package let conflictingKeys: [String]
    /// How many places in the notes got conflict marks.
    package let markedConflicts: Int
    /// How many entries got conflict marks around their two versions.
    package let conflictingEntries: Int
    /// Entries the result has that the current version had not (outside conflict marks).
    package let entriesAdded: Int
    /// Entries the result has that the other version had not (outside conflict marks).
    package let entriesAddedToOther: Int

    /// Whether a person has to look at the result.
    package var hasConflicts: Bool { !conflictingKeys.isEmpty || markedConflicts > 0 || conflictingEntries > 0 }

    package init(base: PersonDocument?, current: PersonDocument, other: PersonDocument, labels: ConflictLabels) {
        let c = MergeTokens(current), o = MergeTokens(other)
        let b = base.map(MergeTokens.init)
        var out: [Piece] = []
        var marked = 0
        for section in 0..<MergeTokens.sectionCount {
            let currentIDs = Array(c.ids[c.sections[section]]), otherIDs = Array(o.ids[o.sections[section]])
            let baseIDs = b.map { Array($0.ids[$0.sections[section]]) } ?? Diff3.common(currentIDs, otherIDs)
            for chunk in Diff3.merge(base: baseIDs, current: currentIDs, other: otherIDs) {
                switch chunk {
                case .merged(let ids):
                    out += ids.map(Piece.unit)
                case .conflict(_, let currentSide, let otherSide):
                    if !(currentSide + otherSide).contains(where: { MergeTokens.region($0) == .notes }) {
                        // Keys, entries, front-matter and log lines: keep both sides' units, once. A
                        // unit the other side has more often than this one is kept as often as it has it.
                        var unmatched = currentSide
                        let extra = otherSide.filter { unit in
                            guard let match = unmatched.firstIndex(of: unit) else { return true }
                            unmatched.remove(at: match)
                            return false
                        }
                        out += (currentSide + extra).map(Piece.unit)
                    } else {
                        marked += 1
                        out.append(.lines([ConflictMarkers.mergeMarkOpening(labels.current)]))
                        out += currentSide.map(Piece.unit)
                        out.append(.lines(["======="]))
                        out += otherSide.map { .lines(o.lines($0) ?? []) }
                        out.append(.lines([ConflictMarkers.mergeMarkClosing(labels.other)]))
                    }
                }
            }
        }
        var resolver = UnitResolver(base: b, current: c, other: o, labels: labels)
        let lines = resolver.render(out)
        bytes = current.text.rewriting(lines)
        conflictingKeys = resolver.conflictingKeys
        markedConflicts = marked
        conflictingEntries = resolver.conflictingEntries
        entriesAdded = resolver.entriesAdded
        entriesAddedToOther = resolver.entriesAddedToOther
    }

    /// A piece of the result: a unit (looked up in the versions) or literal lines (markers).
    enum Piece {
        case unit(String)
        case lines([String])
    }
}

/// Decides what each key and entry unit of the merged sequence becomes.
private struct UnitResolver {
    let base: MergeTokens?
    let current: MergeTokens
    let other: MergeTokens
    let labels: ConflictLabels
    var conflictingKeys: [String] = []
    var conflictingEntries = 0
    var entriesAdded = 0
    var entriesAddedToOther = 0
    /// How edited entries combine (see `EntryEdits`).
    private let edits: EntryEdits

    init(base: MergeTokens?, current: MergeTokens, other: MergeTokens, labels: ConflictLabels) {
        (self.base, self.current, self.other, self.labels) = (base, current, other, labels)
        edits = EntryEdits(base: base, current: current, other: other)
    }

    /// The lines of the merge result.
    mutating func render(_ pieces: [PersonMerge.Piece]) -> [String] {
        var ids: [String?] = []
        var literal: [[String]] = []
        var seen: Set<String> = []
        for piece in pieces {
            switch piece {
            case .unit(let id):
                // A key or entry appears once, wherever the merge first put it.
                if MergeTokens.isKey(id) || MergeTokens.isEntry(id) {
                    guard seen.insert(id).inserted else { continue }
                }
                ids.append(id)
                literal.append([])
            case .lines(let lines):
                ids.append(nil)
                literal.append(lines)
            }
        }
        for index in ids.indices {
            if let id = ids[index], MergeTokens.isEntry(id), isDeleted(id) || edits.dropped.contains(id) { ids[index] = nil }
        }
        insertMissingKeys(into: &ids, literal: &literal)
        sortEntries(&ids)
        var lines: [String] = []
        for (index, id) in ids.enumerated() {
            guard let id else { lines += literal[index]; continue }
            if MergeTokens.isKey(id) {
                let (value, comment) = key(id)
                lines += value
                if let comment {
                    conflictingKeys.append(MergeTokens.keyName(id))
                    // A comment left by an earlier merge of the same values is not written twice.
                    if ids.dropFirst(index + 1).first != MergeTokens.lineID(comment, .frontMatter) { lines.append(comment) }
                }
            } else if MergeTokens.isEntry(id) {
                if let conflict = edits.conflicts[id] {
                    conflictingEntries += 1
                    lines.append(ConflictMarkers.mergeMarkOpening(labels.current))
                    lines += entry(conflict.current)
                    lines.append("=======")
                    lines += conflict.other
                    lines.append(ConflictMarkers.mergeMarkClosing(labels.other))
                    continue
                }
                if (current.units[id] ?? other.units[id])?.entry != nil {
                    if current.units[id] == nil { entriesAdded += 1 }
                    if other.units[id] == nil { entriesAddedToOther += 1 }
                }
                lines += entry(id)
            } else {
                lines += current.lines(id) ?? []
            }
        }
        return lines
    }

    /// An entry the base had and one side no longer has.
    private func isDeleted(_ id: String) -> Bool {
        guard let base, base.units[id] != nil else { return false }
        return current.units[id] == nil || other.units[id] == nil
    }

    /// Keys the line merge dropped but the key merge keeps (one side deleted a key the other
    /// changed) go after the last key of the result.
    private func insertMissingKeys(into ids: inout [String?], literal: inout [[String]]) {
        let all = current.ids + other.ids.filter { current.units[$0] == nil }
        for id in all where MergeTokens.isKey(id) && !ids.contains(id) {
            guard keyLines(id) != nil else { continue }
            let at = (ids.lastIndex { $0.map(MergeTokens.isKey) ?? false } ?? ids.firstIndex { $0 != nil } ?? -1) + 1
            ids.insert(id, at: at)
            literal.insert([], at: at)
        }
    }

    /// Whether a key is kept, before conflict comments.
    private func keyLines(_ id: String) -> [String]? {
        let value = key(id).value
        return value.isEmpty ? nil : value
    }

    /// A key's merged lines, and the conflict comment to put after them.
    private func key(_ id: String) -> (value: [String], comment: String?) {
        let name = MergeTokens.keyName(id)
        let b = base?.units[id], c = current.units[id], o = other.units[id]
        func same(_ x: MergeTokens.Unit?, _ y: MergeTokens.Unit?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            if x.lines == y.lines { return true }
            if case .unsupported = x.value { return false }
            return x.value?.json == y.value?.json   // the same value, quoted differently
        }
        if same(c, o) { return (c?.lines ?? [], nil) }
        if base != nil {
            if same(c, b) { return (o?.lines ?? [], nil) }
            if same(o, b) { return (c?.lines ?? [], nil) }
        } else if c == nil || o == nil {
            return ((c ?? o)!.lines, nil)
        }
        guard let c else { return (o!.lines, "# conflict: \(name) was removed (in \(labels.current))") }
        guard let o else { return (c.lines, "# conflict: \(name) was removed (in \(labels.other))") }
        return (c.lines, "# conflict: \(name): \(o.inlineText ?? "") (from \(labels.other))")
    }

    /// An entry's lines (see `wording`), its box ticked when it is an open edit of an entry the
    /// other side ticked.
    private func entry(_ id: String) -> [String] {
        var lines = wording(id)
        if edits.ticked.contains(id), let first = lines.first, let box = first.firstRange(of: "[ ]") {
            lines[0].replaceSubrange(box, with: "[x]")
        }
        return lines
    }

    /// An entry's lines: as the side that changed its wording last wrote them. A box ticked on
    /// one side (`[ ]` → `[x]`) is that side's edit: ticked wins over unticked.
    private func wording(_ id: String) -> [String] {
        guard let c = current.units[id] else { return other.units[id]?.lines ?? [] }
        if let o = other.units[id] {
            if c.checkbox == .open && o.checkbox == .done { return o.lines }
            if o.checkbox == .open && c.checkbox == .done { return c.lines }
        }
        if let o = other.units[id], let b = base?.units[id], c.lines == b.lines { return o.lines }
        return c.lines
    }

    /// Puts the dated entries in the current file's order (the other's when the current has fewer
    /// than two; newest first when neither says), keeping file order within one moment; undated
    /// follow-ups stay where they are. A conflict sorts by the current side's version. A file
    /// whose entries were already out of order is left as merged.
    private func sortEntries(_ ids: inout [String?]) {
        func dated(_ tokens: MergeTokens) -> Int { tokens.units.values.count { $0.entry != nil } }
        let order = dated(current) >= 2 ? current.order : dated(other) >= 2 ? other.order : .newestFirst
        guard order == .newestFirst || order == .oldestFirst else { return }
        func interaction(_ id: String) -> Interaction? {
            if let kept = edits.conflicts[id]?.current, let entry = current.units[kept]?.entry { return entry }
            return (current.units[id] ?? other.units[id])?.entry
        }
        let slots = ids.indices.filter { index in ids[index].map { MergeTokens.isEntry($0) && interaction($0) != nil } ?? false }
        let entries = slots.map { ids[$0]! }
        let sorted = entries.enumerated().sorted { x, y in
            let a = interaction(x.element)!, b = interaction(y.element)!
            let before = order == .newestFirst ? a.isNewer(than: b) : b.isNewer(than: a)
            let after = order == .newestFirst ? b.isNewer(than: a) : a.isNewer(than: b)
            return before || (!after && x.offset < y.offset)
        }.map(\.element)
        for (slot, id) in zip(slots, sorted) { ids[slot] = id }
    }
}
