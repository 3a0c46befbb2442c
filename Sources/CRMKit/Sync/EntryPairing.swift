import CRMFormat
import CRMVault

/// The rule that tells an entry edited on one side from a new one: which entries of one version
/// are the same entries as another version's, changed. A merge compares entries by their date,
/// time, type and note (`MergeTokens.normalised`), so an edited entry would otherwise be one entry
/// deleted and another added, and a merge of it with the other side's version would keep both.
///
/// Two entries are **one entry edited** when their types are the same, both are plain entries or
/// both are checkbox items (`- [ ]`, `- [x]`), their times are anything (a time added or changed),
/// and
/// - their dates are the same, or they are checkbox items (ticking with `crm done --date`, or an
///   item dated later than the day it was ticked, moves it to another date; an undated follow-up
///   takes a date when ticked), and their notes are alike (`NoteDifference`): the same words in
///   the same order but for words added or removed anywhere, typos fixed, and at most half the
///   words of the shorter note replaced. `Luch at teh cafe` and `Lunch at the cafe`, `Met Bob`
///   and `Met Bob at the station`, `Called mum` and `Called dad` are alike; `Lunch` and `Dinner`,
///   `Tea with Ann` and `Coffee at work` are not;
/// - or, once those are paired, each is the only entry of its date, type and kind left unpaired
///   on its side (an entry reworded beyond alike).
///
/// Where several entries could pair, the nearest pair first: the same note (an item ticked on
/// another date), then a note with words added only, then other alike notes; within each the same
/// date first, then the fewest changes and the closest dates, then equal times (then one without
/// a time), then file order. Each entry pairs with one other at most.
enum EntryPairing {
    /// What the rule looks at in an entry or an undated follow-up.
    struct Item {
        /// Nil for an undated follow-up (`- [ ] NOTE`).
        var date: Day?
        var time: TimeOfDay?
        var type: String
        var note: String
        var checkbox: Interaction.Checkbox?
    }

    /// Pairs of `left` and `right` ids (each id in one pair at most) whose items are one entry edited.
    static func pairs(_ left: [(id: String, item: Item)], _ right: [(id: String, item: Item)]) -> [(left: String, right: String)] {
        guard !left.isEmpty, !right.isEmpty else { return [] }
        // Only items that could pair are compared: plain entries of one type and date, checkbox items of one type.
        func group(_ item: Item) -> String { item.checkbox == nil ? "\(item.type) \(item.date.map { "\($0)" } ?? "-")" : item.type + " [ ]" }
        let byGroup = Dictionary(grouping: right.indices, by: { group(right[$0].item) })
        var candidates: [(rank: [Int], left: Int, right: Int)] = []
        for (i, a) in left.enumerated() {
            for j in byGroup[group(a.item)] ?? [] {
                let b = right[j].item
                guard let rank = closeness(a.item, b) else { continue }
                candidates.append((rank + [i, j], i, j))
            }
        }
        candidates.sort { $0.rank.lexicographicallyPrecedes($1.rank) }
        var usedLeft = Set<Int>(), usedRight = Set<Int>()
        var pairs: [(left: String, right: String)] = []
        for candidate in candidates where !usedLeft.contains(candidate.left) && !usedRight.contains(candidate.right) {
            usedLeft.insert(candidate.left)
            usedRight.insert(candidate.right)
            pairs.append((left[candidate.left].id, right[candidate.right].id))
        }
        // Reworded beyond alike: the only one of its date, type and kind left on each side.
        func slot(_ item: Item) -> String { "\(item.date.map { "\($0)" } ?? "-") \(item.type) \(item.checkbox == nil)" }
        let restLeft = Dictionary(grouping: left.indices.filter { !usedLeft.contains($0) }, by: { slot(left[$0].item) })
        let restRight = Dictionary(grouping: right.indices.filter { !usedRight.contains($0) }, by: { slot(right[$0].item) })
        for i in left.indices where !usedLeft.contains(i) {
            guard let mine = restLeft[slot(left[i].item)], mine.count == 1,
                  let theirs = restRight[slot(left[i].item)], theirs.count == 1 else { continue }
            pairs.append((left[i].id, right[theirs[0]].id))
        }
        return pairs
    }

    /// How far apart two items are, nearest first: the same note (on any date), then a note with
    /// words added or removed only, then other alike notes (`NoteDifference`); within each, the
    /// same date first, then how far apart the notes are (a word replaced counting as ten words
    /// added or ten characters mistyped) plus the days between the dates; then how the times
    /// differ. Nil when they are not one entry edited.
    private static func closeness(_ a: Item, _ b: Item) -> [Int]? {
        guard a.type == b.type, (a.checkbox == nil) == (b.checkbox == nil) else { return nil }
        var days = 0
        if a.date != b.date {
            guard a.checkbox != nil else { return nil }
            if let x = a.date, let y = b.date { days = abs(x.days(until: y)) }
        }
        guard let difference = NoteDifference(a.note, b.note) else { return nil }
        let changed = 10 * difference.replaced + difference.typos
        return [a.note == b.note ? 0 : 1, changed > 0 ? 1 : 0, a.date == b.date ? 0 : 1, changed + difference.added + days,
                a.time == b.time ? 0 : a.time == nil || b.time == nil ? 1 : 2]
    }
}
