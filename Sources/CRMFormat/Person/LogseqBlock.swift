/// What Logseq writes under a block's first line that is not the block's text: its planning
/// lines (`SCHEDULED: <2026-12-09 Wed>`, `DEADLINE: <2026-12-09 Wed 10:00 .+1w>`), its
/// properties (`collapsed:: true`, `id:: 6571a2b0-…`) and its drawers (`:LOGBOOK:` … `:END:`).
/// Logseq shows none of them as text, and neither does the tool: a daily note's item keeps its
/// other lines as its note, and takes its day (and time) from its planning.
package struct LogseqBlock: Sendable, Equatable {
    /// The lines (indexes into those given) that are the block's text.
    package var textLines: [Int] = []
    /// The day the block is planned for: `SCHEDULED`, else `DEADLINE` (the earlier when both).
    package var planned: Planning?
    /// A planning line whose timestamp is not a day.
    package var problem: Problem?

    package struct Planning: Sendable, Equatable {
        package var day: Day
        package var time: TimeOfDay?
    }

    package struct Problem: Sendable, Equatable {
        /// 0-based index of the line among those given, 1-based column of the timestamp's date.
        package var line: Int
        package var column: Int
        package var message: String
    }

    /// Reads the lines under a block's first line (each without its line ending).
    package init(_ lines: [[UInt8]]) {
        var drawerEnd: Int?
        for (index, line) in lines.enumerated() {
            if let end = drawerEnd {
                if index == end { drawerEnd = nil }
                continue
            }
            let b = LogseqBlock.trimmed(line)
            if LogseqBlock.isDrawerStart(b),
               let end = lines[(index + 1)...].firstIndex(where: { LogseqBlock.trimmed($0).elementsEqual(":END:".utf8) }) {
                drawerEnd = end
                continue
            }
            if LogseqBlock.isProperty(b) { continue }
            if let keyword = ["SCHEDULED: ", "DEADLINE: "].first(where: { b.starts(with: $0.utf8) }) {
                let column = b.startIndex + keyword.utf8.count + 2   // past the `<`
                switch LogseqBlock.timestamp(b.dropFirst(keyword.utf8.count)) {
                case .some(.some(let planning)):
                    if planned.map({ planning.day < $0.day }) ?? true { planned = planning }
                    continue
                case .some(.none):
                    if problem == nil {
                        let written = String(decoding: b.dropFirst(keyword.utf8.count), as: UTF8.self)
                        problem = Problem(line: index, column: column,
                                          message: "invalid date in \(keyword.dropLast(2)) '\(written)'; the item is not read as an interaction")
                    }
                    continue
                case .none:
                    break   // not a timestamp at all: text
                }
            }
            textLines.append(index)
        }
    }

    /// `key:: value` (or `key::` alone): a property, its key of letters, digits, `-` and `_`.
    static func isProperty(_ b: ArraySlice<UInt8>) -> Bool {
        guard let colons = b.firstIndex(of: 0x3A), colons > b.startIndex, colons + 1 < b.endIndex, b[colons + 1] == 0x3A,
              colons + 2 == b.endIndex || b[colons + 2] == 0x20 else { return false }
        return b[b.startIndex..<colons].allSatisfy { isKeyByte($0) }
    }

    /// `:NAME:`: the first line of a drawer (Logseq's `:LOGBOOK:`), when an `:END:` line closes it.
    static func isDrawerStart(_ b: ArraySlice<UInt8>) -> Bool {
        b.count > 2 && b.first == 0x3A && b.last == 0x3A && b.dropFirst().dropLast().allSatisfy { isKeyByte($0) }
            && !b.elementsEqual(":END:".utf8)
    }

    private static func isKeyByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) || c == 0x2D || c == 0x5F
    }

    /// The line without white space at either end.
    static func trimmed(_ line: [UInt8]) -> ArraySlice<UInt8> {
        var b = line[...]
        while let c = b.first, c == 0x20 || c == 0x09 { b = b.dropFirst() }
        while let c = b.last, c == 0x20 || c == 0x09 || c == 0x0D { b = b.dropLast() }
        return b
    }

    /// An org-mode timestamp as Logseq writes it, `<2026-12-09 Wed>`, with an optional time
    /// (`10:00`, or a range `10:00-11:00` of which the start counts) and repeaters or warnings
    /// (`.+1w`, `-2d`), which change nothing here. nil: not `<…>` at all (text); `.some(nil)`:
    /// `<…>` without a day.
    static func timestamp(_ b: ArraySlice<UInt8>) -> Planning?? {
        guard b.first == 0x3C, b.last == 0x3E else { return nil }
        let words = b.dropFirst().dropLast().split(separator: 0x20)
        guard let first = words.first, let day = Day(utf8: first) else { return .some(nil) }
        var time: TimeOfDay?
        for word in words.dropFirst() where time == nil {
            let start = word.prefix { $0 != 0x2D }
            guard let colon = start.firstIndex(of: 0x3A), start.allSatisfy({ $0 == 0x3A || ($0 >= 0x30 && $0 <= 0x39) }) else { continue }
            let hour = start[start.startIndex..<colon], minute = start[(colon + 1)...]
            guard (1...2).contains(hour.count), minute.count == 2 else { continue }
            time = TimeOfDay(hour: hour.reduce(0) { $0 * 10 + Int($1 - 0x30) }, minute: minute.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return .some(Planning(day: day, time: time))
    }
}
