import CRMFormat

/// File names for people: new ones, and a renamed person's.
package enum Slug {
    /// A file-name slug of `name`: the name folded as matching folds it (`TextFolding`: `José
    /// Núñez` → `jose-nunez`, `Øyvind Ås` → `oyvind-as`), other scripts keeping their letters
    /// (`山田 花子` → `山田-花子`); apostrophes left out, so a word stays one (`Tom O'Brien` →
    /// `tom-obrien`, `Joe’s Plumbing & Heating` → `joes-plumbing-heating`); everything else but
    /// letters and digits becomes `-`. Never empty, never `.`-led, no `/`, no control
    /// characters, at most 80 bytes.
    package static func make(_ name: String) -> String {
        make(name, dropping: apostrophes)
    }

    /// The characters written as an apostrophe (`'`, `’`, `‘`, `ʼ`, `´`, `` ` ``): they join the
    /// letters of a word.
    static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "\u{00B4}", "`"]

    private static func make(_ name: String, dropping dropped: Set<Character>) -> String {
        var out = ""
        var pendingDash = false
        for character in name.folded where !dropped.contains(character) {
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

    /// The file name (without `.md`) a person renamed from `oldName` to `newName` gets, in the
    /// style of the one they have (`stem`), so that the folder keeps one way of naming files:
    /// a slug of the name stays a slug (`rosa-diaz` → `rosa-diaz-garcia`, and `sam-lee-2` →
    /// `sam-lee`, the move adding a number again when that name is taken), a file named as the
    /// person stays so (`Rosa Díaz` → `Rosa Díaz García`). Nil when the name is neither (`mom`
    /// for Francesca Rossi, chosen by hand): the file keeps it.
    package static func renamed(_ stem: String, from oldName: String, to newName: String) -> String? {
        // A slug of the name as this rule makes it, or as it made it before apostrophes were left out.
        for slug in [make(oldName), make(oldName, dropping: [])] {
            guard stem.hasPrefix(slug) else { continue }
            let rest = stem.dropFirst(slug.count)
            if rest.isEmpty || rest.first == "-" && rest.count > 1 && rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
                return make(newName)
            }
        }
        if let old = fileName(oldName), stem.folded == old.folded {
            return fileName(newName) ?? make(newName)
        }
        return nil
    }

    /// `name` as the name of a file, as Obsidian names a note after its title: the characters a
    /// file name or a link cannot hold (`/ \ : * ? " < > | # ^ [ ]` and control characters) left
    /// out, spaces around it and leading dots too; nil when nothing is left.
    static func fileName(_ name: String) -> String? {
        var out = String(name.unicodeScalars.filter { !forbidden.contains($0) && $0.properties.generalCategory != .control })
        while out.contains("  ") { out = out.replacing("  ", with: " ") }
        out = String(out.trimmingSpaces.drop { $0 == "." }).trimmingSpaces
        while out.utf8.count > 200 { out.removeLast() }
        return out.isEmpty ? nil : out
    }

    private static let forbidden: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|", "#", "^", "[", "]"]
}
