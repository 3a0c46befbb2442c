#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CRMFormat

/// A mailbox in mbox form (RFC 4155; Gmail Takeout's `.mbox`, Thunderbird's folders), streamed:
/// each message is an email with the addresses of its `From`, `To` and `Cc` headers (the
/// importer tells the user's own from the others), on the day of its `Date` header in the user's
/// time zone. No other header and no body is read.
///
/// A message starts at a `From ` line at the start of the file, after a blank line, or one that
/// carries a sender and a time (`From ada@example.org Sat Dec 31 21:41:05 2023`) — a `From ` in a
/// body is written `>From ` by mbox writers. Headers end at the first blank line; a header line
/// starting with a space or tab continues the one before (RFC 5322 §2.2.3). A header longer than
/// 64 KiB keeps its first 64 KiB, so memory stays bounded whatever the file holds.
package struct MboxReader: HistoryReader {
    package let source = "mail"
    package private(set) var warnings: [HistoryFileWarning] = []
    /// Bytes read of the file's, for a progress bar.
    package var progress: (done: Int64, total: Int64) { lines.progress }
    private var lines: HistoryLines
    private let zone: TimeZone
    private var message: Message?
    private var inHeaders = false
    private var previousBlank = true
    private var started = false

    private static let maxHeaderBytes = 65_536
    private static let read: [[UInt8]] = ["from", "to", "cc", "date"].map { Array($0.utf8) }

    private struct Message {
        var line: Int
        /// From, To, Cc, Date, in the order of `read`.
        var headers: [[UInt8]] = [[], [], [], []]
        var seen = [false, false, false, false]
        /// The header a continuation line adds to (an index into `headers`), if one read here.
        var current: Int?
    }

    /// Opens the mbox at `path`; days are the user's in `zone`.
    package init(path: String, zone: TimeZone = .current) throws(FileSystemError) {
        lines = try HistoryLines(path: path)
        self.zone = zone
    }

    package mutating func next() throws(HistoryFileError) -> HistoryEvent? {
        while let line = try lines.next() {
            let number = lines.lineNumber
            defer { previousBlank = line.isEmpty }
            if Self.isSeparator(line, afterBlank: previousBlank) {
                let ended = inHeaders ? message : nil
                (message, inHeaders, started) = (Message(line: number), true, true)
                if let ended, let event = event(ended) { return event }
                continue
            }
            if !started {
                guard line.isEmpty else { throw HistoryFileError(line: number, "not an mbox: a message must start with a `From ` line") }
                continue
            }
            guard inHeaders, var current = message else { continue }
            if line.isEmpty {
                inHeaders = false
                if let event = event(current) { return event }
                continue
            }
            Self.take(line, into: &current)
            message = current
        }
        if inHeaders, let current = message {
            inHeaders = false
            return event(current)
        }
        return nil
    }

    private static func isSeparator(_ line: ArraySlice<UInt8>, afterBlank: Bool) -> Bool {
        guard line.starts(with: "From ".utf8) else { return false }
        if afterBlank { return true }
        // `From sender date`: a time `HH:MM` after the sender.
        let rest = Array(line.dropFirst(5))
        return rest.indices.dropFirst(2).contains { i in
            rest[i - 1] == UInt8(ascii: ":") && i + 1 < rest.count
                && [rest[i - 2], rest[i], rest[i + 1]].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
    }

    /// A header line or a continuation of the one before it.
    private static func take(_ line: ArraySlice<UInt8>, into message: inout Message) {
        if let first = line.first, first == 0x20 || first == 0x09 {
            if let index = message.current { append(line, to: &message.headers[index]) }
            return
        }
        message.current = nil
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = line[..<colon].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard let index = read.firstIndex(where: { $0 == name }) else { return }
        message.current = index
        if message.seen[index] { message.headers[index].append(UInt8(ascii: index == 3 ? " " : ",")) }
        message.seen[index] = true
        append(line[(colon + 1)...], to: &message.headers[index])
    }

    private static func append(_ bytes: ArraySlice<UInt8>, to header: inout [UInt8]) {
        header += bytes.prefix(Swift.max(0, maxHeaderBytes - header.count))
    }

    private mutating func event(_ message: Message) -> HistoryEvent? {
        var seen: Set<String> = []
        let addresses = message.headers[0..<3].flatMap { MailAddressList.addresses($0) }.filter { seen.insert($0.lowercased()).inserted }
        guard message.seen[3], let epoch = MailDate.epochSeconds(message.headers[3]) else {
            warnings.append(HistoryFileWarning(line: message.line, message.seen[3]
                ? "a Date header this reader cannot read (`Sat, 31 Dec 2023 21:41:05 +0000`); message not counted"
                : "a message without a Date header; not counted"))
            return nil
        }
        guard !addresses.isEmpty else {
            warnings.append(HistoryFileWarning(line: message.line, "a message without an address in From, To or Cc; not counted"))
            return nil
        }
        return HistoryEvent(channel: .email, day: HistoryEvent.localDay(epochSeconds: epoch, in: zone),
                            parties: addresses.map { .email($0) }, line: message.line, moment: epoch)
    }
}
