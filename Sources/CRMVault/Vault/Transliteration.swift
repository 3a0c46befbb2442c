import CRMFormat

/// Folded text spelt in Latin letters, so a name in another script is found by its Latin
/// spelling: a PERSON argument (`crm show olga` is Ольга, `PersonMatcher`), browse's filter,
/// completion and "did you mean" suggestions. Cyrillic by the common passport-style spelling (`ж` → `zh`,
/// `ю` → `yu`), Greek by the modern one (`η` → `i`, `ου` → `ou`), kana in Hepburn (`さくら` →
/// `sakura`). A script with no one spelling (Han, where 山田 is Yamada in Japanese and Shantian in
/// Chinese; Hangul; Arabic…) is not spelt: a name written in it is suggested only for a query in
/// its own letters.
package enum Transliteration {
    /// `folded` (see `TextFolding`) in Latin letters, or nil when it holds a letter of a script
    /// that is not spelt (see the type's summary). ASCII text is itself.
    package static func latin(_ folded: String) -> String? {
        if folded.utf8.allSatisfy({ $0 < 0x80 }) { return folded }
        var out = ""
        var doubles = false   // after a small tsu: the next consonant is doubled
        var previous: Unicode.Scalar?
        for scalar in folded.unicodeScalars {
            defer { previous = scalar }
            let value = scalar.value
            if value < 0x80 || (0xC0...0x24F).contains(value) || (0x1E00...0x1EFF).contains(value) {
                out.unicodeScalars.append(scalar)
                continue
            }
            if let cyrillic = cyrillic[scalar] {
                out += cyrillic
                continue
            }
            if let greek = greek(scalar, after: previous) {
                out += greek
                continue
            }
            var kana = value
            if (0x30A1...0x30F6).contains(kana) { kana -= 0x60 }   // katakana as hiragana
            if (0x3041...0x3096).contains(kana) {
                let syllable = hiragana[Int(kana - 0x3041)]
                let smallY = kana == 0x3083 || kana == 0x3085 || kana == 0x3087
                let smallVowel = [0x3041, 0x3043, 0x3045, 0x3047, 0x3049].contains(kana)
                if kana == 0x3063 {                                  // っ: doubles what follows
                    doubles = true
                } else if smallY, out.hasSuffix("i") {               // ゃ ゅ ょ after an i: kya, sha, ja
                    out.removeLast()
                    if !(out.hasSuffix("sh") || out.hasSuffix("ch") || out.hasSuffix("j")) { out += "y" }
                    out += syllable.dropFirst()
                } else if smallVowel, let last = out.last, "aiueo".contains(last) {   // ふぁ: fa
                    out.removeLast()
                    out += syllable
                } else {
                    if doubles, let first = syllable.first, !"aiueon".contains(first) { out.append(first == "c" ? "t" : first) }
                    doubles = false
                    out += syllable
                }
                continue
            }
            switch value {
            case 0x30FC: continue                                   // ー, the long-vowel mark
            case 0x30FB: out += " "                                 // ・, between names
            case 0x0300...0x036F: continue                          // a mark left on a Cyrillic letter
            default:
                if scalar.properties.isAlphabetic { return nil }    // a script with no one spelling
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Lower-case Cyrillic letters (Russian, Ukrainian, Belarusian, Serbian, Macedonian, Bulgarian).
    private static let cyrillic: [Unicode.Scalar: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
        "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
        "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "u", "ђ": "dj", "ј": "j",
        "љ": "lj", "њ": "nj", "ћ": "c", "џ": "dz", "ѓ": "g", "ќ": "k", "ѕ": "dz",
    ]

    /// A Greek letter (folded: lower case, without accents), `υ` by the letter before it.
    private static func greek(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> String? {
        if scalar == "υ" {
            switch previous {
            case "ο": return "u"          // ου: ou
            case "α", "ε", "η": return "v" // αυ, ευ: av, ev
            default: return "y"
            }
        }
        return greekLetters[scalar]
    }

    private static let greekLetters: [Unicode.Scalar: String] = [
        "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i", "κ": "k",
        "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s", "τ": "t",
        "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
    ]

    /// Hepburn for U+3041 (ぁ) to U+3096 (ゖ), in order; small kana as their vowel or `y` syllable,
    /// っ empty (it doubles the next consonant).
    static let hiragana: [String] = [
        "a", "a", "i", "i", "u", "u", "e", "e", "o", "o",
        "ka", "ga", "ki", "gi", "ku", "gu", "ke", "ge", "ko", "go",
        "sa", "za", "shi", "ji", "su", "zu", "se", "ze", "so", "zo",
        "ta", "da", "chi", "ji", "", "tsu", "zu", "te", "de", "to", "do",
        "na", "ni", "nu", "ne", "no",
        "ha", "ba", "pa", "hi", "bi", "pi", "fu", "bu", "pu", "he", "be", "pe", "ho", "bo", "po",
        "ma", "mi", "mu", "me", "mo",
        "ya", "ya", "yu", "yu", "yo", "yo",
        "ra", "ri", "ru", "re", "ro",
        "wa", "wa", "i", "e", "o", "n", "vu", "ka", "ke",
    ]
}
