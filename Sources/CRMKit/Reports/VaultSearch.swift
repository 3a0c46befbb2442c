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
        hits(of: needle, inFile: person.document.text.bytes, path: person.path) ?? []
    }

    /// Every hit of `needle` (folded) in the vault, in path order, and a warning for each file the
    /// tool cannot read, which is not searched (see `ReadProblems`). Files are read on all cores;
    /// only a file that could not be searched is parsed, for its warning.
    public static func search(_ needle: String, in vault: Vault) -> (hits: [Hit], problems: [Diagnostic]) {
        let settings = vault.logSettings
        let (rows, unread) = vault.scanFiles { path, bytes -> ([Hit], Diagnostic?) in
            if let found = hits(of: needle, inFile: bytes, path: path) { return (found, nil) }
            let document = PersonDocument(bytes: bytes, path: path, settings: settings)
            return ([], ReadProblems.of(document).first)
        }
        return (rows.flatMap(\.0), unread + rows.compactMap(\.1))
    }

    /// The same, for a file's bytes as read, without parsing it; nil for a file the tool does not
    /// read (NUL bytes, invalid UTF-8, front matter without its closing `---`) unless an ASCII file
    /// is ruled out first because it does not hold the needle anywhere. Lines are
    /// compared as lower-case bytes; only lines with letters beyond ASCII are folded, by table
    /// where it covers them (`ByteFolding`), else as `String.folded` does.
    public static func hits(of needle: String, inFile bytes: [UInt8], path: String) -> [Hit]? {
        let id = Person.id(forPath: path)
        guard !needle.isEmpty else { return [] }
        guard !bytes.contains(0), UTF8Validation.isValid(bytes) else { return nil }
        var needle = needle
        var lowered = [UInt8](repeating: 0, count: bytes.count)
        var high: UInt8 = 0
        for i in bytes.indices {
            let byte = bytes[i]
            high |= byte
            lowered[i] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        }
        // Most files are ASCII: their lower-case copy, searched at once, rules out a file without a match.
        if high < 0x80, !needle.withUTF8({ n in lowered.withUnsafeBufferPointer { Bytes.contains(n, in: $0) } }) { return [] }
        let buffer = TextBuffer(bytes)
        var skipped: (Int, Int) = (-1, -1)
        if buffer.lineCount > 0, FrontMatter.isDelimiter(buffer.content(0), allowDots: false) {
            guard let close = (1..<buffer.lineCount).first(where: { FrontMatter.isDelimiter(buffer.content($0), allowDots: true) }) else {
                return nil   // not read: the front matter has no closing '---'
            }
            skipped = (0, close)
        }
        return needle.withUTF8 { needle in
            buffer.withLines { line in
                lowered.withUnsafeBufferPointer { lowered in
                    var hits: [Hit] = []
                    var folded: [UInt8] = []   // one buffer for every non-ASCII line's folded copy
                    for index in 0..<line.count where index != skipped.0 && index != skipped.1 {
                        let text = line(index)
                        let found: Bool
                        if high < 0x80 || !text.contains(where: { $0 >= 0x80 }) {
                            // An ASCII line: its lower-case bytes stand at the same place in `lowered`.
                            let start = buffer.lines[index].start
                            found = Bytes.contains(needle, in: UnsafeBufferPointer(rebasing: lowered[start..<(start + text.count)]))
                        } else {
                            folded.removeAll(keepingCapacity: true)
                            found = ByteFolding.fold(text, into: &folded)
                                ? folded.withUnsafeBufferPointer { Bytes.contains(needle, in: $0) }
                                : String(decoding: text, as: UTF8.self).folded.utf8.withContiguousStorageIfAvailable { Bytes.contains(needle, in: $0) } ?? false
                        }
                        if found {
                            var shown = text[...]   // printed without trailing white space
                            while let last = shown.last, last == 0x20 || last == 0x09 { shown = shown.dropLast() }
                            hits.append(Hit(id: id, path: path, line: index + 1, text: String(decoding: shown, as: UTF8.self)))
                        }
                    }
                    return hits
                }
            }
        }
    }

    /// `crm search --json`: `[{"id", "path", "line", "text"}]`.
    public static func json(_ hits: [Hit]) -> JSON {
        .array(hits.map { .object([("id", .string($0.id)), ("path", .string($0.path)), ("line", .number($0.line)), ("text", .string($0.text))]) })
    }
}
