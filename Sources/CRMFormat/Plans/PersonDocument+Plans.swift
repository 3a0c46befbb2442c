/// An item `crm done` can tick: a dated open item (`- [ ] DATE …`) or an undated follow-up (`- [ ] NOTE`).
package enum OpenItem: Sendable, Equatable {
    case dated(Interaction)
    case undated(FollowUp)

    package var note: String {
        switch self {
        case .dated(let entry): entry.note
        case .undated(let item): item.note
        }
    }

    /// 1-based line of the item.
    package var line: Int {
        switch self {
        case .dated(let entry): entry.line
        case .undated(let item): item.line
        }
    }

    package var date: Day? {
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
    package var openItems: [OpenItem] {
        guard let log else { return [] }
        let dated = log.entries.filter { $0.checkbox == .open }.sorted { $0.date < $1.date }.map(OpenItem.dated)
        return dated + log.followUps.filter { !$0.isDone }.map(OpenItem.undated)
    }

    /// The open items `crm done` may mean: those whose note holds `text` (ignoring case and
    /// accents), or, without text, the oldest one alone.
    package func openItems(matching text: String?) -> [OpenItem] {
        guard let text, !text.isEmpty else { return openItems.prefix(1).map { $0 } }
        let wanted = text.folded
        return openItems.filter { $0.note.folded.contains(wanted) }
    }

    /// The file with `item` ticked, and the 1-based line it is on after. Its first line is
    /// written in canonical form (`- [x] 2026-12-02: NOTE`, as `crm fmt` writes it), its other
    /// lines are kept as written. With `date` (which an undated follow-up needs) the item takes
    /// that date; where it stands is kept when it is in the log's order there, else it moves
    /// where that order puts it, taking with it a blank line that would be left doubled or last.
    /// Every other line is kept.
    package func ticking(_ item: OpenItem, date: Day?) throws(PersonFileError) -> (bytes: [UInt8], line: Int) {
        if let writeBlocker { throw PersonFileError(path: path, message: "not changed: \(writeBlocker)") }
        guard let log else { throw PersonFileError(path: path, line: item.line, message: "not changed: no log holds this item") }
        var ticked: Interaction
        switch item {
        case .dated(let entry): ticked = entry
        case .undated(let followUp):
            guard let date else {
                throw PersonFileError(path: path, line: item.line, message: "not changed: an undated follow-up takes the day it was done")
            }
            ticked = Interaction(date: date, type: "note", note: followUp.note, line: followUp.line, lineCount: followUp.lineCount)
        }
        ticked.checkbox = .done
        if let date { ticked.date = date }
        let range = (item.line - 1)..<(item.line - 1 + item.lineCount)
        guard let first = canonicalFirstLine(ticked, original: text.string(range.lowerBound)) else {
            throw PersonFileError(path: path, line: item.line, message: "not changed: the ticked line would not read as an entry")
        }
        let inPlace = text.splicing(range.lowerBound..<(range.lowerBound + 1), with: [first])
        if ticked.date == item.date { return (inPlace, item.line) }
        // A blank line before the item that would be left doubled, or last, goes with it.
        var removed = range
        if range.lowerBound > log.contentStart, text.isBlank(range.lowerBound - 1),
           range.upperBound == text.lineCount || text.isBlank(range.upperBound) {
            removed = (range.lowerBound - 1)..<range.upperBound
        }
        let without = PersonDocument(bytes: text.splicing(removed, with: []), path: path, settings: settings)
        let others = log.entriesWithoutNotes.filter { $0.line != item.line }
        let before = others.last { $0.line < item.line }, after = others.first { $0.line > item.line }
        let (newer, older) = without.log?.direction == .oldestFirst ? (after, before) : (before, after)
        if newer.map({ !ticked.isNewer(than: $0) }) ?? true, older.map({ !$0.isNewer(than: ticked) }) ?? true {
            return (inPlace, item.line)
        }
        return try without.inserting(ticked, lines: [first] + range.dropFirst().map(text.string))
    }

    /// The file with the undated follow-up `- [ ] NOTE` added (a note of several lines continues
    /// on lines indented by two spaces) where `InteractionLog.followUpInsertionLine` puts it, and
    /// the 1-based line it starts on. Throws when the note would read as something else (it starts
    /// with a date: that is `--date`).
    package func addingFollowUp(note: String) throws(PersonFileError) -> (bytes: [UInt8], line: Int) {
        let lines = FollowUp.rendered(note: note)
        let firstNoteLine = note.prefix { $0 != "\n" }
        guard case .followUp(false, let range) = EntryGrammar.parse(lines[0], types: settings.types),
              String(decoding: Array(lines[0].utf8)[range], as: UTF8.self) == firstNoteLine else {
            throw PersonFileError(path: path, message: "not changed: '\(firstNoteLine)' would not read as an undated follow-up; "
                                  + "a date goes in --date")
        }
        return try inserting(lines, at: log?.followUpInsertionLine)
    }

    /// The file with `lines` (an item as it was written: an entry reading as `entry`, or an
    /// undated follow-up when `entry` is nil) put back: at 1-based `line` when given, else where
    /// the log's order puts it (a follow-up after the others, as `addingFollowUp` places it).
    package func restoring(_ lines: [String], as entry: Interaction?, at line: Int?) throws(PersonFileError) -> [UInt8] {
        if let line, line >= 1, line <= text.lineCount + 1 {
            if let writeBlocker { throw PersonFileError(path: path, message: "not changed: \(writeBlocker)") }
            return text.splicing((line - 1)..<(line - 1), with: lines)
        }
        if let entry { return try adding(entry, lines: lines) }
        return try inserting(lines, at: log?.followUpInsertionLine).bytes
    }
}

extension Timeline {
    /// Plain and ticked `entries` (any order) dated more than a year after `today`, and ticked ones
    /// dated after it: a done item counts only from its day on, so it reads as planned.
    package static func dateProblems(_ entries: [Interaction], path: String, today: Day) -> [Diagnostic] {
        let limit = today.adding(months: 12)   // the last day before the far future
        return entries.compactMap { entry in
            let (rule, message): (CheckRule, String)
            if entry.date > limit {
                rule = .futureEntry
                message = "entry dated \(entry.date), more than a year from today: a mistyped year? (a plan is written '- [ ] DATE …')"
            } else if entry.checkbox == .done, entry.date > today {
                rule = .doneAfterToday
                message = "item ticked done but dated \(entry.date), after today: it counts as contact only from that day, "
                    + "and reads as planned until then; write the day it was done (or untick it)"
            } else {
                return nil
            }
            return Diagnostic(path: path, line: entry.line, column: 1, rule: rule, message: message)
        }.sorted { $0.line < $1.line }
    }
}

