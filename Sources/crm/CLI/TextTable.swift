import CRMKit
import CRMTerminal

/// Columns aligned by display width (wide CJK letters take two cells), for terminal listings.
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []
    /// Styling applied after alignment, so escape codes do not upset the widths.
    var style: (_ row: Int, _ column: Int, _ text: String) -> String = { _, _, text in text }
    /// The widest a cell may be, in terminal cells, except in the last column (which widens no
    /// other): longer text is cut to fit, ending in `…`. JSON output is never cut.
    var maximumWidth = 40
    /// Columns never cut, whatever their width: text the reader types back (`crm restore NAME`).
    var uncut: Set<Int> = []

    /// The table as one string, lines joined with newlines (no final newline).
    func rendered(headerStyle: (String) -> String) -> String {
        var out: [UInt8] = []
        write(headerStyle: headerStyle) { out += $0 }
        return String(String(decoding: out, as: UTF8.self).dropLast())
    }

    /// Prints the table a chunk at a time, so a listing of 100,000 people is never one string.
    func print(to terminal: Terminal, headerStyle: (String) -> String) {
        write(headerStyle: headerStyle, to: terminal.write(bytes:))
    }

    /// Hands the lines' UTF-8, each line ending in a newline, to `output` in chunks of about 64 KB:
    /// a listing of 100,000 people is never one string.
    private func write(headerStyle: (String) -> String, to output: (ArraySlice<UInt8>) -> Void) {
        // Each cell's width is measured once, before the columns' widths are known.
        let headerWidths = headers.map(DisplayWidth.of)
        // A cell is one line: its line breaks, tabs and other controls are shown escaped.
        let cellWidths = rows.map { $0.map { DisplayWidth.of(VisibleText.shown($0)) } }
        var widths = headerWidths
        let last = headers.count - 1
        for row in cellWidths {
            for (i, width) in row.enumerated() where i < widths.count {
                widths[i] = max(widths[i], i == last || uncut.contains(i) ? width : min(width, maximumWidth))
            }
        }
        func append(_ cells: [String], widths cellWidths: [Int], to chunk: inout [UInt8], styled: (Int, String) -> String) {
            // No padding after the last cell with text: lines never end in spaces.
            let lastWithText = cells.lastIndex { !$0.isEmpty } ?? -1
            for (i, cell) in cells.enumerated() {
                var width = cellWidths[i]
                var cell = VisibleText.shown(cell)
                if i < last, !uncut.contains(i), width > maximumWidth {
                    cell = TextLayout.truncated(cell, width: maximumWidth)
                    width = DisplayWidth.of(cell)
                }
                chunk.append(contentsOf: styled(i, cell).utf8)
                // The last column, the only one not cut to `maximumWidth`, is never padded.
                if i < lastWithText {
                    chunk.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[i] - width + 2))
                }
            }
            chunk.append(UInt8(ascii: "\n"))
        }
        var header: [UInt8] = []
        append(headers, widths: headerWidths, to: &header) { _, text in headerStyle(text) }
        output(header[...])
        var chunk: [UInt8] = []
        for r in rows.indices {
            append(rows[r], widths: cellWidths[r], to: &chunk) { c, text in style(r, c, text) }
            if chunk.count >= 1 << 16 {
                output(chunk[...])
                chunk.removeAll(keepingCapacity: true)
            }
        }
        output(chunk[...])
    }
}
