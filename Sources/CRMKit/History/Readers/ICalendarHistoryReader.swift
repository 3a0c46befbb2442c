#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CRMFormat

/// An iCalendar file (RFC 5545; one `.ics` of a calendar export or of a vdir): each past
/// `VEVENT` with an organiser or attendees is a meeting with them. Each is a party with the
/// address of a `mailto:` value and the `CN` name, as far as they are written; rooms and resources
/// (`CUTYPE=ROOM`/`RESOURCE`) are not parties. A cancelled event (`STATUS:CANCELLED`) is not a
/// meeting, nor one on or after `today`.
///
/// A meeting's length is from `DTSTART` to `DTEND` (or its `DURATION`), when under a day.
/// The day is `DTSTART`'s: a UTC time (`…Z`) or one with a `TZID` is moved into the user's time
/// zone; a floating time or a date (`VALUE=DATE`) is taken as written, as is a time whose `TZID`
/// the system does not know (said once per zone). A recurring event is a meeting on each day it
/// took place: its `RRULE` expanded as `RecurrenceRule` reads it, with its `RDATE`s, less its
/// `EXDATE`s and the occurrences moved or cancelled by an event of the same `UID` with a
/// `RECURRENCE-ID` (itself a meeting on its own day, unless cancelled). A rule this reader does
/// not expand counts once, on its first day, said once per file. Recurring events are counted at
/// the end of the file (a moved occurrence may come after its series). What an alarm (`VALARM`)
/// inside an event names is not read.
package struct ICalendarHistoryReader: HistoryReader {
    package let source = "calendar"
    package private(set) var warnings: [HistoryFileWarning] = []
    /// Bytes read of the file's, for a progress bar.
    package var progress: (done: Int64, total: Int64) { lines.progress }
    private var lines: ICalendarLines
    private let today: Day
    private let zone: TimeZone
    private var started = false
    private var event: Event?
    /// How deep inside the event's own components (`VALARM`) the reader is.
    private var nested = 0
    private var saidRecurring = false
    private var unknownZones: Set<String> = []
    /// Series read, counted when the file ends; the occurrences moved or cancelled out of them,
    /// by `UID` and moment (a `RECURRENCE-ID` in UTC names the same occurrence as its series'
    /// time in a zone); events ready to be given.
    private var series: [(event: Event, rule: RecurrenceRule?)] = []
    private var moved: Set<String> = []
    private var ready: [HistoryEvent] = []
    private var ended = false

    private struct Event {
        var line: Int
        var uid = ""
        var start: ICalendarLines.Property?
        var end: ICalendarLines.Property?
        var duration: String?
        var rule: String?
        var dates: [ICalendarLines.Property] = []
        var exceptions: [ICalendarLines.Property] = []
        var recurrenceID: ICalendarLines.Property?
        var cancelled = false
        var parties: [HistoryEvent.Party] = []
    }

    /// Opens the `.ics` at `path`. Events on or after `today` (the user's date) are not history;
    /// days are the user's in `zone`.
    package init(path: String, today: Day, zone: TimeZone = .current) throws(FileSystemError) {
        lines = ICalendarLines(try HistoryLines(path: path))
        (self.today, self.zone) = (today, zone)
    }

    /// The `.ics` files of a vdir (a folder of one file per event, as vdirsyncer and khal keep
    /// them), sorted, for reading one after another.
    package static func files(inFolder folder: String) -> [String] {
        FileSystem.list(folder).filter { !$0.isDirectory && $0.name.lowercased().hasSuffix(".ics") && !$0.name.hasPrefix(".") }
            .map(\.name).sorted()
            .map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
    }

    package mutating func next() throws(HistoryFileError) -> HistoryEvent? {
        if !ready.isEmpty { return ready.removeFirst() }
        while let item = try lines.next() {
            guard case .property(let property) = item else {
                if case .malformed(let line) = item, event != nil, nested == 0 {
                    warnings.append(HistoryFileWarning(line: line, "not an iCalendar content line (`NAME;PARAM=…:value`); skipped"))
                }
                continue
            }
            if !started {
                guard property.name == "BEGIN", property.value.uppercased() == "VCALENDAR" else {
                    throw HistoryFileError(line: property.line, "not an iCalendar file: it does not start with BEGIN:VCALENDAR")
                }
                started = true
                continue
            }
            read(property)
            if !ready.isEmpty { return ready.removeFirst() }
        }
        if !started { throw HistoryFileError(line: 1, "not an iCalendar file: it does not start with BEGIN:VCALENDAR") }
        if !ended {
            ended = true
            for (event, rule) in series { expand(event, rule: rule) }
            series = []
        }
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    /// Takes in one property; an event it ends joins `ready` or `series`.
    private mutating func read(_ property: ICalendarLines.Property) {
        let value = property.value.uppercased()
        guard var current = event else {
            if property.name == "BEGIN", value == "VEVENT" { (event, nested) = (Event(line: property.line), 0) }
            return
        }
        switch property.name {
        case "BEGIN": nested += 1
        case "END" where nested > 0: nested -= 1
        case "END" where value == "VEVENT":
            event = nil
            return finished(current)
        case _ where nested > 0: break
        case "UID": current.uid = property.value
        case "DTSTART": current.start = property
        case "DTEND": current.end = property
        case "DURATION": current.duration = property.value
        case "RRULE": current.rule = property.value
        case "RDATE": current.dates.append(property)
        case "EXDATE": current.exceptions.append(property)
        case "RECURRENCE-ID": current.recurrenceID = property
        case "STATUS": current.cancelled = value == "CANCELLED"
        case "ORGANIZER", "ATTENDEE":
            let kind = property.parameter("CUTYPE")?.uppercased()
            guard kind != "ROOM", kind != "RESOURCE" else { break }
            let address = property.value.lowercased().hasPrefix("mailto:") ? String(property.value.dropFirst(7)) : nil
            let party = HistoryEvent.Party(email: address, name: property.parameter("CN"))
            if !party.isEmpty { current.parties.append(party) }
        default: break
        }
        event = current
    }

    /// An event read: a meeting now, a series counted at the end of the file, or (with a
    /// `RECURRENCE-ID`) a day moved or cancelled out of its series and, unless cancelled, a
    /// meeting of its own.
    private mutating func finished(_ event: Event) {
        if let recurrenceID = event.recurrenceID, let wall = wallTime(recurrenceID.value, zone: recurrenceID.parameter("TZID"), line: recurrenceID.line) {
            moved.insert(event.uid + "\n" + String(instant(wall).moment))
        }
        guard !event.cancelled, !event.parties.isEmpty else { return }
        guard let start = event.start else {
            return warnings.append(HistoryFileWarning(line: event.line, "an event without DTSTART; not counted"))
        }
        guard let wall = wallTime(start.value, zone: start.parameter("TZID"), line: start.line) else {
            return warnings.append(HistoryFileWarning(line: start.line, "DTSTART is not a date or date-time (`20231231`, `20231231T214100Z`); event not counted"))
        }
        guard event.recurrenceID == nil, event.rule != nil || !event.dates.isEmpty else {
            return meeting(event, at: instant(wall), length: seconds(event, from: instant(wall)))
        }
        let rule = event.rule.flatMap(RecurrenceRule.init)
        if event.rule != nil, rule == nil, !saidRecurring {
            saidRecurring = true
            warnings.append(HistoryFileWarning(line: event.line, "a recurrence rule this reader does not expand (RRULE:\(event.rule!)) counts once, on its first day; it expands FREQ daily, weekly, monthly or yearly with INTERVAL, COUNT, UNTIL, WKST, BYDAY, BYMONTHDAY and BYMONTH"))
        }
        series.append((event, rule))
    }

    /// A series at the end of the file: a meeting on each day it took place before today.
    private mutating func expand(_ event: Event, rule: RecurrenceRule?) {
        guard let start = event.start, let first = wallTime(start.value, zone: start.parameter("TZID"), line: start.line) else { return }
        let length = seconds(event, from: instant(first))
        // Occurrences on days after today's in any zone are not history: a day's margin.
        var walls = (rule?.days(from: first.day, before: today.adding(days: 2)) ?? [first.day]).map { WallTime(day: $0, seconds: first.seconds, clock: first.clock) }
        for property in event.dates {
            walls += Self.values(property).compactMap { wallTime($0, zone: property.parameter("TZID"), line: property.line) }
        }
        let excepted = Set(event.exceptions.flatMap { property in
            Self.values(property).compactMap { wallTime($0, zone: property.parameter("TZID"), line: property.line)?.day }
        })
        var seen: Set<Day> = []
        for wall in walls.sorted(by: { ($0.day, $0.seconds) < ($1.day, $1.seconds) })
        where !excepted.contains(wall.day) && !moved.contains(event.uid + "\n" + String(instant(wall).moment)) && seen.insert(wall.day).inserted {
            meeting(event, at: instant(wall), length: length)
        }
    }

    /// The meeting `event` is at `instant`, when it is past.
    private mutating func meeting(_ event: Event, at instant: Instant, length: Int) {
        let day = day(of: instant)
        guard day < today else { return }
        var seen: Set<HistoryEvent.Party> = []
        ready.append(HistoryEvent(channel: .meeting, day: day, parties: event.parties.filter { seen.insert($0).inserted },
                                  seconds: length, line: event.line, moment: instant.moment))
    }

    /// The values of an `RDATE` or `EXDATE` (a list; of a period, its start).
    private static func values(_ property: ICalendarLines.Property) -> [String] {
        property.value.split(separator: ",").map { String($0.split(separator: "/").first ?? $0) }
    }

    /// When a `DTSTART` or `DTEND` is: a date, a floating time (seconds of its wall clock as if
    /// UTC), or an instant (seconds since 1970 UTC).
    private enum Instant {
        case date(Day)
        case floating(Int64)
        case instant(Int64)

        /// Seconds since 1970 (or since 1970 on the wall clock, for a date or a floating time).
        var moment: Int64 {
            switch self {
            case .date(let day): Int64(day.dayNumber) * 86_400
            case .floating(let wall): wall
            case .instant(let epoch): epoch
            }
        }
    }

    /// The user's day of an instant.
    private func day(of instant: Instant) -> Day {
        switch instant {
        case .date(let day): day
        case .floating(let wall): Day(dayNumber: Int((wall >= 0 ? wall : wall - 86_399) / 86_400))
        case .instant(let epoch): HistoryEvent.localDay(epochSeconds: epoch, in: zone)
        }
    }

    /// A meeting's length: from its start to its `DTEND` (of the same kind) or by its
    /// `DURATION`; 0 for a day-long event, and for one of a day or more.
    private mutating func seconds(_ event: Event, from start: Instant) -> Int {
        let length: Int64
        switch (start, event.end.flatMap { instant(of: $0) }) {
        case (.instant(let a), .instant(let b)?), (.floating(let a), .floating(let b)?): length = b - a
        case (.instant, nil), (.floating, nil): length = event.duration.flatMap(Self.seconds(duration:)) ?? 0
        default: length = 0
        }
        return length > 0 && length < 86_400 ? Int(length) : 0
    }

    /// An RFC 5545 §3.3.6 duration (`PT1H30M`, `P1D`, `P1W`) in seconds.
    static func seconds(duration text: String) -> Int64? {
        var total: Int64 = 0, number: Int64 = 0, digits = false, inTime = false
        var characters = Substring(text.trimmingSpaces)
        if characters.first == "+" { characters = characters.dropFirst() }
        guard characters.first == "P" else { return nil }
        for character in characters.dropFirst() {
            if let digit = character.wholeNumberValue, character.isASCII {
                (number, digits) = (number * 10 + Int64(digit), true)
                continue
            }
            if character == "T" { inTime = true; continue }
            guard digits else { return nil }
            switch (character, inTime) {
            case ("W", false): total += number * 604_800
            case ("D", false): total += number * 86_400
            case ("H", true): total += number * 3600
            case ("M", true): total += number * 60
            case ("S", true): total += number
            default: return nil
            }
            (number, digits) = (0, false)
        }
        return digits ? nil : total
    }

    /// How a `DTSTART`'s wall time is read: a date, a floating time, a UTC time, or a time in a zone.
    private enum Clock {
        case date, floating, utc
        case zoned(TimeZone)
    }

    /// A date or time as an event writes it: its day, the seconds into that day on its clock.
    private struct WallTime {
        var day: Day
        var seconds: Int64
        var clock: Clock
    }

    /// A `DTSTART`, `DTEND`, `RDATE`, `EXDATE` or `RECURRENCE-ID` value with its `TZID`: a time
    /// whose zone the system does not know is taken as floating (said once per zone).
    private mutating func wallTime(_ value: String, zone identifier: String?, line: Int) -> WallTime? {
        let text = Array(value.trimmingSpaces.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= text.count, text[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return text[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let year = number(0..<4), let month = number(4..<6), let dayOfMonth = number(6..<8),
              let date = Day(year: year, month: month, day: dayOfMonth)
        else { return nil }
        if text.count == 8 { return WallTime(day: date, seconds: 0, clock: .date) }
        guard text.count >= 15, text[8] == UInt8(ascii: "T"), let hour = number(9..<11), let minute = number(11..<13),
              let second = number(13..<15)
        else { return nil }
        let seconds = Int64(hour * 3600 + minute * 60 + second)
        if text.count == 16, text[15] == UInt8(ascii: "Z") { return WallTime(day: date, seconds: seconds, clock: .utc) }
        guard text.count == 15 else { return nil }
        guard let identifier else { return WallTime(day: date, seconds: seconds, clock: .floating) }
        guard let eventZone = Self.zone(named: identifier) else {
            if unknownZones.insert(identifier).inserted {
                warnings.append(HistoryFileWarning(line: line, "time zone \"\(identifier)\" is not one this system knows; its events' days are taken as written"))
            }
            return WallTime(day: date, seconds: seconds, clock: .floating)
        }
        return WallTime(day: date, seconds: seconds, clock: .zoned(eventZone))
    }

    /// When a wall time is.
    private func instant(_ wall: WallTime) -> Instant {
        let local = Int64(wall.day.dayNumber) * 86_400 + wall.seconds
        switch wall.clock {
        case .date: return .date(wall.day)
        case .floating: return .floating(local)
        case .utc: return .instant(local)
        case .zoned(let eventZone):
            // The wall time in the event's zone: its offset at that instant, found in two steps.
            let guess = local - Int64(eventZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local))))
            return .instant(local - Int64(eventZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(guess)))))
        }
    }

    private mutating func instant(of property: ICalendarLines.Property) -> Instant? {
        wallTime(property.value, zone: property.parameter("TZID"), line: property.line).map(instant)
    }

    /// A zone by its IANA name, also when a calendar writes it with a prefix
    /// (`/mozilla.org/20050126_1/Europe/London`).
    private static func zone(named identifier: String) -> TimeZone? {
        if let zone = TimeZone(identifier: identifier) { return zone }
        let parts = identifier.split(separator: "/")
        for count in [3, 2, 1] where parts.count > count {
            if let zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/")) { return zone }
        }
        return nil
    }
}
