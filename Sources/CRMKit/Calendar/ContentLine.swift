import CRMFormat
import CRMVault

// RFC 5545 §3.1 and §3.3.11: content lines, folding and TEXT escaping.

enum ContentLine {
    /// The largest number of octets on one physical line, not counting its CRLF.
    static let maxOctets = 75

    /// `line` folded into physical lines of at most 75 octets, each ending in CRLF; a continuation
    /// line starts with one space. A fold never falls inside a UTF-8 sequence.
    static func folded(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 36 + 2)
        var lineStart = 0
        var limit = maxOctets
        while bytes.count - lineStart > limit {
            var end = lineStart + limit
            while isContinuationByte(bytes[end]) { end -= 1 }
            output += bytes[lineStart..<end]
            output += [0x0D, 0x0A, 0x20]
            lineStart = end
            limit = maxOctets - 1
        }
        output += bytes[lineStart...]
        output += [0x0D, 0x0A]
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` as an iCalendar TEXT value: `\` `;` `,` escaped with a backslash, each line break
    /// (CR LF, CR or LF) written `\n`, other control characters except tab left out (TEXT has none).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}": break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isContinuationByte(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }
}
