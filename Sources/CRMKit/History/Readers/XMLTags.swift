import CRMFormat

/// The start and end tags of an XML file, read a line at a time (`HistoryLines`), with only the
/// attributes asked for: what the Android backup readers need of XML, and no more. A tag may span
/// lines; an attribute not kept (a message's `body`, an MMS part's `data`) is passed over without
/// being copied. Comments, `<?…?>`, `<!DOCTYPE …>` and CDATA are skipped; text between tags is
/// never looked at.
struct XMLTags {
    /// A start tag (`<sms …>` or `<sms …/>`) or an end tag (`</mms>`).
    struct Tag {
        var name: [UInt8] = []
        var isEnd = false
        /// `<addr …/>`: no end tag follows.
        var isEmpty = false
        /// The kept attributes, their values as written (references not yet replaced).
        var attributes: [(name: [UInt8], value: [UInt8])] = []
        /// Where the `<` is: 1-based line and column (in bytes).
        var line = 0
        var column = 0

        func isNamed(_ wanted: StaticString) -> Bool { Self.equal(name, wanted) }

        /// The attribute's value with its references replaced (`&amp;`, `&#10;`…); nil when the
        /// tag does not have it. Throws for a reference that is not XML's.
        func text(_ attribute: StaticString) throws(HistoryFileError) -> String? {
            guard let raw = raw(attribute) else { return nil }
            guard let text = XMLText.decoded(raw) else {
                throw HistoryFileError(line: line, column: column, "\(attribute): a '&' that starts no XML reference ('&amp;', '&#10;')")
            }
            return text
        }

        /// The attribute as a whole number (`date="1763629200000"`); nil when absent or not one.
        func integer(_ attribute: StaticString) -> Int64? {
            guard let raw = raw(attribute), !raw.isEmpty, raw.count <= 18 else { return nil }
            var value: Int64 = 0
            var negative = false
            for (i, byte) in raw.enumerated() {
                if i == 0, byte == UInt8(ascii: "-") { negative = true; continue }
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return negative ? -value : value
        }

        private func raw(_ attribute: StaticString) -> [UInt8]? {
            attributes.first { Self.equal($0.name, attribute) }?.value
        }

        static func equal(_ bytes: [UInt8], _ text: StaticString) -> Bool {
            bytes.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }

    private enum State {
        case text, open, name, inTag, attributeName, afterAttributeName, beforeValue, value
        case comment, processing, declaration, cdata
    }

    private var lines: HistoryLines
    /// The attributes kept, by name.
    private let kept: [[UInt8]]
    private var line: ArraySlice<UInt8> = []
    private var position = 0
    private var state = State.text
    private var tag = Tag()
    private var attributeName: [UInt8] = []
    private var value: [UInt8] = []
    private var keepValue = false
    private var quote: UInt8 = 0
    /// How far an end marker (`-->`, `?>`, `]]>`) has been matched, across lines.
    private var matched = 0

    init(_ lines: HistoryLines, keeping attributes: [String]) {
        self.lines = lines
        kept = attributes.map { Array($0.utf8) }
    }

    /// How many bytes are read, of how many.
    var progress: (done: Int64, total: Int64) { lines.progress }

    /// The next tag; nil at the end of the file. Throws for what is not XML, at its line and column.
    mutating func next() throws(HistoryFileError) -> Tag? {
        while true {
            if position >= line.endIndex {
                guard let next = try lines.next() else {
                    guard state == .text else {
                        throw HistoryFileError(line: tag.line, column: tag.column, "the file ends inside this tag")
                    }
                    return nil
                }
                if lines.lineNumber > 1 { try endOfLine() }
                (line, position) = (next, next.startIndex)
                continue
            }
            if let found = try scan() { return found }
        }
    }

    /// A line break where the state is: white space in a tag, a space in a value (as XML reads one).
    private mutating func endOfLine() throws(HistoryFileError) {
        switch state {
        case .value: if keepValue { value.append(0x20) }
        case .open: throw HistoryFileError(line: tag.line, column: tag.column, "a '<' with no tag name after it")
        case .name:
            if tag.name.isEmpty { throw HistoryFileError(line: tag.line, column: tag.column, "a '<' with no tag name after it") }
            state = .inTag
        case .attributeName: state = .afterAttributeName
        case .comment, .processing, .cdata: matched = 0
        default: break
        }
    }

    private func error(_ message: String, at index: Int? = nil) -> HistoryFileError {
        HistoryFileError(line: lines.lineNumber, column: (index ?? position) - line.startIndex + 1, message)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    /// Reads on from `position` in the line: the tag it completes, or nil at the line's end.
    private mutating func scan() throws(HistoryFileError) -> Tag? {
        let end = line.endIndex
        while position < end {
            switch state {
            case .text:
                guard let open = line[position...].firstIndex(of: UInt8(ascii: "<")) else { position = end; return nil }
                tag.name.removeAll(keepingCapacity: true)
                tag.attributes.removeAll(keepingCapacity: true)
                (tag.isEnd, tag.isEmpty) = (false, false)
                (tag.line, tag.column) = (lines.lineNumber, open - line.startIndex + 1)
                position = open + 1
                state = .open
            case .open:
                switch line[position] {
                case UInt8(ascii: "/"): tag.isEnd = true; position += 1; state = .name
                case UInt8(ascii: "?"): position += 1; matched = 0; state = .processing
                case UInt8(ascii: "!"):
                    position += 1
                    if line[position...].starts(with: "--".utf8) { position += 2; matched = 0; state = .comment }
                    else if line[position...].starts(with: "[CDATA[".utf8) { position += 7; matched = 0; state = .cdata }
                    else { state = .declaration }
                default: state = .name
                }
            case .name:
                let start = position
                while position < end, !Self.isSpace(line[position]), line[position] != UInt8(ascii: "/"), line[position] != UInt8(ascii: ">") {
                    position += 1
                }
                tag.name += line[start..<position]
                if position < end {
                    if tag.name.isEmpty { throw error("a '<' with no tag name after it") }
                    state = .inTag
                }
            case .inTag:
                let byte = line[position]
                if Self.isSpace(byte) { position += 1; continue }
                if byte == UInt8(ascii: ">") {
                    position += 1
                    state = .text
                    return tag
                }
                if byte == UInt8(ascii: "/") {
                    guard position + 1 < end, line[position + 1] == UInt8(ascii: ">") else { throw error("a '/' in a tag not followed by '>'") }
                    tag.isEmpty = true
                    position += 2
                    state = .text
                    return tag
                }
                if tag.isEnd { throw error("an end tag with attributes") }
                if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "<") {
                    throw error("'\(Character(Unicode.Scalar(byte)))' where an attribute's name should be")
                }
                attributeName.removeAll(keepingCapacity: true)
                state = .attributeName
            case .attributeName:
                let start = position
                while position < end, !Self.isSpace(line[position]), line[position] != UInt8(ascii: "="),
                      line[position] != UInt8(ascii: ">"), line[position] != UInt8(ascii: "/") {
                    position += 1
                }
                attributeName += line[start..<position]
                if position < end { state = .afterAttributeName }
            case .afterAttributeName:
                let byte = line[position]
                if Self.isSpace(byte) { position += 1; continue }
                guard byte == UInt8(ascii: "=") else {
                    throw error("the attribute '\(String(decoding: attributeName, as: UTF8.self))' has no '=' and value")
                }
                position += 1
                state = .beforeValue
            case .beforeValue:
                let byte = line[position]
                if Self.isSpace(byte) { position += 1; continue }
                guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
                    throw error("the value of '\(String(decoding: attributeName, as: UTF8.self))' is not in quotes")
                }
                quote = byte
                keepValue = kept.contains(attributeName)
                value.removeAll(keepingCapacity: true)
                position += 1
                state = .value
            case .value:
                let close = line[position...].firstIndex(of: quote)
                if keepValue { value += line[position..<(close ?? end)] }
                guard let close else { position = end; return nil }
                if keepValue { tag.attributes.append((attributeName, value)) }
                position = close + 1
                state = .inTag
            case .comment, .processing, .cdata:
                let marker: [UInt8] = state == .comment ? Array("-->".utf8) : state == .cdata ? Array("]]>".utf8) : Array("?>".utf8)
                while position < end {
                    let byte = line[position]
                    position += 1
                    if byte == marker[matched] {
                        matched += 1
                        if matched == marker.count { state = .text; break }
                    } else {
                        matched = byte == marker[0] ? 1 : 0
                    }
                }
            case .declaration:
                guard let close = line[position...].firstIndex(of: UInt8(ascii: ">")) else { position = end; return nil }
                position = close + 1
                state = .text
            }
        }
        return nil
    }
}

/// XML's character references in an attribute's value.
enum XMLText {
    /// `bytes` with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and `&#xH;` replaced. A
    /// pair of references to UTF-16 surrogates (as some Android exports write an emoji) is the
    /// one character; a lone surrogate or a reference to no character is U+FFFD. Nil for a `&`
    /// that starts none of them.
    static func decoded(_ bytes: [UInt8]) -> String? {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingHigh: UInt32?
        func flushHigh() {
            if pendingHigh != nil { out += Array("\u{FFFD}".utf8); pendingHigh = nil }
        }
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "&") else {
                flushHigh()
                out.append(bytes[i])
                i += 1
                continue
            }
            guard let semicolon = bytes[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let name = bytes[(i + 1)..<semicolon]
            i = semicolon + 1
            var scalar: UInt32
            switch String(decoding: name, as: UTF8.self) {
            case "amp": scalar = 0x26
            case "lt": scalar = 0x3C
            case "gt": scalar = 0x3E
            case "quot": scalar = 0x22
            case "apos": scalar = 0x27
            case let reference where reference.hasPrefix("#x") || reference.hasPrefix("#X"):
                guard let number = UInt32(reference.dropFirst(2), radix: 16) else { return nil }
                scalar = number
            case let reference where reference.hasPrefix("#"):
                guard let number = UInt32(reference.dropFirst(), radix: 10) else { return nil }
                scalar = number
            default: return nil
            }
            if (0xD800...0xDBFF).contains(scalar) {
                flushHigh()
                pendingHigh = scalar
                continue
            }
            if (0xDC00...0xDFFF).contains(scalar), let high = pendingHigh {
                scalar = 0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00)
                pendingHigh = nil
            } else {
                flushHigh()
            }
            out += Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        }
        flushHigh()
        return String(decoding: out, as: UTF8.self)
    }
}
