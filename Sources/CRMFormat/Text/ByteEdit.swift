/// One change to a file's bytes: `range` (byte offsets in the text as it was) replaced by
/// `bytes`. What an operation plans before it writes, and what the language server sends an
/// editor instead of writing.
package struct ByteEdit: Sendable, Equatable {
    package var range: Range<Int>
    package var bytes: [UInt8]

    package init(_ range: Range<Int>, _ bytes: [UInt8]) {
        (self.range, self.bytes) = (range, bytes)
    }

    /// `text` with `edits` made; they are in order and do not overlap.
    package static func apply(_ edits: [ByteEdit], to text: [UInt8]) -> [UInt8] {
        guard !edits.isEmpty else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.count + edits.reduce(0) { $0 + $1.bytes.count })
        var at = 0
        for edit in edits {
            out += text[at..<edit.range.lowerBound]
            out += edit.bytes
            at = edit.range.upperBound
        }
        out += text[at...]
        return out
    }

    /// The one change that turns `old` into `new`: what lies between their common start and
    /// common end; nil when they are the same. With `wholeLines`, the change starts and ends at
    /// the start of a line (an entry inserted is a line inserted, not the end of one line and
    /// the start of the next).
    package static func difference(from old: [UInt8], to new: [UInt8], wholeLines: Bool = false) -> ByteEdit? {
        guard old != new else { return nil }
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        if wholeLines {
            while start > 0, old[start - 1] != 0x0A { start -= 1 }
        }
        var end = 0
        while end < old.count - start, end < new.count - start, old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
        if wholeLines {
            // The common end starts a line in both (a line feed before it, or nothing).
            while end > 0, old.count - end > start, old[old.count - end - 1] != 0x0A { end -= 1 }
        }
        // Whole UTF-8 characters: a change never starts or ends inside one.
        while start > 0, old[start] & 0xC0 == 0x80 { start -= 1 }
        while end > 0, old[old.count - end] & 0xC0 == 0x80 { end -= 1 }
        return ByteEdit(start..<(old.count - end), Array(new[start..<(new.count - end)]))
    }

    /// Whether `edits` are in order and apart (an insertion may touch its neighbour).
    package static func inOrder(_ edits: [ByteEdit]) -> Bool {
        zip(edits, edits.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound }
    }
}
