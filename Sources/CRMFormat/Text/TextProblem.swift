/// Why a file's bytes are not text the tool reads, said as what they are: the one rule every
/// reader of a person file, a daily note or a settings file follows (docs/safety.md, "What a
/// file is, is said"). A file with such a problem is not read at all and never written.
package struct TextProblem: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// UTF-16 (`bits` 16) or UTF-32 (32) text, told by its byte order mark or, without one, by
        /// the zero bytes every ASCII character has in it.
        case wideText(bits: Int)
        case nulBytes
        case invalidUTF8
        /// Lines ended by a lone carriage return (classic Mac OS): read as lines of UTF-8 text
        /// they would be one long line.
        case loneCarriageReturns
    }

    package let kind: Kind
    /// 1-based line the problem shows first on, as the file's `\n` line ends count lines.
    package let line: Int

    /// What the file is, with what to do about it: "it is UTF-16 text: save it as UTF-8".
    package var reason: String {
        switch kind {
        case .wideText(let bits): "it is UTF-\(bits) text: save it as UTF-8"
        case .nulBytes: "it contains NUL bytes (is it a binary file?)"
        case .invalidUTF8: "it is not valid UTF-8 text"
        case .loneCarriageReturns: "its lines end in a lone carriage return (CR); save it with LF or CRLF line ends"
        }
    }

    /// The problem with `bytes`, nil when they are UTF-8 text with `\n` or `\r\n` line ends (a
    /// stray `\r` inside a line of such a file is text).
    package init?(_ bytes: [UInt8]) {
        if let bits = Self.wideTextBits(bytes) {
            (kind, line) = (.wideText(bits: bits), 1)
            return
        }
        let hasNUL = bytes.withUnsafeBufferPointer { Bytes.firstIndex(of: 0, in: $0) != nil }
        if hasNUL || !UTF8Validation.isValid(bytes) {
            (kind, line) = (hasNUL ? .nulBytes : .invalidUTF8, Self.firstBadLine(bytes))
            return
        }
        guard Self.linesEndInLoneCarriageReturns(bytes) else { return nil }
        (kind, line) = (.loneCarriageReturns, 1)
    }

    /// 16 or 32 when `bytes` are UTF-16 or UTF-32 text: a byte order mark (`FF FE`, `FE FF`,
    /// `FF FE 00 00`, `00 00 FE FF`), or, without one, zero bytes in the places ASCII text in that
    /// form has them and nowhere else, in the first 4 KiB.
    private static func wideTextBits(_ bytes: [UInt8]) -> Int? {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return 32 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return 16 }
        let sample = bytes.prefix(4096)
        guard sample.count >= 4, sample.contains(0) else { return nil }
        // UTF-32: in each four bytes, the two high ones zero (every character below U+10000 has
        // them so; the highest is at most 0x10), the two low ones not both.
        if bytes.count % 4 == 0 {
            let units = stride(from: sample.startIndex, to: sample.endIndex - 3, by: 4).map { Array(sample[$0..<($0 + 4)]) }
            if units.allSatisfy({ $0[3] == 0 && $0[2] <= 0x10 && ($0[0] | $0[1]) != 0 }) { return 32 }
            if units.allSatisfy({ $0[0] == 0 && $0[1] <= 0x10 && ($0[2] | $0[3]) != 0 }) { return 32 }
        }
        // UTF-16: each ASCII character a zero byte and a non-zero one, always in the same order:
        // most pairs of bytes so, no pair both zero (a NUL character), the other order at most
        // one in ten.
        guard bytes.count % 2 == 0 else { return nil }
        var pairs = 0, highZero = 0, lowZero = 0
        for i in stride(from: sample.startIndex, to: sample.endIndex - 1, by: 2) {
            let (a, b) = (sample[i], sample[i + 1])
            if a == 0, b == 0 { return nil }
            if b == 0 { highZero += 1 } else if a == 0 { lowZero += 1 }
            pairs += 1
        }
        let (more, fewer) = (max(highZero, lowZero), min(highZero, lowZero))
        return more * 2 > pairs && fewer * 10 <= more ? 16 : nil
    }

    /// Whether the file's line ends are lone `\r`s: there is one, and they outnumber the `\n`s.
    /// A `\r` that ends the file is left out: it ends the last line whatever the others are.
    private static func linesEndInLoneCarriageReturns(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            guard Bytes.firstIndex(of: 0x0D, in: b) != nil else { return false }
            var lone = 0, feeds = 0
            for i in 0..<(b.count - 1) {
                if b[i] == 0x0A {
                    feeds += 1
                } else if b[i] == 0x0D, b[i + 1] != 0x0A {
                    lone += 1
                }
            }
            return lone > feeds
        }
    }

    /// The line of the first NUL byte or invalid UTF-8 sequence.
    private static func firstBadLine(_ bytes: [UInt8]) -> Int {
        var line = 1, start = 0
        for (i, byte) in bytes.enumerated() {
            if byte == 0 { return line }
            if byte == 0x0A {
                if !UTF8Validation.isValid(Array(bytes[start..<i])) { return line }
                line += 1
                start = i + 1
            }
        }
        return line
    }
}
