/// The section of a person file under the `Interactions` heading: its entries and the lines that
/// are not entries.
package struct InteractionLog: Sendable {
    package enum Order: String, Sendable {
        case newestFirst = "newest-first", oldestFirst = "oldest-first", mixed, none
    }

    /// 0-based index of the heading line.
    package let headingLine: Int
    /// 0-based index of the first line after the heading.
    package let contentStart: Int
    /// 0-based index one past the section's last line.
    package let end: Int
    /// Entries in file order. A log read with notes on demand makes them here, every time.
    package var entries: [Interaction] {
        switch storage {
        case .values(let entries): entries
        case .index(let index): index.heads.indices.map(index.entry)
        }
    }
    /// Entries in file order without their notes, each made as it is read (a log of 1,000,000
    /// entries is never an array of them): what counting and ordering entries need.
    package var entriesWithoutNotes: LazyMapCollection<Range<Int>, Interaction> { (0..<entryCount).lazy.map(head(at:)) }
    /// How many entries the log holds.
    package var entryCount: Int {
        switch storage {
        case .values(let entries): entries.count
        case .index(let index): index.heads.count
        }
    }
    /// Entry `i` (in file order); a log read with notes on demand reads its note now.
    package func entry(at i: Int) -> Interaction {
        switch storage {
        case .values(let entries): entries[i]
        case .index(let index): index.entry(i)
        }
    }
    /// Entry `i` without its note (empty): all a listing needs to order and count entries.
    package func head(at i: Int) -> Interaction {
        switch storage {
        case .values(let entries):
            let entry = entries[i]
            return Interaction(date: entry.date, time: entry.time, type: entry.type, note: "", line: entry.line,
                               lineCount: entry.lineCount, checkbox: entry.checkbox)
        case .index(let index): return index.head(i)
        }
    }
    private let storage: Storage
    /// 1-based lines in the section that are neither entries nor their continuation lines.
    package let strayLines: [Int]
    /// 1-based lines of text typed in the log by hand (not entries, follow-ups, code or comments,
    /// nor dates the tool could not read): `crm check` names each; pages show them under the entry above.
    package let textLines: [Int]
    /// The hand-written text under each entry, by the entry's 1-based line: the text lines after
    /// it, up to the next entry or follow-up. Text above the log's first item belongs to no entry.
    package let textBelow: [Int: TextBelow]
    /// Where what belongs under each entry ends, by the entry's 1-based line, when a closed literal
    /// block (an indented or fenced code block, a comment) comes after it or its text: 0-based, one
    /// past the block. A new entry never goes between an entry and such a block (an indented block
    /// would read as the new entry's note); a block never closed runs to the end of the file, and
    /// nothing goes inside it.
    let blockBelowEnd: [Int: Int]

    /// Text typed under an entry: what a page shows, and where it ends (what goes after the entry
    /// goes after it).
    package struct TextBelow: Sendable, Equatable {
        /// The lines, blank lines between them kept, their shared indentation removed.
        package let text: String
        /// 0-based index one past its last line.
        package let end: Int
    }
    /// Undated follow-ups (`- [ ] NOTE`), in file order.
    package var followUps: [FollowUp] = []

    /// The order the entries are written in. One entry, or entries all of one day, count as newest first.
    package var order: Order {
        guard entryCount > 1 else { return entryCount == 0 ? .none : .newestFirst }
        let (up, down) = steps
        return up > 0 && down > 0 ? .mixed : up > 0 ? .oldestFirst : .newestFirst
    }

    /// Which way the log runs: the one rule for where `crm log`, `plan` and `done --date` put an
    /// entry, what `crm check` calls out of order and how `crm fmt` sorts a mixed log.
    package enum Direction: String, Sendable {
        case newestFirst = "newest first", oldestFirst = "oldest first"
    }

    /// Newest first, unless more neighbouring entries go from older to newer than the other way
    /// (a log written oldest first, perhaps with a few entries out of place); a tie, a log of one
    /// entry or of one day is newest first. Sorting a mixed log this way moves the fewest entries.
    package var direction: Direction {
        let (up, down) = steps
        return up > down ? .oldestFirst : .newestFirst
    }

    /// How many neighbouring pairs of entries go from older to newer (`up`) and from newer to older
    /// (`down`); entries of one moment count for neither.
    var steps: (up: Int, down: Int) {
        var up = 0, down = 0
        guard entryCount > 1 else { return (0, 0) }
        var a = moment(0)
        for i in 1..<entryCount {
            let b = moment(i)
            if Interaction.isNewer(b, than: a) { up += 1 }
            if Interaction.isNewer(a, than: b) { down += 1 }
            a = b
        }
        return (up, down)
    }

    /// Entry indices newest first whatever the file's order (stable within a moment). Only a log
    /// of mixed order is sorted; the others are counted up or down, holding no array.
    package func newestFirst() -> EntryOrder {
        switch order {
        case .oldestFirst: return EntryOrder(count: entryCount, sorted: nil, reversed: true)
        case .newestFirst, .none: return EntryOrder(count: entryCount, sorted: nil, reversed: false)   // what the sort would give
        case .mixed: break
        }
        func isNewer(_ a: Int, _ b: Int) -> Bool { Interaction.isNewer(moment(a), than: moment(b)) }
        let sorted = (0..<Int32(entryCount)).sorted { a, b in isNewer(Int(a), Int(b)) || (!isNewer(Int(b), Int(a)) && a < b) }
        return EntryOrder(count: entryCount, sorted: sorted, reversed: false)
    }

    /// Entry indices in some order (see `newestFirst()`).
    package struct EntryOrder: RandomAccessCollection, Sendable {
        package let count: Int
        let sorted: [Int32]?
        let reversed: Bool
        package var startIndex: Int { 0 }
        package var endIndex: Int { count }
        package subscript(position: Int) -> Int { sorted.map { Int($0[position]) } ?? (reversed ? count - 1 - position : position) }
    }

    /// Entry `i`'s date and time, what orders entries.
    private func moment(_ i: Int) -> (date: Day, time: TimeOfDay?) {
        switch storage {
        case .values(let entries): (entries[i].date, entries[i].time)
        case .index(let index): (index.heads[i].date, index.heads[i].time)
        }
    }

    /// How many entries are interactions (plain or ticked, whatever their date).
    var interactionCount: Int { (0..<entryCount).count { head(at: $0).isInteraction } }

    /// The log's `Timeline` for `today` (see `Timeline.init(entries:followUps:today:)`). Notes read
    /// on demand are read only for the entries it keeps: every open item, and the interactions
    /// dated on or after the newest one dated `today` or earlier (nil `today`: the newest).
    package func timeline(today: Day?) -> Timeline {
        guard case .index(let index) = storage else { return Timeline(entries: entries, followUps: followUps, today: today) }
        // Read from the heads as they are: no entry is made until it is kept.
        var cut: Day?
        for head in index.heads where head.isInteraction {
            if today.map({ head.date <= $0 }) ?? true, cut.map({ head.date > $0 }) ?? true { cut = head.date }
        }
        let kept = index.heads.indices.filter { i in
            !index.heads[i].isInteraction || cut.map { index.heads[i].date >= $0 } ?? true
        }
        return Timeline(entries: kept.map(index.entry), followUps: followUps, today: today)
    }

    /// How a log keeps its entries: as values, or (notes on demand) as where each stands in the
    /// text and what its first line says, the note read from the text when an entry is asked for.
    /// Calls `body` with each interaction's (plain or ticked entry's) day and type, in file order.
    package func forEachInteraction(_ body: (Day, String) -> Void) {
        guard case .index(let index) = storage else {
            for entry in entries where entry.isInteraction { body(entry.date, entry.type) }
            return
        }
        for head in index.heads where head.isInteraction { body(head.date, index.type(of: head)) }
    }

    private enum Storage {
        case values([Interaction])
        case index(Index)
    }

    /// Entries kept as positions: about 20 bytes each instead of an `Interaction` and its note,
    /// so a log of a million entries can be shown without holding a million notes.
    private struct Index {
        /// One entry: its 0-based line, how many lines it takes, and its first line's reading.
        struct Head {
            var line: Int32
            var lineCount: Int32
            var date: Day
            /// Minutes since midnight; `UInt16.max`: no time.
            var minutes: UInt16
            var checkbox: Interaction.Checkbox?
            /// Index in `types`; `UInt8.max`: type `note`.
            var type: UInt8

            var time: TimeOfDay? { minutes == .max ? nil : TimeOfDay(hour: Int(minutes) / 60, minute: Int(minutes) % 60) }
            /// As `Interaction.isInteraction`: not an open item.
            var isInteraction: Bool { checkbox != .open }
        }
        var heads: [Head]
        let text: TextBuffer
        let types: [String]

        func head(_ i: Int) -> Interaction {
            let head = heads[i]
            return Interaction(date: head.date, time: head.time, type: type(of: head),
                               note: "", line: Int(head.line) + 1, lineCount: Int(head.lineCount), checkbox: head.checkbox)
        }

        /// The entry type of `head`.
        func type(of head: Head) -> String { head.type == .max ? "note" : types[Int(head.type)] }

        func entry(_ i: Int) -> Interaction {
            var entry = head(i)
            let first = Int(heads[i].line)
            entry.note = text.withLines { line in
                guard case .entry(let parsed) = EntryGrammar.parse(line(first), types: types) else { return "" }
                return InteractionLog.note(parsed.note, from: first, through: first + Int(heads[i].lineCount) - 1, line)
            }
            return entry
        }
    }

    /// Finds the log under the first heading named `heading` (case-insensitive) and reads it.
    /// `notesOnDemand`: keep each entry as its position in `text` (see `Index`), its note read when asked for.
    /// Lines of the outline's literal blocks (code, HTML comments) are left alone: never entries.
    static func parse(_ text: TextBuffer, outline: MarkdownOutline, heading: String, types: [String],
                      path: String, notesOnDemand: Bool = false, diagnostics: inout [Diagnostic]) -> InteractionLog? {
        let headings = outline.headings
        guard let index = headings.firstIndex(where: { sameIgnoringCase($0.text, heading) }) else { return nil }
        let start = headings[index]
        let end = headings[(index + 1)...].first { $0.level <= start.level }?.line ?? text.lineCount
        // The literal blocks from the log's first line on, in order: each is skipped whole.
        var blocks = outline.literalBlocks.drop { $0.lines.upperBound <= start.contentStart }
        var entries: [Interaction] = []
        var heads: [Index.Head] = []
        let indexed = notesOnDemand && types.count < Int(UInt8.max)
        if indexed {
            heads.reserveCapacity(end - start.contentStart)   // at most one entry a line: no copies while growing
        } else {
            entries.reserveCapacity(min(end - start.contentStart, 1024))   // about one entry a line
        }
        var stray: [Int] = [], textLines: [Int] = []
        var followUps: [FollowUp] = []
        // The hand-written text under the last entry read (`owner`): its lines, and the blank
        // lines read since the last of them.
        var textBelow: [Int: TextBelow] = [:]
        var blockBelowEnd: [Int: Int] = [:]
        var owner: Int?
        var run: [ArraySlice<UInt8>] = [], runEnd = 0
        var blanks = 0
        func endRun(owner next: Int?) {
            if let owner, !run.isEmpty {
                textBelow[owner] = TextBelow(text: String(decoding: Array(Interaction.dedented(run).joined(separator: [0x0A])), as: UTF8.self),
                                             end: runEnd)
            }
            run = []
            blanks = 0
            owner = next
        }
        text.withLines { line in
            func isBlank(_ i: Int) -> Bool { line(i).allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            /// The last line of the item on line `i`: its last continuation line (blank lines between
            /// them included), or `i`.
            func lastLine(of i: Int) -> Int {
                var next = i + 1, last = i
                while next < end {
                    if isBlank(next) { next += 1; continue }
                    guard isContinuation(line(next)) else { break }
                    last = next
                    next += 1
                }
                return last
            }
            var i = start.contentStart
            while i < end {
                if let block = blocks.first, block.lines.lowerBound <= i {
                    if let owner, block.isClosed { blockBelowEnd[owner] = block.lines.upperBound }
                    i = max(i, block.lines.upperBound)
                    blocks.removeFirst()
                    continue
                }
                if isBlank(i) {
                    if !run.isEmpty { blanks += 1 }
                    i += 1
                    continue
                }
                switch EntryGrammar.parse(line(i), types: types) {
                case .entry(let head):
                    endRun(owner: i + 1)
                    if let odd = head.oddTime {
                        let word = String(decoding: line(i)[odd], as: UTF8.self)
                        diagnostics.append(Diagnostic(path: path, line: i + 1, column: odd.lowerBound + 1, rule: .oddTime,
                                                      message: "time '\(word)' is not HH:MM; read as part of the note"))
                    }
                    let last = lastLine(of: i)
                    if indexed {
                        heads.append(Index.Head(line: Int32(i), lineCount: Int32(last - i + 1), date: head.date,
                                                minutes: head.time.map { UInt16($0.hour * 60 + $0.minute) } ?? .max,
                                                checkbox: head.checkbox, type: head.type.map(UInt8.init) ?? .max))
                    } else {
                        entries.append(Interaction(date: head.date, time: head.time, type: head.type.map { types[$0] } ?? "note",
                                                   note: note(head.note, from: i, through: last, line), line: i + 1,
                                                   lineCount: last - i + 1, checkbox: head.checkbox))
                    }
                    i = last + 1
                case .invalid(let column, let message):
                    diagnostics.append(Diagnostic(path: path, line: i + 1, column: column, rule: .invalidEntry, message: message))
                    let last = lastLine(of: i)
                    stray += ((i + 1)...(last + 1)).filter { !isBlank($0 - 1) }
                    i = last + 1
                case .followUp(let done, let range):
                    endRun(owner: nil)
                    let last = lastLine(of: i)
                    followUps.append(FollowUp(note: note(range, from: i, through: last, line), isDone: done,
                                              line: i + 1, lineCount: last - i + 1))
                    i = last + 1
                case .notEntry:
                    stray.append(i + 1)
                    // A conflict mark is `check`'s error, not text.
                    if !ConflictMarkers.isMarkerShaped(line(i)) {
                        textLines.append(i + 1)
                        if owner != nil {
                            run += repeatElement([], count: blanks)
                            run.append(ArraySlice(line(i)))
                            runEnd = i + 1
                            blanks = 0
                        }
                    }
                    i += 1
                }
            }
            endRun(owner: nil)
        }
        return InteractionLog(headingLine: start.line, contentStart: start.contentStart, end: end,
                              storage: indexed ? .index(Index(heads: heads, text: text, types: types)) : .values(entries),
                              strayLines: stray, textLines: textLines, textBelow: textBelow,
                              blockBelowEnd: blockBelowEnd, followUps: followUps)
    }

    /// Whether two headings are the same ignoring case; ASCII ones are compared byte by byte.
    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let isASCII = a.utf8.allSatisfy { $0 < 0x80 } && b.utf8.allSatisfy { $0 < 0x80 }
        guard isASCII else { return a.lowercased() == b.lowercased() }
        func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        return a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// The note of the entry or follow-up on lines `first...last` whose first line's note is at
    /// `range`: that text alone, or with its continuation lines (see `joinedNote`).
    private static func note(_ range: Range<Int>, from first: Int, through last: Int, _ line: TextBuffer.LineView) -> String {
        last == first ? String(decoding: line(first)[range], as: UTF8.self)
            : joinedNote(first: line(first)[range], continuations: (first + 1)...last, line)
    }

    /// A note that goes on below its entry: the first line, then each continuation line on a line
    /// of its own without the indentation all of them share (blank lines kept as empty lines).
    private static func joinedNote(first: Slice<UnsafeBufferPointer<UInt8>>, continuations: ClosedRange<Int>,
                                   _ line: TextBuffer.LineView) -> String {
        // `Interaction.dedented`, read in place: no array of lines is built.
        let lines = continuations.lazy.map { Interaction.trimmingTrailingSpace(line($0)) }
        let strip = Interaction.sharedIndent(lines)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(first.count) { $0 + $1.count + 1 })
        bytes.append(contentsOf: first)
        for text in lines {
            bytes.append(0x0A)
            if !text.isEmpty { bytes.append(contentsOf: text.dropFirst(strip)) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Two or more spaces, or a tab, before text.
    static func isContinuation<Line: Collection<UInt8>>(_ line: Line) -> Bool {
        line.first == 0x09 || (line.count >= 2 && line.first == 0x20 && line.dropFirst().first == 0x20)
    }

    /// The 0-based line after `entry` and what is under it: the text typed, a literal block.
    func end(of entry: Interaction) -> Int {
        max(textBelow[entry.line]?.end ?? 0, blockBelowEnd[entry.line] ?? 0, entry.line - 1 + entry.lineCount)
    }

    /// The 0-based line where a new entry goes among the entries, by the log's `direction`: newest
    /// first, before the first entry not newer than it (so above the entries of its own moment);
    /// oldest first, after the last entry not newer than it (below its moment's). Nil when the log
    /// has no entries. An entry never goes between another and the text under it.
    func insertionLine(for new: Interaction) -> Int? {
        let entries = entriesWithoutNotes
        guard let first = entries.first, let last = entries.last else { return nil }
        switch direction {
        case .newestFirst:
            if let older = entries.first(where: { !$0.isNewer(than: new) }) { return older.line - 1 }
            return end(of: last)
        case .oldestFirst:
            if let earlier = entries.last(where: { !$0.isNewer(than: new) }) { return end(of: earlier) }
            return first.line - 1
        }
    }
}

extension InteractionLog {
    /// The 0-based line where a new undated follow-up goes: after the log's last one, else before
    /// the entries of a log written newest first and after those of one written oldest first; nil
    /// when the log holds neither.
    var followUpInsertionLine: Int? {
        if let last = followUps.last { return last.line - 1 + last.lineCount }
        let entries = entriesWithoutNotes
        guard let first = entries.first, let last = entries.last else { return nil }
        return direction == .newestFirst ? first.line - 1 : end(of: last)
    }
}
