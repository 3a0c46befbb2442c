import CRMFormat

/// One item of a person's log as `crm show` numbers it: an entry, or an undated follow-up.
package enum LogItem: Sendable, Equatable {
    case entry(Interaction)
    case followUp(FollowUp)

    /// 1-based line of the item.
    package var line: Int {
        switch self {
        case .entry(let entry): entry.line
        case .followUp(let item): item.line
        }
    }

    /// How many lines the item takes.
    package var lineCount: Int {
        switch self {
        case .entry(let entry): entry.lineCount
        case .followUp(let item): item.lineCount
        }
    }

    /// The number `text` is when it is one (digits only), as `crm unlog` and `crm done` take it.
    package static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// The open item this is, if it is one (`crm done` ticks it).
    package var openItem: OpenItem? {
        switch self {
        case .entry(let entry): entry.checkbox == .open ? .dated(entry) : nil
        case .followUp(let item): item.isDone ? nil : .undated(item)
        }
    }
}

extension OpenItem {
    /// The item as the log's numbering holds it.
    var logItem: LogItem {
        switch self {
        case .dated(let entry): .entry(entry)
        case .undated(let item): .followUp(item)
        }
    }
}

/// The one numbering of a log that `crm show` prints and `crm unlog` and `crm done` take: the
/// entries newest first whatever the file's order (1 = newest), then the open undated follow-ups
/// (`- [ ] NOTE`) in file order. Adding an entry renumbers the items after it, as it does entries.
extension InteractionLog {
    /// The undated follow-ups not ticked, in file order: the ones numbered after the entries.
    package var openFollowUps: [FollowUp] { followUps.filter { !$0.isDone } }

    /// The number of `openFollowUps[index]`.
    package func number(ofFollowUp index: Int) -> Int { entryCount + 1 + index }
}

extension PersonDocument {
    /// Item `number` of the log (see `InteractionLog`'s numbering); nil when there is none.
    package func logItem(numbered number: Int) -> LogItem? {
        guard let log, number >= 1 else { return nil }
        if number <= log.entryCount { return .entry(log.entry(at: log.newestFirst()[number - 1])) }
        let followUps = log.openFollowUps
        return number - log.entryCount <= followUps.count ? .followUp(followUps[number - log.entryCount - 1]) : nil
    }

    /// The item of this file that is `item` of another version of it (the file changed between
    /// reading and writing): an entry of the same date, time, type, note and box, or an undated
    /// follow-up with the same note and box.
    func sameItem(as item: LogItem) -> LogItem? {
        guard let log else { return nil }
        switch item {
        case .entry(let wanted):
            return log.entries.first {
                $0.date == wanted.date && $0.time == wanted.time && $0.type == wanted.type && $0.note == wanted.note
                    && $0.checkbox == wanted.checkbox
            }.map(LogItem.entry)
        case .followUp(let wanted):
            return log.followUps.first { $0.note == wanted.note && $0.isDone == wanted.isDone }.map(LogItem.followUp)
        }
    }

    /// What to say when `number` names no item: how many there are, and where they are numbered.
    func noItem(_ number: Int, id: String) -> String {
        let entries = log?.entryCount ?? 0, followUps = log?.openFollowUps.count ?? 0
        var has = "\(entries) entr\(entries == 1 ? "y" : "ies")"
        if followUps > 0 { has += " and \(followUps) undated follow-up\(followUps == 1 ? "" : "s")" }
        return "\(path) has \(has); there is no item \(number) (see crm show \(id))"
    }
}

extension PersonDocument {
    /// The file without `item` (its line and continuation lines), and those lines as they were.
    package func removing(_ item: LogItem) throws(PersonFileError) -> (bytes: [UInt8], lines: [String]) {
        if let writeBlocker { throw PersonFileError(path: path, message: "not changed: \(writeBlocker)") }
        let range = (item.line - 1)..<(item.line - 1 + item.lineCount)
        return (text.splicing(range, with: []), range.map(text.string))
    }
}
