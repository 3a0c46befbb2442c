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

    /// Every line of every person file that contains `query` (names and aliases in the front
    /// matter, notes, log entries and their continuation lines), ignoring case and accents
    /// (`nunez` finds `Núñez`), in path and line order. The front matter's `---` lines are skipped.
    public static func search(_ query: String, in people: [Person]) -> [Hit] {
        let needle = query.folded
        guard !needle.isEmpty else { return [] }
        var hits: [Hit] = []
        for person in people.sorted(by: { $0.path < $1.path }) {
            let document = person.document
            guard document.writeBlocker == nil else { continue }
            let text = document.text
            for index in 0..<text.lineCount {
                if let frontMatter = document.frontMatter, index == frontMatter.openLine || index == frontMatter.closeLine { continue }
                let line = text.string(index)
                guard line.folded.contains(needle) else { continue }
                hits.append(Hit(id: person.id, path: person.path, line: index + 1, text: line.trimmingTrailingSpaces))
            }
        }
        return hits
    }

    /// `crm search --json`: `[{"id", "path", "line", "text"}]`.
    public static func json(_ hits: [Hit]) -> JSON {
        .array(hits.map { .object([("id", .string($0.id)), ("path", .string($0.path)), ("line", .number($0.line)), ("text", .string($0.text))]) })
    }
}

extension String {
    /// Without trailing spaces and tabs.
    public var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
