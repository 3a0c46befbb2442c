import CRMFormat
import CRMVault

/// One content line of a vCard, `[group "."] name *(";" param) ":" value`, as the lexer found it.
///
/// The value stays in the source bytes (`valueRange`, still folded) until someone asks for it, so
/// properties nobody reads, such as a large base64 `PHOTO`, cost no copy.
struct VCardProperty {
    /// The 1-based line the property starts on.
    var line: Int
    /// The property name in upper case, without its group (`item1.EMAIL` is `EMAIL`).
    var name: String
    /// The parameters this reader uses.
    var parameters: VCardParameters
    /// Where the value lies in the source bytes, folds and soft line breaks included.
    var valueRange: Range<Int>
}

/// The parameters of a property that matter for reading a contact.
///
/// vCard 2.1's bare parameters (`TEL;CELL;PREF:`) count as types, except the encodings
/// (`QUOTED-PRINTABLE`, `BASE64`, …).
struct VCardParameters {
    /// `TYPE` values and bare 2.1 types, as written (`CELL`, `pref`, `co-worker`).
    var types: [String] = []
    /// `PREF=n` (vCard 4.0): 1 is the most preferred.
    var pref: Int?
    /// `ENCODING`, in upper case.
    var encoding: String?
    /// `CHARSET` (vCard 2.1), in upper case.
    var charset: String?
    /// `VALUE` (`uri`, `text`, `date`), in lower case.
    var valueType: String?
    /// Apple's `X-APPLE-OMIT-YEAR`: the placeholder year of a birthday without a year.
    var omitYear: String?

    private static let encodings: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]

    var isQuotedPrintable: Bool { encoding == "QUOTED-PRINTABLE" }
    /// Whether `type` (lower case) is one of the types, in any case.
    func has(type: String) -> Bool { types.contains { $0.lowercased() == type } }
    var isBase64: Bool { encoding == "B" || encoding == "BASE64" }

    /// Records one parameter; `values` is empty for a bare parameter (`CELL`).
    mutating func add(name: String, values: [String]) {
        guard let first = values.first else {
            if Self.encodings.contains(name.uppercased()) { encoding = name.uppercased() } else { types.append(name) }
            return
        }
        switch name.uppercased() {
        case "TYPE": types += values
        case "PREF": pref = Int(first)
        case "ENCODING": encoding = first.uppercased()
        case "CHARSET": charset = first.uppercased()
        case "VALUE": valueType = first.lowercased()
        case "X-APPLE-OMIT-YEAR": omitYear = first
        default: break
        }
    }
}
