/// Fuzzy matching as fzf's users know it: each word of the query must appear in one field of a
/// candidate with its characters in order, other characters between them allowed. Text is
/// compared as given, so callers fold both sides the same way first (case and accents).
///
/// A better match scores higher: the characters close together (a whole word best), starting a
/// word or the field, and in an earlier field (a name before an email).
package struct FuzzyPattern: Sendable, Equatable {
    /// The query's words, as code points.
    let terms: [[UInt32]]

    /// A pattern from a folded query; words are separated by spaces.
    package init(_ query: String) {
        terms = query.split(separator: " ").map { $0.unicodeScalars.map(\.value) }
    }

    package var isEmpty: Bool { terms.isEmpty }

    /// Whether every candidate `other` matches is matched by this pattern too (each of this
    /// pattern's words is in order within `other`'s word at its place: characters were typed
    /// onto it, or words added), so a filter typed a key at a time need only look again at
    /// what matched before.
    package func narrows(to other: FuzzyPattern) -> Bool {
        guard terms.count <= other.terms.count else { return false }
        for (term, longer) in zip(terms, other.terms) where !Self.isSubsequence(term, of: longer) { return false }
        return true
    }

    /// The score of `candidate`, higher is better; nil when a word of the pattern is in none of
    /// its fields. An empty pattern scores every candidate 0.
    package func score(_ candidate: FuzzyCandidate) -> Int? {
        candidate.scalars.withUnsafeBufferPointer { all -> Int? in
            var total = 0
            for term in terms {
                var best: Int?
                var start = 0, index = 0
                // Each field, up to the separator after it.
                for i in 0..<all.count where all[i] == FuzzyCandidate.separator {
                    if let score = Self.score(term, in: UnsafeBufferPointer(rebasing: all[start..<i])) {
                        let weighted = score - index * 4
                        if best.map({ weighted > $0 }) ?? true { best = weighted }
                    }
                    start = i + 1
                    index += 1
                }
                guard let best else { return nil }
                total += best
            }
            return total
        }
    }

    private static func isSubsequence(_ small: [UInt32], of large: [UInt32]) -> Bool {
        var i = 0
        for value in large where i < small.count && small[i] == value { i += 1 }
        return i == small.count
    }

    /// The score of the best short window of `field` holding `term` in order, found as fzf's
    /// first algorithm does: the first place the term ends, then back from there to the last
    /// place it can start; a word that is part of the field as it is scores most.
    static func score(_ term: [UInt32], in field: UnsafeBufferPointer<UInt32>) -> Int? {
        guard !term.isEmpty else { return 0 }
        var best: Int?
        var from = 0
        // Each start is tried once: the window ending first after it, then narrowed.
        while from < field.count {
            var t = 0, i = from
            while i < field.count, t < term.count {
                if field[i] == term[t] { t += 1 }
                i += 1
            }
            guard t == term.count else { break }
            let end = i - 1
            var start = end
            t = term.count - 1
            while true {
                if field[start] == term[t] {
                    if t == 0 { break }
                    t -= 1
                }
                start -= 1
            }
            let span = end - start + 1
            var score = 16 * term.count - 2 * (span - term.count)
            if span == term.count { score += 8 }
            if start == 0 { score += 12 } else if isBoundary(field[start - 1]) { score += 8 }
            if best.map({ score > $0 }) ?? true { best = score }
            from = start + 1
        }
        return best
    }

    private static func isBoundary(_ value: UInt32) -> Bool {
        value == 0x20 || value == 0x2D || value == 0x2E || value == 0x5F || value == 0x40 || value == 0x2F || value == 0x2C
    }
}

/// A candidate's fields prepared once for matching (as code points, one after the other), in
/// order of weight.
package struct FuzzyCandidate: Sendable, Equatable {
    /// Every field's code points, each field followed by the separator.
    var scalars: [UInt32] = []
    /// What ends a field: a code point that is not a character.
    static let separator: UInt32 = 0xFFFF_FFFF

    package init() {}

    /// Room for `count` more code points, so fields are appended without growing the storage.
    package mutating func reserve(_ count: Int) { scalars.reserveCapacity(scalars.count + count) }

    /// `fields` are folded as the query will be.
    package init(_ fields: [String]) {
        for field in fields { append(field) }
    }

    /// Adds a field after the others.
    package mutating func append(_ field: String) {
        var field = field
        let ascii = field.withUTF8 { bytes -> Bool in
            var i = 0
            while i < bytes.count, bytes[i] < 0x80 { i += 1 }
            guard i == bytes.count else { return false }
            scalars.reserveCapacity(scalars.count + bytes.count + 1)
            for byte in bytes { scalars.append(UInt32(byte)) }
            return true
        }
        if !ascii { for scalar in field.unicodeScalars { scalars.append(scalar.value) } }
        scalars.append(Self.separator)
    }
}
