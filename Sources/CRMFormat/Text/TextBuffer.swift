
/// A file's bytes split into lines, keeping every byte: the BOM, each line's own ending, and
/// whether the last line ends with a newline.
///
/// Edits are splices of whole lines, which is how a write changes only the lines it must.
/// Lines are numbered by 0-based index here; the 1-based line number a message shows
/// (`Diagnostic.line`, `Interaction.line`) is the index plus one.
package struct TextBuffer: Sendable {
    /// One line: `start..<contentEnd` is its text, `contentEnd..<end` its ending (`\n`, `\r\n` or nothing).
    package struct Line: Sendable {
        package var start: Int
        var contentEnd: Int
        var end: Int
    }

    package let bytes: [UInt8]
    /// 3 when the file starts with a UTF-8 byte order mark, else 0.
    let bomLength: Int
    package let lines: [Line]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.bomLength = bomLength
        var lines: [Line] = []
        lines.reserveCapacity(bytes.count / 40 + 1)
        bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var start = bomLength
            while let i = Bytes.firstIndex(of: 0x0A, in: b, from: start) {
                let contentEnd = i > start && b[i - 1] == 0x0D ? i - 1 : i
                lines.append(Line(start: start, contentEnd: contentEnd, end: i + 1))
                start = i + 1
            }
            if start < n {
                // A carriage return that ends the file ends its last line, as in CommonMark: it
                // is not text (a heading `## Interactions\r` is the log's heading).
                lines.append(Line(start: start, contentEnd: b[n - 1] == 0x0D ? n - 1 : n, end: n))
            }
        }
        self.lines = lines
    }

    package var lineCount: Int { lines.count }

    /// The text of line `index` (0-based) without its ending.
    package func content(_ index: Int) -> ArraySlice<UInt8> {
        bytes[lines[index].start..<lines[index].contentEnd]
    }

    /// Read-only access to each line's text (by 0-based index) without copying or reference
    /// counting; valid only inside the `withLines` call that made it. For the parsers' hot loops.
    struct LineView {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let table: UnsafeBufferPointer<Line>

        var count: Int { table.count }

        func callAsFunction(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[table[index].start..<table[index].contentEnd])
        }
    }

    /// Calls `body` with a view of the lines; the view must not escape `body`.
    func withLines<R>(_ body: (LineView) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { buffer in
            try lines.withUnsafeBufferPointer { table in try body(LineView(bytes: buffer, table: table)) }
        }
    }

    /// The text of line `index` (0-based) as a string, invalid UTF-8 repaired.
    package func string(_ index: Int) -> String {
        String(decoding: content(index), as: UTF8.self)
    }

    /// Leading spaces of line `index`; a tab counts as two.
    func indent(_ index: Int) -> Int {
        var count = 0
        for byte in content(index) {
            if byte == 0x20 { count += 1 } else if byte == 0x09 { count += 2 } else { break }
        }
        return count
    }

    func isBlank(_ index: Int) -> Bool {
        content(index).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether the file's last line ends with a newline (an empty file counts as ending with one).
    var endsWithNewline: Bool { lines.last.map(endsWithLineFeed) ?? true }

    private func endsWithLineFeed(_ line: Line) -> Bool { line.end > line.contentEnd && bytes[line.end - 1] == 0x0A }

    /// The line ending new lines get: the first `\n` or `\r\n` ending found in the file, else `\n`.
    var newline: [UInt8] {
        for line in lines where endsWithLineFeed(line) {
            return Array(bytes[line.contentEnd..<line.end])
        }
        return [0x0A]
    }

    /// The bytes with lines `range` (0-based) replaced by `replacement`, each given the file's
    /// line ending. The last line of the file keeps its lack of a final newline.
    package func splicing(_ range: Range<Int>, with replacement: [String]) -> [UInt8] {
        let newline = self.newline
        let atEnd = range.upperBound == lines.count
        let keepsNoFinalNewline = atEnd && !endsWithNewline && !lines.isEmpty
        let head = range.lowerBound < lines.count ? lines[range.lowerBound].start
            : (lines.last?.end ?? bomLength)
        let tail = range.upperBound < lines.count ? lines[range.upperBound].start : bytes.count
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + replacement.reduce(0) { $0 + $1.utf8.count + 2 })
        out.append(contentsOf: bytes[0..<head])
        if head == bytes.count, !endsWithNewline, !lines.isEmpty, !replacement.isEmpty {
            // Appending after a last line that had no newline; after a final `\r`, a `\n` completes it.
            out.append(contentsOf: bytes.last == 0x0D ? [0x0A] : newline)
        }
        for (i, line) in replacement.enumerated() {
            out.append(contentsOf: line.utf8)
            if !(keepsNoFinalNewline && i == replacement.count - 1) { out.append(contentsOf: newline) }
        }
        if replacement.isEmpty, keepsNoFinalNewline, range.lowerBound > 0, out.count >= newline.count {
            // Removing the last lines: the new last line loses its newline, as the old one had none.
            out.removeLast(bytes[lines[range.lowerBound - 1].contentEnd..<lines[range.lowerBound - 1].end].count)
        }
        out.append(contentsOf: bytes[tail...])
        return out
    }

    /// The bytes with the lines set to `lines`, rewriting only the stretch that differs (the lines
    /// before and after it keep their bytes, endings included). The same bytes when nothing differs.
    package func rewriting(_ lines: [String]) -> [UInt8] {
        var prefix = 0
        while prefix < lineCount, prefix < lines.count, string(prefix) == lines[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < lineCount - prefix, suffix < lines.count - prefix,
              string(lineCount - 1 - suffix) == lines[lines.count - 1 - suffix] { suffix += 1 }
        if prefix == lineCount, prefix == lines.count { return bytes }
        return splicing(prefix..<(lineCount - suffix), with: Array(lines[prefix..<(lines.count - suffix)]))
    }
}
