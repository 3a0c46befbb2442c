import CRMFormat

/// What a position's `character` counts: UTF-16 code units unless the client offers UTF-8
/// (`general.positionEncodings`).
enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The encoding for a client that offers `offered` (nil: it names none).
    init(offered: [String]?) {
        self = offered?.contains(PositionEncoding.utf8.rawValue) == true ? .utf8 : .utf16
    }

    /// How many code units `bytes` (UTF-8) are.
    func units(_ bytes: some Collection<UInt8>) -> Int {
        switch self {
        case .utf8: return bytes.count
        case .utf16:
            // A scalar is one unit, two above U+FFFF (a four-byte sequence); continuation bytes count nothing.
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
            return count
        }
    }

    /// The byte offset in `bytes` (a line, UTF-8) where `units` code units end: the end of the
    /// line when it is shorter; the start of a character when `units` falls inside it.
    func byteOffset(_ units: Int, in bytes: ArraySlice<UInt8>) -> Int {
        if self == .utf8 {
            var at = min(max(units, 0), bytes.count)
            while at > 0, at < bytes.count, bytes[bytes.startIndex + at] & 0xC0 == 0x80 { at -= 1 }
            return at
        }
        var counted = 0
        var at = bytes.startIndex
        while at < bytes.endIndex {
            let byte = bytes[at]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            let width = length == 4 ? 2 : 1
            if counted + width > units { break }
            counted += width
            at = min(at + length, bytes.endIndex)
        }
        return at - bytes.startIndex
    }
}

/// A place in a document as the protocol says it: 0-based line, and `character` in the
/// negotiated code units.
struct Position: Equatable, Sendable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) { (self.line, self.character) = (line, character) }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
        (self.line, self.character) = (line, character)
    }

    var json: JSON { .object([("line", .number(line)), ("character", .number(character))]) }
}

/// A span between two positions.
struct TextRange: Equatable, Sendable {
    var start: Position
    var end: Position

    init(start: Position, end: Position) { (self.start, self.end) = (start, end) }

    init?(_ json: JSON?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        (self.start, self.end) = (start, end)
    }

    var json: JSON { .object([("start", start.json), ("end", end.json)]) }
}
