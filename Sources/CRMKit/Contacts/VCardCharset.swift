import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns the octets of a vCard value into text according to its `CHARSET`.
///
/// The charsets are the ones Foundation decodes on every platform this tool runs on, each
/// checked against Python's codecs by the tests: UTF-8, UTF-16 (`UTF-16` with or without a byte
/// order mark, `UTF-16BE`, `UTF-16LE`), Shift_JIS, Windows-31J (CP932), EUC-JP, ISO-2022-JP,
/// GB18030, GBK (CP936), GB2312, Big5, Big5-HKSCS, EUC-KR, CP949, KOI8-R, KOI8-U, IBM866,
/// ISO-8859-1 to -16, Windows-874 and Windows-1250 to -1258, Macintosh. Names ignore case,
/// dashes and underscores (`Shift_JIS`, `SHIFT-JIS`, `sjis`).
enum VCardCharset {
    /// Why a value could not be decoded (its base64, if it has any, or its charset).
    enum Failure: Error, Equatable {
        /// The charset is not one of the above.
        case unknown(String)
        /// The octets are not valid in the charset (`nil`: the card names none, so UTF-8).
        case invalid(String?)
        /// The value says it is base64 (`ENCODING=b`) but is not.
        case invalidBase64
        /// Valid UTF-8 that holds a C1 control character (U+0080 to U+009F): no text has one,
        /// text decoded twice does (`Ã©` for `é` is U+00C3 U+0083 U+00C2 U+00A9 once more).
        case c1Control(Unicode.Scalar)

        /// `is not valid SHIFT_JIS`, for a message about one property.
        var message: String {
            switch self {
            case .unknown(let name): "has CHARSET=\(name), which this tool cannot decode"
            case .invalid(let name?): "is not valid \(name) text"
            case .invalid(nil): "is not valid UTF-8 and names no CHARSET"
            case .invalidBase64: "is not valid base64"
            case .c1Control(let scalar):
                "holds the C1 control character U+00\(String(scalar.value, radix: 16, uppercase: true)), which no text holds (text decoded twice does)"
            }
        }
    }

    /// Decodes `octets` as `charset` (as the card spells it; `nil` when the card names none, which
    /// means UTF-8). Never guesses: octets that are not valid in the charset are a failure, and
    /// so is text with C1 control characters (U+0080–U+009F), which is how Foundation decodes
    /// the octets some single-byte charsets leave unassigned, and what text decoded in the wrong
    /// charset usually holds.
    static func decode(_ octets: ArraySlice<UInt8>, charset: String?) -> Result<String, Failure> {
        guard let charset else {
            guard let text = String(validating: octets, as: UTF8.self) else { return .failure(.invalid(nil)) }
            if let c1 = firstC1Control(text) { return .failure(.c1Control(c1)) }
            return .success(text)
        }
        guard let decoder = decoders[key(charset)] else { return .failure(.unknown(charset)) }
        if decoder.isASCIICompatible, octets.allSatisfy({ $0 < 0x80 }) {
            return .success(String(decoding: octets, as: UTF8.self))
        }
        guard let text = decoder.decode(octets) else { return .failure(.invalid(charset)) }
        if let c1 = firstC1Control(text) {
            // Valid UTF-8 holding one was written so; a single-byte charset gives one for an
            // octet it leaves unassigned, which is not valid in it.
            if case .utf8 = decoder { return .failure(.c1Control(c1)) }
            return .failure(.invalid(charset))
        }
        return .success(text)
    }

    private static func firstC1Control(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { (0x80...0x9F).contains($0.value) }
    }

    /// How one charset is decoded.
    private enum Decoder {
        case utf8
        /// Windows-1252 for ISO-8859-1, US-ASCII and Windows-1252 alike, as browsers read them
        /// (so 0x80–0x9F are `€`, `“`… rather than invisible C1 controls).
        case windows1252
        /// EUC-JP: Foundation on Linux decodes none of it, so its JIS X 0208 and half-width
        /// katakana are rewritten to the same characters' Shift_JIS octets, which it does decode.
        case eucJP
        case foundation(String.Encoding)
        /// By the C library's `iconv`, under this name: FoundationEssentials decodes only UTF-8
        /// and UTF-16 of these (Foundation proper does the rest with ICU).
        case iconv(String)

        /// Whether octets below 0x80 are always ASCII characters (not so in UTF-16, nor in
        /// ISO-2022-JP, whose escape sequences switch the meaning of what follows).
        var isASCIICompatible: Bool {
            switch self {
            case .foundation(let encoding): ![.utf16, .utf16BigEndian, .utf16LittleEndian, .iso2022JP].contains(encoding)
            case .iconv(let name): name != "ISO-2022-JP"
            default: true
            }
        }

        func decode(_ octets: ArraySlice<UInt8>) -> String? {
            switch self {
            case .utf8: String(validating: octets, as: UTF8.self)
            case .windows1252: VCardCharset.windows1252(octets)
            case .eucJP: VCardCharset.shiftJIS(fromEUCJP: octets).flatMap { Decoder.iconv("SHIFT_JIS").decode($0[...]) }
            case .foundation(let encoding): String(bytes: octets, encoding: encoding)
            case .iconv(let name):
                #if canImport(FoundationEssentials)
                Platform.decode(octets, charset: name)
                #else
                nil
                #endif
            }
        }
    }

    /// A charset name without case, dashes, underscores, dots and spaces.
    private static func key(_ name: String) -> String {
        String(name.uppercased().unicodeScalars.filter { !"-_. ".unicodeScalars.contains($0) })
    }

    /// Core Foundation's numbers for the encodings `String.Encoding` has no name for.
    private static func coreFoundation(_ number: UInt) -> Decoder {
        .foundation(String.Encoding(rawValue: 0x8000_0000 | number))
    }

    private static let decoders: [String: Decoder] = {
        var table: [String: Decoder] = [:]
        func add(_ decoder: Decoder, _ names: String...) {
            var decoder = decoder
            #if canImport(FoundationEssentials)
            // Past UTF-16, by iconv under the charset's first name.
            if case .foundation(let encoding) = decoder, ![.utf16, .utf16BigEndian, .utf16LittleEndian].contains(encoding) {
                decoder = .iconv(names[0])
            }
            #endif
            for name in names { table[key(name)] = decoder }
        }
        add(.utf8, "UTF-8", "UTF8")
        add(.windows1252, "ISO-8859-1", "ISO8859-1", "LATIN1", "L1", "CP819", "WINDOWS-1252", "CP1252",
            "US-ASCII", "ASCII")
        add(.foundation(.utf16), "UTF-16")
        add(.foundation(.utf16BigEndian), "UTF-16BE")
        add(.foundation(.utf16LittleEndian), "UTF-16LE")
        add(.foundation(.shiftJIS), "SHIFT_JIS", "SJIS", "MS_KANJI", "CSSHIFTJIS", "X-SJIS")
        add(coreFoundation(0x0420), "WINDOWS-31J", "CP932", "MS932")
        add(.eucJP, "EUC-JP", "EUCJP", "X-EUC-JP")
        add(.foundation(.iso2022JP), "ISO-2022-JP", "CSISO2022JP")
        add(coreFoundation(0x0632), "GB18030")
        add(coreFoundation(0x0421), "GBK", "CP936", "MS936", "WINDOWS-936")
        add(coreFoundation(0x0930), "GB2312", "EUC-CN", "CSGB2312")
        add(coreFoundation(0x0A03), "BIG5", "CSBIG5", "X-X-BIG5")
        add(coreFoundation(0x0A06), "BIG5-HKSCS")
        add(coreFoundation(0x0940), "EUC-KR", "CSEUCKR")
        add(coreFoundation(0x0422), "CP949", "UHC", "WINDOWS-949")
        add(coreFoundation(0x0A02), "KOI8-R", "CSKOI8R")
        add(coreFoundation(0x0A08), "KOI8-U")
        add(coreFoundation(0x041B), "IBM866", "CP866", "866")
        for part in [2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 16] {
            add(coreFoundation(0x0200 + UInt(part)), "ISO-8859-\(part)", "ISO8859-\(part)")
        }
        add(coreFoundation(0x0203), "LATIN3")
        add(coreFoundation(0x0202), "LATIN2")
        add(coreFoundation(0x020F), "LATIN9", "LATIN-9")
        for (page, number) in zip([1250, 1251, 1253, 1254, 1255, 1256, 1257, 1258], 0x0501...) {
            add(coreFoundation(UInt(number)), "WINDOWS-\(page)", "CP\(page)")
        }
        add(coreFoundation(0x041D), "WINDOWS-874", "CP874", "TIS-620")
        add(coreFoundation(0), "MACINTOSH", "MAC", "MACROMAN", "CSMACINTOSH")
        return table
    }()

    /// Windows-1252; `nil` when `octets` hold one of its five unassigned octets.
    private static func windows1252(_ octets: ArraySlice<UInt8>) -> String? {
        var scalars = String.UnicodeScalarView()
        for octet in octets {
            guard let scalar = windows1252(octet) else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The Windows-1252 character of `octet`; `nil` for its five unassigned octets (0x81, 0x8D,
    /// 0x8F, 0x90, 0x9D).
    static func windows1252(_ octet: UInt8) -> Unicode.Scalar? {
        let value = (0x80...0x9F).contains(octet) ? c1Replacements[Int(octet) - 0x80] : UInt32(octet)
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// Windows-1252 for 0x80…0x9F; 0 for the five unassigned octets.
    private static let c1Replacements: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// EUC-JP octets as Shift_JIS octets of the same characters: ASCII stays, a JIS X 0208 pair
    /// (two octets 0xA1–0xFE) is moved to Shift_JIS's layout, `0x8E` + a half-width katakana
    /// keeps the katakana octet. `nil` for anything else, JIS X 0212 (`0x8F` …) included.
    static func shiftJIS(fromEUCJP octets: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(octets.count)
        var i = octets.startIndex
        while i < octets.endIndex {
            let lead = octets[i]
            if lead < 0x80 {
                out.append(lead)
                i += 1
                continue
            }
            guard i + 1 < octets.endIndex else { return nil }
            let trail = octets[i + 1]
            if lead == 0x8E {
                guard (0xA1...0xDF).contains(trail) else { return nil }
                out.append(trail)
            } else {
                guard (0xA1...0xFE).contains(lead), (0xA1...0xFE).contains(trail) else { return nil }
                let row = Int(lead) - 0xA0, cell = Int(trail) - 0xA0
                let first = (row + 1) / 2 + (row <= 62 ? 0x80 : 0xC0)
                let second = row % 2 == 1 ? cell + (cell <= 63 ? 0x3F : 0x40) : cell + 0x9E
                out += [UInt8(first), UInt8(second)]
            }
            i += 2
        }
        return out
    }
}
