/// The one rule tags are compared by, wherever a tag is looked up: `--tag`, `tag_every:`,
/// `completions --tags`, the duplicate check, adding and removing a tag. Tags compare as names
/// do (`TextFolding`), ignoring case and accents, so `Family`, `family` and `FAMILY` are one tag,
/// and `Café` is `cafe`. What a file holds is never rewritten: each file keeps its spelling.
package enum Tag {
    /// What `tag` is compared by: folded, without the spaces around it.
    package static func key(_ tag: String) -> String { tag.trimmingSpaces.folded }

    /// Whether `a` and `b` are one tag.
    package static func same(_ a: String, _ b: String) -> Bool { key(a) == key(b) }

    /// One spelling for each tag among `spellings` (every tag as each file writes it, once per
    /// person): the spelling most people use, and on a tie the first in byte order (`Family`
    /// before `family`), in the order of the tags' keys.
    package static func preferredSpellings(_ spellings: [String]) -> [String] {
        var counts: [String: [String: Int]] = [:]
        for spelling in spellings { counts[key(spelling), default: [:]][spelling, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { preferred($0.value) }
    }

    /// The spelling of one tag most people use, from how many use each (`counts`, not empty);
    /// on a tie the first in byte order.
    package static func preferred(_ counts: [String: Int]) -> String {
        counts.min { ($1.value, $0.key) < ($0.value, $1.key) }!.key
    }
}

extension PersonDocument {
    /// Each tag of `tags:` as written, with the 1-based line and column where it starts, in file order.
    package var tagPositions: [(tag: String, line: Int, column: Int)] {
        guard let pair = frontMatter?.pair(FieldSchema.tags.key) else { return [] }
        return placedItems(pair).compactMap { item in item.node.string.map { ($0, item.line, item.column) } }
    }
}
