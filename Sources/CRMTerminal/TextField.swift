/// Text being typed: one line (a filter, a date) or several (a note), and the cursor in it.
/// Keys edit it as in a shell's line editor: characters insert, Backspace and Delete remove,
/// Left/Right and Home/End (Ctrl-A, Ctrl-E) move, Ctrl-U and Ctrl-K cut to the start or end of
/// the line, Ctrl-W the word before the cursor; in several lines Enter breaks the line and
/// Up/Down move between lines.
package struct TextField: Hashable, Sendable {
    private var characters: [Character]
    /// The cursor, as the number of characters before it.
    package private(set) var cursor: Int
    package let isMultiline: Bool

    package init(_ text: String = "", multiline: Bool = false) {
        characters = Array(text)
        cursor = characters.count
        isMultiline = multiline
    }

    package var text: String { String(characters) }
    package var isEmpty: Bool { characters.isEmpty }

    /// Applies `key` if it is an editing key; returns false (nothing changed) for any other.
    @discardableResult
    package mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            if !isMultiline, character == "\n" { return false }
            characters.insert(character, at: cursor)
            cursor += 1
        case .enter:
            guard isMultiline else { return false }
            characters.insert("\n", at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
        case .right, .control("f"):
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = lineStart(of: cursor)
        case .end, .control("e"):
            cursor = lineEnd(of: cursor)
        case .control("u"):
            let start = lineStart(of: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("k"):
            characters.removeSubrange(cursor..<lineEnd(of: cursor))
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " ", characters[start - 1] != "\n" { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .up:
            guard isMultiline else { return false }
            let start = lineStart(of: cursor)
            guard start > 0 else { cursor = 0; return true }
            let previous = lineStart(of: start - 1)
            cursor = min(previous + (cursor - start), start - 1)
        case .down:
            guard isMultiline else { return false }
            let end = lineEnd(of: cursor)
            guard end < characters.count else { cursor = end; return true }
            let next = end + 1
            cursor = min(next + (cursor - lineStart(of: cursor)), lineEnd(of: next))
        default:
            return false
        }
        return true
    }

    private func lineStart(of index: Int) -> Int {
        var i = index
        while i > 0, characters[i - 1] != "\n" { i -= 1 }
        return i
    }

    private func lineEnd(of index: Int) -> Int {
        var i = index
        while i < characters.count, characters[i] != "\n" { i += 1 }
        return i
    }

    /// The text as shown in `width` cells: its lines, each broken where it reaches the width,
    /// and where the cursor is on them (row and column, in cells).
    package func layout(width: Int) -> (lines: [String], cursor: Position) {
        let width = max(1, width)
        var lines: [String] = [""]
        var used = 0
        var position = Position(row: 0, column: 0)
        for (i, character) in characters.enumerated() {
            if i == cursor { position = Position(row: lines.count - 1, column: used) }
            if character == "\n" {
                lines.append("")
                used = 0
                continue
            }
            let cells = max(1, DisplayWidth.of(character))
            if used + cells > width {
                lines.append("")
                used = 0
                if i == cursor { position = Position(row: lines.count - 1, column: 0) }
            }
            lines[lines.count - 1].append(character)
            used += cells
        }
        if cursor == characters.count {
            if used >= width {
                lines.append("")
                used = 0
            }
            position = Position(row: lines.count - 1, column: used)
        }
        return (lines, position)
    }

    /// One line of the text as shown in `width` cells: from the start when the cursor fits,
    /// else the characters up to the cursor that fit; and the cursor's column in it.
    package func visibleLine(width: Int) -> (text: String, cursor: Int) {
        let width = max(1, width)
        let flat = characters.map { $0 == "\n" ? " " : $0 }
        var before = 0
        for character in flat[..<cursor] { before += DisplayWidth.of(character) }
        var start = 0
        while before >= width, start < cursor {
            before -= DisplayWidth.of(flat[start])
            start += 1
        }
        return (TextLayout.prefix(flat[start...], width: width), before)
    }
}
