import CRMFormat
import CRMVault

/// Full-text search over person files and daily notes (`crm search`), like grep but ignoring
/// case and accents.
package enum VaultSearch {
    /// One matching line.
    package struct Hit: Sendable, Equatable {
        /// The person whose file it is; nil in a daily note.
        package let id: String?
        /// The file, relative to the vault (`people/ada.md`, `Daily/2026-12-05.md`).
        package let path: String
        /// 1-based line number.
        package let line: Int
        /// The line as written, without its ending or trailing spaces.
        package let text: String

        /// One item of `crm search --json`: `{"id", "path", "line", "text"}`.
        package var json: JSON {
            .object([("id", .optional(id)), ("path", .string(path)), ("line", .number(line)), ("text", .string(text))])
        }
    }

    /// The hits of one file, as found: its bytes as read and where each matching line is in them,
    /// so a line is printed by copying its bytes, without making a `Hit` of it. Its elements are
    /// each hit's 1-based line number and text as written (no line ending, no trailing spaces),
    /// in line order.
    package struct FileHits: RandomAccessCollection, Sendable {
        /// The file, relative to the vault (`people/ada.md`).
        package let path: String
        /// Whether it is a person file (else a daily note).
        package let isPerson: Bool
        private let bytes: [UInt8]
        /// Each hit's line index and text, without trailing white space.
        private let lines: [LineSearch.Match]

        fileprivate init(path: String, isPerson: Bool, bytes: [UInt8], matches: [LineSearch.Match]) {
            self.path = path
            self.isPerson = isPerson
            self.bytes = bytes
            lines = matches.map { match in
                var end = match.text.upperBound   // printed without trailing white space
                while end > match.text.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                return LineSearch.Match(index: match.index, text: match.text.lowerBound..<end)
            }
        }

        package var startIndex: Int { 0 }
        package var endIndex: Int { lines.count }
        package subscript(position: Int) -> (line: Int, text: ArraySlice<UInt8>) {
            (lines[position].index + 1, bytes[lines[position].text])
        }

        /// The hits as values.
        package var hits: [Hit] {
            let id = isPerson ? Person.id(forPath: path) : nil
            return map { Hit(id: id, path: path, line: $0.line, text: String(decoding: $0.text, as: UTF8.self)) }
        }
    }

    /// Every hit of `needle` (folded) in the vault, person files first, then the daily notes
    /// (under `journal:`), each in path order, given to `body` a batch of
    /// files at a time with a warning for each file in the batch the tool cannot read, which is
    /// not searched (see `ReadProblems`); a batch's hits can be printed before the next batch is
    /// read, so a large vault is never held at once. Files are read on all cores, and each file's
    /// hits are made into the bytes printed (`render`, given only files with hits) on the core
    /// that read it; only a file that could not be searched is parsed, for its warning.
    package static func search(_ needle: String, in vault: Vault, render: @escaping @Sendable (_ file: FileHits) -> [UInt8],
                              _ body: (_ rendered: [[UInt8]], _ problems: [Diagnostic]) -> Void) {
        let settings = vault.logSettings
        let search = LineSearch(folded: needle)
        for (paths, isPerson) in [(vault.personPaths().people, true), (vault.dailyNotes().map(\.path), false)] {
            for batch in stride(from: 0, to: paths.count, by: 2048) {
                let (rows, unread) = vault.scan(paths: Array(paths[batch..<min(batch + 2048, paths.count)])) { file -> ([UInt8]?, Diagnostic?) in
                    let (path, bytes) = (file.path, file.bytes)
                    if let found = hits(search, inFile: bytes, path: path, isPerson: isPerson) { return (found.isEmpty ? nil : render(found), nil) }
                    let document = PersonDocument(bytes: bytes, path: path, settings: settings)
                    return (nil, ReadProblems.of(document).first)
                }
                body(rows.compactMap(\.0), unread + rows.compactMap(\.1))
            }
        }
    }

    /// The lines of one file, its bytes as read, that contain the search's needle (folded:
    /// `String.folded`), ignoring case and accents (`nunez` finds `Núñez`), in line order, the
    /// front matter's `---` lines skipped; nil for a file the tool does not read (NUL bytes,
    /// invalid UTF-8, front matter without its closing `---`). See `LineSearch`.
    static func hits(_ search: LineSearch, inFile bytes: [UInt8], path: String, isPerson: Bool) -> FileHits? {
        guard !search.needle.isEmpty else { return FileHits(path: path, isPerson: isPerson, bytes: [], matches: []) }
        guard let matches = search.matches(in: bytes) else { return nil }
        return FileHits(path: path, isPerson: isPerson, bytes: matches.isEmpty ? [] : bytes, matches: matches)
    }
}
