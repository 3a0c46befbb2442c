/// The bytes that turn what a terminal shows into a new screen: only the cells that changed
/// are written, each run of them after one cursor move (CSI row;col H), styles as SGR
/// sequences. A first frame, or one of another size, clears the terminal and writes every row.
package enum ScreenRenderer {
    /// The bytes that change `old` (what the terminal shows; nil when unknown) into `new`.
    /// `colour: false` (`NO_COLOR`, `TERM=dumb`) writes attributes but no colours.
    package static func frame(from old: Screen?, to new: Screen, colour: Bool) -> [UInt8] {
        var out = "\u{1B}[?25l"   // the cursor hidden while drawing
        let columns = new.size.columns
        let whole = old == nil || old!.size != new.size
        if whole { out += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        // Every frame ends in the plain style, so the next one starts from it.
        var style = Style.plain
        var at: Position? = whole ? Position(row: 0, column: 0) : nil
        for row in 0..<new.size.rows {
            var column = 0
            while column < columns {
                let cell = new[row, column]
                let changed = whole ? cell != .blank : cell != old![row, column]
                guard changed else {
                    column += 1
                    continue
                }
                // A changed right half is drawn by drawing its left half.
                var start = column
                if new[row, start].isContinuation, start > 0 { start -= 1 }
                if at != Position(row: row, column: start) {
                    out += "\u{1B}[\(row + 1);\(start + 1)H"
                }
                let drawn = new[row, start]
                if style != drawn.style {
                    out += drawn.style.sequence(colour: colour)
                    style = drawn.style
                }
                out += drawn.isContinuation ? " " : drawn.text
                let width = drawn.isContinuation ? 1 : max(1, DisplayWidth.of(drawn.text))
                at = Position(row: row, column: start + width)
                column = start + width
            }
        }
        if style != .plain { out += "\u{1B}[0m" }
        if let cursor = new.cursor {
            out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        }
        return Array(out.utf8)
    }
}
