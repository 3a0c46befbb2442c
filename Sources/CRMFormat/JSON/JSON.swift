/// A JSON document with ordered object keys, so `--json` output is stable and reads like the documentation.
package indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, kept as its JSON literal text.
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    package static func number(_ value: Int) -> JSON { .number(String(value)) }

    package static func == (a: JSON, b: JSON) -> Bool {
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
    package static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// Compact when `pretty` is false; two-space indentation otherwise.
    package func rendered(pretty: Bool = true) -> String {
        String(decoding: renderedBytes(pretty: pretty), as: UTF8.self)
    }

    /// `rendered(pretty:)` as UTF-8 bytes, written straight into one buffer.
    package func renderedBytes(pretty: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    fileprivate func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let literal): out.append(contentsOf: literal.utf8)
        case .string(let text): JSON.writeString(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            if items.isEmpty { out.append(UInt8(ascii: "]")); return }
            for (i, item) in items.enumerated() {
                JSON.separate(i, to: &out, indent: indent)
                item.write(to: &out, indent: indent.map { $0 + 2 })
            }
            JSON.close("]", to: &out, indent: indent)
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            if pairs.isEmpty { out.append(UInt8(ascii: "}")); return }
            for (i, (key, value)) in pairs.enumerated() {
                JSON.separate(i, to: &out, indent: indent)
                JSON.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                value.write(to: &out, indent: indent.map { $0 + 2 })
            }
            JSON.close("}", to: &out, indent: indent)
        }
    }

    /// Before item `i` of a container at `indent`: a comma after the first, then the item's line.
    fileprivate static func separate(_ i: Int, to out: inout [UInt8], indent: Int?) {
        if i > 0 {
            out.append(UInt8(ascii: ","))
            if indent == nil { out.append(UInt8(ascii: " ")) }
        }
        if let indent {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
        }
    }

    fileprivate static func close(_ bracket: Unicode.Scalar, to out: inout [UInt8], indent: Int?) {
        if let indent {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        }
        out.append(UInt8(ascii: bracket))
    }

    /// A JSON string (RFC 8259): `"`, `\\` and the C0 controls escaped, and DEL, the C1 controls,
    /// U+2028, U+2029 and the bidirectional overrides and isolates too, as `\u` escapes: the
    /// characters `VisibleText` shows escaped never reach a terminal that prints the JSON. Runs of
    /// bytes that need no escape are copied as they are.
    package static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var run = 0   // start of the bytes not copied yet
            var i = 0
            func escape(_ escaped: String, length: Int) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                out.append(contentsOf: escaped.utf8)
                i += length
                run = i
            }
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "\""): escape("\\\"", length: 1)
                case UInt8(ascii: "\\"): escape("\\\\", length: 1)
                case UInt8(ascii: "\n"): escape("\\n", length: 1)
                case UInt8(ascii: "\r"): escape("\\r", length: 1)
                case UInt8(ascii: "\t"): escape("\\t", length: 1)
                case 0..<0x20, 0x7F: escape(unicodeEscape(UInt32(byte)), length: 1)
                case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                    // C1 controls, as a terminal shows them raw (`VisibleText`).
                    escape(unicodeEscape(UInt32(bytes[i + 1])), length: 2)
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (0xA8...0xAE).contains(bytes[i + 2]):
                    // U+2028 and U+2029 end lines in JavaScript; U+202A to U+202E are the
                    // bidirectional embeddings and overrides.
                    escape(unicodeEscape(0x2000 | UInt32(bytes[i + 2] & 0x3F)), length: 3)
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x81 && (0xA6...0xA9).contains(bytes[i + 2]):
                    // U+2066 to U+2069, the bidirectional isolates.
                    escape(unicodeEscape(0x2040 | UInt32(bytes[i + 2] & 0x3F)), length: 3)
                default: i += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

/// A top-level JSON array written in pieces, with the bytes `JSON.array(items).rendered()` gives:
/// for outputs too long to hold as one value (`crm list --json`, `crm search --json`). Elements
/// may be rendered apart (on other threads) with `element(_:to:)` and appended in order.
package struct JSONArrayWriter {
    private var started = false

    package init() {}

    /// What goes before an element, rendered at indent 2: a comma and the element's line.
    package static let elementStart = Array(",\n  ".utf8)

    /// `item` as an element of the array, after a comma: what `append` takes.
    package static func element(_ item: JSON, to out: inout [UInt8]) {
        out.append(contentsOf: elementStart)
        item.write(to: &out, indent: 2)
    }

    /// Appends `elements` (from `element(_:to:)`): the first opens the array instead of a comma.
    package mutating func append(_ elements: [UInt8], to out: inout [UInt8]) {
        guard !elements.isEmpty else { return }
        if started {
            out.append(contentsOf: elements)
        } else {
            out.append(UInt8(ascii: "["))
            out.append(contentsOf: elements.dropFirst())
            started = true
        }
    }

    /// Closes the array (`[]` when nothing was appended).
    package func finish(to out: inout [UInt8]) {
        out.append(contentsOf: (started ? "\n]" : "[]").utf8)
    }
}

/// Where a flat object's members go: into a `JSON` value (`JSONObjectValue`), or straight into
/// bytes laid out as `JSON.rendered()` lays them out (`JSONObjectBytes`). A shape whose value is
/// made for every one of thousands of rows describes its members once, to a sink, and goes out
/// either way with the same bytes: one rendering, without building a value per row.
package protocol JSONObjectSink {
    /// A string, or null.
    mutating func member(_ key: StaticString, _ value: String?)
    mutating func member(_ key: StaticString, strings: [String])
    mutating func member(_ key: StaticString, number: Int)
}

/// The members given, as a `JSON` object.
package struct JSONObjectValue: JSONObjectSink {
    package private(set) var pairs: [(String, JSON)] = []
    package init() {}
    package var json: JSON { .object(pairs) }
    package mutating func member(_ key: StaticString, _ value: String?) { pairs.append((key.description, .optional(value))) }
    package mutating func member(_ key: StaticString, strings: [String]) { pairs.append((key.description, .array(strings.map(JSON.string)))) }
    package mutating func member(_ key: StaticString, number: Int) { pairs.append((key.description, .number(number))) }
}

/// The members given, rendered into `out` as the object `JSONObjectValue` makes would be at
/// `indent` (call `finish()` after the last member).
package struct JSONObjectBytes: JSONObjectSink {
    package var out: [UInt8]
    private let indent: Int
    private var count = 0

    package init(into out: [UInt8], indent: Int) {
        self.out = out
        self.indent = indent
        self.out.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: StaticString) {
        JSON.separate(count, to: &out, indent: indent)
        count += 1
        // A key is a word of the shape (`"due"`): as it is, nothing in it to escape.
        let word = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        assert(word.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: word)
        out.append(contentsOf: "\": ".utf8)
    }

    package mutating func member(_ key: StaticString, _ value: String?) {
        self.key(key)
        if let value { JSON.writeString(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    package mutating func member(_ key: StaticString, strings: [String]) {
        self.key(key)
        out.append(UInt8(ascii: "["))
        if strings.isEmpty { out.append(UInt8(ascii: "]")); return }
        for (i, string) in strings.enumerated() {
            JSON.separate(i, to: &out, indent: indent + 2)
            JSON.writeString(string, to: &out)
        }
        JSON.close("]", to: &out, indent: indent + 2)
    }

    package mutating func member(_ key: StaticString, number: Int) {
        self.key(key)
        out.append(contentsOf: String(number).utf8)
    }

    /// The bytes, the object closed.
    package mutating func finish() -> [UInt8] {
        if count == 0 { out.append(UInt8(ascii: "}")) } else { JSON.close("}", to: &out, indent: indent) }
        return out
    }
}
