import CRMFormat
import CRMVault

/// How entries that one side or both edited combine in a merge, once `EntryPairing` has said which
/// entry is an edit of which.
///
/// With a base, each side's edits are the base entries it no longer has, paired (by
/// `EntryPairing`) with the entries it added. Then, for each base entry:
/// - edited on one side only: the edit takes its place (the line merge does that). When the other
///   side ticked the original, an open edit on the same date is written ticked; an edit that moved
///   the item to another date is a conflict with the other side's tick.
/// - edited on both sides the same way: one entry. Differently: a conflict.
///
/// Without a base, an entry only the current version has and one only the other has that pair are
/// one entry edited on one side or the other: a conflict, unless one is the other ticked (same note
/// and time, one open and one done), when the ticked one stays.
///
/// A conflict is written in place of one of its two versions, and sorted as the current side's:
/// the current side's version, then the other side's, between conflict marks (see `ConflictMarkers`).
struct EntryEdits {
    /// Two versions of one entry, for conflict marks.
    struct Conflict {
        /// The current side's version: an id in `MergeTokens` of the current version.
        var current: String
        /// The other side's version, as it wrote it.
        var other: [String]
    }

    /// Conflicts by the id of the entry in the merged sequence they are written in place of.
    private(set) var conflicts: [String: Conflict] = [:]
    /// Open entries to write ticked: an edit of an item the other side ticked.
    private(set) var ticked: Set<String> = []
    /// Entries left out of the merged sequence: the other side's version of a conflict (written
    /// in its marks), and an open item the other version holds ticked.
    private(set) var dropped: Set<String> = []

    init(base: MergeTokens?, current: MergeTokens, other: MergeTokens) {
        if let base { combine(base: base, current: current, other: other) } else { pair(current, other) }
    }

    /// Each version's entries among `ids`, as `EntryPairing` compares them.
    private static func items(_ ids: [String], _ tokens: MergeTokens) -> [(id: String, item: EntryPairing.Item)] {
        ids.compactMap { id in tokens.units[id]?.pairingItem.map { (id, $0) } }
    }

    /// Without a base: the entries only one version has, paired with those only the other has.
    private mutating func pair(_ current: MergeTokens, _ other: MergeTokens) {
        let currentOnly = current.ids.filter { MergeTokens.isEntry($0) && other.units[$0] == nil }
        let otherOnly = other.ids.filter { MergeTokens.isEntry($0) && current.units[$0] == nil }
        for (mine, theirs) in EntryPairing.pairs(Self.items(currentOnly, current), Self.items(otherOnly, other)) {
            let a = current.units[mine]!.pairingItem!, b = other.units[theirs]!.pairingItem!
            if a.note == b.note, a.time == b.time, (a.checkbox == .open && b.checkbox == .done) || (a.checkbox == .done && b.checkbox == .open) {
                dropped.insert(a.checkbox == .open ? mine : theirs)
            } else {
                conflicts[mine] = Conflict(current: mine, other: other.units[theirs]!.lines)
                dropped.insert(theirs)
            }
        }
    }

    /// With a base: each side's edits of the base's entries, combined.
    private mutating func combine(base: MergeTokens, current: MergeTokens, other: MergeTokens) {
        let baseEntries = base.ids.filter(MergeTokens.isEntry)
        let ours = Self.edits(of: baseEntries, base: base, side: current)
        let theirs = Self.edits(of: baseEntries, base: base, side: other)
        for id in baseEntries {
            let original = base.units[id]!
            switch (ours[id], theirs[id]) {
            case let (mine?, their?) where mine != their:
                conflicts[mine] = Conflict(current: mine, other: other.units[their]!.lines)
                dropped.insert(their)
            case let (mine?, nil):
                guard let ticked = other.units[id], Self.ticks(original, ticked) else { break }
                let edit = current.units[mine]!
                if edit.pairingItem?.date == original.pairingItem?.date {
                    if edit.checkbox == .open { self.ticked.insert(mine) }
                } else {
                    conflicts[mine] = Conflict(current: mine, other: ticked.lines)
                }
            case let (nil, their?):
                guard let ticked = current.units[id], Self.ticks(original, ticked) else { break }
                let edit = other.units[their]!
                if edit.pairingItem?.date == original.pairingItem?.date {
                    if edit.checkbox == .open { self.ticked.insert(their) }
                } else {
                    conflicts[their] = Conflict(current: id, other: edit.lines)
                }
            default:
                break
            }
        }
    }

    /// Whether `version` is `original` ticked.
    private static func ticks(_ original: MergeTokens.Unit, _ version: MergeTokens.Unit) -> Bool {
        original.checkbox == .open && version.checkbox == .done
    }

    /// The base entries `side` edited: base id → the id of its edit in `side`.
    private static func edits(of baseEntries: [String], base: MergeTokens, side: MergeTokens) -> [String: String] {
        let deleted = baseEntries.filter { side.units[$0] == nil }
        let added = side.ids.filter { MergeTokens.isEntry($0) && base.units[$0] == nil }
        let pairs = EntryPairing.pairs(items(deleted, base), items(added, side))
        return Dictionary(pairs.map { ($0.left, $0.right) }, uniquingKeysWith: { first, _ in first })
    }
}
