/// A key pressed, as the terminal sends it in raw mode.
package enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (a letter, a digit, a space, a wide character…).
    case character(Character)
    /// Ctrl and a letter (`control("s")` is Ctrl-S), for those that have no name below.
    case control(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown

    package var description: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-" + letter.uppercased()
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .escape: "Esc"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        }
    }
}
