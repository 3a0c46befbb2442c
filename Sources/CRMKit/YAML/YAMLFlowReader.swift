/// Reads a flow sequence (`[a, "b", [c]]`) that may run over several lines.
struct FlowReader {
    struct Problem {
        var line: Int
        var offset: Int
        var severity: Diagnostic.Severity
        var message: String
    }

    let lines: TextBuffer.LineView
    /// One past the last line the reader may use.
    let end: Int
    /// Where the reader stands: a line and a byte offset into its content.
    private(set) var line: Int
    private(set) var offset: Int
    private(set) var problem: Problem?
    /// Deeper nesting than this is refused rather than risking the stack on hostile input.
    private static let maximumDepth = 64

    init(lines: TextBuffer.LineView, end: Int, line: Int, offset: Int) {
        self.lines = lines
        self.end = end
        self.line = line
        self.offset = offset
    }

    private var bytes: UnsafeBufferPointer<UInt8> { lines(line) }

    private var current: UInt8? {
        offset < bytes.count ? bytes[bytes.startIndex + offset] : nil
    }

    /// Moves past spaces, comments and line ends; returns the next byte, nil at the end of the YAML.
    private mutating func skipSpace() -> UInt8? {
        while line < end {
            while let byte = current, byte == 0x20 || byte == 0x09 { offset += 1 }
            if let byte = current, byte != 0x23 { return byte }
            line += 1
            offset = 0
        }
        return nil
    }

    private mutating func fail(_ message: String, severity: Diagnostic.Severity = .error) {
        if problem == nil { problem = Problem(line: min(line, end - 1), offset: offset, severity: severity, message: message) }
    }

    /// Reads `[ … ]` starting at the `[`; on a problem returns `.empty` and sets `problem`.
    mutating func sequence(depth: Int = 0) -> YAMLNode {
        guard depth < FlowReader.maximumDepth else {
            fail("lists nested more than \(FlowReader.maximumDepth) deep")
            return .empty
        }
        let open = (line, offset)
        offset += 1
        var items: [YAMLNode] = []
        while problem == nil {
            guard let byte = skipSpace() else {
                line = open.0
                offset = open.1
                fail("unterminated list: no closing ']'")
                line = end - 1
                return .empty
            }
            if byte == UInt8(ascii: "]") { offset += 1; return .sequence(items) }
            items.append(item(depth: depth))
            guard problem == nil, let next = skipSpace() else { continue }
            if next == UInt8(ascii: ",") { offset += 1 }
            else if next != UInt8(ascii: "]") { fail("expected ',' or ']' in a list") }
        }
        return .empty
    }

    private mutating func item(depth: Int) -> YAMLNode {
        switch current {
        case UInt8(ascii: "["): return sequence(depth: depth + 1)
        case UInt8(ascii: "{"):
            fail("unsupported YAML (flow mapping inside a list) is kept as written", severity: .warning)
            return .empty
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return quoted()
        case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
            fail("unsupported YAML (anchor, alias or tag inside a list) is kept as written", severity: .warning)
            return .empty
        default: return plain()
        }
    }

    /// A quoted item; it must close on the line it opens.
    private mutating func quoted() -> YAMLNode {
        let quote = current!
        let b = bytes
        var j = b.startIndex + offset + 1
        while j < b.endIndex {
            if b[j] == quote {
                if quote == 0x27, j + 1 < b.endIndex, b[j + 1] == 0x27 { j += 2; continue }
                break
            }
            if quote == 0x22, b[j] == 0x5C { j += 2; continue }
            j += 1
        }
        guard j < b.endIndex else {
            fail("unterminated quoted value in a list")
            return .empty
        }
        let inner = b[(b.startIndex + offset + 1)..<j]
        offset = j - b.startIndex + 1
        if quote == 0x27 { return .scalar(YAMLScalarDecoding.singleQuoted(inner), .singleQuoted) }
        do {
            return .scalar(try YAMLScalarDecoding.doubleQuoted(inner), .doubleQuoted)
        } catch {
            fail("unknown escape '\(error.text)' in a double-quoted value")
            return .empty
        }
    }

    /// A plain item: up to `,`, `]`, a comment or the end of the line.
    private mutating func plain() -> YAMLNode {
        let b = bytes
        let start = b.startIndex + offset
        var j = start
        while j < b.endIndex {
            let c = b[j]
            if c == UInt8(ascii: ",") || c == UInt8(ascii: "]") { break }
            if c == UInt8(ascii: "#"), j > start, b[j - 1] == 0x20 || b[j - 1] == 0x09 { break }
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") || c == UInt8(ascii: "}") {
                offset = j - b.startIndex
                fail("unexpected '\(Character(Unicode.Scalar(c)))' in a list item; quote the item")
                return .empty
            }
            j += 1
        }
        var e = j
        while e > start, b[e - 1] == 0x20 || b[e - 1] == 0x09 { e -= 1 }
        offset = j - b.startIndex
        return .scalar(String(decoding: b[start..<e], as: UTF8.self), .plain)
    }
}
