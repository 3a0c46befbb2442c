import CRMFormat

/// JSON (RFC 8259) read a token at a time from streamed lines, so a large export is never held
/// whole (a file written on one line is, as that line). No token spans lines: a string holds no
/// raw line break. Each token knows the line and column it starts at.
struct JSONTokens {
    enum Token: Equatable {
        case beginObject, endObject, beginArray, endArray, colon, comma
        case string(String)
        /// A number, as its literal text.
        case number(String)
        case `true`, `false`, null

        var isScalar: Bool {
            switch self {
            case .string, .number, .true, .false, .null: true
            default: false
            }
        }
    }

    private var lines: HistoryLines
    var progress: (done: Int64, total: Int64) { lines.progress }
    private var line: ArraySlice<UInt8> = []
    private var at = 0
    /// Where the token `next()` returned last starts (1-based).
    private(set) var tokenLine = 0
    private(set) var tokenColumn = 0

    init(_ lines: HistoryLines) { self.lines = lines }

    /// The next token, or nil at the end of the text.
    mutating func next() throws(HistoryFileError) -> Token? {
        while true {
            while at < line.endIndex, [0x20, 0x09, 0x0D].contains(line[at]) { at += 1 }
            if at < line.endIndex { break }
            line = []  // let go of the reader's buffer before it reads on
            guard let next = try lines.next() else { return nil }
            (line, at) = (next, next.startIndex)
            if lines.lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { at += 3 }
        }
        tokenLine = lines.lineNumber
        tokenColumn = at - line.startIndex + 1
        let byte = line[at]
        if byte == UInt8(ascii: "\"") { return .string(try string()) }
        at += 1
        switch byte {
        case UInt8(ascii: "{"): return .beginObject
        case UInt8(ascii: "}"): return .endObject
        case UInt8(ascii: "["): return .beginArray
        case UInt8(ascii: "]"): return .endArray
        case UInt8(ascii: ":"): return .colon
        case UInt8(ascii: ","): return .comma
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = at - 1
            while at < line.endIndex, Self.isNumberByte(line[at]) { at += 1 }
            return .number(String(decoding: line[start..<at], as: UTF8.self))
        case UInt8(ascii: "t"): try word("rue"); return .true
        case UInt8(ascii: "f"): try word("alse"); return .false
        case UInt8(ascii: "n"): try word("ull"); return .null
        default: throw error("not JSON here: an unexpected character")
        }
    }

    /// A `HistoryFileError` at the last token.
    func error(_ message: String) -> HistoryFileError {
        HistoryFileError(line: tokenLine, column: tokenColumn, message)
    }

    /// The string at the token, read as `JSONParser` reads one; an error where it breaks JSON's rules.
    private mutating func string() throws(HistoryFileError) -> String {
        do { return try JSONParser.string(in: line, at: &at) } catch {
            guard error.offset < line.endIndex else { throw self.error("a string that does not end on its line") }
            throw HistoryFileError(line: tokenLine, column: error.offset - line.startIndex + 1, "not JSON here: " + error.reason)
        }
    }

    private mutating func word(_ rest: String) throws(HistoryFileError) {
        guard line[at...].starts(with: rest.utf8) else { throw error("not JSON here: an unexpected word") }
        at += rest.utf8.count
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
