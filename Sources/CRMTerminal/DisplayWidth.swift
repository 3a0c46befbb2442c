/// How many terminal cells text takes, by the table `Scripts/generate_width_table.py` makes from
/// Unicode's data (`DisplayWidthTable.swift`): East Asian wide and full-width letters (CJK, most
/// emoji) take two cells, combining marks and format characters none, everything else one.
public enum DisplayWidth {
    /// The cells one code point takes: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
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

    /// The cells one grapheme cluster takes: its first code point's, except that an emoji
    /// presentation selector (U+FE0F) or a pair of regional indicators (a flag) makes it two.
    /// A cluster of marks alone takes none; terminals draw it over the cell before.
    public static func of(_ character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        var width = of(first)
        var regional = isRegionalIndicator(first) ? 1 : 0
        while let scalar = scalars.next() {
            if scalar.value == 0xFE0F, width == 1 { width = 2 }
            if isRegionalIndicator(scalar) { regional += 1 }
        }
        return regional == 2 ? 2 : width
    }

    /// The cells `text` takes, cluster by cluster.
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
