/// The positions of `names` in byte order of their UTF-8 (which is code-point order: the order
/// `ls` in the C locale and `git` give), equal names by `ids` the same way, then by position: the
/// order every listing shows people in (their folded names and ids), and the order of paths.
package func nameOrder(_ names: [String], ids: [String]? = nil) -> [Int] {
    // Each one's key made once: the name's bytes, a 0 byte (before any character, so "ann" sorts
    // before "ann-b"; names and ids hold none), the id's bytes.
    var keys = names.indices.map { i in
        var key = Array(names[i].utf8)
        if let ids {
            key.append(0)
            key += ids[i].utf8
        }
        return (key: key, index: i)
    }
    // Stable: equal keys keep their order.
    keys.sort { a, b in
        for i in 0..<min(a.key.count, b.key.count) where a.key[i] != b.key[i] { return a.key[i] < b.key[i] }
        return a.key.count < b.key.count
    }
    return keys.map(\.index)
}
