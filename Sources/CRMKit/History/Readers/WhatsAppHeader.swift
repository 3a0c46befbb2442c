/// The first line of a message in a WhatsApp chat export: the date and time the phone wrote,
/// then who sent it. Android writes `12/31/23, 9:41 PM - Name: text` (or `31/12/2023, 21:41 - `,
/// `31.12.23, 21:41 - `), iOS `[31.12.23, 21:41:05] Name: text`, with a U+200E mark before the
/// bracket on some lines. A line that does not start so continues the message before it.
struct WhatsAppHeader: Equatable {
    /// The date's three numbers in the order written, and how many digits the first had.
    var numbers: (Int, Int, Int)
    var firstDigits: Int
    /// `/`, `.` or `-`.
    var separator: UInt8
    /// Whether the time had an AM/PM mark.
    var twelveHour: Bool
    /// The time as written, in seconds (hours × 3600 + minutes × 60 + seconds; AM and PM not
    /// told apart): with the day, what tells one message from another in two exports of a chat.
    var time = 0
    /// Who sent it, as written after the time (bidirectional marks left out); nil for the lines
    /// WhatsApp writes itself ("Messages and calls are end-to-end encrypted", "Alice left").
    var sender: String?

    static func == (a: WhatsAppHeader, b: WhatsAppHeader) -> Bool {
        a.numbers == b.numbers && a.firstDigits == b.firstDigits && a.separator == b.separator
            && a.twelveHour == b.twelveHour && a.sender == b.sender
    }

    /// The header at the start of `line`, or nil when the line does not start with a date and time.
    static func parse(_ line: ArraySlice<UInt8>) -> WhatsAppHeader? {
        var scanner = Scanner(bytes: line)
        scanner.skipMarks()
        let bracketed = scanner.take(UInt8(ascii: "["))
        guard let (first, firstDigits) = scanner.number(maxDigits: 4),
              let separator = scanner.peek, [UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-")].contains(separator),
              scanner.take(separator),
              let (second, _) = scanner.number(maxDigits: 2), scanner.take(separator),
              let (third, thirdDigits) = scanner.number(maxDigits: 4), thirdDigits == 2 || thirdDigits == 4
        else { return nil }
        _ = scanner.take(separator)  // some locales end the date with a dot (`31.12.23.`)
        let comma = scanner.take(UInt8(ascii: ","))
        guard scanner.skipSpaces() || comma,
              let (hour, _) = scanner.number(maxDigits: 2), scanner.take(UInt8(ascii: ":")),
              let (minute, minuteDigits) = scanner.number(maxDigits: 2), minuteDigits == 2
        else { return nil }
        var time = hour * 3600 + minute * 60
        if scanner.take(UInt8(ascii: ":")) {
            guard let (second, secondDigits) = scanner.number(maxDigits: 2), secondDigits == 2 else { return nil }
            time += second
        }
        scanner.skipSpaces()
        let twelveHour = scanner.dayHalfMark()
        if bracketed {
            guard scanner.take(UInt8(ascii: "]")) else { return nil }
            scanner.skipSpaces()
        } else {
            scanner.skipSpaces()
            guard scanner.take(UInt8(ascii: "-")), scanner.skipSpaces() else { return nil }
        }
        return WhatsAppHeader(numbers: (first, second, third), firstDigits: firstDigits, separator: separator,
                              twelveHour: twelveHour, time: time, sender: scanner.sender())
    }

    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var at: Int

        init(bytes: ArraySlice<UInt8>) { (self.bytes, at) = (bytes, bytes.startIndex) }

        var peek: UInt8? { at < bytes.endIndex ? bytes[at] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            at += 1
            return true
        }

        mutating func number(maxDigits: Int) -> (Int, Int)? {
            var value = 0, digits = 0
            while digits < maxDigits, let byte = peek, byte >= 0x30, byte <= 0x39 {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                at += 1
            }
            if let byte = peek, byte >= 0x30, byte <= 0x39 { return nil }
            return digits > 0 ? (value, digits) : nil
        }

        /// Steps over spaces: ASCII, no-break (U+00A0) and narrow no-break (U+202F, which recent
        /// Android versions put before AM/PM). Whether there was one.
        @discardableResult
        mutating func skipSpaces() -> Bool {
            let start = at
            while true {
                if take(0x20) { continue }
                if matches([0xC2, 0xA0]) || matches([0xE2, 0x80, 0xAF]) { continue }
                return at > start
            }
        }

        /// Steps over U+FEFF and the bidirectional marks WhatsApp puts before some lines.
        mutating func skipMarks() {
            while matches([0xEF, 0xBB, 0xBF]) || matches([0xE2, 0x80, 0x8E]) || matches([0xE2, 0x80, 0x8F]) {}
        }

        /// `AM`, `pm`, `a.m.`, `p. m.`: letters and dots before the `]` or ` - `.
        mutating func dayHalfMark() -> Bool {
            let start = at
            while let byte = peek, byte == UInt8(ascii: ".") || byte == 0x20 || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
                if byte == 0x20, at + 1 < bytes.endIndex, bytes[at + 1] == UInt8(ascii: "-") { break }
                at += 1
            }
            while at > start, bytes[at - 1] == 0x20 { at -= 1 }
            return at > start
        }

        private mutating func matches(_ sequence: [UInt8]) -> Bool {
            guard bytes[at...].starts(with: sequence) else { return false }
            at += sequence.count
            return true
        }

        /// What comes before the first `: `, or nil when the rest has none.
        func sender() -> String? {
            var i = at
            while i + 1 < bytes.endIndex {
                if bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == 0x20 {
                    let name = WhatsAppHeader.withoutMarks(String(decoding: bytes[at..<i], as: UTF8.self))
                    return name.isEmpty ? nil : name
                }
                i += 1
            }
            return nil
        }
    }

    /// `text` without bidirectional and invisible formatting marks (WhatsApp wraps phone numbers
    /// in U+202A…U+202C), spaces of any width trimmed, and the `~ ` WhatsApp puts before the
    /// name a group member gave themselves.
    static func withoutMarks(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: continue
            case 0x00A0, 0x202F: scalars.append(" ")
            default: scalars.append(scalar)
            }
        }
        var name = Substring(String(scalars))
        while name.first == " " { name = name.dropFirst() }
        while name.last == " " { name = name.dropLast() }
        if name.hasPrefix("~") {
            name = name.dropFirst()
            while name.first == " " { name = name.dropFirst() }
        }
        return String(name)
    }
}
