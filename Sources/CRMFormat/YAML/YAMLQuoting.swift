/// Writing scalars so that every YAML reader, 1.1 (PyYAML) and 1.2 alike, reads back the same string.
package enum YAMLQuoting {
    /// Words YAML 1.1 or 1.2 read as booleans or null.
    private static let reservedWords: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
        "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL",
    ]

    /// Whether `text` may stand as a plain scalar: a conservative whitelist (a letter first, then
    /// letters, digits, spaces and `_.'/()-@+,`), no `: ` or ` #`, no trailing space, no reserved word.
    static func isSafePlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic,
              !reservedWords.contains(text), text.last != " " else { return false }
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "_", ".", "'", "/", "(", ")", "-", "@", "+", ",": continue
            default:
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { continue }
                return false
            }
        }
        return true
    }

    /// Whether a plain scalar is read as something other than this string by some YAML reader:
    /// a number, boolean or null in YAML 1.2, a boolean, date or number in YAML 1.1 (`yes`, `off`,
    /// `2026-01-05`, `+442079460018`, `1_000`, `1:20`).
    static func isAmbiguousPlain(_ text: String) -> Bool {
        // The reserved words are at most five bytes long: longer text is not hashed to look for one.
        if (text.utf8.count <= 5 && reservedWords.contains(text)) || !YAMLNode.resolvesToString(text) { return true }
        guard let first = text.utf8.first, first == 0x2B || first == 0x2D || first == 0x2E || (0x30...0x39).contains(first)
        else { return false }
        guard YAML11Forms.mayMatch(text) else { return false }
        let units = YAML11Forms.units(text)
        return YAML11Forms.isInteger(units) || YAML11Forms.isFloat(units) || YAML11Forms.isTimestamp(units)
    }

    /// Whether `text` can be written single-quoted: printable text on one line.
    static func fitsSingleQuotes(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: needsEscape)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: return true
        default: return false
        }
    }

    /// `text` as a plain scalar when safe, else double-quoted.
    package static func scalar(_ text: String, forceQuotes: Bool = false) -> String {
        !forceQuotes && isSafePlain(text) ? text : doubleQuoted(text)
    }

    /// `text` written in `style` when that style can hold it, else the default choice.
    static func scalar(_ text: String, like style: YAMLScalarStyle?, forceQuotes: Bool = false) -> String {
        switch style {
        case .singleQuoted? where fitsSingleQuotes(text):
            return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        case .doubleQuoted?: return doubleQuoted(text)
        default: return scalar(text, forceQuotes: forceQuotes)
        }
    }

    package static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A flow sequence `[a, "b c"]`.
    package static func flowSequence(_ items: [String], forceQuotes: Bool = false) -> String {
        "[" + items.map { flowItem($0, forceQuotes: forceQuotes) }.joined(separator: ", ") + "]"
    }

    /// Inside `[...]` a plain scalar must not contain `,`; in `style` when that style can hold it.
    static func flowItem(_ text: String, like style: YAMLScalarStyle? = nil, forceQuotes: Bool) -> String {
        switch style {
        case .singleQuoted?, .doubleQuoted?: return scalar(text, like: style)
        default: return !forceQuotes && isSafePlain(text) && !text.contains(",") ? text : doubleQuoted(text)
        }
    }
}
