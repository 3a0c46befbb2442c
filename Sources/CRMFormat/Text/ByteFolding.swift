/// `String.folded` (lower case, no accents) over UTF-8 bytes without Foundation, for the scalars
/// where folding one scalar at a time gives what folding the whole text gives: ASCII, Latin
/// (U+0080–U+02FF), Greek and Cyrillic (U+0370–U+04FF). Text with any other scalar (combining
/// marks, whose folding depends on the letter before them; other scripts) is not folded here.
package enum ByteFolding {
    /// Each table scalar's folded UTF-8 bytes (from `foldedForms`), stored one after another:
    /// scalar `v`'s are `bytes[offsets[v - 0x80]..<offsets[v - 0x80 + 1]]`; scalars outside the
    /// table have none and `covered[v - 0x80]` false.
    private static let table: (bytes: [UInt8], offsets: [Int], covered: [Bool]) = {
        var bytes: [UInt8] = [], offsets = [0], covered: [Bool] = []
        for form in foldedForms {
            bytes += form?.utf8 ?? "".utf8
            offsets.append(bytes.count)
            covered.append(form != nil)
        }
        return (bytes, offsets, covered)
    }()

    /// The most bytes one byte of text folds to (a two-byte letter spelled out in more).
    package static let growth: Int = {
        let offsets = table.offsets
        let longest = zip(offsets, offsets.dropFirst()).map { $1 - $0 }.max() ?? 1
        return max(1, (longest + 1) / 2)
    }()

    /// For each two-byte scalar, U+0080 to U+07FF (at `value - 0x80`): whether its folded bytes
    /// hold `byte` (ASCII in lower case, or a byte of a folded letter beyond ASCII), or may: a
    /// scalar outside the table is folded with the text around it.
    package static func twoByteScalars(mayFoldTo byte: UInt8) -> [Bool] {
        (0x80..<0x800).map { value in !isCovered(twoByteScalar: value) || folded(twoByteScalar: value).contains(byte) }
    }

    /// Whether a two-byte scalar (by its value) is in the table.
    package static func isCovered(twoByteScalar value: Int) -> Bool {
        value < 0x500 && table.covered[value - 0x80]
    }

    /// The folded bytes of a two-byte scalar of the table (by its value).
    package static func folded(twoByteScalar value: Int) -> ArraySlice<UInt8> {
        let table = table
        return table.bytes[table.offsets[value - 0x80]..<table.offsets[value - 0x80 + 1]]
    }

    /// Appends the folded bytes of `text` (valid UTF-8) to `out`; false, with `out` partly
    /// written, when `text` holds a scalar outside the table.
    static func fold(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: text.count * growth))
        let written = out.withUnsafeMutableBufferPointer { fold(text, into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
        out.removeLast(out.count - start - (written ?? 0))
        return written != nil
    }

    /// The same into `out`, which has room for `growth` bytes per byte of `text`: the number of
    /// bytes written, nil when `text` holds a scalar outside the table or is not UTF-8 (so text
    /// folded here is valid UTF-8).
    package static func fold(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let table = table
        return table.bytes.withUnsafeBufferPointer { bytes in
            table.offsets.withUnsafeBufferPointer { offsets in
                table.covered.withUnsafeBufferPointer { covered in
                    var i = 0, o = 0
                    let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
                    while i < text.count {
                        if i + 8 <= text.count {
                            // Eight ASCII bytes at once: those from A to Z get 0x20 added.
                            let word = UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self)
                            if word & high == 0 {
                                let upper = (word &+ ones &* 0x3F) & ~(word &+ ones &* 0x25) & high
                                UnsafeMutableRawPointer(out.baseAddress! + o).storeBytes(of: word | upper >> 2, as: UInt64.self)
                                i += 8
                                o += 8
                                continue
                            }
                        }
                        let byte = text[i]
                        if byte < 0x80 {
                            out[o] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                            o += 1
                            i += 1
                            continue
                        }
                        // Two-byte sequences reach U+07FF; the table ends at U+04FF.
                        guard byte & 0xE0 == 0xC0, i + 1 < text.count, text[i + 1] & 0xC0 == 0x80 else { return nil }
                        let value = Int(byte & 0x1F) << 6 | Int(text[i + 1] & 0x3F)
                        guard value >= 0x80, value < 0x500, covered[value - 0x80] else { return nil }
                        for k in offsets[value - 0x80]..<offsets[value - 0x80 + 1] {
                            out[o] = bytes[k]
                            o += 1
                        }
                        i += 2
                    }
                    return o
                }
            }
        }
    }
}
