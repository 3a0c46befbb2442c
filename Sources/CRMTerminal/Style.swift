/// How a cell is drawn: a colour and attributes, as SGR sequences give them.
package struct Style: Hashable, Sendable {
    /// The eight-colour palette's foreground colours the app uses, by SGR number.
    package enum Colour: UInt8, Sendable {
        case red = 31, cyan = 36
    }

    package var colour: Colour?
    package var bold = false
    package var dim = false
    package var reverse = false
    package var underline = false

    package init(colour: Colour? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.colour = colour
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    package static let plain = Style()
    package static let bold = Style(bold: true)
    package static let dim = Style(dim: true)

    /// This style with `colour`.
    package func coloured(_ colour: Colour) -> Style {
        var style = self
        style.colour = colour
        return style
    }

    /// This style in reverse video, as a selected row is drawn.
    package var reversed: Style {
        var style = self
        style.reverse = true
        return style
    }

    /// The SGR sequence that sets this style from any other: a reset, then the attributes.
    /// Without `colour` (`NO_COLOR`, `TERM=dumb`), a coloured cell is bold instead, so what
    /// colour marks (an overdue date) still stands out.
    func sequence(colour useColour: Bool) -> String {
        var codes = ["0"]
        if bold || (!useColour && colour != nil) { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        if useColour, let colour { codes.append(String(colour.rawValue)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
