import Foundation
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Events the calendar tests write; the golden files in `Fixtures/calendar/` hold them.
enum Sample {
    static let stamp = Date(timeIntervalSince1970: 1_796_113_800)  // 2026-12-01T08:30:00Z

    static let note = "Dinner at Café Müller, Zürich; talked about the Analytical Engine — Ada's notes, "
        + "Babbage's gears.\r\nShe said the drafts live in C:\\Users\\ada\\notes\\; 日本語のメモ, "
        + "ещё немного текста, ✓ done.\nNext time: bring the punched cards 🃏🃏🃏 and the Bernoulli table."

    static let timed = ICalendarEvent(
        uid: EventUID.stable("demo:timed"),
        summary: "visit: Ada Lovelace",
        description: note,
        start: .timed(Day(year: 2026, month: 12, day: 5)!, TimeOfDay(hour: 19, minute: 0)!, durationMinutes: 60),
        categories: ["crm", "visit"],
        stamp: stamp
    )

    static let allDay = ICalendarEvent(
        uid: EventUID.stable("demo:all-day"),
        summary: "call: Charles Babbage",
        description: "Asked about the Difference Engine, part 2.",
        start: .allDay(Day(year: 2026, month: 12, day: 1)!),
        stamp: stamp
    )

    static let birthdays = [
        ("ada", "Ada Lovelace", "1990-12-10"),
        ("mary", "Mary Somerville", "--03-15"),
        ("leap", "Leap Person", "1996-02-29"),
        ("leap-yearless", "Yearless Leap", "--02-29"),
    ].map { key, name, birthday in
        ICalendarEvent.birthday(uid: EventUID.stable("birthday:" + key), summary: name + "'s birthday",
                                birthday: birthday, categories: ["birthday"], stamp: stamp)!
    }
}

/// A new empty folder, removed when `body` returns.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("crm-calendar-tests-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
}

func fileBytes(at path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

func writeFile(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// The names in `folder`, sorted.
func fileNames(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
}
