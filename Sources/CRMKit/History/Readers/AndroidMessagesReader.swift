#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CRMFormat

/// The `sms.xml` of "SMS Backup & Restore": `<smses count="…">` holding `<sms address="…"
/// date="…" type="…" body="…" contact_name="…" …/>` for each text message and `<mms date="…"
/// msg_box="…" address="…" …>` with `<parts>` (its content) and `<addrs><addr address="…"
/// type="…"/></addrs>` (who it was from and to) for each multimedia or group message. Dates are
/// milliseconds since 1970 (UTC).
///
/// Only the numbers, names, dates and kinds are read: `body`, the parts and every other
/// attribute are passed over without being kept. A message counts when it was received (SMS
/// type 1, MMS `msg_box` 1) or sent (type 2, `msg_box` 2); drafts, the outbox, failed and
/// queued messages do not. A received MMS is with its sender (`addr` type 137, "from"); a sent
/// one with each recipient (151 "to", 130 "cc", 129 "bcc"), so the user's own number is never a
/// party. An MMS without `addr` elements is with the numbers of its `address` (`~` between them).
struct AndroidMessagesReader: HistoryReader {
    let source = "SMS"
    private(set) var warnings: [HistoryFileWarning] = []
    private var tags: XMLTags
    private let zone: TimeZone
    /// The MMS being read, from its start tag to its end tag.
    private var mms: OpenMMS?

    private struct OpenMMS {
        var line: Int
        var day: Day
        var moment: Int64?
        var box: Int64
        var address: String?
        var name: String?
        var senders: [String] = []
        var recipients: [String] = []
    }

    init(path: String, zone: TimeZone = .current) throws(FileSystemError) {
        tags = XMLTags(try HistoryLines(path: path), keeping: ["address", "date", "type", "msg_box", "contact_name"])
        self.zone = zone
    }

    var progress: (done: Int64, total: Int64) { tags.progress }

    mutating func next() throws(HistoryFileError) -> HistoryEvent? {
        while let tag = try tags.next() {
            if tag.isNamed("sms"), !tag.isEnd {
                guard let day = day(of: tag, what: "a message") else { continue }
                guard let type = tag.integer("type"), type == 1 || type == 2 else { continue }
                let moment = tag.integer("date")
                let party = HistoryEvent.Party(phone: try tag.text("address"), name: AndroidContactName.known(try tag.text("contact_name")))
                guard !party.isEmpty else { continue }
                return HistoryEvent(channel: .message, day: day, parties: [party], line: tag.line, moment: moment)
            }
            if tag.isNamed("mms") {
                if tag.isEnd {
                    if let event = finishedMMS() { return event }
                    continue
                }
                guard let day = day(of: tag, what: "a message") else { continue }
                mms = OpenMMS(line: tag.line, day: day, moment: tag.integer("date"), box: tag.integer("msg_box") ?? 0, address: try tag.text("address"),
                              name: AndroidContactName.known(try tag.text("contact_name")))
                if tag.isEmpty, let event = finishedMMS() { return event }
                continue
            }
            if tag.isNamed("addr"), !tag.isEnd, mms != nil, let address = try tag.text("address") {
                switch tag.integer("type") {
                case 137: mms!.senders.append(address)
                case 151, 130, 129: mms!.recipients.append(address)
                default: break
                }
            }
        }
        return nil
    }

    /// The day of a `date` in milliseconds; nil (and a warning) without one.
    private mutating func day(of tag: XMLTags.Tag, what: String) -> Day? {
        guard let milliseconds = tag.integer("date") else {
            warnings.append(HistoryFileWarning(line: tag.line, column: tag.column, "\(what) without a date (milliseconds since 1970) is passed over"))
            return nil
        }
        return HistoryEvent.localDay(epochSeconds: AndroidCallLogReader.seconds(milliseconds), in: zone)
    }

    /// The event of the MMS just ended, when it was received or sent and names someone.
    private mutating func finishedMMS() -> HistoryEvent? {
        guard let done = mms else { return nil }
        mms = nil
        guard done.box == 1 || done.box == 2 else { return nil }
        var numbers = done.box == 1 ? done.senders : done.recipients
        if done.senders.isEmpty && done.recipients.isEmpty {
            numbers = (done.address ?? "").split(separator: "~").map(String.init)
        }
        var seen: Set<String> = []
        numbers = numbers.map(\.trimmingSpaces).filter { !$0.isEmpty && $0 != "insert-address-token" && seen.insert($0).inserted }
        guard !numbers.isEmpty else { return nil }
        // The contact name is one person's only when the message is with one number (a group's
        // `address` holds them all, `~` between them, and its name is everyone's).
        let single = numbers.count == 1 && !(done.address ?? "").contains("~")
        let parties = numbers.map { HistoryEvent.Party(phone: $0, name: single ? done.name : nil) }
        return HistoryEvent(channel: .message, day: done.day, parties: parties, line: done.line, moment: done.moment)
    }
}
