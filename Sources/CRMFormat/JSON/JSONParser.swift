/// Reading JSON text (RFC 8259) into a `JSON` value: what `crm lsp` receives. Object keys keep
/// their order; numbers keep their literal text. Nesting deeper than `maximumDepth` is refused
/// rather than followed (no input can exhaust the stack).
package enum JSONParser {
    /// Why text is not JSON, at a byte offset.
    package struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        package let offset: Int
        package let reason: String
        package var description: String { "\(reason) at byte \(offset)" }
    }

    package static let maximumDepth = 256

    /// The one value `bytes` hold, white space around it allowed.
    package static func parse(_ bytes: [UInt8]) throws(Malformed) -> JSON {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else { throw Malformed(offset: reader.at, reason: "text after the JSON value") }
        return value
    }

    /// The JSON string whose opening quote is at `at` in `bytes`, its escapes decoded; `at` moves
    /// past its closing quote. Strict, as RFC 8259 is: a raw control character, an unknown escape,
    /// a `\u` escape without four hex digits or naming a lone surrogate, and a string that is not
    /// UTF-8 are each `Malformed` at where they start, never read as some other text (no U+FFFD).
    /// `Malformed.offset` is `bytes.endIndex` when the string is not closed before the end.
    package static func string(in bytes: ArraySlice<UInt8>, at: inout Int) throws(Malformed) -> String {
        func fail(_ reason: String, _ offset: Int) -> Malformed { Malformed(offset: offset, reason: reason) }
        let quote = at
        at += 1
        var out: [UInt8] = []
        var run = at
        while true {
            guard at < bytes.endIndex else { throw fail("unclosed string", at) }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw fail("control character in a string", at) }
            if byte != UInt8(ascii: "\\") { at += 1; continue }
            out.append(contentsOf: bytes[run..<at])
            at += 1
            guard at < bytes.endIndex else { throw fail("unclosed string", at) }
            let escaped = bytes[at]
            at += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let escape = at - 2
                var scalar = try hex4(bytes, at: &at)
                if (0xD800..<0xDC00).contains(scalar), bytes[at...].starts(with: [0x5C, 0x75]) {
                    at += 2
                    let low = try hex4(bytes, at: &at)
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate in a \\u escape", escape) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let character = Unicode.Scalar(scalar) else { throw fail("a lone surrogate in a \\u escape", escape) }
                out.append(contentsOf: String(character).utf8)
            default: throw fail("unknown escape", at - 2)
            }
            run = at
        }
        out.append(contentsOf: bytes[run..<at])
        at += 1
        guard let text = String(validating: out, as: UTF8.self) else { throw fail("string is not UTF-8", quote) }
        return text
    }

    /// The four hex digits at `at`, as a number; `at` moves past them.
    private static func hex4(_ bytes: ArraySlice<UInt8>, at: inout Int) throws(Malformed) -> UInt32 {
        guard at + 4 <= bytes.endIndex else { throw Malformed(offset: at, reason: "four hex digits expected") }
        var value: UInt32 = 0
        for byte in bytes[at..<(at + 4)] {
            guard let digit = byte.hexDigitValue else { throw Malformed(offset: at, reason: "four hex digits expected") }
            value = value << 4 | UInt32(digit)
        }
        at += 4
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        func fail(_ reason: String) -> Malformed { Malformed(offset: at, reason: reason) }

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        mutating func value(depth: Int) throws(Malformed) -> JSON {
            guard depth < JSONParser.maximumDepth else { throw fail("nested too deeply") }
            guard at < bytes.count else { throw fail("unexpected end") }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try JSONParser.string(in: bytes[...], at: &at))
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("unexpected character")
            }
        }

        mutating func word(_ word: StaticString) throws(Malformed) {
            let count = word.utf8CodeUnitCount
            guard at + count <= bytes.count,
                  UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[at..<(at + count)])
            else { throw fail("unexpected word") }
            at += count
        }

        mutating func object(depth: Int) throws(Malformed) -> JSON {
            at += 1
            var pairs: [(String, JSON)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("a string key expected") }
                let key = try JSONParser.string(in: bytes[...], at: &at)
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("':' expected") }
                at += 1
                skipSpace()
                pairs.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw fail("unexpected end") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(pairs) }
                throw fail("',' or '}' expected")
            }
        }

        mutating func array(depth: Int) throws(Malformed) -> JSON {
            at += 1
            var items: [JSON] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw fail("unexpected end") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                throw fail("',' or ']' expected")
            }
        }

        mutating func number() throws(Malformed) -> String {
            let start = at
            func digits() -> Int {
                let first = at
                while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
                return at - first
            }
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard at < bytes.count else { throw fail("a digit expected") }
            if bytes[at] == UInt8(ascii: "0") { at += 1 } else if digits() == 0 { throw fail("a digit expected") }
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard digits() > 0 else { throw fail("a digit expected") }
            }
            if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
                at += 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw fail("a digit expected") }
            }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }
    }
}

extension UInt8 {
    /// The value of this octet as one hex digit (either case), as in JSON's `\u` escapes and
    /// quoted-printable's `=XX`; nil for any other octet.
    package var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension JSON {
    /// The member `key` of an object (the last one when written twice); nil for anything else.
    package subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.last { $0.0 == key }?.1
    }

    package var stringValue: String? { if case .string(let text) = self { text } else { nil } }
    package var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    package var arrayValue: [JSON]? { if case .array(let items) = self { items } else { nil } }
    /// A number that is a whole number written without fraction or exponent.
    package var intValue: Int? { if case .number(let literal) = self { Int(literal) } else { nil } }
    package var isObject: Bool { if case .object = self { true } else { false } }
}
