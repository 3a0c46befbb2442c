import CRMFormat

/// A terminal's size in cells.
package struct Size: Hashable, Sendable, CustomStringConvertible {
    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    package var description: String { "\(columns)x\(rows)" }
}

/// A place on the screen, 0-based.
package struct Position: Hashable, Sendable {
    package var row: Int
    package var column: Int

    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// One cell of the screen: the grapheme cluster drawn in it and its style. A wide character
/// takes its cell and the next, which holds the empty text.
package struct Cell: Hashable, Sendable {
    package var text: String
    package var style: Style

    package init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    package static let blank = Cell(" ")

    /// Whether this is the right half of a wide character.
    package var isContinuation: Bool { text.isEmpty }
}

/// What the terminal shows: rows of cells and where the cursor is (nil: hidden). A screen is
/// a value, made whole for each frame by a pure function of the app's state and the size;
/// `ScreenRenderer` writes the difference between two of them.
package struct Screen: Hashable, Sendable {
    package let size: Size
    package private(set) var cells: [Cell]
    package var cursor: Position?

    package init(size: Size) {
        self.size = Size(columns: max(0, size.columns), rows: max(0, size.rows))
        cells = Array(repeating: .blank, count: self.size.columns * self.size.rows)
    }

    package subscript(row: Int, column: Int) -> Cell { cells[row * size.columns + column] }

    /// Writes `text` from `column` of `row`, clipped at `limit` (a column; default the right
    /// edge), and returns the column after the last cell written. A wide character that does
    /// not fit leaves a blank; a tab is a space, other control characters and the bidirectional
    /// overrides and isolates are drawn as `VisibleText` shows them (`\e`, `\x9b`, `<U+202E>`: nothing
    /// typed into a file reaches the terminal as a control sequence or reorders the line), and a
    /// mark with nothing before it to combine with is dropped.
    @discardableResult
    package mutating func put(_ text: some StringProtocol, row: Int, column: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard row >= 0, row < size.rows, column >= 0 else { return column }
        let end = min(limit ?? size.columns, size.columns)
        var column = column
        for character in text {
            guard column < end else { break }
            if character == "\t" || character.unicodeScalars.contains(where: VisibleText.isEscaped) {
                // Each character of the escape (all ASCII) takes one cell.
                let shown = character == "\t" ? " " : VisibleText.shown(String(character))
                for letter in shown {
                    guard column < end else { break }
                    set(row, column, Cell(String(letter), style: style))
                    column += 1
                }
                continue
            }
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if width == 2, column + 1 >= end {
                set(row, column, .blank)
                column += 1
                break
            }
            set(row, column, Cell(String(character), style: style))
            if width == 2 { set(row, column + 1, Cell("", style: style)) }
            column += width
        }
        return column
    }

    /// Writes `text` as `put` does, then blanks to `limit` in `style`.
    package mutating func put(padded text: some StringProtocol, row: Int, column: Int, style: Style = .plain, limit: Int? = nil) {
        let end = min(limit ?? size.columns, size.columns)
        var at = put(text, row: row, column: column, style: style, limit: end)
        while at < end {
            set(row, at, Cell(" ", style: style))
            at += 1
        }
    }

    /// Changes the style of the cells of `row` from `from` up to `to` (exclusive), keeping their text.
    package mutating func restyle(row: Int, from: Int = 0, to: Int? = nil, _ change: (Style) -> Style) {
        guard row >= 0, row < size.rows else { return }
        for column in max(0, from)..<min(to ?? size.columns, size.columns) {
            cells[row * size.columns + column].style = change(cells[row * size.columns + column].style)
        }
    }

    /// Sets one cell, blanking the other half of a wide character it overwrites part of.
    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        let i = row * size.columns + column
        // Over the right half of a wide character: its left half goes.
        if !cell.isContinuation, cells[i].isContinuation, column > 0 { cells[i - 1].text = " " }
        // Over the left half of a wide character: its right half goes.
        if !cells[i].isContinuation, column + 1 < size.columns, cells[i + 1].isContinuation { cells[i + 1].text = " " }
        cells[i] = cell
    }

    /// The text of `row`, trailing blanks removed.
    package func line(_ row: Int) -> String {
        var text = ""
        for column in 0..<size.columns { text += cells[row * size.columns + column].text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row's text, trailing blanks removed.
    package var lines: [String] { (0..<size.rows).map(line) }
}
