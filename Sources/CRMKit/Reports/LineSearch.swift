#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One folded needle looked for in the lines of files, as `crm search` does, without parsing the
/// files or splitting every one into lines.
///
/// The bytes are scanned eight at a time for the needle's least common byte in either case (its
/// anchor) and for bytes beyond ASCII. At an anchor the needle is compared there, lower-cased; a
/// line with any byte beyond ASCII is folded as a whole (`ByteFolding`, else `String.folded`)
/// and searched, unless its letters beyond ASCII are the table's and fold to no anchor: then the
/// needle is compared around each anchor the line holds, letters folded one at a time (`brûlée`
/// is not `bread`). So only lines that may match cost more than the scan, and ASCII lines are
/// decided as folding would decide them: folding ASCII only lower-cases it.
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
    /// when the needle holds bytes beyond ASCII, which only lines with such bytes can hold.
    private let anchor: (byte: UInt8, offset: Int, caseBit: UInt8)?
    /// For each two-byte scalar (`value - 0x80`, U+0080–U+07FF): whether a line holding it may
    /// hold the anchor once folded (see `ByteFolding.twoByteScalars(mayFoldTo:)`); empty without
    /// an anchor.
    private let mayFoldToAnchor: [Bool]

    init(folded needle: String) {
        let bytes = Array(needle.utf8)
        self.needle = bytes
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { anchor = nil; mayFoldToAnchor = []; return }
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
            guard let base = b.baseAddress else { return [] }
            if memchr(base, 0, b.count) != nil { return nil }
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
        guard i < n, let found = memchr(b.baseAddress! + i, 0x0A, n - i) else {
            return (n > i && b[n - 1] == 0x0D ? n - 1 : n, n)
        }
        let newline = b.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        return (newline > i && b[newline - 1] == 0x0D ? newline - 1 : newline, newline + 1)
    }

    /// The matching lines, or nil when the bytes are not UTF-8: every line with a byte beyond
    /// ASCII is validated as it is folded (a line of ASCII is valid UTF-8; its ending is ASCII).
    private func scan(_ b: UnsafeBufferPointer<UInt8>, bom: Int, skipping delimiters: [Int], needle: UnsafeBufferPointer<UInt8>) -> [Match]? {
        let needleHoldsNewline = needle.contains(0x0A)   // which no line holds
        var found: [Match] = []
        var folded: [UInt8] = []   // one buffer for every folded line, grown for the longest
        var counted = (upTo: 0, lines: 0)   // newlines before `upTo`
        var p = bom
        while let i = nextCandidate(b, from: p) {
            let atAnchor = b[i] < 0x80
            if atAnchor {
                // The needle must stand around the anchor, in either case.
                let from = i - anchor!.offset
                guard from >= 0, from + needle.count <= b.count, LineSearch.equalsLowered(needle, b, at: from) else { p = i + 1; continue }
            }
            var start = i
            while start > bom, b[start - 1] != 0x0A { start -= 1 }
            let (contentEnd, end) = LineSearch.lineEnd(b, from: i)
            let text = UnsafeBufferPointer(rebasing: b[start..<contentEnd])
            let holds: Bool
            if atAnchor, LineSearch.isASCII(text) {
                // Folding an ASCII line only lower-cases it: the needle is there, unless it
                // takes in the line's ending (a needle ending in `\r`).
                guard i - anchor!.offset + needle.count <= contentEnd else { p = i + 1; continue }
                holds = true
            } else if anchor != nil, let told = holdsNeedle(b, start..<contentEnd, needle: needle) {
                holds = told
            } else {
                if folded.count < text.count * ByteFolding.growth { folded = Array(repeating: 0, count: 2 * text.count * ByteFolding.growth) }
                if let length = folded.withUnsafeMutableBufferPointer({ ByteFolding.fold(text, into: $0) }) {
                    holds = folded.withUnsafeBufferPointer { Bytes.contains(needle, in: UnsafeBufferPointer(rebasing: $0[..<length])) }
                } else {
                    guard UTF8Validation.isValid(text) else { return nil }
                    holds = String(decoding: text, as: UTF8.self).folded.utf8.withContiguousStorageIfAvailable { Bytes.contains(needle, in: $0) } ?? false
                }
            }
            p = end
            guard holds, !needleHoldsNewline, !delimiters.contains(start) else { continue }
            counted.lines += LineSearch.newlines(b, counted.upTo..<start)
            counted.upTo = start
            found.append(Match(index: counted.lines, text: start..<contentEnd))
        }
        return found
    }

    /// Whether the line `b[range]` holds the needle once folded, told without folding it when
    /// every byte beyond ASCII starts a two-byte letter of the table whose folding lacks the
    /// anchor (so the line is valid UTF-8, as folding would have checked): then the anchor
    /// stands only where the line has it, in either case, and the needle is compared around
    /// each, letters folded one at a time. Nil when the line must be folded.
    private func holdsNeedle(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, needle: UnsafeBufferPointer<UInt8>) -> Bool? {
        let (byte, caseBit) = (anchor!.byte, anchor!.caseBit)
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let (bytes, caseBits) = (UInt64(byte) &* ones, UInt64(caseBit) &* ones)
        let raw = UnsafeRawPointer(b.baseAddress!)
        var k = range.lowerBound, anchors = false
        while k < range.upperBound {
            if k + 8 <= range.upperBound {
                // Eight ASCII bytes at once: whether one is the anchor (as in `nextCandidate`).
                let word = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                if word & high == 0 {
                    let x = (word | caseBits) ^ bytes
                    anchors = anchors || (x &- ones) & ~x & high != 0
                    k += 8
                    continue
                }
            }
            let c = b[k]
            if c < 0x80 {
                anchors = anchors || c | caseBit == byte
                k += 1
                continue
            }
            guard c & 0xE0 == 0xC0, k + 1 < range.upperBound, b[k + 1] & 0xC0 == 0x80 else { return nil }
            let value = Int(c & 0x1F) << 6 | Int(b[k + 1] & 0x3F)
            guard value >= 0x80, !mayFoldToAnchor[value - 0x80] else { return nil }
            k += 2
        }
        guard anchors else { return false }
        // A continuation byte is never the anchor in either case.
        return range.contains { b[$0] | caseBit == byte && foldedAround($0, b, range, needle: needle) }
    }

    /// Whether the needle stands around the anchor at `k` in the line `b[range]` once folded;
    /// every byte beyond ASCII in the line starts a two-byte letter of the table.
    private func foldedAround(_ k: Int, _ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, needle: UnsafeBufferPointer<UInt8>) -> Bool {
        func lowered(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        func folding(_ lead: Int) -> ArraySlice<UInt8> { ByteFolding.folded(twoByteScalar: Int(b[lead] & 0x1F) << 6 | Int(b[lead + 1] & 0x3F)) }
        var j = anchor!.offset + 1, at = k + 1
        while j < needle.count {   // after the anchor
            guard at < range.upperBound else { return false }
            if b[at] < 0x80 {
                guard lowered(b[at]) == needle[j] else { return false }
                j += 1
                at += 1
            } else {
                for c in folding(at) where j < needle.count {
                    guard c == needle[j] else { return false }
                    j += 1
                }
                at += 2
            }
        }
        j = anchor!.offset - 1
        at = k - 1
        while j >= 0 {   // before it
            guard at >= range.lowerBound else { return false }
            if b[at] < 0x80 {
                guard lowered(b[at]) == needle[j] else { return false }
                j -= 1
                at -= 1
            } else {
                for c in folding(at - 1).reversed() where j >= 0 {
                    guard c == needle[j] else { return false }
                    j -= 1
                }
                at -= 2
            }
        }
        return true
    }

    /// The first index from `p` holding the anchor (either case) or a byte beyond ASCII.
    private func nextCandidate(_ b: UnsafeBufferPointer<UInt8>, from p: Int) -> Int? {
        let n = b.count
        var p = p
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let (byte, caseBits): (UInt64, UInt64) = anchor.map { (UInt64($0.byte) &* ones, UInt64($0.caseBit) &* ones) } ?? (0, 0)
        let anchored = anchor != nil
        let raw = UnsafeRawPointer(b.baseAddress!)
        while p + 8 <= n {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: p, as: UInt64.self))
            var hits = word & high
            if anchored {
                // A zero byte where the anchor is; the lowest flag of this test is never false.
                let x = (word | caseBits) ^ byte
                hits |= (x &- ones) & ~x & high
            }
            if hits != 0 { return p + hits.trailingZeroBitCount / 8 }
            p += 8
        }
        while p < n {
            let c = b[p]
            if c >= 0x80 || (anchored && c | anchor!.caseBit == anchor!.byte) { return p }
            p += 1
        }
        return nil
    }

    /// Whether `b[from...]` is `needle` (ASCII, lower case) when lower-cased.
    private static func equalsLowered(_ needle: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, at from: Int) -> Bool {
        for k in 0..<needle.count {
            let c = b[from + k]
            if (c >= 0x41 && c <= 0x5A ? c + 0x20 : c) != needle[k] { return false }
        }
        return true
    }

    private static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var high: UInt8 = 0
        for c in text { high |= c }
        return high < 0x80
    }

    /// The number of `\n` in `b[range]`, counted eight bytes at a time.
    private static func newlines(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, newline: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        let raw = UnsafeRawPointer(b.baseAddress!)
        var count = 0, k = range.lowerBound
        while k + 8 <= range.upperBound {
            let x = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self) ^ newline
            // The high bit of each byte that was a newline (now zero), exactly.
            count += (~(((x & low) &+ low) | x) & ~low).nonzeroBitCount
            k += 8
        }
        while k < range.upperBound { count += b[k] == 0x0A ? 1 : 0; k += 1 }
        return count
    }
}
