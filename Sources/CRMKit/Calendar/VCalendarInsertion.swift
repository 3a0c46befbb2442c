import CRMFormat
import CRMVault

/// Adding an event to the bytes of an existing `.ics` file without touching any other byte.
enum VCalendarInsertion {
    /// `file` with `event` inserted right before its last `END:VCALENDAR` line, or `nil` when no
    /// `BEGIN:VCALENDAR` line comes before one. The event's lines end in LF instead of CRLF when
    /// the line before the insertion does.
    static func inserting(_ event: ICalendarEvent, into file: [UInt8]) -> [UInt8]? {
        var sawBegin = false
        var insertion: Int?
        var lineStart = 0
        while lineStart < file.count {
            let lineEnd = file[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? file.count
            let line = trimmed(file[lineStart..<lineEnd])
            if matches(line, "BEGIN:VCALENDAR") {
                sawBegin = true
            } else if sawBegin && matches(line, "END:VCALENDAR") {
                insertion = lineStart
            }
            lineStart = lineEnd + 1
        }
        guard let insertion else { return nil }
        var eventBytes = Array(event.rendered.utf8)
        let previousLineUsesCRLF = insertion < 2 || file[insertion - 2] == UInt8(ascii: "\r")
        if !previousLineUsesCRLF {
            eventBytes.removeAll { $0 == UInt8(ascii: "\r") }
        }
        return Array(file[..<insertion]) + eventBytes + Array(file[insertion...])
    }

    /// `line` without its trailing CR, spaces and tabs.
    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let last = line.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            line.removeLast()
        }
        return line
    }

    /// Whether `line` is `expected`, ignoring ASCII case (iCalendar names are case-insensitive).
    private static func matches(_ line: ArraySlice<UInt8>, _ expected: String) -> Bool {
        line.count == expected.utf8.count && zip(line, expected.utf8).allSatisfy { lhs, rhs in
            lhs | 0x20 == rhs | 0x20
        }
    }
}
