extension String {
    /// The string without white space at either end.
    package var trimmingSpaces: String {
        // Text that starts and ends with a visible ASCII character has nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) { return self }
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }

    /// Without trailing spaces and tabs.
    package var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}

extension Substring {
    package var trimmingSpaces: String { String(self).trimmingSpaces }
}
