/// Turns the octets of a vCard value into text according to its `CHARSET`.
enum VCardCharset {
    /// Decodes `octets` as `charset` (upper case, `nil` when the card names none).
    ///
    /// UTF-8 is the default. `ISO-8859-1`, `WINDOWS-1252` and `US-ASCII` are read as
    /// Windows-1252, the superset browsers use for all three. Octets that are not valid in the
    /// charset, including an unknown charset's, never fail the read: they are read as ISO-8859-1
    /// (with the Windows-1252 characters in 0x80–0x9F).
    static func decode(_ octets: ArraySlice<UInt8>, charset: String?) -> String {
        if octets.allSatisfy({ $0 < 0x80 }) { return String(decoding: octets, as: UTF8.self) }
        switch charset {
        case "ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "WINDOWS-1252", "CP1252", "US-ASCII", "ASCII":
            return windows1252(octets)
        default:
            return String(validating: octets, as: UTF8.self) ?? windows1252(octets)
        }
    }

    private static func windows1252(_ octets: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for octet in octets {
            let value = (0x80...0x9F).contains(octet) ? c1Replacements[Int(octet) - 0x80] : UInt32(octet)
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Windows-1252 for 0x80…0x9F; the five unassigned octets map to the C1 control of the same value.
    private static let c1Replacements: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
