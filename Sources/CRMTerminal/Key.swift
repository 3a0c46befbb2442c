/// A key pressed, as the terminal sends it in raw mode.
package enum Key: Hashable, Sendable {
    /// A printable character (a letter, a digit, a space, a wide character…).
    case character(Character)
    /// Ctrl and a letter (`control("s")` is Ctrl-S), for those that have no name below.
    case control(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
}
