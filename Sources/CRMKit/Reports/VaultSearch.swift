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
        let text = document.text
        var hits: [Hit] = []
        for index in 0..<text.lineCount {
            if let frontMatter = document.frontMatter, index == frontMatter.openLine || index == frontMatter.closeLine { continue }
            let bytes = text.content(index)
            // ASCII lines fold to lower-case bytes: search those without building folded strings.
            let found = bytes.allSatisfy({ $0 < 0x80 })
                ? bytes.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }.contains(bytes: needle.utf8)
                : text.string(index).folded.utf8.contains(bytes: needle.utf8)
            if found {
                hits.append(Hit(id: person.id, path: person.path, line: index + 1, text: text.string(index).trimmingTrailingSpaces))
            }
        }
        return hits
    }

    /// `crm search --json`: `[{"id", "path", "line", "text"}]`.
    public static func json(_ hits: [Hit]) -> JSON {
        .array(hits.map { .object([("id", .string($0.id)), ("path", .string($0.path)), ("line", .number($0.line)), ("text", .string($0.text))]) })
    }
}
