import CRMKit

/// Everyone completion after `[[` and `workspace/symbol` offer, made once per read of the vault:
/// each readable person's keys folded (name, id, aliases, emails) as bytes, one after another, in
/// the order the listings use (name, then id). A request only matches the typed text against
/// these bytes and ranks; its items are made for the people it returns.
struct PeopleIndex {
    /// Every key's UTF-8, one after another.
    private let bytes: [UInt8]
    /// Where each key stands in `bytes`, in order.
    private let spans: [Range<Int>]
    /// Whose key each span is (their place in `people`), and whether it is their name.
    private let owners: [(person: Int, isName: Bool)]
    /// Where each person's facts stand in `Everyone.facts`, in name order.
    private let people: [Int]

    init(_ everyone: [PersonFacts]) {
        var bytes: [UInt8] = [], spans: [Range<Int>] = [], owners: [(person: Int, isName: Bool)] = []
        var people: [Int] = [], names: [Range<Int>] = [], ids: [UInt8] = [], idSpans: [Range<Int>] = []
        func append(_ key: some Collection<UInt8>, isName: Bool = false) {
            let start = bytes.count
            bytes.append(contentsOf: key)
            spans.append(start..<bytes.count)
            owners.append((people.count, isName))
        }
        for (at, facts) in everyone.enumerated() where facts.isReadable {
            var rest: [ArraySlice<UInt8>] = []
            facts.keys.forEach { key, value in
                switch key {
                case .sortName:
                    names.append(bytes.count..<(bytes.count + value.count))
                    append(value, isName: true)
                case .id:
                    idSpans.append(ids.count..<(ids.count + value.count))
                    ids.append(contentsOf: value)
                    // Ids are mostly folded already (lower-case ASCII slugs).
                    append(value.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
                        ? Array(value) : Array(String(decoding: value, as: UTF8.self).folded.utf8))
                case .alias, .email: rest.append(value)
                case .name, .contactID: break
                }
            }
            for value in rest { append(value) }
            people.append(at)
        }
        // Name order, then id order between namesakes (as the listings sort).
        let order = bytes.withUnsafeBufferPointer { all in
            ids.withUnsafeBufferPointer { ids in
                people.indices.sorted { a, b in
                    let byName = Bytes.compare(UnsafeBufferPointer(rebasing: all[names[a]]), UnsafeBufferPointer(rebasing: all[names[b]]))
                    return byName != 0 ? byName < 0 : Bytes.compare(UnsafeBufferPointer(rebasing: ids[idSpans[a]]), UnsafeBufferPointer(rebasing: ids[idSpans[b]])) < 0
                }
            }
        }
        var place = [Int](repeating: 0, count: order.count)
        for (position, index) in order.enumerated() { place[index] = position }
        self.bytes = bytes
        self.spans = spans
        self.owners = owners.map { (place[$0.person], $0.isName) }
        self.people = order.map { people[$0] }
    }

    /// The facts (by their place in `Everyone.facts`) of the people `query` (folded) names part
    /// of, best first, at most `limit`; and whether more matched (typing more narrows them: each
    /// person stays reachable). Best: their name starts with it (0), it starts a word of their
    /// name or id, an alias or an email (1), one of these holds it (2); words start after a space,
    /// `-`, `/`, `.` or `_`. In name order within each.
    func matching(_ query: String, limit: Int) -> (facts: [Int], more: Bool) {
        guard !query.isEmpty else { return (Array(people.prefix(limit)), people.count > limit) }
        var best = [UInt8](repeating: 3, count: people.count)
        var query = query
        query.withUTF8 { query in
            bytes.withUnsafeBufferPointer { all in
                guard let q = query.baseAddress, let base = all.baseAddress else { return }
                // Every place the query stands in the keys, one search through all of them.
                var from = 0
                while let at = Bytes.firstIndex(of: q.pointee, in: all, from: from, to: all.count - query.count + 1) {
                    from = at + 1
                    guard Bytes.equal(base + at, q, count: query.count) else { continue }
                    let key = spanIndex(holding: at)
                    guard at + query.count <= spans[key].upperBound else { continue }
                    let start = at == spans[key].lowerBound
                    let rank: UInt8 = start && owners[key].isName ? 0 : start || Self.isSeparator(all[at - 1]) ? 1 : 2
                    let person = owners[key].person
                    if rank < best[person] { best[person] = rank }
                }
            }
        }
        // Each rank's people in name order; no more than the limit and one are ever needed.
        var ranked: [[Int]] = [[], [], []]
        for (person, rank) in best.enumerated() where rank < 3 && ranked[Int(rank)].count <= limit {
            ranked[Int(rank)].append(people[person])
        }
        let found = Array(ranked.joined())
        return (Array(found.prefix(limit)), found.count > limit)
    }

    /// The key whose bytes hold the byte at `offset`.
    private func spanIndex(holding offset: Int) -> Int {
        var (low, high) = (0, spans.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if spans[middle].lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// What splits a key into words: a space, `-`, `/`, `.` or `_`.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }
}
