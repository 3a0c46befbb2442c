/// Deflate (RFC 1951) undone, for the chat a zip holds compressed: stored, fixed and dynamic
/// Huffman blocks, decoded a bit at a time over canonical codes, into memory. Written here because
/// the platform's Foundation has no inflate, and a chat export is a few megabytes at most.
enum Inflate {
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The bytes `input` (a raw deflate stream, as a zip entry holds it) inflates to; at most
    /// `limit` of them.
    static func bytes(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var bits = Bits(input)
        var out: [UInt8] = []
        var last = false
        while !last {
            last = try bits.take(1) == 1
            switch try bits.take(2) {
            case 0: try stored(&bits, into: &out)
            case 1: try codes(&bits, into: &out, Huffman.fixedLengths, Huffman.fixedDistances, limit: limit)
            case 2:
                let (lengths, distances) = try dynamicCodes(&bits)
                try codes(&bits, into: &out, lengths, distances, limit: limit)
            default: throw Failure(message: "a deflate block of the reserved type 3")
            }
            guard out.count <= limit else { throw Failure(message: "it inflates to more than \(limit) bytes") }
        }
        return out
    }

    /// The bits of the input, least significant first.
    private struct Bits {
        let bytes: [UInt8]
        var at = 0
        var buffer: UInt32 = 0
        var count = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func take(_ n: Int) throws(Failure) -> Int {
            while count < n {
                guard at < bytes.count else { throw Failure(message: "the deflate stream ends early") }
                buffer |= UInt32(bytes[at]) << UInt32(count)
                at += 1
                count += 8
            }
            let value = Int(buffer & ((1 << UInt32(n)) - 1))
            buffer >>= UInt32(n)
            count -= n
            return value
        }

        /// Drops the bits left of the current byte.
        mutating func align() {
            buffer = 0
            count = 0
        }
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        /// The code of these symbol lengths (0: the symbol is unused); nil when they over-subscribe.
        init?(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                if left < 0 { return nil }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
            counts[0] = 0
        }

        func decode(_ bits: inout Bits) throws(Failure) -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try bits.take(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Failure(message: "a code the block's Huffman table does not hold")
        }

        static let fixedLengths = Huffman(lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
            + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8))!
        static let fixedDistances = Huffman(lengths: Array(repeating: 5, count: 30))!
    }

    private static func stored(_ bits: inout Bits, into out: inout [UInt8]) throws(Failure) {
        bits.align()
        let length = try bits.take(16), complement = try bits.take(16)
        guard length == ~complement & 0xFFFF else { throw Failure(message: "a stored block whose length does not match its complement") }
        guard bits.at + length <= bits.bytes.count else { throw Failure(message: "the deflate stream ends inside a stored block") }
        out += bits.bytes[bits.at..<(bits.at + length)]
        bits.at += length
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                       2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// A Huffman block: literals, and lengths with distances back into what was inflated.
    private static func codes(_ bits: inout Bits, into out: inout [UInt8], _ lengths: Huffman, _ distances: Huffman, limit: Int) throws(Failure) {
        while true {
            let symbol = try lengths.decode(&bits)
            if symbol < 256 {
                out.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < lengthBase.count else { throw Failure(message: "a length code past 285") }
            let length = lengthBase[index] + (try bits.take(lengthExtra[index]))
            let code = try distances.decode(&bits)
            guard code < distanceBase.count else { throw Failure(message: "a distance code past 29") }
            let distance = distanceBase[code] + (try bits.take(distanceExtra[code]))
            guard distance <= out.count else { throw Failure(message: "a distance back past the start") }
            guard out.count + length <= limit else { throw Failure(message: "it inflates to more than \(limit) bytes") }
            let from = out.count - distance
            for i in 0..<length { out.append(out[from + i]) }
        }
    }

    /// The codes a dynamic block's header describes (RFC 1951 §3.2.7).
    private static func dynamicCodes(_ bits: inout Bits) throws(Failure) -> (Huffman, Huffman) {
        let literals = try bits.take(5) + 257, distances = try bits.take(5) + 1, codeLengths = try bits.take(4) + 4
        guard literals <= 286, distances <= 30 else { throw Failure(message: "a dynamic block with too many codes") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var lengthOfLength = [Int](repeating: 0, count: 19)
        for i in 0..<codeLengths { lengthOfLength[order[i]] = try bits.take(3) }
        guard let lengthCode = Huffman(lengths: lengthOfLength) else { throw Failure(message: "a dynamic block's code lengths over-subscribed") }
        var lengths: [Int] = []
        while lengths.count < literals + distances {
            let symbol = try lengthCode.decode(&bits)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(message: "a repeat with no length before it") }
                lengths += Array(repeating: previous, count: 3 + (try bits.take(2)))
            case 17: lengths += Array(repeating: 0, count: 3 + (try bits.take(3)))
            default: lengths += Array(repeating: 0, count: 11 + (try bits.take(7)))
            }
        }
        guard lengths.count == literals + distances, lengths[256] != 0 else { throw Failure(message: "a dynamic block's lengths do not add up") }
        guard let literalCode = Huffman(lengths: Array(lengths[..<literals])),
              let distanceCode = Huffman(lengths: Array(lengths[literals...]))
        else { throw Failure(message: "a dynamic block's codes over-subscribed") }
        return (literalCode, distanceCode)
    }

    /// The CRC-32 a zip entry's header gives of its bytes (ISO 3309, as zlib computes it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
