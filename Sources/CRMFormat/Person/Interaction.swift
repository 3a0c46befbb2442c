/// One dated entry of a person's interaction log; its `line` is a 1-based line number.
public struct Interaction: Sendable, Equatable {
    public var date: Day
    public var time: TimeOfDay?
    /// One of the vault's interaction types, in lower case; `note` when none was written.
    public var type: String
    /// The note, continuation lines joined with `\n`.
    public var note: String
    /// 1-based line of the entry in its file (0 for an entry not yet written).
    public var line: Int
    /// How many lines the entry takes: its own and its continuation lines.
    package var lineCount: Int
    /// `[ ]` for an open item, `[x]` for a ticked one, nil for a plain entry.
    public var checkbox: Checkbox?

    public init(date: Day, time: TimeOfDay? = nil, type: String, note: String, line: Int = 0, lineCount: Int = 1,
                checkbox: Checkbox? = nil) {
        self.date = date
        self.time = time
        self.type = type
        self.note = note
        self.line = line
        self.lineCount = lineCount
        self.checkbox = checkbox
    }

    /// What a write of this entry did, for a commit message: `visit with Lena Marsh (2026-12-05)`.
    package func change(with name: String) -> String { "\(type) with \(name) (\(date))" }

    /// Ordering key: the date, then the time when both entries have one.
    package func isNewer(than other: Interaction) -> Bool { Interaction.isNewer((date, time), than: (other.date, other.time)) }

    static func isNewer(_ a: (date: Day, time: TimeOfDay?), than b: (date: Day, time: TimeOfDay?)) -> Bool {
        if a.date != b.date { return a.date > b.date }
        if let x = a.time, let y = b.time { return x > y }
        return false
    }

    /// The entry's lines as the tool writes them: `- 2026-11-28 call: note`,
    /// `- 2026-11-02 14:30 visit: note`, `- 2026-10-15: note` for type `note`; an open item as
    /// `- [ ] 2026-12-05 visit: note`; each further note line indented by two spaces. A note in
    /// its normal form (`normalizedNote`) reads back exactly.
    /// Entries written as `* [[2026-11-20]] …` by hand are read as well, but new ones are canonical.
    package var rendered: [String] {
        var head = "- " + (checkbox.map { "[\($0.rawValue)] " } ?? "") + "\(date)"
        if let time { head += " \(time)" }
        head += type == "note" ? ":" : " \(type):"
        let noteLines = note.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = noteLines.first, !first.isEmpty { head += " " + first }
        return [head] + noteLines.dropFirst().map { $0.isEmpty ? "" : "  " + $0 }
    }

    /// `text` as a note reads back from a file: lines split at LF or CRLF, trailing white space
    /// dropped, the first line without leading white space, the further lines without the
    /// indentation all of them share (deeper indentation, as in a nested list, is kept), and no
    /// blank lines at either end. Writing a note in this form and reading it gives the same note.
    static func normalizedNote(_ text: String) -> String {
        var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }[...]   // a slice: dropping a first line costs no copy of the rest
        while let first = lines.first, first.allSatisfy(isSpace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(isSpace) { lines.removeLast() }
        guard let first = lines.first else { return "" }
        var bytes = Array(trimmingTrailingSpace(first.drop(while: isSpace)))
        for line in dedented(Array(lines.dropFirst())) {
            bytes.append(0x0A)
            bytes.append(contentsOf: line)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Note lines after the first: trailing white space dropped, blank lines empty, and the
    /// leading white space all non-blank lines share removed (as Python's `textwrap.dedent`).
    static func dedented<Line: BidirectionalCollection<UInt8>>(_ lines: [Line]) -> [Line.SubSequence] {
        let trimmed = lines.map { trimmingTrailingSpace($0) }
        let strip = sharedIndent(trimmed)
        return trimmed.map { $0.isEmpty ? $0 : $0.dropFirst(strip) }
    }

    /// `line` without trailing white space.
    static func trimmingTrailingSpace<Line: BidirectionalCollection<UInt8>>(_ line: Line) -> Line.SubSequence {
        var end = line.endIndex
        while end > line.startIndex, isSpace(line[line.index(before: end)]) { end = line.index(before: end) }
        return line[line.startIndex..<end]
    }

    /// How many bytes of leading white space the non-blank `lines` (trailing white space dropped)
    /// all share: the indentation `dedented` removes.
    static func sharedIndent<Lines: Sequence>(_ lines: Lines) -> Int where Lines.Element: Collection<UInt8> {
        // The shared indentation is a prefix of the first non-blank line's: its length is enough.
        var reference: Lines.Element?
        var strip = 0
        for line in lines where !line.isEmpty {
            guard let first = reference else {
                reference = line
                strip = line.prefix(while: isSpace).count
                continue
            }
            var shared = 0, a = first.startIndex, b = line.startIndex
            while shared < strip, b != line.endIndex, first[a] == line[b] {
                shared += 1
                a = first.index(after: a)
                b = line.index(after: b)
            }
            strip = shared
        }
        return strip
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
