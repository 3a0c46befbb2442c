/// Columns aligned by display width (wide CJK letters take two cells), for terminal listings.
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []
    /// Styling applied after alignment, so escape codes do not upset the widths.
    var style: (_ row: Int, _ column: Int, _ text: String) -> String = { _, _, text in text }
    /// The widest a cell may be, in terminal cells, except in the last column (which widens no
    /// other): longer text is cut to fit, ending in `…`. JSON output is never cut.
    var maximumWidth = 40

    /// The table as one string, lines joined with newlines (no final newline).
    func rendered(headerStyle: (String) -> String) -> String {
        var out = ""
        write(headerStyle: headerStyle) { out += $0 }
        return String(out.dropLast())
    }

    /// Prints the table a chunk at a time, so a listing of 100,000 people is never one string.
    func print(to terminal: Terminal, headerStyle: (String) -> String) {
        write(headerStyle: headerStyle, to: terminal.write)
    }

    /// Hands the lines, each ending in a newline, to `output` in chunks of about 64 KB.
    private func write(headerStyle: (String) -> String, to output: (String) -> Void) {
        var widths = headers.map(displayWidth)
        let last = headers.count - 1
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count {
                widths[i] = max(widths[i], i == last ? displayWidth(cell) : min(displayWidth(cell), maximumWidth))
            }
        }
        var chunk = ""
        func append(_ cells: [String], styled: (Int, String) -> String) {
            for (i, cell) in cells.enumerated() {
                let cell = i < last && displayWidth(cell) > maximumWidth ? truncated(cell, toWidth: maximumWidth) : cell
                chunk += styled(i, cell)
                // No padding after the last cell with text: lines never end in spaces.
                if i < cells.count - 1, cells[(i + 1)...].contains(where: { !$0.isEmpty }) {
                    chunk += String(repeating: " ", count: widths[i] - displayWidth(cell) + 2)
                }
            }
            chunk += "\n"
        }
        append(headers) { _, text in headerStyle(text) }
        for (r, row) in rows.enumerated() {
            append(row) { c, text in style(r, c, text) }
            if chunk.utf8.count > 1 << 16 {
                output(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        output(chunk)
    }
}

/// `text` cut to at most `width` terminal cells, the last of them `…`.
func truncated(_ text: String, toWidth width: Int) -> String {
    var out = ""
    var used = 0
    for character in text {
        let cells = displayWidth(String(character))
        if used + cells > width - 1 { break }
        out.append(character)
        used += cells
    }
    while out.last?.isWhitespace == true { out.removeLast() }
    return out + "…"
}

/// Terminal cells a string takes: East Asian wide and full-width characters take two.
func displayWidth(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }   // most cells: one cell a byte
    var width = 0
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: continue
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            width += 2
        default: width += 1
        }
    }
    return width
}
