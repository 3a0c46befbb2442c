import CRMFormat
import CRMVault

/// vCard's structured name (`N`: family; given; additional; prefix; suffix), derived from a
/// display name, since a person file keeps only the name as it is shown.
///
/// The rule, as name parsers such as Python's `nameparser` apply it: leading titles (`Dr.`,
/// `Mrs`, `Prof.`, …) are the prefix and trailing ones (`Jr.`, `III`, `PhD`, …) the suffix; of the
/// words left, the last is the family name, with the lower-case particles before it (`van`,
/// `de la`, `bin`, …: `Ludwig van Beethoven` is family `van Beethoven`), the first the given
/// name and any others the additional names. A name in Chinese, Japanese or Korean script
/// written with a space is family name first (`山田 太郎`: family `山田`, given `太郎`). A name of
/// one word (`Plato`, or `王小明` written without a space) is all given name: where it splits
/// is not written in it. A name with anything but letters, marks, apostrophes, hyphens, periods
/// and commas in it (`Joe's Plumbing & Heating`, `Lucía Fernández 🌍`, `R2-D2`) is no name this
/// rule can split: every component is empty, as RFC 6350 allows (`N:;;;;`, as khard writes
/// for a card without a name), and `FN` alone names the card.
struct StructuredName: Equatable {
    var family = "", given = "", additional = "", prefix = "", suffix = ""

    /// Every component empty: `N:;;;;`.
    init() {}

    private static let prefixes: Set<String> = ["dr", "mr", "mrs", "ms", "miss", "mx", "prof", "sir", "dame", "rev", "fr", "hon", "lady", "lord"]
    private static let suffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv", "v", "phd", "ph.d", "md", "m.d", "esq", "mba", "obe", "mbe", "cbe"]
    private static let particles: Set<String> = ["van", "von", "der", "den", "de", "del", "della", "di", "da", "do", "dos", "das",
                                                 "du", "la", "le", "ten", "ter", "bin", "binti", "ibn", "al", "y", "zu"]

    init(name: String) {
        guard name.unicodeScalars.allSatisfy(Self.isNamePart) else { return }
        var words = name.split(whereSeparator: \.isWhitespace).map(String.init)
        func bare(_ word: String) -> String {
            String(word.lowercased().drop { $0 == "." || $0 == "," }.reversed().drop { $0 == "." || $0 == "," }.reversed())
        }
        var prefixes: [String] = [], suffixes: [String] = []
        while words.count > 1, Self.prefixes.contains(bare(words[0])) { prefixes.append(words.removeFirst()) }
        while words.count > 1, Self.suffixes.contains(bare(words[words.count - 1])) { suffixes.insert(words.removeLast(), at: 0) }
        if !suffixes.isEmpty, let last = words.last, last.hasSuffix(",") { words[words.count - 1] = String(last.dropLast()) }
        prefix = prefixes.joined(separator: " ")
        suffix = suffixes.joined(separator: " ")
        guard words.count > 1 else {
            given = words.first ?? ""
            return
        }
        if words[0].unicodeScalars.first.map(Self.isCJK) == true {
            family = words[0]
            given = words.dropFirst().joined(separator: " ")
            return
        }
        var familyStart = words.count - 1
        while familyStart > 1, Self.particles.contains(words[familyStart - 1]) { familyStart -= 1 }
        family = words[familyStart...].joined(separator: " ")
        given = words[0]
        additional = words[1..<familyStart].joined(separator: " ")
    }

    /// Letters, marks, white space, and the punctuation of names: `'` `’` `-` `.` `,`.
    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .spaceSeparator:
            true
        default:
            "'’-.,".unicodeScalars.contains(scalar)
        }
    }

    /// Han, kana and Hangul: scripts whose names are written family name first.
    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0x1100...0x11FF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// The components in `N`'s order.
    var components: [String] { [family, given, additional, prefix, suffix] }
}
