import CRMFormat
import CRMVault

/// Splits vCard bytes into content lines: unfolds folded lines, joins quoted-printable soft line
/// breaks, and parses each line's name and parameters.
///
/// Works over the bytes with indices and copies no value until one is asked for (`octets(of:)`),
/// so the photos of a file of thousands of cards are stepped over, not decoded.
struct VCardLexer {
    /// What the lexer found on a line.
    enum Item {
        /// A well-formed content line.
        case property(VCardProperty)
        /// A line that is not a content line (no `:`, or a name that is not a vCard name).
        case malformed(line: Int)
    }

    private let bytes: [UInt8]
    private var position: Int
    private var lineNumber = 1

    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let colon = UInt8(ascii: ":")
    private static let semicolon = UInt8(ascii: ";")
    private static let equals = UInt8(ascii: "=")
    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let dot = UInt8(ascii: ".")
    private static let endOfCard = Array("END:VCARD".utf8)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The next content line or malformed line; blank lines are skipped. `nil` at the end.
    mutating func next() -> Item? {
        while position < bytes.count {
            let start = position
            let startLine = lineNumber
            var end = consumePhysicalLine()
            if isBlank(start..<end) { continue }
            end = consumeFolds(after: end)
            guard let header = parseHeader(start..<end) else { return .malformed(line: startLine) }
            if header.parameters.isQuotedPrintable {
                end = consumeSoftLineBreaks(after: end, valueStart: header.valueStart)
            } else if header.parameters.isBase64 {
                end = consumeBareBase64Lines(after: end)
            }
            return .property(VCardProperty(
                line: startLine, name: header.name, parameters: header.parameters,
                valueRange: header.valueStart..<end))
        }
        return nil
    }

    /// The value's octets: folds removed, quoted-printable decoded, nothing else changed.
    func octets(of property: VCardProperty) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(property.valueRange.count)
        var i = property.valueRange.lowerBound
        let end = property.valueRange.upperBound
        while i < end {
            let byte = bytes[i]
            if byte == Self.cr, i + 1 < end, bytes[i + 1] == Self.lf {
                i += 1
                continue
            }
            if byte == Self.lf {
                if i + 1 < end, bytes[i + 1] == Self.space || bytes[i + 1] == Self.tab {
                    i += 2
                } else {
                    // Only a quoted-printable soft line break leaves a line break in a value.
                    out.append(Self.lf)
                    i += 1
                }
                continue
            }
            out.append(byte)
            i += 1
        }
        return property.parameters.isQuotedPrintable ? QuotedPrintable.decode(out) : out
    }

    // MARK: - Physical lines

    /// Moves past the line at `position` and returns where its content ends (before CR LF).
    private mutating func consumePhysicalLine() -> Int {
        let start = position
        guard let lf = bytes[start...].firstIndex(of: Self.lf) else {
            position = bytes.count
            return bytes.count > start && bytes[bytes.count - 1] == Self.cr ? bytes.count - 1 : bytes.count
        }
        position = lf + 1
        lineNumber += 1
        return lf > start && bytes[lf - 1] == Self.cr ? lf - 1 : lf
    }

    /// Takes in the lines that start with a space or tab (folded continuations).
    private mutating func consumeFolds(after end: Int) -> Int {
        var end = end
        while position < bytes.count, bytes[position] == Self.space || bytes[position] == Self.tab {
            end = consumePhysicalLine()
        }
        return end
    }

    /// Quoted-printable: a value ending in `=` continues on the next line, which may start with
    /// no space (vCard 2.1 as Android writes it).
    private mutating func consumeSoftLineBreaks(after end: Int, valueStart: Int) -> Int {
        var end = end
        while end > valueStart, bytes[end - 1] == Self.equals, position < bytes.count,
              bytes[position] != Self.lf, bytes[position] != Self.cr, !nextLineIsEnd()
        {
            end = consumeFolds(after: consumePhysicalLine())
        }
        return end
    }

    /// Base64 values whose continuation lines lack the leading space (some 2.1 writers): lines
    /// without a `:`, even once unfolded, cannot be properties, so they belong to the value
    /// (`EMAIL;` folded before ` TYPE=WORK:…` is a property).
    private mutating func consumeBareBase64Lines(after end: Int) -> Int {
        var end = end
        while position < bytes.count {
            let lineEnd = bytes[position...].firstIndex(of: Self.lf) ?? bytes.count
            let line = bytes[position..<lineEnd]
            if line.isEmpty || line == [Self.cr] || bytes[position..<endOfFolds(after: lineEnd)].contains(Self.colon) { break }
            end = consumeFolds(after: consumePhysicalLine())
        }
        return end
    }

    /// Where the folded continuations of the line ending at `lineEnd` (its `LF`) end.
    private func endOfFolds(after lineEnd: Int) -> Int {
        var end = lineEnd
        while end + 1 < bytes.count, bytes[end + 1] == Self.space || bytes[end + 1] == Self.tab {
            end = bytes[(end + 1)...].firstIndex(of: Self.lf) ?? bytes.count
        }
        return end
    }

    private func nextLineIsEnd() -> Bool {
        let word = Self.endOfCard
        guard position + word.count <= bytes.count else { return false }
        return zip(bytes[position..<position + word.count], word).allSatisfy { asciiUppercased($0) == $1 }
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == Self.space || $0 == Self.tab || $0 == Self.cr }
    }

    // MARK: - Name and parameters

    /// Reads `[group "."] name *(";" param) ":"` from `range`, skipping folds; `nil` when the
    /// line has no `:`, its name or group is not made of letters, digits, dashes and
    /// underscores, or it has more than one group (`A.B.TEL`, which vobject and RFC 6350 refuse).
    private func parseHeader(_ range: Range<Int>) -> (name: String, parameters: VCardParameters, valueStart: Int)? {
        var i = skipFold(range.lowerBound, range.upperBound)
        var name: [UInt8] = []
        var hasGroup = false
        while i < range.upperBound, bytes[i] != Self.colon, bytes[i] != Self.semicolon {
            let byte = bytes[i]
            if byte == Self.dot, !name.isEmpty, !hasGroup {
                hasGroup = true
                name.removeAll(keepingCapacity: true)
            } else if isNameByte(byte) {
                name.append(byte)
            } else {
                return nil
            }
            i = skipFold(i + 1, range.upperBound)
        }
        guard i < range.upperBound, !name.isEmpty else { return nil }
        var parameters = VCardParameters()
        while i < range.upperBound, bytes[i] == Self.semicolon {
            guard let next = parseParameter(from: i + 1, end: range.upperBound, into: &parameters) else {
                return nil
            }
            i = next
        }
        guard i < range.upperBound, bytes[i] == Self.colon else { return nil }
        return (String(decoding: name, as: UTF8.self).uppercased(), parameters, i + 1)
    }

    /// Reads one parameter and returns the index of the `;` or `:` after it: `name=value[,value]…`,
    /// or a bare `name` (vCard 2.1's `CELL`) with, as Evolution and old phones write it, more bare
    /// names after commas (`MSG,WORK`: three types with `TYPE=VOICE;MSG,WORK`). `nil` when the
    /// name is empty or not made of letters, digits, dashes and underscores (`TYPE#WORK`, `;;`,
    /// `;,A`), which vobject and RFC 6350 refuse too. Values are read as vobject reads them: a
    /// quoted value may hold `;` and `:`; an unquoted one anything else, `=` included; a comma
    /// separates values, in quotes too (`TYPE="voice,home"`, as RFC 6350 writes a list).
    private func parseParameter(from start: Int, end: Int, into parameters: inout VCardParameters) -> Int? {
        var i = skipFold(start, end)
        var name: [UInt8] = []
        while i < end, bytes[i] != Self.equals, bytes[i] != Self.comma, bytes[i] != Self.semicolon, bytes[i] != Self.colon {
            guard isNameByte(bytes[i]) else { return nil }
            name.append(bytes[i])
            i = skipFold(i + 1, end)
        }
        guard !name.isEmpty else { return nil }
        let isBareList = i < end && bytes[i] == Self.comma
        var values: [String] = []
        if i < end, bytes[i] == Self.equals || isBareList {
            var value: [UInt8] = []
            var quoted = false
            i = skipFold(i + 1, end)
            while i < end {
                let byte = bytes[i]
                if byte == Self.quote {
                    quoted.toggle()
                } else if !quoted, byte == Self.semicolon || byte == Self.colon {
                    break
                } else if byte == Self.comma {
                    values.append(Self.trimmedString(value))
                    value.removeAll(keepingCapacity: true)
                } else {
                    value.append(byte)
                }
                i = skipFold(i + 1, end)
            }
            values.append(Self.trimmedString(value))
        }
        guard i < end else { return nil }
        if isBareList {
            for bare in [String(decoding: name, as: UTF8.self)] + values where !bare.isEmpty {
                parameters.add(name: bare, values: [])
            }
        } else {
            parameters.add(name: String(decoding: name, as: UTF8.self), values: values)
        }
        return i
    }

    /// Moves past the folds (`CR LF` or `LF`, then one space or tab) at `i`, if there are any.
    private func skipFold(_ i: Int, _ end: Int) -> Int {
        var i = i
        while true {
            let lf = i < end && bytes[i] == Self.cr ? i + 1 : i
            guard lf + 1 < end, bytes[lf] == Self.lf, bytes[lf + 1] == Self.space || bytes[lf + 1] == Self.tab
            else { return i }
            i = lf + 2
        }
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private func asciiUppercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    private static func trimmedString(_ bytes: [UInt8]) -> String {
        let isSpace = { (byte: UInt8) in byte == space || byte == tab }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
