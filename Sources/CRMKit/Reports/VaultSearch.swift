/// Full-text search over person files (`crm search`), like grep but ignoring case and accents.
public enum VaultSearch {
    /// One matching line.
    public struct Hit: Sendable, Equatable {
        public let id: String
        /// The file, relative to the vault (`people/ada.md`).
        public let path: String
        /// 1-based line number.
        public let line: Int
        /// The line as written, without its ending or trailing spaces.
        public let text: String
    }

    /// The lines of one person file that contain `needle` (names and aliases in the front matter,
    /// notes, log entries and their continuation lines), ignoring case and accents (`nunez` finds
    /// `Núñez`), in line order; `needle` must already be folded (`String.folded`). The front
    /// matter's `---` lines are skipped.
    public static func hits(of needle: String, in person: Person) -> [Hit] {
        let document = person.document
        guard !needle.isEmpty, document.writeBlocker == nil else { return [] }
        let skipped = document.frontMatter.map { [$0.openLine, $0.closeLine] } ?? []
        var needle = needle
        return needle.withUTF8 { needle in
            document.text.withLines { line in
                var hits: [Hit] = []
                var lowered: [UInt8] = []   // one buffer for every line's lower-case copy
                for index in 0..<line.count where !skipped.contains(index) {
                    let text = line(index)
                    // ASCII lines fold to lower-case bytes: search those without building folded strings.
                    lowered.removeAll(keepingCapacity: true)
                    var isASCII = true
                    for byte in text {
                        isASCII = isASCII && byte < 0x80
                        lowered.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                    }
                    let found = isASCII ? lowered.withUnsafeBufferPointer { Bytes.contains(needle, in: $0) }
                        : String(decoding: text, as: UTF8.self).folded.utf8.withContiguousStorageIfAvailable { Bytes.contains(needle, in: $0) } ?? false
                    if found {
                        var shown = text[...]   // printed without trailing white space
                        while let last = shown.last, last == 0x20 || last == 0x09 { shown = shown.dropLast() }
                        hits.append(Hit(id: person.id, path: person.path, line: index + 1, text: String(decoding: shown, as: UTF8.self)))
                    }
                }
                return hits
            }
        }
    }

    /// `crm search --json`: `[{"id", "path", "line", "text"}]`.
    public static func json(_ hits: [Hit]) -> JSON {
        .array(hits.map { .object([("id", .string($0.id)), ("path", .string($0.path)), ("line", .number($0.line)), ("text", .string($0.text))]) })
    }
}
