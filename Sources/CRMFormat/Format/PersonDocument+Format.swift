
extension PersonDocument {
    /// The file in canonical form, changing only the lines that are not:
    ///
    /// - each entry's first line as the tool writes it: `- DATE [HH:MM] type: note`, and
    ///   `- DATE [HH:MM]: note` for type `note`; `*`/`+` bullets become `-`, types lower case,
    ///   single spaces. An Obsidian daily-note link `[[DATE]]` stays a link. Continuation lines
    ///   are kept as written.
    /// - entries of a log whose order is mixed are sorted by its `direction`; within one moment,
    ///   file order is kept.
    /// - plain values of `name`, `contact_id`, `phone`, `email`, `tags` and `aliases` that a YAML
    ///   reader would take for a number, date, boolean or null are double-quoted.
    ///
    /// Comments, unknown keys, notes and stray log lines are untouched. Formatting a formatted
    /// file changes nothing. Returns the same bytes for a file the tool must not write.
    package func formatted() -> [UInt8] {
        guard writeBlocker == nil, mayNeedFormatting else { return text.bytes }
        var lines = (0..<text.lineCount).map(text.string)
        if let frontMatter, !frontMatter.hasErrors { quoteAmbiguousValues(frontMatter, in: &lines) }
        if let log { formatLog(log, in: &lines) }
        return text.rewriting(lines)
    }

    /// False when no line can change: no ambiguous plain value, a log in order and every entry's
    /// first line canonical already. Decided without splitting the file into strings, so that
    /// `fmt --check` on a formatted vault costs little more than reading it.
    private var mayNeedFormatting: Bool {
        if let frontMatter, !frontMatter.hasErrors {
            for pair in frontMatter.pairs {
                guard let field = FieldSchema.named(pair.key), !field.isTyped else { continue }
                switch pair.value {
                case .scalar(let s, .plain) where YAMLQuoting.isAmbiguousPlain(s) && !YAMLNode.isNullWord(s): return true
                case .sequence(let items) where items.contains(where: PersonDocument.isAmbiguousItem): return true
                default: continue
                }
            }
        }
        guard let log else { return false }
        if log.order == .mixed { return true }
        return log.entries.contains { entry in
            guard !isCanonicalFirstLine(entry) else { return false }
            let original = text.string(entry.line - 1)
            return (canonicalFirstLine(entry, original: original) ?? original) != original
        }
    }

    /// Whether the entry's first line holds exactly the bytes `canonicalFirstLine` would write,
    /// so that it keeps it; decided without building strings. False also when unsure (a note
    /// with a carriage return): `canonicalFirstLine` then decides.
    private func isCanonicalFirstLine(_ entry: Interaction) -> Bool {
        let span = text.lines[entry.line - 1]
        guard entry.checkbox == nil else { return false }   // a task-list box: `canonicalFirstLine` decides
        return text.bytes.withUnsafeBufferPointer { bytes in
            let line = UnsafeBufferPointer(rebasing: bytes[span.start..<span.contentEnd])
            // `- DATE [HH:MM] type:` (`[[DATE]]` for a link), then ` NOTE` up to the note's first line feed.
            var head: [UInt8] = []
            head.reserveCapacity(40 + entry.type.utf8.count)
            func digits(_ value: Int, _ width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                guard value < divisor * 10 else { head += String(value).utf8; return }
                while divisor > 0 {
                    head.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                    divisor /= 10
                }
            }
            head += "- ".utf8
            let afterBullet = line.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "+") }
                .drop { $0 == 0x20 || $0 == 0x09 }
            let isLink = afterBullet.starts(with: "[[".utf8)
            if isLink { head += "[[".utf8 }
            digits(entry.date.year, 4)
            head.append(UInt8(ascii: "-"))
            digits(entry.date.month, 2)
            head.append(UInt8(ascii: "-"))
            digits(entry.date.day, 2)
            if isLink { head += "]]".utf8 }
            if let time = entry.time {
                head.append(0x20)
                digits(time.hour, 2)
                head.append(UInt8(ascii: ":"))
                digits(time.minute, 2)
            }
            if entry.type != "note" {
                head.append(0x20)
                head += entry.type.utf8
            }
            head.append(UInt8(ascii: ":"))
            var note = entry.note
            return note.withUTF8 { note in
                guard Bytes.firstIndex(of: 0x0D, in: note) == nil else { return false }
                let first = Bytes.firstIndex(of: 0x0A, in: note) ?? note.count
                let length = head.count + (first == 0 ? 0 : 1 + first)
                guard line.count == length, head.withUnsafeBufferPointer({ Bytes.equal(line.baseAddress!, $0.baseAddress!, count: head.count) }) else { return false }
                return first == 0 || (line[head.count] == 0x20 && Bytes.equal(line.baseAddress! + head.count + 1, note.baseAddress!, count: first))
            }
        }
    }

    private func quoteAmbiguousValues(_ frontMatter: FrontMatter, in lines: inout [String]) {
        for pair in frontMatter.pairs {
            guard let field = FieldSchema.named(pair.key), !field.isTyped else { continue }
            let line = Array(text.content(pair.lineIndex))
            switch pair.value {
            case .scalar(let s, .plain) where YAMLQuoting.isAmbiguousPlain(s) && !YAMLNode.isNullWord(s):
                guard let range = pair.inlineValue else { continue }
                lines[pair.lineIndex] = String(decoding: line[..<range.lowerBound], as: UTF8.self) + YAMLQuoting.doubleQuoted(s)
                    + String(decoding: line[range.upperBound...], as: UTF8.self)
            case .sequence(let items) where items.contains(where: PersonDocument.isAmbiguousItem):
                if let range = pair.inlineValue {
                    guard items.allSatisfy({ $0.string != nil }) else { continue }
                    let flow = YAMLQuoting.flowSequence(items.compactMap(\.string),
                                                        forceQuotes: field.alwaysQuoted)
                    lines[pair.lineIndex] = String(decoding: line[..<range.lowerBound], as: UTF8.self) + flow
                        + String(decoding: line[range.upperBound...], as: UTF8.self)
                } else {
                    for i in (pair.lineIndex + 1)..<pair.endLineIndex { lines[i] = PersonDocument.quotedItem(lines[i]) }
                }
            default: continue
            }
        }
    }

    private static func isAmbiguousItem(_ item: YAMLNode) -> Bool {
        guard case .scalar(let s, .plain) = item else { return false }
        return YAMLQuoting.isAmbiguousPlain(s) && !YAMLNode.isNullWord(s)
    }

    /// A block sequence item line `  - 0123  # note` with its plain value quoted when ambiguous.
    private static func quotedItem(_ line: String) -> String {
        let indent = line.prefix { $0 == " " }
        let rest = line.dropFirst(indent.count)
        guard rest.hasPrefix("- ") else { return line }
        let body = rest.dropFirst(2)
        let valueEnd = body.firstRange(of: " #")?.lowerBound ?? body.endIndex
        let value = body[..<valueEnd].trimmingSpaces
        guard !value.isEmpty, YAMLQuoting.isAmbiguousPlain(value), !YAMLNode.isNullWord(value) else { return line }
        let leading = body.prefix { $0 == " " }
        let trailing = body[..<valueEnd].reversed().prefix { $0 == " " }
        return indent + "- " + leading + YAMLQuoting.doubleQuoted(value) + String(trailing) + body[valueEnd...]
    }

    /// Canonical first lines, then the entries sorted when the log's order is mixed, moving the
    /// fewest: the longest run of entries already in order (in file order, not necessarily
    /// neighbours) stays, and each other entry moves next to its neighbours in the sorted order.
    /// Text typed under an entry (up to its last non-blank line before the next entry) moves with
    /// it; the blank lines between entries stay as the file spaces them, and undated follow-ups
    /// after the last entry stay where they are.
    private func formatLog(_ log: InteractionLog, in lines: inout [String]) {
        let entries = log.entries
        for entry in entries {
            let first = entry.line - 1
            lines[first] = canonicalFirstLine(entry, original: lines[first]) ?? lines[first]
        }
        guard log.order == .mixed else { return }
        let newestFirst = log.direction == .newestFirst
        let order = entries.indices.sorted { x, y in
            let a = entries[x], b = entries[y]
            let before = newestFirst ? a.isNewer(than: b) : b.isNewer(than: a)
            let after = newestFirst ? b.isNewer(than: a) : a.isNewer(than: b)
            return before || (!after && x < y)
        }
        // Each entry as a unit (its lines and the text under it) and the blank lines after it.
        func isBlank(_ line: String) -> Bool { line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        let followUpStarts = Set(log.followUps.map { $0.line - 1 })
        var units: [ArraySlice<String>] = [], separators: [ArraySlice<String>] = []
        var end = 0
        for (i, entry) in entries.enumerated() {
            let first = entry.line - 1
            let gapEnd = i + 1 < entries.count ? entries[i + 1].line - 1 : log.end
            // After the last entry, undated follow-ups (and what follows them) are the log's, not the entry's.
            let textEnd = i + 1 < entries.count ? gapEnd
                : ((first + entry.lineCount)..<gapEnd).first(where: followUpStarts.contains) ?? gapEnd
            var unitEnd = first + entry.lineCount
            for j in unitEnd..<textEnd where !isBlank(lines[j]) { unitEnd = j + 1 }
            units.append(lines[first..<unitEnd])
            separators.append(lines[unitEnd..<gapEnd])
            end = unitEnd
        }
        // The entries that stay: a longest subsequence whose places in `order` increase.
        var place = [Int](repeating: 0, count: entries.count)
        for (k, index) in order.enumerated() { place[index] = k }
        let stays = Set(Self.longestIncreasingSubsequence(place))
        // The blank lines to write after each unit: its own; the last one's, when it moves, those
        // that stood before it (it had none).
        let last = entries.count - 1
        func separator(after index: Int) -> ArraySlice<String>? {
            index < last ? separators[index] : stays.contains(last) ? nil : separators[last - 1]
        }
        var rebuilt: [String] = []
        for (k, index) in order.enumerated() {
            rebuilt += units[index]
            if k + 1 < order.count { rebuilt += separator(after: index) ?? separator(after: order[k + 1]) ?? [] }
        }
        lines.replaceSubrange((entries[0].line - 1)..<end, with: rebuilt)
    }

    /// The indices of a longest strictly increasing subsequence of `values` (the first found), in order.
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
        // tails[k]: the index of the smallest last value of an increasing run of length k + 1.
        var tails: [Int] = [], previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var run: [Int] = []
        var i = tails.last ?? -1
        while i >= 0 { run.append(i); i = previous[i] }
        return run.reversed()
    }

    /// The first line of `entry` in canonical form (`- [x] DATE [HH:MM] type: note`, the date a
    /// `[[DATE]]` link when `original`, the line as written, has one): what `crm fmt` writes and
    /// `crm done` ticks into. Nil when that line would not read back as `entry`.
    func canonicalFirstLine(_ entry: Interaction, original: String) -> String? {
        var afterBullet = original.drop { $0 == "-" || $0 == "*" || $0 == "+" }.drop { $0 == " " || $0 == "\t" }
        if entry.checkbox != nil { afterBullet = afterBullet.dropFirst(3).drop { $0 == " " || $0 == "\t" } }
        var head = entry.rendered[0]
        if afterBullet.hasPrefix("[[") { head = head.replacing("\(entry.date)", with: "[[\(entry.date)]]", maxReplacements: 1) }
        let firstNoteLine = entry.note[..<(entry.note.firstIndex(of: "\n") ?? entry.note.endIndex)]
        guard let reread = EntryGrammar.interaction(head, types: settings.types),
              reread.date == entry.date, reread.time == entry.time, reread.type == entry.type, reread.checkbox == entry.checkbox,
              reread.note == String(firstNoteLine) else { return nil }
        return head
    }
}
