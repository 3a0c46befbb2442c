/// Turns the bytes a terminal sends in raw mode into keys: UTF-8 characters, control bytes,
/// and the escape sequences of arrows, Home/End, PgUp/PgDn, Delete and Shift-Tab (the CSI and
/// SS3 forms xterm, tmux, the Linux console and most terminals send, modifiers ignored).
///
/// A lone Esc cannot be told from the start of a sequence until the terminal has paused: an
/// Esc at the end of the bytes is held (`isHolding`), and `flush()` gives it once no byte came
/// after it in a short while. An unknown sequence is dropped whole, never typed as text.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// Whether bytes are held that may start a sequence: call `flush()` when no more come.
    package var isHolding: Bool { !pending.isEmpty }

    /// The keys in the bytes held and `bytes`; an unfinished sequence or character is held.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            guard let (key, length) = Self.key(at: i, in: pending) else { break }
            if let key { keys.append(key) }
            i += length
        }
        pending.removeFirst(i)
        return keys
    }

    /// What is held, as keys: a lone Esc, or an unfinished sequence as Esc and what followed it.
    package mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        var rest = Array(pending.dropFirst())
        pending = []
        var keys: [Key] = [.escape]
        // What followed the Esc is read as keys of its own (Alt-x is Esc, then x).
        if rest.first == 0x1B { rest.removeFirst(); keys.append(.escape) }
        keys += decode(rest)
        if isHolding { keys += flush() }
        return keys
    }

    /// The key at `i` and the bytes it takes (a nil key: bytes dropped); nil when the bytes
    /// end before the key does.
    private static func key(at i: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        let byte = bytes[i]
        switch byte {
        case 0x1B: return escape(at: i, in: bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00: return (.control(" "), 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x1C...0x1F: return (nil, 1)
        case 0x20..<0x7F: return (.character(Character(Unicode.Scalar(byte))), 1)
        default: return utf8(at: i, in: bytes)
        }
    }

    private static func escape(at i: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        guard i + 1 < bytes.count else { return nil }
        switch bytes[i + 1] {
        case UInt8(ascii: "["):
            // CSI: parameter and intermediate bytes (0x20-0x3F), then one final byte (0x40-0x7E).
            var j = i + 2
            while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
            guard j < bytes.count else { return nil }
            guard (0x40...0x7E).contains(bytes[j]) else { return (nil, j - i) }   // broken: dropped up to here
            let parameters = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
            return (csi(final: bytes[j], parameters: parameters), j - i + 1)
        case UInt8(ascii: "O"):
            guard i + 2 < bytes.count else { return nil }
            // A, B, C, D, H, F and M: arrows, Home, End and the keypad's Enter.
            let keys: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end, 0x4D: .enter]
            return (keys[bytes[i + 2]], 3)
        default:
            // Esc Esc, or Alt and a key: read as Esc, then the key.
            return (.escape, 1)
        }
    }

    private static func csi(final: UInt8, parameters: String) -> Key? {
        guard final == UInt8(ascii: "~") else {
            // A, B, C, D, H, F and Z: arrows, Home, End and Shift-Tab.
            let keys: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end, 0x5A: .backTab]
            return keys[final]
        }
        // CSI N ~: Home (1, 7), End (4, 8), Delete (3), PgUp (5), PgDn (6).
        let keys: [Int: Key] = [1: .home, 7: .home, 4: .end, 8: .end, 3: .delete, 5: .pageUp, 6: .pageDown]
        return parameters.split(separator: ";").first.flatMap { Int($0) }.flatMap { keys[$0] }
    }

    private static func utf8(at i: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        let byte = bytes[i]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard length > 1, byte < 0xF8 else { return (.character("\u{FFFD}"), 1) }
        guard i + length <= bytes.count else {
            // Unfinished: wait for the rest, unless what came is not a continuation byte.
            let continuing = bytes[(i + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
            return continuing ? nil : (.character("\u{FFFD}"), 1)
        }
        let slice = bytes[i..<(i + length)]
        guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
              let scalar = String(validating: slice, as: UTF8.self)?.unicodeScalars.first else {
            return (.character("\u{FFFD}"), 1)
        }
        return (.character(Character(scalar)), length)
    }
}
