import CRMFormat

/// File names for new people.
package enum Slug {
    /// A file-name slug of `name`: the name folded as matching folds it (`TextFolding`: `José
    /// Núñez` → `jose-nunez`, `Øyvind Ås` → `oyvind-as`), other scripts keeping their letters
    /// (`山田 花子` → `山田-花子`); everything but letters and digits becomes `-`.
    /// Never empty, never `.`-led, no `/`, no control characters, at most 80 bytes.
    package static func make(_ name: String) -> String {
        var out = ""
        var pendingDash = false
        for character in name.folded {
            if character.isLetter || character.isNumber {
                if pendingDash, !out.isEmpty { out += "-" }
                pendingDash = false
                out.append(character)
            } else {
                pendingDash = true
            }
        }
        while out.utf8.count > 80 { out.removeLast() }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "person" : out
    }
}
