/// Reads a flow sequence (`[a, "b", [c]]`) that may run over several lines.
struct FlowReader {
    struct Problem {
        var line: Int
        var offset: Int
        var rule: CheckRule
        var message: String
    }

    let lines: TextBuffer.LineView
    /// One past the last line the reader may use.
    let end: Int
    /// Where the reader stands: a line and a byte offset into its content.
    private(set) var line: Int
    private(set) var offset: Int
    private(set) var problem: Problem?
    /// Where quoted items stand: a line and a byte range of it (tabs there are text).
    private(set) var quotedRanges: [(Int, Range<Int>)] = []
    /// Deeper nesting than this is refused rather than risking the stack on hostile input.
    private static let maximumDepth = 64

    /// The indentation of the key (or list item) that holds the list: its later lines must be
    /// indented more.
    let parentIndent: Int

    /// Moves to the start of the next line; reports it when it is not indented enough.
    private mutating func nextLine() {
        line += 1
        offset = 0
        guard line < end else { return }
        let spaces = bytes.prefix { $0 == 0x20 }.count
        if spaces <= parentIndent, !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            offset = spaces
            fail("a list's next line must be indented more than its key, with spaces")
        }
    }

    private var bytes: UnsafeBufferPointer<UInt8> { lines(line) }

    private var current: UInt8? {
        offset < bytes.count ? bytes[bytes.startIndex + offset] : nil
    }

    private var next: UInt8? {
        offset + 1 < bytes.count ? bytes[bytes.startIndex + offset + 1] : nil
    }

    /// Moves past spaces, comments and line ends; returns the next byte, nil at the end of the YAML.
    private mutating func skipSpace() -> UInt8? {
        while line < end {
            while let byte = current, byte == 0x20 || byte == 0x09 { offset += 1 }
            // `#` starts a comment only at the start of a line or after white space.
            if let byte = current, byte != 0x23 || (offset > 0 && bytes[bytes.startIndex + offset - 1] != 0x20
                                                     && bytes[bytes.startIndex + offset - 1] != 0x09) { return byte }
            nextLine()
        }
        return nil
    }

    private mutating func fail(_ message: String, rule: CheckRule = .yamlSyntax) {
        if problem == nil { problem = Problem(line: min(line, end - 1), offset: offset, rule: rule, message: message) }
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
            fail("unsupported YAML (flow mapping inside a list) is kept as written", rule: .yamlUnsupported)
            return .empty
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return quoted()
        case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
            fail("unsupported YAML (anchor, alias or tag inside a list) is kept as written", rule: .yamlUnsupported)
            return .empty
        case UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "%"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "#"):
            fail("an unquoted list item cannot start with '\(Character(Unicode.Scalar(current!)))'; quote the item")
            return .empty
        case UInt8(ascii: "-") where [nil, 0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "]")].contains(next):
            fail("a block list item ('- ') inside a flow list; quote the item")
            return .empty
        default: return plain()
        }
    }

    /// A quoted item, possibly over several lines (folded as in a block value).
    private mutating func quoted() -> YAMLNode {
        let quote = current!
        var pieces: [YAMLScalarDecoding.Line] = []
        var from = offset + 1
        while line < end {
            let b = bytes
            let j = YAMLScalarDecoding.closingQuote(quote, in: b, from: b.startIndex + from)
            quotedRanges.append((line, (pieces.isEmpty ? offset : 0)..<min(j - b.startIndex + 1, b.count)))
            if j < b.endIndex {
                pieces.append(b[(b.startIndex + from)..<j])
                offset = j - b.startIndex + 1
                if quote == 0x27 { return .scalar(YAMLScalarDecoding.singleQuoted(pieces), .singleQuoted) }
                do {
                    return .scalar(try YAMLScalarDecoding.doubleQuoted(pieces), .doubleQuoted)
                } catch {
                    fail("unknown escape '\(error.text)' in a double-quoted value")
                    return .empty
                }
            }
            pieces.append(b[min(b.startIndex + from, b.endIndex)...])
            nextLine()
            from = 0
        }
        line = end - 1
        fail("unterminated quoted value in a list")
        return .empty
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
            if c == UInt8(ascii: ":"),
               j + 1 == b.endIndex || [0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "]")].contains(b[j + 1]) {
                offset = j - b.startIndex
                fail("unsupported YAML (a key and value inside a list) is kept as written", rule: .yamlUnsupported)
                return .empty
            }
            if c == UInt8(ascii: "?") || (c == UInt8(ascii: ":") && j == start) {
                // YAML 1.1 readers (PyYAML) end an unquoted item at any '?' inside a list, and
                // refuse one that starts with ':'.
                offset = j - b.startIndex
                fail("'\(Character(Unicode.Scalar(c)))' in an unquoted list item is read differently by YAML 1.1 readers; quote the item",
                     rule: .yamlUnsupported)
                return .empty
            }
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
        if e == start {
            fail("empty item in a list")
            return .empty
        }
        return .scalar(String(decoding: b[start..<e], as: UTF8.self), .plain)
    }
}
