import CRMFormat
import CRMVault

/// How two notes differ word by word, when they are alike enough to be one note edited: the same
/// words in the same order, apart from words added or removed (anywhere, on either side), words
/// mistyped, and at most half the words of the shorter note replaced by others. Without a common
/// version, a word replaced cannot be told from words added on both sides in one place; the rule
/// leans to pairing, as a pair is shown to a person and two silent copies are not.
///
/// Words are what white space separates (punctuation belongs to its word). Two words are one word
/// mistyped when they differ by at most one character in three of the shorter, rounded to the
/// nearest (at least one; two letters swapped count as one): `Luch` and `Lunch`, `teh` and `the`,
/// `cafe` and `cafe.`, `stasion` and `station`; `mum` and `dad` are two words.
struct NoteDifference: Equatable {
    /// Words of one note standing where the other has a different word (not a typo of it).
    var replaced = 0
    /// Characters that differ in words mistyped on one side.
    var typos = 0
    /// Words only one of the notes has.
    var added = 0

    /// Nil when the notes are not alike.
    init?(_ a: String, _ b: String) {
        guard a != b else { return }
        var vocabulary: [Substring: Int] = [:]
        func words(_ note: String) -> [Int] {
            note.split(whereSeparator: \.isWhitespace).map { word in
                if let id = vocabulary[word] { return id }
                vocabulary[word] = vocabulary.count
                return vocabulary.count - 1
            }
        }
        var x = words(a), y = words(b)
        if x.count > y.count { swap(&x, &y) }
        let spelled = Array(vocabulary.sorted { $0.value < $1.value }.map(\.key))
        let shortCount = x.count
        // What both start and end with is the same; the middles are aligned word by word.
        var start = 0
        while start < x.count, x[start] == y[start] { start += 1 }
        var end = 0
        while end < x.count - start, x[x.count - 1 - end] == y[y.count - 1 - end] { end += 1 }
        x = Array(x[start..<(x.count - end)])
        y = Array(y[start..<(y.count - end)])
        let cells = (x.count + 1).multipliedReportingOverflow(by: y.count + 1)
        if x.isEmpty {
            added = y.count
        } else if cells.overflow || cells.partialValue > 1_000_000 {
            // Past a million cells the middles are not aligned: every word counts as replaced.
            replaced = x.count
            added = y.count - x.count
        } else {
            self = NoteDifference(aligning: x, y, spelled: spelled)
        }
        guard 2 * replaced <= shortCount else { return nil }
    }

    /// The difference of two word sequences (ids into `spelled`), aligned as a longest common
    /// subsequence in which a word matches itself or a typo of itself (an exact match preferred).
    private init(aligning x: [Int], _ y: [Int], spelled: [Substring]) {
        var typoDistance: [Int: Int?] = [:]
        func typo(_ i: Int, _ j: Int) -> Int? {
            let key = i * spelled.count + j
            if let known = typoDistance[key] { return known }
            let distance = NoteDifference.typoDistance(spelled[i], spelled[j])
            typoDistance[key] = distance
            return distance
        }
        // score[i][j]: the best alignment of x[i...] and y[j...]; an exact match scores 3, a typo 2.
        let width = y.count + 1
        var score = [Int32](repeating: 0, count: (x.count + 1) * width)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                var best = max(score[(i + 1) * width + j], score[i * width + j + 1])
                if x[i] == y[j] {
                    best = max(best, score[(i + 1) * width + j + 1] + 3)
                } else if typo(x[i], y[j]) != nil {
                    best = max(best, score[(i + 1) * width + j + 1] + 2)
                }
                score[i * width + j] = best
            }
        }
        // Walk the alignment: each stretch between two matches is words replaced and words added.
        var i = 0, j = 0, gapX = 0, gapY = 0
        func closeGap() {
            replaced += min(gapX, gapY)
            added += abs(gapX - gapY)
            gapX = 0
            gapY = 0
        }
        while i < x.count, j < y.count {
            let here = score[i * width + j]
            if x[i] == y[j], here == score[(i + 1) * width + j + 1] + 3 {
                closeGap()
                i += 1; j += 1
            } else if x[i] != y[j], let distance = typo(x[i], y[j]), here == score[(i + 1) * width + j + 1] + 2 {
                closeGap()
                typos += distance
                i += 1; j += 1
            } else if here == score[(i + 1) * width + j] {
                gapX += 1
                i += 1
            } else {
                gapY += 1
                j += 1
            }
        }
        gapX += x.count - i
        gapY += y.count - j
        closeGap()
    }

    /// How many characters two different words differ by (an edit distance counting two letters
    /// swapped as one), when one is a typo of the other; nil when they are different words.
    static func typoDistance(_ a: Substring, _ b: Substring) -> Int? {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        guard !x.isEmpty, !y.isEmpty else { return nil }
        let limit = max(1, (min(x.count, y.count) + 1) / 3)
        guard abs(x.count - y.count) <= limit, x.count <= 64, y.count <= 64 else { return nil }
        // Rows of the optimal string alignment distance, two back for transpositions.
        var before = [Int](repeating: 0, count: y.count + 1), previous = Array(0...y.count)
        var row = previous
        for i in 1...x.count {
            row[0] = i
            for j in 1...y.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { row[j] = min(row[j], before[j - 2] + 1) }
            }
            (before, previous) = (previous, row)
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }
}
