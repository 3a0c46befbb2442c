#if canImport(FoundationEssentials)
// The standard library's own normalization (the data `String` compares by), which Foundation's
// calls use too; FoundationEssentials does not offer it.
@_spi(_Unicode) import Swift
#else
import Foundation
#endif

/// The one folding of text the tool compares by: file-name slugs (`Slug`), PERSON matching
/// (`PersonMatcher`) and `crm search` all use it, so `crm add "Øyvind Ås"` writes
/// `oyvind-as.md` and `crm show "oyvind as"` and `crm search oyvind` find it.
///
/// Folding lower-cases, turns full-width Latin letters and digits into ASCII, and takes the
/// accents off Latin and Greek letters (`Núñez` → `nunez`, `Ελένη` → `ελενη`); Latin letters
/// that have no accent to take off are spelled out (`ø` → `o`, `æ` → `ae`, `ß` → `ss`, `đ` → `d`,
/// `ł` → `l`, `þ` → `th`). Other scripts keep their marks: a kana's voicing mark or a Devanagari
/// vowel sign is part of the letter, not an accent.
enum TextFolding {
    /// `text` folded (see the type's summary): by `ByteFolding`'s table when every scalar is in
    /// it (ASCII, Latin, Greek and Cyrillic letters: most names and notes), else in full.
    static func fold(_ text: String) -> String {
        // ASCII only lower-cases, and needs no table.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self) }
        var text = text
        let byTable = text.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            return ByteFolding.fold(bytes, into: &out) ? String(decoding: out, as: UTF8.self) : nil
        }
        return byTable ?? foldedInFull(text)
    }

    /// The folding itself, through Unicode normalization (NFD, then NFC); the rule `ByteFolding`'s
    /// table is made from.
    static func foldedInFull(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var stripsMarks = false   // whether the last letter was Latin or Greek
        for scalar in decomposed(text.lowercased()) {
            if isCombiningMark(scalar) {
                if !stripsMarks { out.append(scalar) }
                continue
            }
            if let spelled = spelledOut[scalar] {
                out.append(contentsOf: spelled.unicodeScalars)
                stripsMarks = true
                continue
            }
            var scalar = scalar
            if (0xFF01...0xFF5E).contains(scalar.value) {   // full-width ASCII
                scalar = Unicode.Scalar(scalar.value - 0xFEE0)!
                if (0x41...0x5A).contains(scalar.value) { scalar = Unicode.Scalar(scalar.value + 0x20)! }
            }
            stripsMarks = isLatinOrGreek(scalar)
            out.append(scalar)
        }
        return composed(String(out))
    }

    /// `text`'s scalars in Unicode normalization form D (`é` → `e` and U+0301).
    static func decomposed(_ text: String) -> [Unicode.Scalar] {
        #if canImport(FoundationEssentials)
        Array(text._nfd)
        #else
        Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
        #endif
    }

    /// `text` in Unicode normalization form C (`e` and U+0301 → `é`).
    static func composed(_ text: String) -> String {
        #if canImport(FoundationEssentials)
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
        #else
        text.precomposedStringWithCanonicalMapping
        #endif
    }

    /// Lower-case Latin letters that do not decompose into a letter and an accent.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ı": "i",
        "ħ": "h", "ŧ": "t", "ŋ": "n", "ĸ": "k", "ŀ": "l", "ƒ": "f", "ɨ": "i", "ʉ": "u", "ĳ": "ij",
    ]

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    private static func isLatinOrGreek(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x0370...0x03FF, 0x1F00...0x1FFF: true
        default: false
        }
    }
}

extension String {
    /// The text as the tool compares it: lower case, without accents (see `TextFolding`).
    package var folded: String { TextFolding.fold(self) }
}

/// Edit distance for "did you mean" suggestions, where swapping two neighbours counts as one
/// edit (`lsit` → `list`).
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
        }
    }
    return d[a.count][b.count]
}
