/// An item `crm done` can tick: a dated open item (`- [ ] DATE …`) or an undated follow-up (`- [ ] NOTE`).
public enum OpenItem: Sendable, Equatable {
    case dated(Interaction)
    case undated(FollowUp)

    public var note: String {
        switch self {
        case .dated(let entry): entry.note
        case .undated(let item): item.note
        }
    }

    /// 1-based line of the item.
    public var line: Int {
        switch self {
        case .dated(let entry): entry.line
        case .undated(let item): item.line
        }
    }

    public var date: Day? {
        if case .dated(let entry) = self { return entry.date }
        return nil
    }

    var lineCount: Int {
        switch self {
        case .dated(let entry): entry.lineCount
        case .undated(let item): item.lineCount
        }
    }
}

extension PersonDocument {
    /// Open items: dated ones earliest first (file order within a day), then undated follow-ups in file order.
    public var openItems: [OpenItem] {
        guard let log else { return [] }
        let dated = log.entries.enumerated().filter { $0.element.checkbox == .open }
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map { OpenItem.dated($0.element) }
        return dated + log.followUps.filter { !$0.isDone }.map(OpenItem.undated)
    }

    /// The open items `crm done` may mean: those whose note holds `text` (ignoring case and
    /// accents), or, without text, the oldest one alone.
    public func openItems(matching text: String?) -> [OpenItem] {
        guard let text, !text.isEmpty else { return openItems.prefix(1).map { $0 } }
        let wanted = text.folded
        return openItems.filter { $0.note.folded.contains(wanted) }
    }

    /// The file with `item` ticked: `[ ]` becomes `[x]`, one changed line. With `date` (or for
    /// an undated follow-up, which takes `date`), the item is dated so and moves where the log's
    /// order puts it; its other lines are kept as written. Returns the 1-based line it is on after.
    public func ticking(_ item: OpenItem, date: Day?) throws(PersonFileError) -> (bytes: [UInt8], line: Int) {
        let first = text.string(item.line - 1)
        guard let box = first.range(of: "[ ]") else {
            throw PersonFileError(path: path, line: item.line, message: "not changed: no '[ ]' on this line")
        }
        var ticked = first.replacingCharacters(in: box, with: "[x]")
        let range = (item.line - 1)..<(item.line - 1 + item.lineCount)
        guard let date, date != item.date else {
            return (text.splicing(range.lowerBound..<(range.lowerBound + 1), with: [ticked]), item.line)
        }
        let tickedBox = ticked.range(of: "[x]")!
        switch item {
        case .dated(let entry):
            guard let old = ticked[tickedBox.upperBound...].range(of: entry.date.description) else {
                throw PersonFileError(path: path, line: item.line, message: "not changed: cannot find the date on this line")
            }
            ticked.replaceSubrange(old, with: date.description)
        case .undated:
            ticked.replaceSubrange(tickedBox.upperBound..<tickedBox.upperBound, with: " \(date)")
            if let space = ticked.range(of: "\(date)  ") { ticked.replaceSubrange(space, with: "\(date) ") }
        }
        guard let moved = EntryGrammar.interaction(ticked, types: settings.types) else {
            throw PersonFileError(path: path, line: item.line, message: "not changed: the ticked line would not read as an entry")
        }
        let lines = [ticked] + range.dropFirst().map(text.string)
        let without = PersonDocument(bytes: text.splicing(range, with: []), path: path, settings: settings)
        return try without.inserting(moved, lines: lines)
    }

    /// The file without `entry` (its line and continuation lines), and those lines as they were.
    public func removing(_ entry: Interaction) throws(PersonFileError) -> (bytes: [UInt8], lines: [String]) {
        if let writeBlocker { throw PersonFileError(path: path, message: "not changed: \(writeBlocker)") }
        let range = (entry.line - 1)..<(entry.line - 1 + entry.lineCount)
        return (text.splicing(range, with: []), range.map(text.string))
    }

    /// The file with `lines` (an entry as it was written, reading as `entry`) put back: at
    /// 1-based `line` when given, else where the log's order puts it.
    func restoring(_ lines: [String], as entry: Interaction, at line: Int?) throws(PersonFileError) -> [UInt8] {
        if let line, line >= 1, line <= text.lineCount + 1 {
            if let writeBlocker { throw PersonFileError(path: path, message: "not changed: \(writeBlocker)") }
            return text.splicing((line - 1)..<(line - 1), with: lines)
        }
        return try adding(entry, lines: lines)
    }

    /// Warnings for entries dated more than a year after `today` (likely a mistyped year).
    public func farFuture(today: Day) -> [Diagnostic] {
        Timeline.farFuture(log?.entries.filter(\.isInteraction) ?? [], path: path, today: today)
    }
}

extension Timeline {
    /// Plain and ticked entries dated more than a year after `today`: likely a mistyped year.
    static func farFuture(_ entries: [Interaction], path: String, today: Day) -> [Diagnostic] {
        let limit = farFutureLimit(today)
        return entries.filter { $0.date > limit }.map {
            Diagnostic(path: path, line: $0.line, column: 1, severity: .warning,
                       message: "entry dated \($0.date), more than a year from today: a mistyped year? (a plan is written '- [ ] DATE …')")
        }
    }

    /// The last day before the far future: a year after `today`.
    static func farFutureLimit(_ today: Day) -> Day { today.adding(months: 12) }
}

extension PersonFacts {
    /// Entries dated more than a year after `today` (see `PersonDocument.farFuture`).
    public func farFuture(today: Day) -> [Diagnostic] {
        Timeline.farFuture(timeline.interactions, path: keys.path, today: today)
    }
}
