import Foundation

/// File names for new people.
public enum Slug {
    /// A file-name slug of `name`: Latin letters lose their accents (`José Núñez` → `jose-nunez`),
    /// other scripts keep their letters (`山田 花子` → `山田-花子`), everything else becomes `-`.
    /// Never empty, never `.`-led, no `/`, no control characters, at most 80 bytes.
    public static func make(_ name: String) -> String {
        var out = ""
        var pendingDash = false
        for character in name.precomposedStringWithCanonicalMapping {
            for piece in fold(character) {
                if piece.isLetter || piece.isNumber {
                    if pendingDash, !out.isEmpty { out += "-" }
                    pendingDash = false
                    out += piece.lowercased()
                } else {
                    pendingDash = true
                }
            }
        }
        while out.utf8.count > 80 { out.removeLast() }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "person" : out
    }

    /// Letters without a decomposition of their own.
    private static let latinSpecials: [Character: String] = [
        "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D",
        "ł": "l", "Ł": "L", "þ": "th", "Þ": "TH", "ð": "d", "Ð": "D", "ı": "i",
    ]

    /// A Latin character without its accents; any other character as it is.
    private static func fold(_ character: Character) -> String {
        if let special = latinSpecials[character] { return special }
        guard let base = character.unicodeScalars.first, isLatin(base) else { return String(character) }
        return String(character).folding(options: .diacriticInsensitive, locale: nil)
    }

    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return true
        default: return false
        }
    }
}
