/// The grammar of one log line: `- DATE [HH:MM] [TYPE:] NOTE`, DATE as `YYYY-MM-DD` or `[[YYYY-MM-DD]]`.
///
/// The grammar reads positions, not strings: the caller decodes the note once, with its
/// continuation lines.
package enum EntryGrammar {
    /// What an entry line says.
    package struct Head {
        var date: Day
        var time: TimeOfDay?
        /// `- [ ] …` or `- [x] …`: a plan or a ticked one; nil for a plain entry.
        var checkbox: Interaction.Checkbox?
        /// Index of the type in the vault's types; nil for an entry without one (type `note`).
        var type: Int?
        /// Byte offsets of the note's first line, white space trimmed.
        var note: Range<Int>
        /// A word after the date that looks like a time but is not `HH:MM` (`9:30`, `10:00-11:00`,
        /// `T10:00`, `9h30`): its byte offsets. It is read as part of the note, with a warning.
        var oddTime: Range<Int>? = nil
    }

    package enum Result {
        case entry(Head)
        /// Shaped like an entry but with an impossible date or time: 1-based column and message.
        case invalid(Int, String)
        /// `- [ ] NOTE` without a date (or ticked, `- [x] NOTE`): an undated follow-up; the note's byte offsets.
        case followUp(done: Bool, note: Range<Int>)
        case notEntry
    }

    /// Reads a single line as an entry without continuation lines.
    package static func interaction(_ line: String, types: [String]) -> Interaction? {
        var line = line
        return line.withUTF8 { b in
            guard case .entry(let head) = parse(b, types: types) else { return nil }
            return Interaction(date: head.date, time: head.time, type: head.type.map { types[$0] } ?? "note",
                               note: String(decoding: b[head.note], as: UTF8.self), checkbox: head.checkbox)
        }
    }

    package static func parse(_ line: String, types: [String]) -> Result {
        var line = line
        return line.withUTF8 { parse($0, types: types) }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>, types: [String]) -> Result {
        let n = b.count
        guard n >= 3, b[0] == 0x2D || b[0] == 0x2A || b[0] == 0x2B, b[1] == 0x20 || b[1] == 0x09 else { return .notEntry }
        var i = 2
        while i < n, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        let checkbox = checkbox(b, at: i)
        if checkbox != nil {
            i += 3
            while i < n, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        }
        let wiki = i + 1 < n && b[i] == 0x5B && b[i + 1] == 0x5B
        if wiki { i += 2 }
        guard i + 10 <= n, isDigits(b, i, 4), b[i + 4] == 0x2D, isDigits(b, i + 5, 2), b[i + 7] == 0x2D,
              isDigits(b, i + 8, 2) else { return checkbox.map { followUp(b, from: i, done: $0 == .done) } ?? .notEntry }
        let dateColumn = i + 1
        let date = Day(year: number(b, i, 4), month: number(b, i + 5, 2), day: number(b, i + 8, 2))
        i += 10
        if wiki {
            guard i + 1 < n, b[i] == 0x5D, b[i + 1] == 0x5D else { return .notEntry }
            i += 2
        }
        guard let date else {
            return .invalid(dateColumn, "invalid date '\(String(decoding: b[(dateColumn - 1)..<(dateColumn + 9)], as: UTF8.self))'")
        }
        var head = Head(date: date, checkbox: checkbox, note: n..<n)
        func note(from start: Int) -> Range<Int> {
            var s = start
            while s < n, b[s] == 0x20 || b[s] == 0x09 { s += 1 }
            var e = n
            while e > s, b[e - 1] == 0x20 || b[e - 1] == 0x09 { e -= 1 }
            return s..<e
        }
        if i == n { return .entry(head) }
        if b[i] == 0x3A { head.note = note(from: i + 1); return .entry(head) }
        guard b[i] == 0x20 || b[i] == 0x09 else { return .notEntry }
        while i < n, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        if i + 5 <= n, isDigits(b, i, 2), b[i + 2] == 0x3A, isDigits(b, i + 3, 2),
           i + 5 == n || b[i + 5] == 0x20 || b[i + 5] == 0x09 || b[i + 5] == 0x3A {
            guard let time = TimeOfDay(hour: number(b, i, 2), minute: number(b, i + 3, 2)) else {
                return .invalid(i + 1, "invalid time '\(String(decoding: b[i..<(i + 5)], as: UTF8.self))'")
            }
            head.time = time
            i += 5
            if i == n { return .entry(head) }
            if b[i] == 0x3A { head.note = note(from: i + 1); return .entry(head) }
            while i < n, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        }
        if head.time == nil { head.oddTime = timeLike(b, from: i) }
        var j = i
        while j < n, b[j] != 0x3A, b[j] != 0x20, b[j] != 0x09 { j += 1 }
        if j > i, j < n, b[j] == 0x3A, j + 1 == n || b[j + 1] == 0x20 || b[j + 1] == 0x09,
           let type = matchType(b[i..<j], types: types) {
            head.type = type
            head.note = note(from: j + 1)
            return .entry(head)
        }
        head.note = note(from: i)
        return .entry(head)
    }

    /// The word at `i` when it starts like a time of day that is not `HH:MM`: an optional `T`, one
    /// or two digits, `:` or `h`, two digits (`9:30`, `10:00-11:00`, `T10:00`, `9h30`).
    private static func timeLike(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Range<Int>? {
        let n = b.count
        var k = i
        if k < n, b[k] == 0x54 || b[k] == 0x74 { k += 1 }
        let digits = k
        while k < n, k - digits < 2, b[k] >= 0x30, b[k] <= 0x39 { k += 1 }
        guard k > digits, k + 2 < n, b[k] == 0x3A || b[k] == 0x68 || b[k] == 0x48, isDigits(b, k + 1, 2) else { return nil }
        var end = k + 3
        while end < n, b[end] != 0x20, b[end] != 0x09 { end += 1 }
        return i..<end
    }

    /// The index of the vault type `word` names, ignoring case; ASCII words are compared byte by byte.
    private static func matchType(_ word: Slice<UnsafeBufferPointer<UInt8>>, types: [String]) -> Int? {
        guard word.allSatisfy({ $0 < 0x80 }) else {
            let lowered = String(decoding: word, as: UTF8.self).lowercased()
            return types.firstIndex { $0 == lowered }
        }
        for (index, type) in types.enumerated() where type.utf8.count == word.count {
            let same = type.utf8.withContiguousStorageIfAvailable { typeBytes in
                var i = word.startIndex
                for t in typeBytes {
                    let w = word[i]
                    if t != (w >= 0x41 && w <= 0x5A ? w + 0x20 : w) { return false }
                    i += 1
                }
                return true
            } ?? (type == String(decoding: word, as: UTF8.self).lowercased())
            if same { return index }
        }
        return nil
    }

    @inline(__always)
    private static func isDigits(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ count: Int) -> Bool {
        for k in from..<(from + count) where b[k] < 0x30 || b[k] > 0x39 { return false }
        return true
    }

    /// The decimal value of `count` digits (already checked) at `from`.
    @inline(__always)
    private static func number(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ count: Int) -> Int {
        var value = 0
        for k in from..<(from + count) { value = value * 10 + Int(b[k] &- 0x30) }
        return value
    }
}
