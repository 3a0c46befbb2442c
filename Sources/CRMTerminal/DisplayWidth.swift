/// How many terminal cells text takes, by the table `Scripts/generate_width_table.py` makes from
/// Unicode's data (`DisplayWidthTable.swift`): East Asian wide and full-width letters (CJK, most
/// emoji) take two cells, combining marks and format characters none, everything else one.
package enum DisplayWidth {
    /// The cells one code point takes: 0, 1 or 2.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20, value < 0x7F { return 1 }
        return runs.withUnsafeBufferPointer { runs in
            var low = 0, high = runs.count / 3 - 1
            while low <= high {
                let middle = (low + high) / 2
                if value < runs[middle * 3] {
                    high = middle - 1
                } else if value > runs[middle * 3 + 1] {
                    low = middle + 1
                } else {
                    return Int(runs[middle * 3 + 2])
                }
            }
            return 1
        }
    }

    /// The cells one grapheme cluster takes (see `of(scalars:)`).
    package static func of(_ character: Character) -> Int { of(scalars: character.unicodeScalars) }

    /// The cells `text` takes; printable ASCII (most names) a cell a byte.
    package static func of(_ text: String) -> Int {
        var text = text
        let printable = text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count, bytes[i] >= 0x20, bytes[i] < 0x7F { i += 1 }
            return i == bytes.count
        }
        return printable ? text.utf8.count : of(scalars: text.unicodeScalars)
    }

    /// The cells a substring takes, as `of(_:)` a string.
    package static func of(_ text: Substring) -> Int { of(String(text)) }

    /// The cells code points take as terminals draw them, cluster by cluster: each takes the
    /// table's width, except that an emoji presentation selector (U+FE0F) makes a one-cell
    /// character before it two, a character joined by a zero-width joiner (U+200D) or an emoji
    /// skin-tone modifier after an emoji takes none (the cluster is drawn as one emoji), and two
    /// regional indicators (a flag) take two cells between them. Marks and format characters
    /// take none, so a cluster of marks alone takes none; terminals draw it over the cell before.
    package static func of(scalars: some Sequence<Unicode.Scalar>) -> Int {
        var total = 0
        var last = 0            // the width of the last character counted
        var joined = false      // after a zero-width joiner
        for scalar in scalars {
            let value = scalar.value
            if value == 0xFE0F {
                if last == 1 { total += 1; last = 2 }
                continue
            }
            if value == 0x200D { joined = true; continue }
            if (0x1F3FB...0x1F3FF).contains(value), last == 2 { continue }   // a skin tone on the emoji before
            let width = of(scalar)
            if joined {
                joined = false
                if width > 0 { continue }
            }
            if width > 0 { last = width }
            total += width
        }
        return total
    }
}
