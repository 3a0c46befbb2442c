import CRMFormat

/// How the facts cache stores a log entry: date, time as minutes past midnight (-1: none), type,
/// note, line, line count, and 1 for a ticked entry (0 otherwise). Open items are stored apart
/// (`Timeline.open`), so their checkbox is known from where they stand.
extension Interaction {
    package func encode(to w: inout ByteWriter) {
        date.encode(to: &w)
        w.int(time.map { $0.hour * 60 + $0.minute } ?? -1)
        w.string(type)
        w.string(note)
        w.int(line)
        w.int(lineCount)
        w.int(checkbox == .done ? 1 : 0)
    }

    /// An entry as `encode(to:)` wrote it; `open`: one of the open items.
    package init(from r: inout ByteReader, open: Bool) throws(ByteReader.Malformed) {
        let date = try Day(from: &r)
        let minutes = try r.int()
        guard (-1..<1440).contains(minutes) else { throw ByteReader.Malformed() }
        let time = minutes < 0 ? nil : TimeOfDay(hour: minutes / 60, minute: minutes % 60)
        self.init(date: date, time: time, type: try r.string(), note: try r.string(), line: try r.int(), lineCount: try r.int())
        guard line >= 0, lineCount >= 0 else { throw ByteReader.Malformed() }
        let done = try r.int() == 1
        checkbox = open ? .open : done ? .done : nil
    }
}
