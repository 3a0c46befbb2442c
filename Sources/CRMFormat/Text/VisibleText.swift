/// How text that a file, an import or a daily note supplies reaches a terminal: characters that
/// would act on the terminal or reorder the text around them are shown as what they are, the way
/// `git`'s quoted paths and `ls -b` show them, and every other character as it is.
///
/// Shown escaped:
/// - C0 controls and DEL: `\a` `\b` `\t` `\n` `\v` `\f` `\r` `\e`, the others `\x01`;
/// - C1 controls (U+0080 to U+009F, which some terminals take as ESC sequences: U+009B is CSI):
///   `\x9b`;
/// - the bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069),
///   which reorder all the text after them up to the end of the line, `crm`'s own included:
///   `<U+202E>`;
/// - a byte that is not part of valid UTF-8: `\xff`.
///
/// The bidirectional marks (U+200E, U+200F, U+061C) stay: they only settle the direction of the
/// punctuation beside them, right-to-left names need them, and they reorder nothing else. A
/// backslash stays one backslash: the escapes are for reading, not for reading back.
///
/// Which line breaks and tabs pass as they are depends on where the text goes (`Passing`).
/// `crm browse` draws with the same rule (`Screen.put`), and JSON escapes the same characters as
/// `\u` escapes (`JSON.writeString`).
package enum VisibleText {
    /// What passes as it is.
    package enum Passing: Sendable {
        /// Nothing: one cell of a table, one line of a message, a name.
        case nothing
        /// Line feeds and tabs: a command's output and its messages.
        case lineFeedsAndTabs
        /// Line feeds, tabs and a carriage return before a line feed: a file's bytes for another
        /// program (CSV and vCard lines end in CR LF).
        case lineEnds
    }

    /// Whether `scalar` is shown escaped (with line feed and tab, which `Passing` may let through).
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// How `scalar` is shown when escaped: `\e`, `\x9b`, `<U+202E>`.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\u{07}": return "\\a"
        case "\u{08}": return "\\b"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\u{0B}": return "\\v"
        case "\u{0C}": return "\\f"
        case "\r": return "\\r"
        case "\u{1B}": return "\\e"
        default:
            if scalar.value <= 0x9F { return byteEscape(UInt8(scalar.value)) }
            return "<U+" + hex(scalar.value, digits: 4) + ">"
        }
    }

    /// `text` with the characters that `passing` does not let through escaped.
    package static func shown(_ text: some StringProtocol, passing: Passing = .nothing) -> String {
        var text = String(text)
        let plain = text.withUTF8 { !needsEscape($0, passing: passing) }
        if plain { return text }
        var out: [UInt8] = []
        append(Array(text.utf8)[...], passing: passing, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `bytes` to `out` with the characters that `passing` does not let through, and every
    /// byte that is not part of valid UTF-8, escaped.
    package static func append(_ bytes: ArraySlice<UInt8>, passing: Passing, to out: inout [UInt8]) {
        var i = bytes.startIndex
        var run = i   // start of the bytes not copied yet
        func escape(_ text: String, length: Int) {
            out.append(contentsOf: bytes[run..<i])
            out.append(contentsOf: text.utf8)
            i += length
            run = i
        }
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte >= 0x20, byte < 0x7F { i += 1; continue }
            if byte < 0x80 {
                let passes = switch byte {
                case 0x0A, 0x09: passing != .nothing
                case 0x0D: passing == .lineEnds && i + 1 < bytes.endIndex && bytes[i + 1] == 0x0A
                default: false
                }
                if passes { i += 1 } else { escape(Self.escape(Unicode.Scalar(byte)), length: 1) }
                continue
            }
            guard let (scalar, length) = decode(bytes, at: i) else {
                escape(byteEscape(byte), length: 1)
                continue
            }
            if isEscaped(scalar) { escape(Self.escape(scalar), length: length) } else { i += length }
        }
        out.append(contentsOf: bytes[run...])
    }

    /// Whether `append` would change `bytes`.
    private static func needsEscape<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, passing: Passing) -> Bool where Bytes.Index == Int {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte >= 0x20, byte < 0x7F { i += 1; continue }
            if byte < 0x80 {
                if passing == .nothing || (byte != 0x0A && byte != 0x09) { return true }
                i += 1
                continue
            }
            guard let (scalar, length) = decode(bytes, at: i), !isEscaped(scalar) else { return true }
            i += length
        }
        return false
    }

    /// The scalar whose UTF-8 starts at `i`, and its length; nil when the bytes there are not
    /// valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
    private static func decode<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at i: Int) -> (Unicode.Scalar, Int)? where Bytes.Index == Int {
        let lead = bytes[i]
        let length: Int
        var value: UInt32
        var low: UInt8 = 0x80, high: UInt8 = 0xBF   // the range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3; value = UInt32(lead & 0x0F)
            if lead == 0xE0 { low = 0xA0 } else if lead == 0xED { high = 0x9F }
        case 0xF0...0xF4:
            length = 4; value = UInt32(lead & 0x07)
            if lead == 0xF0 { low = 0x90 } else if lead == 0xF4 { high = 0x8F }
        default: return nil
        }
        guard i + length <= bytes.endIndex else { return nil }
        for k in 1..<length {
            let byte = bytes[i + k]
            guard byte >= (k == 1 ? low : 0x80), byte <= (k == 1 ? high : 0xBF) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    private static func byteEscape(_ byte: UInt8) -> String { "\\x" + hex(UInt32(byte), digits: 2) }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: digits == 4)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
