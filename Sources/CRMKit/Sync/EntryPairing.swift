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
///   takes a date when ticked), and their notes are alike: at least three quarters of the shorter
///   note is in the longer one, in order (a typo fixed, a note extended, a few words added on both
///   sides). `Lunch` and `Luch`, `Met Bob` and `Met Bob at the station` are alike; `Called mum`
///   and `Called dad` are not;
/// - or, once those are paired, each is the only entry of its date, type and kind left unpaired
///   on its side (an entry reworded beyond alike).
///
/// Where several entries could pair, the nearest pair first: the same note (an item ticked on
/// another date), then a note extended, then other alike notes; within each the same date first,
/// then the fewest characters changed and the closest dates, then equal times (then one without
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
        let byType = Dictionary(grouping: right.indices, by: { right[$0].item.type })
        var candidates: [(rank: [Int], left: Int, right: Int)] = []
        for (i, a) in left.enumerated() {
            for j in byType[a.item.type] ?? [] {
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

    /// How far apart two items are, nearest first: the same note (on any date), then a note
    /// extended (the shorter wholly in the longer), then other alike notes; within each, the same
    /// date first, then how far apart the notes are (each character changed counting as ten
    /// added) plus the days between the dates; then how the times differ. Nil when they are not
    /// one entry edited.
    private static func closeness(_ a: Item, _ b: Item) -> [Int]? {
        guard a.type == b.type, (a.checkbox == nil) == (b.checkbox == nil) else { return nil }
        var days = 0
        if a.date != b.date {
            guard a.checkbox != nil else { return nil }
            if let x = a.date, let y = b.date { days = abs(x.days(until: y)) }
        }
        guard let difference = noteDifference(a.note, b.note) else { return nil }
        let same = difference.changed == 0 && difference.added == 0
        return [same ? 0 : 1, difference.changed > 0 ? 1 : 0, a.date == b.date ? 0 : 1,
                10 * difference.changed + difference.added + days,
                a.time == b.time ? 0 : a.time == nil || b.time == nil ? 1 : 2]
    }

    /// How two notes differ, when they are alike (at least three quarters of the shorter note is
    /// in the longer one, in order): the characters of the shorter not in the longer (`changed`) and
    /// the characters of the longer beyond those in common (`added`). Nil when not alike.
    static func noteDifference(_ a: String, _ b: String) -> (changed: Int, added: Int)? {
        if a == b { return (0, 0) }
        var short = Array(a.unicodeScalars), long = Array(b.unicodeScalars)
        if short.count > long.count { swap(&short, &long) }
        // What both start and end with is common; the middles are compared character by character.
        var start = 0
        while start < short.count, short[start] == long[start] { start += 1 }
        var end = 0
        while end < short.count - start, short[short.count - 1 - end] == long[long.count - 1 - end] { end += 1 }
        let x = Array(short[start..<(short.count - end)]), y = Array(long[start..<(long.count - end)])
        // Past 4 million cells the middles count as having nothing in common.
        let cells = x.count.multipliedReportingOverflow(by: y.count)
        let compared = !x.isEmpty && !cells.overflow && cells.partialValue <= 4_000_000
        let common = start + end + (compared ? longestCommonSubsequence(x, y) : 0)
        guard 4 * common >= 3 * short.count else { return nil }
        return (short.count - common, long.count - common)
    }

    /// The length of a longest common subsequence of `x` and `y`.
    private static func longestCommonSubsequence(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
        var previous = [Int](repeating: 0, count: y.count + 1), row = previous
        for i in 1...x.count {
            for j in 1...y.count {
                row[j] = x[i - 1] == y[j - 1] ? previous[j - 1] + 1 : max(previous[j], row[j - 1])
            }
            swap(&previous, &row)
        }
        return previous[y.count]
    }
}
