/// An iCalendar file's content lines (RFC 5545 §3.1), read streamed: a physical line starting
/// with a space or tab continues the one before (the fold is removed with that one character),
/// then each line is split into name, parameters and value.
///
/// Writing folds is `ContentLine.folded`; this is the reading side, for files read a line at a
/// time. A logical line longer than `maxBytes` keeps only its first `maxBytes` (the properties
/// read here are short; a large inline attachment is not held).
struct ICalendarLines {
    struct Property {
        /// Upper case.
        var name: String
        /// Parameter names in upper case, with their values unquoted.
        var parameters: [String: [String]]
        var value: String
        var line: Int

        func parameter(_ name: String) -> String? { parameters[name]?.first }
    }

    enum Item {
        case property(Property)
        /// A line that is not `name[;param…]:value`.
        case malformed(line: Int)
    }

    static let maxBytes = 65_536

    private var lines: HistoryLines
    var progress: (done: Int64, total: Int64) { lines.progress }
    private var held: (bytes: [UInt8], line: Int)?

    init(_ lines: HistoryLines) { self.lines = lines }

    mutating func next() throws(HistoryFileError) -> Item? {
        while let (bytes, line) = try unfolded() {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard let property = Self.parse(bytes, line: line) else { return .malformed(line: line) }
            return .property(property)
        }
        return nil
    }

    /// The next logical line, folds removed, with the line it starts on.
    private mutating func unfolded() throws(HistoryFileError) -> (bytes: [UInt8], line: Int)? {
        var current: (bytes: [UInt8], line: Int)
        if let held {
            current = held
            self.held = nil
        } else {
            guard let line = try lines.next() else { return nil }
            current = (Array(line.prefix(Self.maxBytes)), lines.lineNumber)
            if current.line == 1, current.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { current.bytes.removeFirst(3) }
        }
        while let line = try lines.next() {
            guard let first = line.first, first == 0x20 || first == 0x09 else {
                held = (Array(line.prefix(Self.maxBytes)), lines.lineNumber)
                break
            }
            current.bytes += line.dropFirst().prefix(Swift.max(0, Self.maxBytes - current.bytes.count))
        }
        return current
    }

    /// `name *(";" param) ":" value`; a parameter's value may be quoted (and then hold `;`, `:`
    /// and `,`); unquoted values are separated by commas.
    static func parse(_ bytes: [UInt8], line: Int) -> Property? {
        var i = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
        }
        while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
        guard i > 0, i < bytes.count else { return nil }
        let name = String(decoding: bytes[..<i], as: UTF8.self).uppercased()
        var parameters: [String: [String]] = [:]
        while i < bytes.count, bytes[i] == UInt8(ascii: ";") {
            i += 1
            let start = i
            while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
            guard i > start, i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
            let parameter = String(decoding: bytes[start..<i], as: UTF8.self).uppercased()
            i += 1
            var values: [String] = []
            while true {
                var value: [UInt8] = []
                if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                    i += 1
                    while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { value.append(bytes[i]); i += 1 }
                    guard i < bytes.count else { return nil }
                    i += 1
                } else {
                    while i < bytes.count, ![UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[i]) {
                        value.append(bytes[i])
                        i += 1
                    }
                }
                values.append(String(decoding: value, as: UTF8.self))
                guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { break }
                i += 1
            }
            parameters[parameter, default: []] += values
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        return Property(name: name, parameters: parameters, value: String(decoding: bytes[(i + 1)...], as: UTF8.self), line: line)
    }
}
