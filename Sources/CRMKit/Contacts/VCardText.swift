import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// vCard text values: the step from octets to text, backslash escapes, structured values.
///
/// The charset is decoded first and escapes are undone on the text, as vobject does: in
/// Shift_JIS, Big5 or GBK the second octet of a character may be `0x5C` (a backslash in
/// ASCII), and in UTF-16 no ASCII octet is a character of its own.
enum VCardText {
    private static let backslash = UInt8(ascii: "\\")

    /// A text value: decoded, escapes undone (`\n` `\N` newline, `\,` `\;` `\\`; any other `\x`
    /// stays as written, backslash included, as vobject and Android read it), surrounding
    /// whitespace removed.
    static func text(_ octets: [UInt8], _ parameters: VCardParameters) -> Result<Text, VCardCharset.Failure> {
        decode(octets, parameters).map { text in
            let utf8 = Array(text.utf8)[...]
            return Text(
                text: String(decoding: unescape(utf8), as: UTF8.self).trimmingSpaces,
                hasUnescapedComma: split(utf8, on: UInt8(ascii: ",")).count > 1)
        }
    }

    /// A decoded text value.
    struct Text {
        var text: String
        /// Whether the value holds a `,` without a backslash: vCard 3.0 and 4.0 escape commas
        /// in text, and readers such as vobject take an unescaped one as the end of the value.
        var hasUnescapedComma: Bool
    }

    /// A structured value such as `N`: decoded, split on unescaped `;`, each component split on
    /// unescaped `,`, then every piece unescaped and trimmed as `text`.
    static func components(_ octets: [UInt8], _ parameters: VCardParameters) -> Result<[[String]], VCardCharset.Failure> {
        decode(octets, parameters).map { text in
            split(Array(text.utf8)[...], on: UInt8(ascii: ";")).map { component in
                split(component, on: UInt8(ascii: ",")).map {
                    String(decoding: unescape($0), as: UTF8.self).trimmingSpaces
                }
            }
        }
    }

    /// The text of a value's octets: base64 undone first when the value is base64
    /// (`ENCODING=b`, `ENCODING=BASE64`), then `CHARSET` decoded.
    private static func decode(_ octets: [UInt8], _ parameters: VCardParameters) -> Result<String, VCardCharset.Failure> {
        guard parameters.isBase64 else { return VCardCharset.decode(octets[...], charset: parameters.charset) }
        guard let data = Data(base64Encoded: String(decoding: octets, as: UTF8.self), options: .ignoreUnknownCharacters)
        else { return .failure(.invalidBase64) }
        return VCardCharset.decode(Array(data)[...], charset: parameters.charset)
    }

    /// Splits on every `separator` that is not escaped by a backslash; escapes stay in place.
    static func split(_ octets: ArraySlice<UInt8>, on separator: UInt8) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = octets.startIndex
        var i = octets.startIndex
        while i < octets.endIndex {
            if octets[i] == backslash {
                i += 2
                continue
            }
            if octets[i] == separator {
                pieces.append(octets[start..<i])
                start = i + 1
            }
            i += 1
        }
        pieces.append(octets[start..<octets.endIndex])
        return pieces
    }

    /// Undoes `\n` `\N` `\,` `\;` `\\`; any other backslash stays, with what follows it.
    static func unescape(_ octets: ArraySlice<UInt8>) -> [UInt8] {
        guard octets.contains(backslash) else { return Array(octets) }
        var out: [UInt8] = []
        out.reserveCapacity(octets.count)
        var i = octets.startIndex
        while i < octets.endIndex {
            let byte = octets[i]
            guard byte == backslash, i + 1 < octets.endIndex else {
                out.append(byte)
                i += 1
                continue
            }
            switch octets[i + 1] {
            case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(UInt8(ascii: "\n"))
            case UInt8(ascii: ","), UInt8(ascii: ";"), backslash: out.append(octets[i + 1])
            default: out += [byte, octets[i + 1]]
            }
            i += 2
        }
        return out
    }
}
