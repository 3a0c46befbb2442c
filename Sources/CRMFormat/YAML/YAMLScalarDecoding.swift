/// Decoding of quoted and block scalars, with YAML's line folding.
enum YAMLScalarDecoding {
    /// A piece of one line of the file, read in place (see `TextBuffer.withLines`).
    typealias Line = Slice<UnsafeBufferPointer<UInt8>>

    /// A backslash escape that YAML does not define, at a byte offset into the scalar's first line
    /// or a later one.
    struct InvalidEscape: Error { var text: String }

    /// Folds the lines of a multi-line quoted scalar and decodes each line: a single line break
    /// becomes a space, each empty line a newline; continuation lines lose their leading white
    /// space and every line but the last its trailing white space. With `escapes`, a line ending in
    /// an odd number of backslashes is an escaped line break and joins with nothing.
    private static func fold(_ lines: [Line], escapes: Bool,
                             decode: (Line) throws(InvalidEscape) -> String) throws(InvalidEscape) -> String {
        var result = ""
        var emptyLines = 0
        var joinNext = false
        for (k, raw) in lines.enumerated() {
            var line = raw
            let isLast = k == lines.count - 1
            if k > 0 { line = line.drop { $0 == 0x20 || $0 == 0x09 } }
            var escapedBreak = false
            if !isLast {
                if escapes && backslashes(endingAt: line.endIndex, in: line) % 2 == 1 {
                    escapedBreak = true
                    line = line.dropLast()
                } else {
                    var end = line.endIndex
                    while end > line.startIndex, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
                    // An escaped space or tab (`\ `) is content, not trailing white space.
                    if escapes, end < line.endIndex, backslashes(endingAt: end, in: line) % 2 == 1 { end += 1 }
                    line = line[..<end]
                }
            }
            if k > 0 {
                // A line that held only an escaped break is not an empty line.
                if line.isEmpty && !isLast && !escapedBreak { emptyLines += 1; continue }
                result += emptyLines > 0 ? String(repeating: "\n", count: emptyLines) : joinNext ? "" : " "
                emptyLines = 0
            }
            result += try decode(line)
            joinNext = escapedBreak
        }
        return result
    }

    /// How many backslashes stand just before `end` in `line`.
    private static func backslashes(endingAt end: Int, in line: Line) -> Int {
        var i = end
        while i > line.startIndex, line[i - 1] == 0x5C { i -= 1 }
        return end - i
    }

    /// Where the quote that closes a `quote`d scalar stands on line `b`, looking from `i`: `''` in
    /// single quotes and a `\` and the byte after it in double quotes do not close it. `b.endIndex`
    /// or past it when the line does not close it.
    static func closingQuote(_ quote: UInt8, in b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        var j = i
        while j < b.endIndex {
            if b[j] == quote {
                if quote == 0x27, j + 1 < b.endIndex, b[j + 1] == 0x27 { j += 2; continue }
                break
            }
            j += quote == 0x22 && b[j] == 0x5C ? 2 : 1
        }
        return j
    }

    /// The text between single quotes (`''` is one quote).
    static func singleQuoted(_ lines: [Line]) -> String {
        // A closure that cannot throw never throws: `try!` is safe here.
        try! fold(lines, escapes: false, decode: singleQuoted)
    }

    /// The text of one line between single quotes.
    static func singleQuoted(_ line: Line) -> String {
        let text = String(decoding: line, as: UTF8.self)
        guard line.contains(0x27) else { return text }
        return text.split(separator: "''", omittingEmptySubsequences: false).joined(separator: "'")
    }

    /// The text between double quotes, with YAML's escapes.
    static func doubleQuoted(_ lines: [Line]) throws(InvalidEscape) -> String {
        try fold(lines, escapes: true, decode: doubleQuoted)
    }

    /// Plain multi-line scalars fold like quoted ones, without escapes.
    static func plain(_ lines: [Line]) -> String {
        try! fold(lines, escapes: false) { String(decoding: $0, as: UTF8.self) }
    }

    /// The text of one line between double quotes, with YAML's escapes.
    static func doubleQuoted(_ line: Line) throws(InvalidEscape) -> String {
        guard line.contains(0x5C) else { return String(decoding: line, as: UTF8.self) }
        var out: [UInt8] = []
        var i = line.startIndex
        func append(_ scalar: Unicode.Scalar) { out.append(contentsOf: Array(String(scalar).utf8)) }
        while i < line.endIndex {
            let byte = line[i]
            guard byte == 0x5C, i + 1 < line.endIndex else { out.append(byte); i += 1; continue }
            let code = line[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "0"): out.append(0)
            case UInt8(ascii: "a"): out.append(7)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "t"), 0x09: out.append(9)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "v"): out.append(11)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "e"): out.append(0x1B)
            case 0x20, 0x22, 0x2F, 0x5C: out.append(code)
            case UInt8(ascii: "N"): append("\u{85}")
            case UInt8(ascii: "_"): append("\u{A0}")
            case UInt8(ascii: "L"): append("\u{2028}")
            case UInt8(ascii: "P"): append("\u{2029}")
            case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let width = code == UInt8(ascii: "x") ? 2 : code == UInt8(ascii: "u") ? 4 : 8
                guard i + width <= line.endIndex,
                      let value = UInt32(String(decoding: line[i..<(i + width)], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(value) else {
                    throw InvalidEscape(text: "\\" + String(decoding: [code], as: UTF8.self))
                }
                append(scalar)
                i += width
            default:
                throw InvalidEscape(text: "\\" + String(decoding: [code], as: UTF8.self))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of a block scalar (`|` literal or `>` folded) from its lines with the content
    /// indentation removed, after the chomping indicator (`-` strip, `+` keep, none clip).
    static func block(_ lines: [Line], folded: Bool, chomping: UInt8?) -> String {
        var end = lines.count
        while end > 0, lines[end - 1].isEmpty { end -= 1 }
        let trailingBreaks = lines.count - end
        var body = ""
        var previousMoreIndented: Bool? = nil
        var emptyLines = 0
        for line in lines[..<end] {
            if line.isEmpty { emptyLines += 1; continue }
            let moreIndented = line.first == 0x20 || line.first == 0x09
            switch previousMoreIndented {
            case nil: body += String(repeating: "\n", count: emptyLines)
            case false? where folded && !moreIndented:
                body += emptyLines > 0 ? String(repeating: "\n", count: emptyLines) : " "
            default: body += String(repeating: "\n", count: emptyLines + 1)
            }
            body += String(decoding: line, as: UTF8.self)
            previousMoreIndented = moreIndented
            emptyLines = 0
        }
        if previousMoreIndented == nil {
            return chomping == UInt8(ascii: "+") ? String(repeating: "\n", count: lines.count) : ""
        }
        switch chomping {
        case UInt8(ascii: "-"): return body
        case UInt8(ascii: "+"): return body + "\n" + String(repeating: "\n", count: trailingBreaks)
        default: return body + "\n"
        }
    }
}
