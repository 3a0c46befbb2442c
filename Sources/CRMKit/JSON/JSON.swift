/// A JSON document with ordered object keys, so `--json` output is stable and reads like the SPEC.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, kept as its JSON literal text.
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func number(_ value: Int) -> JSON { .number(String(value)) }

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A string or null.
    public static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// Compact when `pretty` is false; two-space indentation otherwise.
    public func rendered(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let text): JSON.writeString(text, to: &out)
        case .array(let items):
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", to: &out, indent: indent)
        case .object(let pairs):
            writeContainer(pairs.map { ($0.0, $0.1) }, open: "{", close: "}", to: &out, indent: indent)
        }
    }

    private func writeContainer(_ items: [(String?, JSON)], open: String, close: String,
                                to out: inout String, indent: Int?) {
        out += open
        if items.isEmpty { out += close; return }
        let inner = indent.map { $0 + 2 }
        for (i, (key, value)) in items.enumerated() {
            if i > 0 { out += indent == nil ? ", " : "," }
            if let inner { out += "\n" + String(repeating: " ", count: inner) }
            if let key { JSON.writeString(key, to: &out); out += ": " }
            value.write(to: &out, indent: inner)
        }
        if let indent { out += "\n" + String(repeating: " ", count: indent) }
        out += close
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
