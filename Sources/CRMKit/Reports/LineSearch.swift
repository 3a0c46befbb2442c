import CRMFormat
import CRMVault

/// One folded needle looked for in the lines of files, as `crm search` does, without parsing the
/// files or splitting every one into lines.
///
/// One pass reads the bytes eight at a time and stops only at the needle's least common byte in
/// either case (its anchor) and at bytes beyond ASCII. At an anchor the needle is compared
/// around it, lower-cased, the table's two-byte letters folded one at a time (`brûlée` is not
/// `bread`); such a letter that cannot fold to the anchor is passed over; any other byte beyond
/// ASCII has its line folded as a whole (`ByteFolding`, else `String.folded`) and searched.
/// Lines are counted only up to a match. So only lines that may match cost more than the scan,
/// and every line is decided as folding it would decide it: folding ASCII only lower-cases it.
struct LineSearch: Sendable {
    /// A line that holds the needle: its 0-based index and the range of its text (no line ending).
    struct Match: Equatable {
        var index: Int
        var text: Range<Int>
    }

    /// The folded needle.
    let needle: [UInt8]
    /// The needle byte scanned for (the least common one, by English text), its offset in the
    /// needle, and 0x20 when it is a letter (so `byte | 0x20` is the same for both cases); nil
    /// when the needle holds bytes beyond ASCII, which only lines with such bytes can hold, or a
    /// newline, which no line holds.
    private let anchor: (byte: UInt8, offset: Int, caseBit: UInt8)?
    /// For each two-byte scalar (`value - 0x80`, U+0080–U+07FF): whether a line holding it may
    /// hold the anchor once folded (see `ByteFolding.twoByteScalars(mayFoldTo:)`). For a needle
    /// beyond ASCII, whether it may hold the needle's byte beyond ASCII that fewest scalars fold
    /// to: a line without such a scalar cannot hold the needle, as its folding lacks that byte.
    private let mayFoldToAnchor: [Bool]

    init(folded needle: String) {
        let bytes = Array(needle.utf8)
        self.needle = bytes
        guard !bytes.isEmpty, !bytes.contains(0x0A), !bytes.contains(0) else {
            anchor = nil
            mayFoldToAnchor = Array(repeating: true, count: 0x800 - 0x80)
            return
        }
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            anchor = nil
            mayFoldToAnchor = bytes.filter { $0 >= 0x80 }.map { ByteFolding.twoByteScalars(mayFoldTo: $0) }
                .min { $0.count(where: { $0 }) < $1.count(where: { $0 }) }!
            return
        }
        let offset = bytes.indices.min { LineSearch.commonness(bytes[$0]) < LineSearch.commonness(bytes[$1]) }!
        let byte = bytes[offset]
        anchor = (byte, offset, byte >= 0x61 && byte <= 0x7A ? 0x20 : 0)
        mayFoldToAnchor = ByteFolding.twoByteScalars(mayFoldTo: byte)
    }

    /// How often a (lower-case) byte occurs in notes, by English letter frequency: the scan
    /// stops less often at a rare one.
    private static func commonness(_ byte: UInt8) -> Int {
        let letters = Array("etaoinsrhldcumfpgwybvkxjqz".utf8)
        if let rank = letters.firstIndex(of: byte) { return 100 - rank }
        switch byte {
        case 0x20: return 200
        case 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: ","): return 90
        default: return 60
        }
    }

    /// The lines of `bytes` that hold the needle, in order; nil for a file the tool does not
    /// read (NUL bytes, invalid UTF-8, front matter without its closing `---`). Lines are those
    /// of `TextBuffer` (a byte order mark is not text; `\r` before `\n` or at the end is the
    /// line's ending); the front matter's `---` lines are skipped.
    func matches(in bytes: [UInt8]) -> [Match]? {
        bytes.withUnsafeBufferPointer { b -> [Match]? in
            guard b.baseAddress != nil else { return [] }
            if Bytes.firstIndex(of: 0, in: b) != nil { return nil }
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            guard let delimiters = frontMatterDelimiters(bytes, b, bom: bom) else { return nil }
            return needle.withUnsafeBufferPointer { needle in
                scan(b, bom: bom, skipping: delimiters, needle: needle)
            }
        }
    }

    /// The first bytes of the front matter's opening and closing lines ([] without front
    /// matter); nil when the opening `---` has no closing line.
    private func frontMatterDelimiters(_ bytes: [UInt8], _ b: UnsafeBufferPointer<UInt8>, bom: Int) -> [Int]? {
        var start = bom
        var opening: Int?
        while start < b.count {
            let (contentEnd, end) = LineSearch.lineEnd(b, from: start)
            let isDelimiter = FrontMatter.isDelimiter(bytes[start..<contentEnd], allowDots: opening != nil)
            if opening == nil {
                guard isDelimiter else { return [] }
                opening = start
            } else if isDelimiter {
                return [opening!, start]
            }
            start = end
        }
        return opening == nil ? [] : nil
    }

    /// The end of the text of the line holding `i`, and the start of the next line.
    private static func lineEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> (contentEnd: Int, end: Int) {
        let n = b.count
        guard let newline = Bytes.firstIndex(of: 0x0A, in: b, from: i) else {
            return (n > i && b[n - 1] == 0x0D ? n - 1 : n, n)
        }
        return (newline > i && b[newline - 1] == 0x0D ? newline - 1 : newline, newline + 1)
    }

    /// The matching lines, or nil when the bytes are not UTF-8. One pass reads the bytes eight
    /// at a time and stops only at the anchor (either case) and at bytes beyond ASCII: at an
    /// anchor the needle is compared around it (`holdsNeedle`); a two-byte letter of the table
    /// whose folding lacks the anchor is checked and passed over; at any other byte beyond ASCII
    /// (a letter that may fold to the anchor, another script, a combining mark, a byte that is
    /// not UTF-8) the whole line is folded and searched, which validates it and decides the line.
    /// So every byte beyond ASCII is validated as folding would, a line is read once unless it
    /// must be folded, and lines are found and counted only up to a match.
    private func scan(_ b: UnsafeBufferPointer<UInt8>, bom: Int, skipping delimiters: [Int], needle: UnsafeBufferPointer<UInt8>) -> [Match]? {
        let n = b.count
        let raw = UnsafeRawPointer(b.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80, low = ones &* 0x7F
        // Without an anchor the byte looked for is NUL, which a file searched does not hold.
        let (anchors, caseBits) = anchor.map { (UInt64($0.byte) &* ones, UInt64($0.caseBit) &* ones) } ?? (0, 0)
        var found: [Match] = []
        var folded: [UInt8] = []   // one buffer for every folded line, grown for the longest
        var counted = (start: bom, index: 0)   // the line found last (or the first line) and its index
        var next = bom      // the first byte not yet passed over (a letter's second byte, a folded line)
        var matchedUpTo = bom   // the end of the last line found: its other anchors need no look
        func line(holding i: Int) -> (start: Int, index: Int) {   // of a byte at or after `counted`
            let (newlines, last) = LineSearch.newlines(b, counted.start..<i)
            counted = (last.map { $0 + 1 } ?? counted.start, counted.index + newlines)
            return counted
        }
        func record(_ line: (start: Int, index: Int), _ contentEnd: Int) {
            if !delimiters.contains(line.start) { found.append(Match(index: line.index, text: line.start..<contentEnd)) }
        }
        // The needle byte beside the anchor (after it, else before it) and where, relative to
        // the anchor; a needle of one byte has itself beside it.
        let beside: (step: Int, byte: UInt8, caseBit: UInt8) = {
            guard let anchor, needle.count > 1 else { return (0, anchor?.byte ?? 0, anchor?.caseBit ?? 0) }
            let step = anchor.offset + 1 < needle.count ? 1 : -1
            let byte = needle[anchor.offset + step]
            return (step, byte, byte >= 0x61 && byte <= 0x7A ? 0x20 : 0)
        }()
        var p = bom
        while p < n {
            var word: UInt64 = 0, inFile = high   // the high bits of the bytes before `n`
            if p &+ 8 <= n {
                word = raw.loadUnaligned(fromByteOffset: p, as: UInt64.self)
            } else {
                withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw + p, count: n - p)) }
                inFile &= (1 &<< (UInt64(n - p) &* 8)) &- 1
            }
            // The high bit of each byte that is the anchor (a zero byte once compared; exact:
            // no carry crosses a byte) or beyond ASCII.
            let x = (word | caseBits) ^ anchors
            var stops = (~(((x & low) &+ low) | x) | word) & inFile
            while stops != 0 {
                let i = p &+ stops.trailingZeroBitCount &>> 3
                stops &= stops &- 1
                guard i >= next else { continue }
                let c = b[i]
                if c < 0x80 {
                    // Most anchors are told apart by the needle byte beside them, in either case;
                    // a line's ending is never beside it, so the comparison stays in the line.
                    let k = i &+ beside.step
                    guard i >= matchedUpTo, k < bom || k >= n || b[k] >= 0x80 || b[k] | beside.caseBit == beside.byte,
                          holdsNeedle(around: i, b, lineStart: bom, needle: needle) else { continue }
                    let (contentEnd, end) = LineSearch.lineEnd(b, from: i)
                    record(line(holding: i), contentEnd)
                    matchedUpTo = end
                } else if c >= 0xC2, c < 0xE0, i &+ 1 < n, b[i &+ 1] & 0xC0 == 0x80,
                          !mayFoldToAnchor[(Int(c & 0x1F) &<< 6 | Int(b[i &+ 1] & 0x3F)) &- 0x80] {
                    next = i &+ 2
                    stops &= ~(0x80 &<< (UInt64(i &+ 1 &- p) &* 8))   // its second byte, in this word
                } else {
                    // The folded line decides, also when an anchor in it was found to match.
                    let line = line(holding: i), (contentEnd, end) = LineSearch.lineEnd(b, from: i)
                    if i < matchedUpTo, found.last?.text.lowerBound == line.start { found.removeLast() }
                    guard let told = foldedHolds(UnsafeBufferPointer(rebasing: b[line.start..<contentEnd]), needle: needle, buffer: &folded) else { return nil }
                    if told { record(line, contentEnd) }
                    next = end
                }
            }
            p = max(p &+ 8, next)
        }
        return found
    }

    /// Whether `text`, a line, holds the needle once folded; nil when it is not UTF-8.
    private func foldedHolds(_ text: UnsafeBufferPointer<UInt8>, needle: UnsafeBufferPointer<UInt8>, buffer folded: inout [UInt8]) -> Bool? {
        if folded.count < text.count * ByteFolding.growth { folded = Array(repeating: 0, count: 2 * text.count * ByteFolding.growth) }
        if let length = folded.withUnsafeMutableBufferPointer({ ByteFolding.fold(text, into: $0) }) {
            return folded.withUnsafeBufferPointer { Bytes.contains(needle, in: UnsafeBufferPointer(rebasing: $0[..<length])) }
        }
        guard UTF8Validation.isValid(text) else { return nil }
        return String(decoding: text, as: UTF8.self).folded.utf8.withContiguousStorageIfAvailable { Bytes.contains(needle, in: $0) } ?? false
    }

    /// Whether the needle stands around the anchor at `k` once folded, in its line (a needle
    /// without a newline fails at the line's ends; `lineStart` bounds the look back):
    /// letters of the table are folded one at a time. Bytes of the line before `k` were passed
    /// over by the scan (ASCII or two-byte letters of the table); after it, any other byte
    /// beyond ASCII fails the comparison here, and the scan folds that line as a whole when it
    /// gets there. A match may not take in the line's ending (a needle ending in `\r`).
    private func holdsNeedle(around k: Int, _ b: UnsafeBufferPointer<UInt8>, lineStart: Int, needle: UnsafeBufferPointer<UInt8>) -> Bool {
        func lowered(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        let n = b.count
        var j = anchor!.offset + 1, at = k + 1
        while j < needle.count {   // after the anchor
            guard at < n else { return false }
            let c = b[at]
            if c < 0x80 {
                guard lowered(c) == needle[j] else { return false }
                j += 1
                at += 1
            } else {
                guard c >= 0xC2, c < 0xE0, at + 1 < n, b[at + 1] & 0xC0 == 0x80 else { return false }
                let value = Int(c & 0x1F) << 6 | Int(b[at + 1] & 0x3F)
                guard ByteFolding.isCovered(twoByteScalar: value) else { return false }
                for c in ByteFolding.folded(twoByteScalar: value) where j < needle.count {
                    guard c == needle[j] else { return false }
                    j += 1
                }
                at += 2
            }
        }
        if b[at - 1] == 0x0D, at == n || b[at] == 0x0A { return false }
        j = anchor!.offset - 1
        at = k - 1
        while j >= 0 {   // before it
            guard at >= lineStart else { return false }
            if b[at] < 0x80 {
                guard lowered(b[at]) == needle[j] else { return false }
                j -= 1
                at -= 1
            } else {
                for c in ByteFolding.folded(twoByteScalar: Int(b[at - 1] & 0x1F) << 6 | Int(b[at] & 0x3F)).reversed() where j >= 0 {
                    guard c == needle[j] else { return false }
                    j -= 1
                }
                at -= 2
            }
        }
        return true
    }
}

extension LineSearch {
    /// The number of `\n` in `b[range]` and where the last one is, eight bytes at a time.
    fileprivate static func newlines(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (count: Int, last: Int?) {
        let ones: UInt64 = 0x0101_0101_0101_0101, low = ones &* 0x7F, newline = ones &* 0x0A
        let raw = UnsafeRawPointer(b.baseAddress!)
        var count = 0, last: Int?, k = range.lowerBound
        while k &+ 8 <= range.upperBound {
            let x = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self) ^ newline
            // The high bit of each byte that was a newline (now zero), exactly.
            let flags = ~(((x & low) &+ low) | x) & ~low
            if flags != 0 {
                count &+= Int((flags &>> 7 &* ones) &>> 56)   // the flags summed into the top byte
                last = k &+ (63 &- flags.leadingZeroBitCount) &>> 3
            }
            k &+= 8
        }
        while k < range.upperBound {
            if b[k] == 0x0A { count += 1; last = k }
            k += 1
        }
        return (count, last)
    }
}
