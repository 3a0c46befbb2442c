import CRMFormat

/// An open document as the editor holds it: its text, kept in step with every change the
/// client sends, and where its lines start.
struct TextDocument: Sendable {
    /// The URI the client named it by, given back as it came.
    let uri: String
    var version: Int?
    private(set) var bytes: [UInt8]
    /// The byte offset where each line starts (line ends: LF, CR LF or CR alone, as the protocol counts them).
    private(set) var lineStarts: [Int] = [0]

    init(uri: String, version: Int?, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        index()
    }

    /// A file's bytes, read from disk (UTF-8 text).
    init(uri: String, version: Int?, bytes: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        index()
    }

    private mutating func index() {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A {
                starts.append(i + 1)
            } else if byte == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    /// Line `i` without its line end; empty past the last line.
    func line(_ i: Int) -> ArraySlice<UInt8> {
        guard i >= 0, i < lineStarts.count else { return [] }
        var end = i + 1 < lineStarts.count ? lineStarts[i + 1] : bytes.count
        if end > lineStarts[i], bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[i], bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[lineStarts[i]..<end]
    }

    /// The byte offset of `position`: a line past the end is the end of the text, a character
    /// past the end of its line the end of the line.
    func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let line = line(position.line)
        return line.startIndex + encoding.byteOffset(position.character, in: line)
    }

    /// The position of byte `offset`.
    func position(ofOffset offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let line = line(low)
        let end = min(offset, line.endIndex)
        return Position(line: low, character: encoding.units(bytes[line.startIndex..<end]))
    }

    /// The position of a 1-based `line` and `column` counted in characters, as `crm check` gives them.
    func position(line: Int, column: Int, _ encoding: PositionEncoding) -> Position {
        let bytes = self.line(line - 1)
        var at = bytes.startIndex
        if column > 1 {
            if bytes.allSatisfy({ $0 < 0x80 }) {
                at = min(bytes.startIndex + column - 1, bytes.endIndex)
            } else {
                let text = String(decoding: bytes, as: UTF8.self)
                at = bytes.startIndex + text.prefix(column - 1).utf8.count
            }
        }
        return Position(line: max(line - 1, 0), character: encoding.units(bytes[bytes.startIndex..<at]))
    }

    /// The end of line `i` (0-based), before its line end.
    func endOfLine(_ i: Int, _ encoding: PositionEncoding) -> Position {
        Position(line: i, character: encoding.units(line(i)))
    }

    /// Replaces `range` (the whole text when nil) with `text`.
    mutating func replace(_ range: TextRange?, with text: String, _ encoding: PositionEncoding) {
        guard let range else {
            bytes = Array(text.utf8)
            index()
            return
        }
        let start = offset(of: range.start, encoding), end = max(start, offset(of: range.end, encoding))
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        index()
    }
}
