/// Resolution of plain scalars as a YAML 1.2 core-schema reader does it: null, bool, int, float,
/// else string. Quoted and block scalars are always strings.
extension YAMLNode {
    /// The value as JSON, typed as a YAML 1.2 core-schema reader types it.
    ///
    /// Infinities and NaN (`.inf`, `-.Inf`, `.NaN`…) have no JSON number, so they are given as
    /// their source text. Unsupported YAML is given as its source text too.
    package var json: JSON {
        switch self {
        case .empty: return .null
        case .scalar(let text, let style):
            return style == .plain ? YAMLNode.resolvePlain(text) : .string(text)
        case .sequence(let items): return .array(items.map(\.json))
        case .mapping(let pairs): return .object(pairs.map { ($0.key, $0.value.json) })
        case .unsupported(let raw, _): return .string(raw)
        }
    }

    static func resolvePlain(_ text: String) -> JSON {
        // Null starts with `~` or `n`, a boolean with `t` or `f`, a number with a digit, sign or `.`:
        // the first byte rules most text out.
        guard let first = text.utf8.first else { return .null }
        switch first {
        case 0x30...0x39, 0x2B, 0x2D, 0x2E: return number(text)   // 0-9 + - .
        case 0x7E, 0x6E, 0x4E, 0x74, 0x54, 0x66, 0x46: return keyword(text) ?? .string(text)   // ~ n N t T f F
        default: return .string(text)
        }
    }

    /// Whether the plain scalar `text` is read as a string.
    static func resolvesToString(_ text: String) -> Bool {
        if case .string = resolvePlain(text) { return true }
        return false
    }

    /// Null and the booleans: five letters at most.
    private static func keyword(_ text: String) -> JSON? {
        guard text.utf8.count <= 5 else { return nil }
        if isNullWord(text) { return .null }
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: return nil
        }
    }

    /// Text that starts as a number does: an integer, a float, or a string (`.inf`, `1.2.3`).
    private static func number(_ text: String) -> JSON {
        // A number holds only digits, signs, `.`, `e`, `x`, `o` and hex letters: text with any other
        // byte is a string without parsing (a phone `+44 20 7946 0018`, `.inf`, `.nan`).
        let isNumberByte = { (c: UInt8) in
            switch c {
            case 0x30...0x39, 0x2B, 0x2D, 0x2E, 0x41...0x46, 0x61...0x66, 0x45, 0x65, 0x78, 0x6F: true
            default: false
            }
        }
        guard text.utf8.allSatisfy(isNumberByte) else { return .string(text) }
        let b = Array(text.utf8)
        if let int = integer(b) { return .number(int) }
        if isFloat(b), let value = Double(text) { return .number(value.isFinite ? "\(value)" : text) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+` as a decimal literal.
    private static func integer(_ b: [UInt8]) -> String? {
        if b.count > 2, b[0] == 0x30, b[1] == UInt8(ascii: "x") || b[1] == UInt8(ascii: "o") {
            let hex = b[1] == UInt8(ascii: "x")
            // Digits only: `Int(_:radix:)` would also take a sign (`0o-7`, `0x+1` are strings).
            guard b[2...].allSatisfy({ ($0 >= 0x30 && $0 <= (hex ? 0x39 : 0x37))
                || (hex && (0x61...0x66).contains($0 | 0x20)) }) else { return nil }
            return decimal(b[2...], radix: hex ? 16 : 8)
        }
        var i = 0
        var negative = false
        if let first = b.first, first == 0x2B || first == 0x2D { negative = first == 0x2D; i = 1 }
        guard i < b.count, b[i...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let digits = b[i...].drop { $0 == 0x30 }
        let magnitude = digits.isEmpty ? "0" : String(decoding: digits, as: UTF8.self)
        return negative && magnitude != "0" ? "-" + magnitude : magnitude
    }

    /// Hex or octal digits as a decimal literal, however many (JSON numbers have no size limit).
    private static func decimal(_ digits: ArraySlice<UInt8>, radix: UInt32) -> String {
        var limbs: [UInt32] = [0]   // base 1e9, least significant first
        for d in digits {
            var carry = UInt64(d <= 0x39 ? UInt32(d - 0x30) : UInt32((d | 0x20) - 0x61 + 10))
            for k in limbs.indices {
                let v = UInt64(limbs[k]) * UInt64(radix) + carry
                limbs[k] = UInt32(v % 1_000_000_000)
                carry = v / 1_000_000_000
            }
            if carry > 0 { limbs.append(UInt32(carry)) }
        }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ b: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int {
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
        if i < b.count, b[i] == 0x2E {
            i += 1
            guard digits() > 0 else { return false }
        } else {
            guard digits() > 0 else { return false }
            if i < b.count, b[i] == 0x2E { i += 1; _ = digits() }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == b.count
    }
}
