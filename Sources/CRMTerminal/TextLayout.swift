/// Text cut and wrapped to a number of terminal cells (`DisplayWidth`).
package enum TextLayout {
    /// `text` cut to at most `width` cells, ending in `…` when it was cut.
    package static func truncated(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        var out = prefix(text, width: width - 1)
        while out.last == " " { out.removeLast() }
        return out + "…"
    }

    /// The characters `text` starts with that fit in `width` cells.
    package static func prefix(_ text: some Sequence<Character>, width: Int) -> String {
        var out = ""
        var used = 0
        for character in text {
            let cells = DisplayWidth.of(character)
            if used + cells > width { break }
            out.append(character)
            used += cells
        }
        return out
    }

    /// `text` padded with spaces to `width` cells, or cut to it.
    package static func padded(_ text: String, width: Int) -> String {
        let cut = truncated(text, width: width)
        return cut + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }

    /// `text` in lines of at most `width` cells: each of its lines broken at spaces, a word
    /// longer than a line broken where it must. An empty line stays an empty line.
    package static func wrapped(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Split at single spaces, so that runs of spaces (an indented line) come back whole.
            var line = ""
            var used = 0
            var started = false
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = DisplayWidth.of(word)
                let gap = started ? 1 : 0
                if used + gap + wordWidth <= width {
                    if started { line += " " }
                    line += word
                    used += gap + wordWidth
                    started = true
                    continue
                }
                if started {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                // A word wider than the line is broken into pieces that fit.
                for character in word {
                    let cells = DisplayWidth.of(character)
                    if used + cells > width, used > 0 {
                        lines.append(line)
                        line = ""
                        used = 0
                    }
                    line.append(character)
                    used += cells
                }
                started = true
            }
            lines.append(line)
        }
        return lines
    }
}
