#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The chat text inside the zip WhatsApp makes ("Export chat" on an iPhone, or with media on
/// Android), read without an unzip library: the central directory names the entries; an entry
/// stored as it is is read, a deflated one (what WhatsApp writes) inflated (`Inflate`) and
/// checked against its size and CRC-32.
enum ChatZip {
    /// Whether the file at `path` starts as a zip does (`PK\3\4`).
    static func isZip(path: String) -> Bool {
        guard let file = File(path: path), let head = file.read(at: 0, count: 4) else { return false }
        return head == [0x50, 0x4B, 0x03, 0x04]
    }

    /// The bytes of the chat's text: the entry named `_chat.txt` (iOS), else the only `.txt`.
    static func chatText(path: String) -> Result<[UInt8], HistoryFileError> {
        func failure(_ message: String) -> Result<[UInt8], HistoryFileError> { .failure(HistoryFileError(line: 1, message)) }
        guard let file = File(path: path) else { return failure("cannot open the zip") }
        guard let directory = file.centralDirectory() else {
            return failure("not a zip this reader can read (no end of central directory, or a ZIP64 archive); unzip it first and import the chat's .txt")
        }
        let texts = directory.filter { $0.name.hasSuffix(".txt") }
        guard let entry = texts.first(where: { $0.name == "_chat.txt" || $0.name.hasSuffix("/_chat.txt") })
            ?? (texts.count == 1 ? texts[0] : nil)
        else {
            return failure(texts.isEmpty ? "the zip holds no chat (.txt)"
                : "the zip holds more than one .txt (\(texts.map(\.name).joined(separator: ", "))); unzip it and import the chat's")
        }
        guard entry.flags & 1 == 0 else { return failure("\(entry.name) in the zip is encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            return failure("\(entry.name) in the zip is compressed with method \(entry.method), which this reader does not unpack (it reads stored and deflated entries): unzip it first and import \(entry.name)")
        }
        guard let local = file.read(at: entry.offset, count: 30), Self.uint32(local, 0) == 0x0403_4B50 else {
            return failure("the zip's local header of \(entry.name) is not where its directory says")
        }
        let start = entry.offset + 30 + Int(Self.uint16(local, 26)) + Int(Self.uint16(local, 28))
        guard let stored = file.read(at: start, count: entry.size) else { return failure("the zip ends inside \(entry.name)") }
        var bytes = stored
        guard entry.uncompressedSize <= Self.largestChat else {
            return failure("\(entry.name) in the zip unpacks to more than \(Self.largestChat >> 20) MiB, more than a chat's text: unzip it first and import \(entry.name)")
        }
        if entry.method == 8 {
            do { bytes = try Inflate.bytes(stored, limit: entry.uncompressedSize) } catch {
                return failure("\(entry.name) in the zip cannot be inflated: \(error.message)")
            }
        }
        guard bytes.count == entry.uncompressedSize, Inflate.crc32(bytes) == entry.crc else {
            return failure("\(entry.name) in the zip is damaged: its size or CRC-32 is not what the zip's directory says")
        }
        return .success(bytes)
    }

    /// The most a chat's text is unpacked to in memory (a zip's directory may claim anything).
    static let largestChat = 256 << 20

    struct Entry {
        var name: String
        var method: UInt16
        var flags: UInt16
        /// The bytes in the zip (compressed, when deflated), and what they unpack to.
        var size: Int
        var uncompressedSize: Int
        var crc: UInt32
        var offset: Int
    }

    private final class File {
        let fd: Int32
        let size: Int

        init?(path: String) {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            var st = stat()
            guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { close(fd); return nil }
            size = Int(st.st_size)
        }

        deinit { close(fd) }

        func read(at offset: Int, count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, offset + count <= size else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return nil }
                done += got
            }
            return bytes
        }

        /// The entries the end of central directory points at; nil for what is not a plain zip.
        func centralDirectory() -> [Entry]? {
            let tailSize = Swift.min(size, 22 + 65_535)
            guard let tail = read(at: size - tailSize, count: tailSize), tail.count >= 22 else { return nil }
            guard let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { ChatZip.uint32(tail, $0) == 0x0605_4B50 })
            else { return nil }
            let count = Int(ChatZip.uint16(tail, end + 10))
            let directorySize = Int(ChatZip.uint32(tail, end + 12))
            let directoryOffset = Int(ChatZip.uint32(tail, end + 16))
            guard count != 0xFFFF, directoryOffset != 0xFFFF_FFFF, let directory = read(at: directoryOffset, count: directorySize)
            else { return nil }
            var entries: [Entry] = []
            var at = 0
            for _ in 0..<count {
                guard at + 46 <= directory.count, ChatZip.uint32(directory, at) == 0x0201_4B50 else { return nil }
                let nameLength = Int(ChatZip.uint16(directory, at + 28))
                let extraLength = Int(ChatZip.uint16(directory, at + 30))
                let commentLength = Int(ChatZip.uint16(directory, at + 32))
                guard at + 46 + nameLength <= directory.count else { return nil }
                entries.append(Entry(
                    name: String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self),
                    method: ChatZip.uint16(directory, at + 10), flags: ChatZip.uint16(directory, at + 8),
                    size: Int(ChatZip.uint32(directory, at + 20)), uncompressedSize: Int(ChatZip.uint32(directory, at + 24)),
                    crc: ChatZip.uint32(directory, at + 16), offset: Int(ChatZip.uint32(directory, at + 42))))
                at += 46 + nameLength + extraLength + commentLength
            }
            return entries
        }
    }

    static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16
    }
}
