/// vCard text values: backslash escapes, structured values, and the step from octets to text.
///
/// Escapes and separators are ASCII, so they are handled on the octets before the charset is
/// decoded; this holds for every charset `VCardCharset` reads.
enum VCardText {
    private static let backslash = UInt8(ascii: "\\")

    /// A text value: escapes undone (`\n` `\N` newline, `\,` `\;` `\\`, any other `\x` is `x`),
    /// decoded, surrounding whitespace removed.
    static func text(_ octets: [UInt8], charset: String?) -> String {
        VCardCharset.decode(unescape(octets[...])[...], charset: charset).trimmingSpaces
    }

    /// A structured value such as `N`: split on unescaped `;`, each component split on
    /// unescaped `,`, then every piece read as `text`.
    static func components(_ octets: [UInt8], charset: String?) -> [[String]] {
        split(octets[...], on: UInt8(ascii: ";")).map { component in
            split(component, on: UInt8(ascii: ",")).map {
                VCardCharset.decode(unescape($0)[...], charset: charset).trimmingSpaces
            }
        }
    }

    /// Splits on every `separator` that is not escaped by a backslash; escapes stay in place.
    static func split(_ octets: ArraySlice<UInt8>, on separator: UInt8) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = octets.startIndex
        var i = octets.startIndex
        while i < octets.endIndex {
            if octets[i] == backslash {
                i += 2
                continue
            }
            if octets[i] == separator {
                pieces.append(octets[start..<i])
                start = i + 1
            }
            i += 1
        }
        pieces.append(octets[start..<octets.endIndex])
        return pieces
    }

    /// Undoes backslash escapes; a backslash at the very end stays.
    static func unescape(_ octets: ArraySlice<UInt8>) -> [UInt8] {
        guard octets.contains(backslash) else { return Array(octets) }
        var out: [UInt8] = []
        out.reserveCapacity(octets.count)
        var i = octets.startIndex
        while i < octets.endIndex {
            let byte = octets[i]
            if byte == backslash, i + 1 < octets.endIndex {
                let escaped = octets[i + 1]
                out.append(escaped == UInt8(ascii: "n") || escaped == UInt8(ascii: "N") ? UInt8(ascii: "\n") : escaped)
                i += 2
            } else {
                out.append(byte)
                i += 1
            }
        }
        return out
    }
}
