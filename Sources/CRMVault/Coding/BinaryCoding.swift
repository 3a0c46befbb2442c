import CRMFormat

/// A compact byte format for the facts cache: variable-length integers and length-prefixed UTF-8.
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// A writer with room for `capacity` bytes, so that writing a small record grows it seldom.
    package init(capacity: Int) { bytes.reserveCapacity(capacity) }

    package mutating func int(_ value: Int) {
        var v = UInt64(bitPattern: Int64(value))
        v = (v << 1) ^ UInt64(bitPattern: Int64(value) >> 63)   // zig-zag: small negatives stay small
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Eight bytes, little-endian.
    package mutating func fixed64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

    package mutating func raw(_ value: ArraySlice<UInt8>) { bytes.append(contentsOf: value) }

    /// Empties the buffer, keeping its memory, once its bytes are written out.
    package mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    package mutating func array<T>(_ values: [T], _ write: (inout ByteWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }
}

/// Reads what `ByteWriter` wrote; any inconsistency throws, and the reader's caller drops the cache.
package struct ByteReader {
    package struct Malformed: Error { package init() {} }

    package let bytes: [UInt8]
    package private(set) var offset: Int
    private let end: Int

    package init(_ bytes: [UInt8]) { self.init(bytes, range: 0..<bytes.count) }

    /// A reader of `range` of `bytes` alone.
    package init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        offset = range.lowerBound
        end = range.upperBound
    }

    package var isAtEnd: Bool { offset == end }

    /// Moves past `count` bytes, returning where they stand.
    package mutating func skip(_ count: Int) throws(Malformed) -> Range<Int> {
        guard count >= 0, count <= end - offset else { throw Malformed() }
        defer { offset += count }
        return offset..<(offset + count)
    }

    @inline(__always)
    package mutating func int() throws(Malformed) -> Int {
        // Most integers are small (lengths, counts, lines): one byte.
        guard offset < end else { throw Malformed() }
        let first = bytes[offset]
        guard first >= 0x80 else {
            offset += 1
            return Int(first >> 1) ^ -Int(first & 1)
        }
        return try longInt()
    }

    private mutating func longInt() throws(Malformed) -> Int {
        var result: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1))))
    }

    package mutating func fixed64() throws(Malformed) -> UInt64 {
        let range = try skip(8)
        return UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self) })
    }

    package mutating func bool() throws(Malformed) -> Bool {
        guard offset < end, bytes[offset] <= 1 else { throw Malformed() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    package mutating func string() throws(Malformed) -> String {
        let count = try int()
        guard count >= 0, count <= end - offset else { throw Malformed() }
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    package mutating func optional<T>(_ read: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> T? {
        try bool() ? try read(&self) : nil
    }

    /// Whether the next `count` bytes are all 0 (so many zeros, or empty arrays, in a row), read
    /// past them when they are.
    mutating func skipZeros(_ count: Int) -> Bool {
        guard end - offset >= count, !bytes[offset..<offset + count].contains(where: { $0 != 0 }) else { return false }
        offset += count
        return true
    }

    package mutating func array<T>(_ read: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> [T] {
        let count = try int()
        guard count >= 0, count <= end - offset else { throw Malformed() }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }
}
