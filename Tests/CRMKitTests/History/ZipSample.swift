/// A zip archive (PKWARE APPNOTE 4.3) built for a test: each entry stored, or deflated as
/// deflate's own stored blocks (RFC 1951 §3.2.4) — a valid deflate stream any unzip reads.
enum ZipSample {
    static func archive(_ entries: [(name: String, bytes: [UInt8], deflated: Bool)]) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let data = entry.deflated ? storedBlocks(entry.bytes) : entry.bytes
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.bytes)
            let offset = out.count
            let method: UInt16 = entry.deflated ? 8 : 0
            out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0x21)
            out += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(entry.bytes.count))
            out += le16(UInt16(name.count)) + le16(0) + name + data
            directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0x21)
            directory += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(entry.bytes.count))
            directory += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) + name
        }
        let directoryOffset = out.count
        out += directory
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        out += le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(0)
        return out
    }

    private static func storedBlocks(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            out += [end == bytes.count ? 1 : 0] + le16(length) + le16(~length) + bytes[start..<end]
            start = end
        } while start < bytes.count
        return out
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}
