/// PyPI's PyYAML (YAML 1.1) implicit int, float and timestamp forms, matched by hand over the
/// text's characters (each a byte; see `units`). The forms, as PyYAML writes them:
///
///     int        [-+]?(0b[01_]+|0[0-7_]+|0|[1-9][0-9_]*|0x[0-9a-fA-F_]+|[1-9][0-9_]*(:[0-5]?[0-9])+)
///     float      [-+]?([0-9][0-9_]*\.[0-9_]*|\.[0-9_]+)([eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*
///     timestamp  [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?
enum YAML11Forms {
    /// One byte per character of `text`: the character's ASCII code when it is one ASCII scalar,
    /// `newline` for a line break (which `.` does not match), else `other` (matching no class).
    static func units(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: one character per byte, but for CR LF, a line break either way.
            return text.utf8.map { $0 == 0x0A || $0 == 0x0B || $0 == 0x0C || $0 == 0x0D ? newline : $0 }
        }
        return text.map { c in
            if c.isNewline { return newline }
            let scalars = c.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII else { return other }
            return UInt8(scalar.value)
        }
    }

    /// Whether `text` may have one of the forms, by its bytes alone: a timestamp starts with four
    /// digits and `-`; an int or float holds only digits, signs, `_ . :`, `x`, `b`, `e` and hex
    /// letters. Text with any other byte (`+44 20 7946 0018`, `9A3D…:ABPerson`) is none of them.
    static func mayMatch(_ text: String) -> Bool {
        let u = text.utf8
        if u.count >= 5, u.prefix(4).allSatisfy(isDigit), u.dropFirst(4).first == 0x2D { return true }
        return u.allSatisfy { c in
            switch c {
            case 0x30...0x39, 0x2B, 0x2D, 0x5F, 0x2E, 0x3A, 0x41...0x46, 0x61...0x66, 0x45, 0x65, 0x78, 0x62: true
            default: false
            }
        }
    }

    static let newline: UInt8 = 0x0A
    static let other: UInt8 = 0x80

    private static func isDigit(_ u: UInt8) -> Bool { u >= 0x30 && u <= 0x39 }

    /// Index past `[-+]?`.
    private static func afterSign(_ u: [UInt8]) -> Int {
        u.first == 0x2B || u.first == 0x2D ? 1 : 0
    }

    /// Index past the run from `i` of units satisfying `test`.
    private static func run(_ u: [UInt8], from i: Int, _ test: (UInt8) -> Bool) -> Int {
        var j = i
        while j < u.count, test(u[j]) { j += 1 }
        return j
    }

    /// Index past `(:[0-5]?[0-9])+` from `i`, or nil when there is no such group there.
    private static func sexagesimal(_ u: [UInt8], from i: Int) -> Int? {
        var j = i
        var groups = 0
        while j < u.count, u[j] == 0x3A {
            let end = run(u, from: j + 1, isDigit)
            switch end - (j + 1) {
            case 1: break
            case 2 where u[j + 1] <= 0x35: break
            default: return groups > 0 ? j : nil
            }
            groups += 1
            j = end
        }
        return groups > 0 ? j : nil
    }

    static func isInteger(_ u: [UInt8]) -> Bool {
        let s = afterSign(u)
        guard s < u.count else { return false }
        let n = u.count
        if u[s] == 0x30 {
            if s + 1 == n { return true }
            let rest = s + 2
            switch u[s + 1] {
            case UInt8(ascii: "b"): return rest < n && run(u, from: rest) { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F } == n
            case UInt8(ascii: "x"):
                return rest < n && run(u, from: rest) { isDigit($0) || $0 == 0x5F || (0x61...0x66).contains($0 | 0x20) } == n
            default: return run(u, from: s + 1) { ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x5F } == n
            }
        }
        guard u[s] >= 0x31, u[s] <= 0x39 else { return false }
        let digits = run(u, from: s + 1) { isDigit($0) || $0 == 0x5F }
        return digits == n || sexagesimal(u, from: digits) == n
    }

    static func isFloat(_ u: [UInt8]) -> Bool {
        let s = afterSign(u)
        guard s < u.count else { return false }
        let n = u.count
        let digitsOrUnderscore = { (x: UInt8) in isDigit(x) || x == 0x5F }
        var i: Int
        if isDigit(u[s]) {
            i = run(u, from: s + 1, digitsOrUnderscore)
            // [0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*
            if let end = sexagesimal(u, from: i) {
                return end < n && u[end] == 0x2E && run(u, from: end + 1, digitsOrUnderscore) == n
            }
            guard i < n, u[i] == 0x2E else { return false }
            i = run(u, from: i + 1, digitsOrUnderscore)
        } else if u[s] == 0x2E {
            i = run(u, from: s + 1, digitsOrUnderscore)
            guard i > s + 1 else { return false }
        } else {
            return false
        }
        if i == n { return true }
        guard u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E"), i + 1 < n, u[i + 1] == 0x2B || u[i + 1] == 0x2D else { return false }
        return i + 2 < n && run(u, from: i + 2, isDigit) == n
    }

    static func isTimestamp(_ u: [UInt8]) -> Bool {
        guard u.count >= 8, run(u, from: 0, isDigit) == 4, u[4] == 0x2D else { return false }
        let month = run(u, from: 5, isDigit)
        guard month - 5 == 1 || month - 5 == 2, month < u.count, u[month] == 0x2D else { return false }
        let day = run(u, from: month + 1, isDigit)
        guard day - (month + 1) == 1 || day - (month + 1) == 2 else { return false }
        if day == u.count { return true }
        guard u[day] == UInt8(ascii: "T") || u[day] == UInt8(ascii: "t") || u[day] == 0x20 else { return false }
        return !u[(day + 1)...].contains(newline)
    }
}
