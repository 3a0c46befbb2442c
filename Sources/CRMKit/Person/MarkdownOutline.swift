/// The headings of a Markdown body, found as a Markdown reader finds them: ATX (`## Title`) and
/// setext (`Title` over `===` or `---`), never inside fenced code blocks.
///
/// Headings are recognised at the start of a line only. CommonMark also allows up to three spaces
/// before one, but a line indented under a log entry is that entry's note (`  # not a heading`),
/// so an indented `#` line is left to the entry it belongs to.
struct MarkdownHeading: Sendable {
    /// 0-based index of the heading's first line (the text line of a setext heading).
    var line: Int
    /// 0-based index of the first line after the heading.
    var contentStart: Int
    var level: Int
    var text: String
}

struct MarkdownOutline: Sendable {
    var headings: [MarkdownHeading] = []
    /// 0-based line of a code fence that is never closed: the code block runs to the end of the file.
    var unclosedFence: Int?

    init() {}

    init(_ text: TextBuffer, from start: Int) {
        var fence: (marker: UInt8, length: Int, line: Int)?
        var previousIsParagraph = false
        var headings: [MarkdownHeading] = []
        text.withLines { content in
            for i in start..<text.lineCount {
                let line = content(i)
                if fence == nil, let first = line.first {
                    // Most lines are log entries or text: neither fences nor headings.
                    if first == 0x2D, line.count > 1, line[1] == 0x20 { previousIsParagraph = false; continue }
                    if first >= 0x41, first != 0x60, first != 0x7E, first < 0x80 || first >= 0xC0 {
                        previousIsParagraph = true
                        continue
                    }
                }
                if let open = fence {
                    if let close = Self.fenceMarker(line), close.marker == open.marker, close.length >= open.length,
                       line.dropFirst(close.indent + close.length).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        fence = nil
                    }
                    previousIsParagraph = false
                    continue
                }
                if let marker = Self.fenceMarker(line) {
                    fence = (marker.marker, marker.length, i)
                    previousIsParagraph = false
                    continue
                }
                if let (level, title) = Self.atxHeading(line) {
                    headings.append(MarkdownHeading(line: i, contentStart: i + 1, level: level, text: title))
                    previousIsParagraph = false
                    continue
                }
                if previousIsParagraph, let level = Self.setextUnderline(line) {
                    headings.append(MarkdownHeading(line: i - 1, contentStart: i + 1, level: level,
                                                    text: Self.trimmed(content(i - 1))))
                    previousIsParagraph = false
                    continue
                }
                previousIsParagraph = Self.isParagraphLine(line)
            }
        }
        self.headings = headings
        unclosedFence = fence?.line
    }

    /// A fence opener or closer: three or more backticks or tildes after at most three spaces.
    private static func fenceMarker(_ line: UnsafeBufferPointer<UInt8>) -> (marker: UInt8, length: Int, indent: Int)? {
        let indent = line.prefix { $0 == 0x20 }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let marker = rest.first, marker == 0x60 || marker == 0x7E else { return nil }
        let length = rest.prefix { $0 == marker }.count
        return length >= 3 ? (marker, length, indent) : nil
    }

    /// `#` to `######`, then a space or the end of the line; the text without closing `#`s.
    private static func atxHeading(_ line: UnsafeBufferPointer<UInt8>) -> (Int, String)? {
        let level = line.prefix { $0 == 0x23 }.count
        guard (1...6).contains(level) else { return nil }
        let rest = line.dropFirst(level)
        guard rest.isEmpty || rest.first == 0x20 || rest.first == 0x09 else { return nil }
        var title = rest[...]
        while let last = title.last, last == 0x20 || last == 0x09 { title = title.dropLast() }
        let closing = title.reversed().prefix { $0 == 0x23 }.count
        if closing > 0 {
            let beforeClosing = title.dropLast(closing)
            if beforeClosing.isEmpty || beforeClosing.last == 0x20 || beforeClosing.last == 0x09 { title = beforeClosing }
        }
        return (level, trimmed(title))
    }

    /// `===` (level 1) or `---` (level 2), nothing else on the line but trailing spaces.
    private static func setextUnderline(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let marker = line.first, marker == 0x3D || marker == 0x2D else { return nil }
        let run = line.prefix { $0 == marker }
        guard line.dropFirst(run.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        return marker == 0x3D ? 1 : 2
    }

    /// A line that can carry a setext underline: text that is not a list item, quote, or indented code.
    private static func isParagraphLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = line.first, first != 0x20, first != 0x09, first != 0x3E else { return false }
        if first == 0x2D || first == 0x2A || first == 0x2B {
            let next = line.dropFirst().first
            if next == nil || next == 0x20 || next == 0x09 { return false }
        }
        return true
    }

    static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> String {
        var s = bytes.drop { $0 == 0x20 || $0 == 0x09 }
        while let last = s.last, last == 0x20 || last == 0x09 { s = s.dropLast() }
        return String(decoding: s, as: UTF8.self)
    }
}
