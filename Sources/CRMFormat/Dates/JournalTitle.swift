/// The titles a daily note goes by in a link: `2026-11-20` (Obsidian's), `2026_11_20`, and the
/// page titles Logseq offers for its journals (`:journal/page-title-format`), whose default is
/// `MMM do, yyyy` (`[[Jun 12th, 2027]]`). Logseq's forms, each read ignoring case:
///
///     MMM do, yyyy       Jun 12th, 2027        do MMM yyyy        12th Jun 2027
///     MMMM do, yyyy      June 12th, 2027       do MMMM yyyy       12th June 2027
///     dd-MM-yyyy         12-06-2027            MM-dd-yyyy         06-12-2027
///     dd.MM.yyyy         12.06.2027            MM/dd/yyyy         06/12/2027
///     MM_dd_yyyy         06_12_2027            yyyy/MM/dd         2027/06/12
///     yyyyMMdd           20270612              yyyy年MM月dd日      2027年06月12日
///     yyyy-MM-dd EEEE    2027-06-12 Saturday   E, dd-MM-yyyy      Sat, 12-06-2027
///
/// and `E`/`EEE` (`Sat`) or `EEEE` (`Saturday`) followed by `, ` and `dd-MM-yyyy`,
/// `dd.MM.yyyy`, `MM/dd/yyyy` or `yyyy/MM/dd`. The title is the whole target: `12-06-2027` is
/// a day whichever of `dd-MM` and `MM-dd` the graph uses, so both readings are returned.
package enum JournalTitle {
    /// Whether `title` names a day in one of the forms above.
    package static func isDay(_ title: some StringProtocol) -> Bool { !days(title).isEmpty }

    /// The days `title` may name: none, one, or two (`06-12-2027` read as `dd-MM` and `MM-dd`).
    package static func days(_ title: some StringProtocol) -> [Day] {
        var reader = TitleReader(bytes: Array(title.utf8))
        guard reader.bytes.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return [] }
        if let word = reader.word() {
            if Day.weekdayNumber(word) != nil {
                guard reader.skip(", ") else { return [] }
                return numeric(&reader, afterWeekday: true)
            }
            // MMM do, yyyy
            guard let month = month(word), reader.skip(" "), let day = reader.ordinal(), reader.skip(", "),
                  let year = reader.number(4), reader.atEnd else { return [] }
            return Day(year: year, month: month, day: day).map { [$0] } ?? []
        }
        let start = reader.at
        // do MMM yyyy
        if let day = reader.ordinal() {
            guard reader.skip(" "), let word = reader.word(), let month = month(word), reader.skip(" "),
                  let year = reader.number(4), reader.atEnd else { return [] }
            return Day(year: year, month: month, day: day).map { [$0] } ?? []
        }
        reader.at = start
        return numeric(&reader, afterWeekday: false)
    }

    /// The all-digit forms; after a weekday only `dd-MM-yyyy`, `dd.MM.yyyy`, `MM/dd/yyyy` and
    /// `yyyy/MM/dd`.
    private static func numeric(_ reader: inout TitleReader, afterWeekday: Bool) -> [Day] {
        func day(_ y: Int, _ m: Int, _ d: Int) -> [Day] { Day(year: y, month: m, day: d).map { [$0] } ?? [] }
        guard let first = reader.digits() else { return [] }
        switch first.count {
        case 8 where !afterWeekday:
            guard reader.atEnd else { return [] }
            return day(first.value / 10_000, first.value / 100 % 100, first.value % 100)
        case 4:
            let year = first.value
            if reader.skip("年") {
                guard let m = reader.number(2), reader.skip("月"), let d = reader.number(2), reader.skip("日"), reader.atEnd,
                      !afterWeekday else { return [] }
                return day(year, m, d)
            }
            guard let separator = reader.separator(), separator == "/" || (!afterWeekday && (separator == "-" || separator == "_")),
                  let m = reader.number(2), reader.skip(separator), let d = reader.number(2) else { return [] }
            if separator == "-", !afterWeekday, reader.skip(" ") {
                guard let word = reader.word(), Day.weekdayNumber(word) != nil, reader.atEnd else { return [] }
            }
            return reader.atEnd ? day(year, m, d) : []
        case 2:
            guard let separator = reader.separator(), let second = reader.number(2), reader.skip(separator),
                  let year = reader.number(4), reader.atEnd else { return [] }
            let (a, b) = (first.value, second)
            switch separator {
            case "-": return afterWeekday ? day(year, b, a) : day(year, b, a) + (a == b ? [] : day(year, a, b))
            case ".": return day(year, b, a)
            case "/": return day(year, a, b)
            default: return afterWeekday ? [] : day(year, a, b)   // MM_dd_yyyy
            }
        default:
            return []
        }
    }

    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                     "september", "october", "november", "december"]

    /// The month (1–12) `word` names, as `MMM` (`jun`) or `MMMM` (`june`) write it, in lower case.
    private static func month(_ word: String) -> Int? {
        monthNames.firstIndex { $0 == word || $0.prefix(3) == word }.map { $0 + 1 }
    }
}

/// A cursor over a title's bytes.
private struct TitleReader {
    let bytes: [UInt8]
    var at = 0

    var atEnd: Bool { at == bytes.count }

    /// A run of ASCII letters, in lower case; nil (nothing read) when none stands here.
    mutating func word() -> String? {
        var end = at
        while end < bytes.count, (bytes[end] | 0x20) >= 0x61, (bytes[end] | 0x20) <= 0x7A { end += 1 }
        guard end > at else { return nil }
        defer { at = end }
        return String(decoding: bytes[at..<end].map { $0 | 0x20 }, as: UTF8.self)
    }

    /// A run of digits: its value and length.
    mutating func digits() -> (value: Int, count: Int)? {
        var end = at, value = 0
        while end < bytes.count, end - at < 9, bytes[end] >= 0x30, bytes[end] <= 0x39 {
            value = value * 10 + Int(bytes[end] - 0x30)
            end += 1
        }
        guard end > at, end == bytes.count || bytes[end] < 0x30 || bytes[end] > 0x39 else { return nil }
        defer { at = end }
        return (value, end - at)
    }

    /// A run of exactly `count` digits.
    mutating func number(_ count: Int) -> Int? {
        let start = at
        guard let run = digits(), run.count == count else { at = start; return nil }
        return run.value
    }

    /// `do`: a day of one or two digits with its English ordinal suffix (`1st`, `2nd`, `12th`, `23rd`).
    mutating func ordinal() -> Int? {
        let start = at
        guard let run = digits(), run.count <= 2, let suffix = word() else { at = start; return nil }
        let n = run.value
        let expected = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        guard suffix == expected else { at = start; return nil }
        return n
    }

    /// One of the separators of the numeric forms: `-`, `.`, `/`, `_`.
    mutating func separator() -> String? {
        guard !atEnd, [0x2D, 0x2E, 0x2F, 0x5F].contains(bytes[at]) else { return nil }
        defer { at += 1 }
        return String(UnicodeScalar(bytes[at]))
    }

    /// Reads `text` when it stands here.
    mutating func skip(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard bytes.count - at >= b.count, bytes[at..<(at + b.count)].elementsEqual(b) else { return false }
        at += b.count
        return true
    }
}
