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
    /// The reader of the file at `path`; `today` is the user's date (a calendar's events from it
    /// on are not history).
    let makeReader: @Sendable (_ path: String, _ today: Day) throws -> any HistoryReader

    /// Every format, tried in order: the first that matches reads the file. Those known by how
    /// their first line starts come first; the Android backups, known by an element anywhere in
    /// the first 4 KiB, last.
    package static let all: [HistoryFormat] = [
        HistoryFormat(name: "mbox mail (Gmail Takeout, Thunderbird, Apple Mail)",
                      matches: { head, _ in head.hasPrefix("From ") },
                      makeReader: { path, _ in try MboxReader(path: path) }),
        HistoryFormat(name: "iCalendar (.ics, or a folder of them)",
                      matches: { head, _ in Self.withoutByteOrderMark(head).uppercased().hasPrefix("BEGIN:VCALENDAR") },
                      makeReader: { path, today in try ICalendarHistoryReader(path: path, today: today) }),
        HistoryFormat(name: "WhatsApp chat export (.txt, or the zip WhatsApp makes)",
                      matches: { head, _ in
                          head.hasPrefix("PK\u{03}\u{04}")
                              || WhatsAppHeader.parse(ArraySlice(head.utf8.prefix { $0 != 0x0A })) != nil
                      },
                      makeReader: { path, _ in try WhatsAppChatReader(path: path) }),
        HistoryFormat(name: "Telegram Desktop export (result.json)",
                      matches: { head, fileName in
                          let text = Self.withoutByteOrderMark(head).drop { $0.isWhitespace }
                          return text.hasPrefix("{") && (fileName == "result.json"
                              || ["\"chats\"", "\"personal_information\"", "\"messages\""].contains { text.contains($0) })
                      },
                      makeReader: { path, _ in try TelegramExportReader(path: path) }),
        HistoryFormat(name: "Android call log (SMS Backup & Restore calls.xml)",
                      matches: { head, _ in head.contains("<calls") || head.contains("<call ") },
                      makeReader: { path, _ in try AndroidCallLogReader(path: path) }),
        HistoryFormat(name: "Android messages (SMS Backup & Restore sms.xml)",
                      matches: { head, _ in head.contains("<smses") || head.contains("<sms ") || head.contains("<mms ") },
                      makeReader: { path, _ in try AndroidMessagesReader(path: path) }),
    ]

    /// The files a path given names: itself, or, for a folder, the `.ics` files of a vdir (a
    /// calendar kept as one file per event), in name order. Throws for a folder without any.
    package static func files(_ file: HistoryRequest.File) throws -> [HistoryRequest.File] {
        guard FileSystem.isDirectory(file.path) else { return [file] }
        let shownFolder = file.shown.hasSuffix("/") ? file.shown : file.shown + "/"
        let files = ICalendarHistoryReader.files(inFolder: file.path).map {
            HistoryRequest.File(path: $0, shown: shownFolder + String($0.split(separator: "/").last ?? ""))
        }
        guard !files.isEmpty else {
            throw VaultError("\(file.shown): a folder without .ics files; crm history reads a folder only as a calendar (a vdir of .ics files)")
        }
        return files
    }

    private static func withoutByteOrderMark(_ text: String) -> Substring {
        text.first == "\u{FEFF}" ? text.dropFirst() : Substring(text)
    }

    /// The format of the file at `path` and its reader. Throws, naming the formats, for a file
    /// none of them reads.
    package static func reader(path: String, shown: String, today: Day) throws -> (format: HistoryFormat, reader: any HistoryReader) {
        let head = try Self.head(path)
        let fileName = String(path.split(separator: "/").last ?? "")
        guard let format = all.first(where: { $0.matches(head, fileName) }) else {
            throw VaultError("\(shown): not a history file crm reads; it reads: " + all.map(\.name).joined(separator: "; "))
        }
        return (format, try format.makeReader(path, today))
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
