#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CRMFormat

/// The `calls.xml` of "SMS Backup & Restore" (and its "Call Logs Backup & Restore"):
/// `<calls count="…">` holding one `<call number="…" duration="…" date="…" type="…"
/// contact_name="…" …/>` a call, `date` in milliseconds since 1970 (UTC), `duration` in seconds.
///
/// A call counts as being in touch when it was answered (type 1 incoming, 2 outgoing, 7 answered
/// on another device) and lasted at least a second; a missed (3), voicemail (4), rejected (5) or
/// blocked (6) call, or one of 0 seconds, is not a conversation and is passed over. The party is
/// the number, with the phone's contact name for when the number matches no one.
struct AndroidCallLogReader: HistoryReader {
    let source = "call log"
    private(set) var warnings: [HistoryFileWarning] = []
    private var tags: XMLTags
    private let zone: TimeZone

    /// The call types that are a conversation.
    static let answered: Set<Int64> = [1, 2, 7]

    init(path: String, zone: TimeZone = .current) throws(FileSystemError) {
        tags = XMLTags(try HistoryLines(path: path), keeping: ["number", "duration", "date", "type", "contact_name"])
        self.zone = zone
    }

    var progress: (done: Int64, total: Int64) { tags.progress }

    mutating func next() throws(HistoryFileError) -> HistoryEvent? {
        while let tag = try tags.next() {
            guard !tag.isEnd, tag.isNamed("call") else { continue }
            guard let milliseconds = tag.integer("date") else {
                warnings.append(HistoryFileWarning(line: tag.line, column: tag.column, "a call without a date (milliseconds since 1970) is passed over"))
                continue
            }
            guard let type = tag.integer("type"), Self.answered.contains(type), let seconds = tag.integer("duration"), seconds > 0 else { continue }
            let party = HistoryEvent.Party(phone: try tag.text("number"), name: AndroidContactName.known(try tag.text("contact_name")))
            guard !party.isEmpty else { continue }
            return HistoryEvent(channel: .call, day: HistoryEvent.localDay(epochSeconds: Self.seconds(milliseconds), in: zone),
                                parties: [party], seconds: Int(seconds), line: tag.line, moment: milliseconds)
        }
        return nil
    }

    /// Milliseconds since 1970 as whole seconds, rounded down (before 1970 too).
    static func seconds(_ milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    }
}

/// The `contact_name` an Android backup writes: `(Unknown)` or `null` when the phone had none.
enum AndroidContactName {
    static func known(_ name: String?) -> String? {
        guard let name = name?.trimmingSpaces, !name.isEmpty, name != "(Unknown)", name != "null" else { return nil }
        return name
    }
}
