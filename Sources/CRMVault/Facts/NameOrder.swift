import CRMFormat

/// Sorting many people by name without comparing `String`s: the names' UTF-8 bytes are packed
/// into one buffer and compared with `memcmp` (byte order is code-point order), which keeps
/// sorting 100,000 people a small part of `crm list`.
package struct NameOrder {
    private var bytes: [UInt8] = []
    private var spans: [(start: Int, count: Int)] = []
    /// Bytes every name starts with (`people/` of every path): comparisons start after them.
    private var shared = 0
    /// Each name's next eight bytes after `shared`, big-endian, zeros past its end: two names whose
    /// keys differ are in the keys' order, so most comparisons need no `memcmp`.
    private var keys: [UInt64] = []

    /// The order of `names`; equal names are ordered by `ties` (ids, say) when given.
    package init(_ names: [String], ties: [String]? = nil) {
        spans.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            let start = bytes.count
            bytes.append(contentsOf: name.utf8)
            if let ties {
                bytes.append(0)   // sorts before any character: "ann" then "ann-b"
                bytes.append(contentsOf: ties[index].utf8)
            }
            spans.append((start, bytes.count - start))
        }
        bytes.withUnsafeBufferPointer { buffer in
            if let first = spans.first {
                shared = spans.reduce(first.count) { shared, span in
                    var n = 0
                    while n < min(shared, span.count), buffer[first.start + n] == buffer[span.start + n] { n += 1 }
                    return n
                }
            }
            keys = spans.map { span in
                var key: UInt64 = 0
                for k in 0..<8 {
                    key = key << 8 | UInt64(shared + k < span.count ? buffer[span.start + shared + k] : 0)
                }
                return key
            }
        }
    }

    /// -1, 0 or 1 as name `a` sorts before, with, or after name `b`.
    func compare(_ a: Int, _ b: Int) -> Int {
        if keys[a] != keys[b] { return keys[a] < keys[b] ? -1 : 1 }
        let x = spans[a], y = spans[b]
        return bytes.withUnsafeBufferPointer { buffer in
            Bytes.compare(UnsafeBufferPointer(rebasing: buffer[(x.start + shared)..<(x.start + x.count)]),
                          UnsafeBufferPointer(rebasing: buffer[(y.start + shared)..<(y.start + y.count)]))
        }
    }

    /// Indices `0..<count` sorted by `keys` (ascending), then by name: integers are compared, never
    /// names, since each name's place comes from one sort by name.
    package func sortedIndices(first keys: [Int]) -> [Int] {
        let byName = sortedIndices()
        return byName.indices.map { (key: keys[byName[$0]], rank: $0) }.sorted { $0 < $1 }.map { byName[$0.rank] }
    }

    /// Indices `0..<count` sorted by name (then ties, then index): by the keys as plain integers
    /// (no call per comparison), then each run of equal keys by the rest of the names.
    package func sortedIndices() -> [Int] {
        var order = keys.indices.map { (key: keys[$0], index: $0) }
        order.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, order[end].key == order[start].key { end += 1 }
            if end - start > 1 {
                order[start..<end].sort { a, b in
                    let byName = compare(a.index, b.index)
                    return byName != 0 ? byName < 0 : a.index < b.index
                }
            }
            start = end
        }
        return order.map(\.index)
    }
}
