import CRMFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kinds of history file `crm history` reads, each known by its first bytes (and, where those
/// cannot tell, its name): the one place a new reader is added.
package struct HistoryFormat: Sendable {
    /// What the user knows the file as, for messages: `Android call log (SMS Backup & Restore)`.
    package let name: String
    /// Whether a file is of this kind: its first 4 KiB and its file name (without folders).
    let matches: @Sendable (_ head: String, _ fileName: String) -> Bool
    /// The reader of the file at `path`.
    let makeReader: @Sendable (_ path: String) throws -> any HistoryReader

    /// Every format, tried in order: the first that matches reads the file.
    package static let all: [HistoryFormat] = [
        HistoryFormat(name: "Android call log (SMS Backup & Restore calls.xml)",
                      matches: { head, _ in head.contains("<calls") || head.contains("<call ") },
                      makeReader: { try AndroidCallLogReader(path: $0) }),
        HistoryFormat(name: "Android messages (SMS Backup & Restore sms.xml)",
                      matches: { head, _ in head.contains("<smses") || head.contains("<sms ") || head.contains("<mms ") },
                      makeReader: { try AndroidMessagesReader(path: $0) }),
    ]

    /// The format of the file at `path` and its reader. Throws, naming the formats, for a file
    /// none of them reads.
    package static func reader(path: String, shown: String) throws -> (format: HistoryFormat, reader: any HistoryReader) {
        let head = try Self.head(path)
        let fileName = String(path.split(separator: "/").last ?? "")
        guard let format = all.first(where: { $0.matches(head, fileName) }) else {
            throw VaultError("\(shown): not a history file crm reads; it reads: " + all.map(\.name).joined(separator: "; "))
        }
        return (format, try format.makeReader(path))
    }

    /// The first 4 KiB of the file, as text (bytes that are not UTF-8 replaced).
    private static func head(_ path: String) throws -> String {
        _ = try StreamedLines(path: path, chunk: 1)   // refuses a folder, a pipe or a device by name
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw VaultError("\(path): cannot open") }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var n = 0
        while n < bytes.count {
            let got = bytes.withUnsafeMutableBufferPointer { read(fd, $0.baseAddress! + n, 4096 - n) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            n += got
        }
        return String(decoding: bytes[..<n], as: UTF8.self)
    }
}
