import Foundation
@testable import CRMFormat
@testable import CRMKit

/// A history file written for a test into its own temporary folder, removed when released.
final class HistorySampleFile {
    let folder: URL
    let path: String

    init(_ name: String, _ bytes: [UInt8]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    convenience init(_ name: String, _ text: String) throws {
        try self.init(name, Array(text.utf8))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// Every event a reader gives, in order.
func allEvents(_ reader: inout some HistoryReader) throws(HistoryFileError) -> [HistoryEvent] {
    var events: [HistoryEvent] = []
    while let event = try reader.next() { events.append(event) }
    return events
}

/// `YYYY-MM-DD` as a day, for expectations.
func day(_ text: String) -> Day { Day(text)! }

/// A zone with a fixed offset from UTC, for days that depend on the user's zone.
func zone(hours: Int) -> TimeZone { TimeZone(secondsFromGMT: hours * 3600)! }
