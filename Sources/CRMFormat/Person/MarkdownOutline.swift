/// The headings of a Markdown body, found as a Markdown reader finds them: ATX (`## Title`) and
/// setext (`Title` over `===` or `---`), never inside fenced code blocks or HTML comments.
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
    /// A code fence that is never closed.
    struct UnclosedFence: Sendable {
        /// 0-based line index and 1-based column of the opening fence.
        var lineIndex: Int
        var column: Int
        /// Whether it was opened inside a list item (a log entry's note), so that it ended with the
        /// item; otherwise it runs to the end of the file.
        var endedWithItem: Bool
    }

    /// Lines outside any list item that a Markdown reader does not read as Markdown: a fenced code
    /// block (``` or ~~~), an HTML comment (`<!--` to the line holding `-->`), an indented code
    /// block (four spaces or a tab, not continuing a paragraph). Nothing in them is a heading, an
    /// entry or a list item.
    struct LiteralBlock: Sendable, Equatable {
        enum Kind: Sendable { case fence, comment, indented }
        var kind: Kind
        /// 0-based line indices, from the opening line through the closing one.
        var lines: Range<Int>
        /// 1-based column of the opening fence or `<!--`, or of the code's first character.
        var column: Int
        /// False for a fence or comment never closed: it runs to the end of the file.
        var isClosed: Bool
    }

    var headings: [MarkdownHeading] = []
    var unclosedFences: [UnclosedFence] = []
    /// In file order.
    var literalBlocks: [LiteralBlock] = []
    /// A code fence or HTML comment outside any list item that is never closed: it runs to the end
    /// of the file.
    var unclosedBlock: LiteralBlock? { literalBlocks.last.flatMap { $0.isClosed ? nil : $0 } }

    init() {}

    /// Reads the outline from line `start` on. A fence opened inside a list item (on the item's
    /// line or on a line indented under it, as a log entry's note) ends with the item, as in
    /// CommonMark: the first line that is not indented ends both, so a note can never hide a
    /// heading or move one into the log.
    init(_ text: TextBuffer, from start: Int) {
        var reader = Reader()
        text.withLines { content in
            for i in start..<text.lineCount { reader.read(i, content) }
        }
        self = reader.outline(lineCount: text.lineCount)
    }

    /// Reads a body one line at a time, the lines in file order (not necessarily every line of the
    /// file: `ConflictMarkers` gives each side of a conflict its own reader), and says at each
    /// line whether a fenced code block is open.
    struct Reader: Sendable {
        private var fence: (marker: UInt8, length: Int, lineIndex: Int, column: Int, inItem: Bool)?
        private var inItem = false
        // Whether the last line was paragraph text in the item: a line of text at the left margin
        // then continues it (a lazy continuation line, in CommonMark's words) and the item goes on.
        private var itemParagraph = false
        private var previousIsParagraph = false
        /// The last line read: the text of a setext heading when the line read next underlines it.
        private var previousLine = 0
        private var headings: [MarkdownHeading] = []
        private var unclosed: [UnclosedFence] = []
        private var literal: [LiteralBlock] = []
        // An HTML comment or indented code block outside list items, while it is open: its first
        // line and column; for indented code, its last non-blank line so far.
        private var comment: (lineIndex: Int, column: Int)?
        private var indented: (lineIndex: Int, column: Int, last: Int)?

        /// Whether the lines read so far leave a fenced code block open outside any list item: a
        /// line at the left margin read next is inside it (a fence in a list item ends there).
        var isInFence: Bool { fence.map { !$0.inItem } ?? false }

        /// Reads line `i` (0-based) of `content`.
        mutating func read(_ i: Int, _ content: TextBuffer.LineView) {
            let previous = previousLine
            previousLine = i
            let line = content(i)
            let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if let open = comment {
                if line.contains(bytes: "-->".utf8) {
                    literal.append(LiteralBlock(kind: .comment, lines: open.lineIndex..<(i + 1), column: open.column, isClosed: true))
                    comment = nil
                }
                return
            }
            if let open = indented {
                if isBlank { return }
                if MarkdownOutline.indentColumns(line) >= 4 {
                    indented = (open.lineIndex, open.column, i)
                    return
                }
                literal.append(LiteralBlock(kind: .indented, lines: open.lineIndex..<(open.last + 1), column: open.column, isClosed: true))
                indented = nil
            }
            // The line's text within a list item: without the two spaces (or tab) that put it there.
            let underItem = inItem && !isBlank && (line.first == 0x09 || line.prefix(2).elementsEqual([0x20, 0x20]))
            let itemText = underItem ? line.dropFirst(line.first == 0x09 ? 1 : 2) : line[...]
            let isText = line.first.map { $0 >= 0x41 && $0 != 0x60 && $0 != 0x7E && $0 != 0x5F && ($0 < 0x80 || $0 >= 0xC0) } ?? false
            if let open = fence {
                if open.inItem, !isBlank, !underItem {
                    unclosed.append(UnclosedFence(lineIndex: open.lineIndex, column: open.column, endedWithItem: true))
                    fence = nil
                    inItem = false
                } else {
                    let candidate = open.inItem ? itemText : line[...]
                    if let close = MarkdownOutline.fenceMarker(candidate), close.marker == open.marker, close.length >= open.length,
                       candidate.dropFirst(close.indent + close.length).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        if !open.inItem {
                            literal.append(LiteralBlock(kind: .fence, lines: open.lineIndex..<(i + 1), column: open.column, isClosed: true))
                        }
                        fence = nil
                    }
                    previousIsParagraph = false
                    return
                }
            }
            if isBlank { itemParagraph = false }
            if underItem {
                if let marker = MarkdownOutline.fenceMarker(itemText) {
                    fence = (marker.marker, marker.length, i, line.count - itemText.count + marker.indent + 1, true)
                    itemParagraph = false
                } else if itemText.prefix(while: { $0 == 0x20 }).count < 4 {
                    itemParagraph = itemText.drop { $0 == 0x20 }.first != 0x23
                }
                previousIsParagraph = false
                return
            }
            if inItem, itemParagraph, isText { return }
            if let itemStart = MarkdownOutline.listItemContent(line) {
                inItem = true
                itemParagraph = itemStart < line.count
                previousIsParagraph = false
                if let marker = MarkdownOutline.fenceMarker(line[itemStart...]) {
                    fence = (marker.marker, marker.length, i, itemStart + marker.indent + 1, true)
                    itemParagraph = false
                }
                return
            }
            if !isBlank { inItem = false }
            if isText {
                // Most lines are text: neither fences nor headings.
                previousIsParagraph = true
                return
            }
            if let marker = MarkdownOutline.fenceMarker(line[...]) {
                fence = (marker.marker, marker.length, i, marker.indent + 1, false)
                previousIsParagraph = false
                return
            }
            if let opening = MarkdownOutline.commentOpening(line) {
                if line[(opening + 2)...].contains(bytes: "-->".utf8) {
                    literal.append(LiteralBlock(kind: .comment, lines: i..<(i + 1), column: opening + 1, isClosed: true))
                } else {
                    comment = (i, opening + 1)
                }
                previousIsParagraph = false
                return
            }
            // Indented code cannot interrupt a paragraph: there, the line continues it.
            if !previousIsParagraph, !isBlank, MarkdownOutline.indentColumns(line) >= 4 {
                indented = (i, line.prefix { $0 == 0x20 || $0 == 0x09 }.count + 1, i)
                return
            }
            if let (level, title) = MarkdownOutline.atxHeading(line) {
                headings.append(MarkdownHeading(line: i, contentStart: i + 1, level: level, text: title))
                previousIsParagraph = false
                return
            }
            if previousIsParagraph, let level = MarkdownOutline.setextUnderline(line) {
                headings.append(MarkdownHeading(line: previous, contentStart: i + 1, level: level,
                                                text: MarkdownOutline.trimmed(content(previous))))
                previousIsParagraph = false
                return
            }
            previousIsParagraph = MarkdownOutline.isParagraphLine(line)
        }

        /// The outline of the lines read, in a file of `lineCount` lines: what is still open runs to its end.
        func outline(lineCount: Int) -> MarkdownOutline {
            var unclosed = unclosed, literal = literal
            if let open = fence {
                unclosed.append(UnclosedFence(lineIndex: open.lineIndex, column: open.column, endedWithItem: open.inItem))
                if !open.inItem {
                    literal.append(LiteralBlock(kind: .fence, lines: open.lineIndex..<lineCount, column: open.column, isClosed: false))
                }
            }
            if let open = comment {
                literal.append(LiteralBlock(kind: .comment, lines: open.lineIndex..<lineCount, column: open.column, isClosed: false))
            }
            if let open = indented {
                literal.append(LiteralBlock(kind: .indented, lines: open.lineIndex..<(open.last + 1), column: open.column, isClosed: true))
            }
            var outline = MarkdownOutline()
            outline.headings = headings
            outline.unclosedFences = unclosed
            outline.literalBlocks = literal
            return outline
        }
    }

    /// The offset of `<!--` on a line that opens an HTML comment block: after at most three spaces.
    private static func commentOpening(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        let indent = line.prefix { $0 == 0x20 }.count
        guard indent <= 3, line.dropFirst(indent).starts(with: "<!--".utf8) else { return nil }
        return indent
    }

    /// How far a line's text is indented, a tab reaching the next multiple of four columns.
    private static func indentColumns(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var columns = 0
        for byte in line {
            if byte == 0x20 { columns += 1 } else if byte == 0x09 { columns += 4 - columns % 4 } else { break }
        }
        return columns
    }

    /// The offset of a list item's content, for a line at the left margin that starts one: `-`,
    /// `*` or `+`, or up to nine digits and `.` or `)`, then a space or tab. A setext underline or
    /// a thematic break (`---`, `* * *`) is no list item.
    private static func listItemContent(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let content = PersonLink.listItemContent(line, from: 0), let first = line.first else { return nil }
        if first == 0x2D || first == 0x2A || first == 0x2B, isThematicBreak(line, first) { return nil }
        return content
    }

    /// Three or more of `marker` with only spaces and tabs between: `---`, `* * *`.
    private static func isThematicBreak(_ line: UnsafeBufferPointer<UInt8>, _ marker: UInt8) -> Bool {
        marker != 0x2B && line.allSatisfy { $0 == marker || $0 == 0x20 || $0 == 0x09 } && line.filter { $0 == marker }.count >= 3
    }

    /// A fence opener or closer: three or more backticks or tildes after at most three spaces.
    private static func fenceMarker(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> (marker: UInt8, length: Int, indent: Int)? {
        let indent = line.prefix { $0 == 0x20 }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let marker = rest.first, marker == 0x60 || marker == 0x7E else { return nil }
        let length = rest.prefix { $0 == marker }.count
        // A backtick fence's info string has no backticks (CommonMark).
        if marker == 0x60, rest.dropFirst(length).contains(0x60) { return nil }
        return length >= 3 ? (marker, length, indent) : nil
    }

    /// `#` to `######`, then a space or the end of the line; the text without closing `#`s.
    private static func atxHeading(_ line: UnsafeBufferPointer<UInt8>) -> (Int, String)? {
        let level = line.prefix { $0 == 0x23 }.count
        guard (1...6).contains(level) else { return nil }
        let rest = line.dropFirst(level)
        guard rest.isEmpty || rest.first == 0x20 || rest.first == 0x09 else { return nil }
        var title = Interaction.trimmingTrailingSpace(rest)
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
        String(decoding: Interaction.trimmingTrailingSpace(bytes.drop { $0 == 0x20 || $0 == 0x09 }), as: UTF8.self)
    }
}
