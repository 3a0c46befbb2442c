import CRMFormat
import CRMVault

/// A three-way merge of sequences (lines, or tokens standing for groups of lines), as diff3 and
/// `git merge-file` do it: the parts both sides left as in the base are stable; a part changed on
/// one side only takes that side; a part changed on both sides differently is a conflict.
enum Diff3 {
    /// One stretch of the merge, in order.
    enum Chunk: Equatable {
        /// Taken as is: unchanged, changed on one side only, or changed the same way on both.
        case merged([String])
        /// Changed differently on both sides.
        case conflict(base: [String], current: [String], other: [String])
    }

    static func merge(base: [String], current: [String], other: [String]) -> [Chunk] {
        let toCurrent = matches(base, current)
        let toOther = matches(base, other)
        var chunks: [Chunk] = []
        var stable: [String] = []
        var i = 0, j = 0, k = 0
        while i < base.count || j < current.count || k < other.count {
            if i < base.count, toCurrent[i] == j, toOther[i] == k {
                stable.append(base[i])
                i += 1; j += 1; k += 1
                continue
            }
            // The next base item both sides kept ends this unstable stretch.
            var next = i
            while next < base.count, toCurrent[next] == nil || toOther[next] == nil { next += 1 }
            let (nextCurrent, nextOther) = next < base.count ? (toCurrent[next]!, toOther[next]!) : (current.count, other.count)
            let b = Array(base[i..<next]), c = Array(current[j..<nextCurrent]), o = Array(other[k..<nextOther])
            if c == b || c == o {
                stable += o
            } else if o == b {
                stable += c
            } else {
                if !stable.isEmpty { chunks.append(.merged(stable)); stable = [] }
                chunks.append(.conflict(base: b, current: c, other: o))
            }
            i = next; j = nextCurrent; k = nextOther
        }
        if !stable.isEmpty { chunks.append(.merged(stable)) }
        return chunks
    }

    /// The items of `a` that are also in `b`, in a longest common subsequence: the base of a
    /// two-way merge, so that what only one side has counts as that side's addition.
    static func common(_ a: [String], _ b: [String]) -> [String] {
        matches(a, b).enumerated().compactMap { index, match in match == nil ? nil : a[index] }
    }

    /// For each index of `a`, the index of `b` it is paired with in a longest common subsequence.
    /// Common prefix and suffix are paired directly; the middle by dynamic programming, which is
    /// quick for files of a few thousand lines (person files have tens to hundreds).
    static func matches(_ a: [String], _ b: [String]) -> [Int?] {
        var result = [Int?](repeating: nil, count: a.count)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { result[prefix] = prefix; prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            result[a.count - 1 - suffix] = b.count - 1 - suffix
            suffix += 1
        }
        let n = a.count - prefix - suffix, m = b.count - prefix - suffix
        // Past 16 million cells (64 MB) the middle is left unpaired: the merge then treats it as
        // changed on both sides, which keeps every line of both, only less finely.
        guard n > 0, m > 0, n.multipliedReportingOverflow(by: m).partialValue <= 16_000_000,
              !n.multipliedReportingOverflow(by: m).overflow else { return result }
        // lengths[x * (m + 1) + y]: LCS length of a[prefix + x...] and b[prefix + y...] (middle part).
        var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for x in stride(from: n - 1, through: 0, by: -1) {
            for y in stride(from: m - 1, through: 0, by: -1) {
                lengths[x * (m + 1) + y] = a[prefix + x] == b[prefix + y]
                    ? lengths[(x + 1) * (m + 1) + y + 1] + 1
                    : max(lengths[(x + 1) * (m + 1) + y], lengths[x * (m + 1) + y + 1])
            }
        }
        var x = 0, y = 0
        while x < n, y < m {
            if a[prefix + x] == b[prefix + y] {
                result[prefix + x] = prefix + y
                x += 1; y += 1
            } else if lengths[(x + 1) * (m + 1) + y] >= lengths[x * (m + 1) + y + 1] {
                x += 1
            } else {
                y += 1
            }
        }
        return result
    }
}
