import CRMFormat

/// A WhatsApp chat export ("Export chat" → without media): the `.txt` Android shares, or the
/// `_chat.txt` in the zip iOS makes (stored or deflated, see `ChatZip`). Each message is an
/// event on the day written before it, with its sender as the party: a name, or a phone number
/// for a sender not in the phone's contacts. Lines WhatsApp writes itself (no `Name: `) and the
/// lines a message continues on are not messages; no text is kept.
///
/// The day and month order is the file's: a first number above 12 makes it day/month, a second
/// above 12 month/day (a four-digit first number is year/month/day). The file is read once
/// ahead until a date settles it. When none does, the reader says so at the first message and
/// reads dotted dates (`31.12.23`) and 24-hour files as day/month, slashed dates with AM/PM as
/// month/day (the form WhatsApp writes in US English).
package struct WhatsAppChatReader: HistoryReader {
    /// The order of the date's numbers.
    package enum DateOrder: String, Sendable {
        case dayMonthYear = "day/month/year"
        case monthDayYear = "month/day/year"
        case yearMonthDay = "year/month/day"
    }

    package let source = "WhatsApp"
    package private(set) var warnings: [HistoryFileWarning] = []
    /// Bytes read of the file's, for a progress bar.
    package var progress: (done: Int64, total: Int64) { lines.progress }
    /// The order the reader reads dates in.
    package private(set) var order: DateOrder = .dayMonthYear
    private var lines: HistoryLines
    private var pendingError: HistoryFileError?
    private var unsettledAt: Int?

    /// Opens the export at `path`, a chat `.txt` or a WhatsApp zip, and reads ahead until a date
    /// settles the day and month order. What is wrong with a zip is thrown by the first `next()`.
    package init(path: String) throws(FileSystemError) {
        var ahead: HistoryLines
        if ChatZip.isZip(path: path) {
            switch ChatZip.chatText(path: path) {
            case .success(let bytes): lines = HistoryLines(bytes: bytes)
            case .failure(let error): (lines, pendingError) = (HistoryLines(bytes: []), error)
            }
            ahead = lines
        } else {
            // Two descriptors: a copy of the lines would share the file's read position.
            (lines, ahead) = (try HistoryLines(path: path), try HistoryLines(path: path))
        }
        guard pendingError == nil else { return }
        do { try settleOrder(reading: &ahead) } catch { pendingError = error }
    }

    package mutating func next() throws(HistoryFileError) -> HistoryEvent? {
        if let pendingError { throw pendingError }
        while let line = try lines.next() {
            guard let header = WhatsAppHeader.parse(line) else { continue }
            let number = lines.lineNumber
            if number == unsettledAt {
                warnings.append(HistoryFileWarning(line: number, "no date in this chat tells the day from the month (none above 12); read as \(order.rawValue)"))
            }
            guard let sender = header.sender else { continue }
            guard let day = Self.day(header, order) else {
                warnings.append(HistoryFileWarning(line: number, "not a date when read as \(order.rawValue), as the rest of the chat is; message not counted"))
                continue
            }
            return HistoryEvent(channel: .message, day: day, parties: [Self.party(sender)], line: number,
                                moment: Int64(day.dayNumber) * 86_400 + Int64(header.time))
        }
        return nil
    }

    /// The day a header's date is, read in `order`.
    static func day(_ header: WhatsAppHeader, _ order: DateOrder) -> Day? {
        let (a, b, c) = header.numbers
        let year = { (value: Int) in value < 100 ? 2000 + value : value }
        switch order {
        case .dayMonthYear: return Day(year: year(c), month: b, day: a)
        case .monthDayYear: return Day(year: year(c), month: a, day: b)
        case .yearMonthDay: return Day(year: a, month: b, day: c)
        }
    }

    /// The order one header settles, if it settles one.
    static func order(settledBy header: WhatsAppHeader) -> DateOrder? {
        if header.firstDigits == 4 { return .yearMonthDay }
        if header.numbers.0 > 12 { return .dayMonthYear }
        if header.numbers.1 > 12 { return .monthDayYear }
        return nil
    }

    /// The order for a file no date settles, from how its first date is written.
    static func order(unsettled header: WhatsAppHeader) -> DateOrder {
        header.separator == UInt8(ascii: "/") && header.twelveHour ? .monthDayYear : .dayMonthYear
    }

    /// A sender made only of digits, spaces, `+`, `-` and parentheses, with at least five
    /// digits, is a phone number; anyone else a name.
    static func party(_ sender: String) -> HistoryEvent.Party {
        let digits = sender.unicodeScalars.filter { $0.properties.numericType == .decimal && $0.isASCII }.count
        let phoneLike = sender.unicodeScalars.allSatisfy { "+0123456789 -().".unicodeScalars.contains($0) }
        return phoneLike && digits >= 5 ? .phone(sender) : .name(sender)
    }

    /// Reads `ahead` (the same lines) until a date settles the order; the first date decides when
    /// none does.
    private mutating func settleOrder(reading ahead: inout HistoryLines) throws(HistoryFileError) {
        var first: (WhatsAppHeader, Int)?
        while let line = try ahead.next() {
            guard let header = WhatsAppHeader.parse(line) else { continue }
            if first == nil { first = (header, ahead.lineNumber) }
            if let settled = Self.order(settledBy: header) {
                order = settled
                return
            }
        }
        guard let (header, line) = first else {
            throw HistoryFileError(line: 1, "not a WhatsApp chat: no line starts with a date and time as WhatsApp writes them (`31/12/2023, 21:41 - Name: text` or `[31.12.23, 21:41:05] Name: text`)")
        }
        (order, unsettledAt) = (Self.order(unsettled: header), line)
    }
}
