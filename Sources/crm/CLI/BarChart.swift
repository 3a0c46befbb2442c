import CRMTerminal

/// Horizontal bars for terminal charts: Unicode eighth blocks (`█▉▊▋▌▍▎▏`), or `#` in plain ASCII.
struct BarChart {
    /// The longest bar, in terminal cells.
    var width = 25
    var unicode: Bool

    private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// The bar for `value` out of `maximum`: proportional, rounded to the nearest eighth of a cell
    /// (Unicode) or whole cell (ASCII), and never empty for a value above zero.
    func bar(_ value: Int, of maximum: Int) -> String {
        guard value > 0, maximum > 0 else { return "" }
        if unicode {
            let eighths = max(1, (value * width * 16 + maximum) / (2 * maximum))
            return String(repeating: "█", count: eighths / 8) + BarChart.eighths[eighths % 8]
        }
        let cells = max(1, (value * width * 2 + maximum) / (2 * maximum))
        return String(repeating: "#", count: cells)
    }

    /// One line per row: the label padded, the count right-aligned, the bar.
    func rendered(_ rows: [(label: String, count: Int)], indent: String = "  ") -> String {
        let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
        let countWidth = rows.map { String($0.count).count }.max() ?? 0
        let maximum = rows.map(\.count).max() ?? 0
        return rows.map { row in
            let count = String(row.count)
            let line = indent + row.label.padding(labelWidth) + "  " + String(repeating: " ", count: countWidth - count.count) + count
            let bar = bar(row.count, of: maximum)
            return bar.isEmpty ? line : line + "  " + bar
        }.joined(separator: "\n")
    }
}
