import CRMFormat

/// The links `crm browse` hands the opener to call, text or mail someone, built as their RFCs
/// say, so that nothing in a phone number or an address adds to the link: no `?attach=`, no
/// `&cc=`, no line break.
package enum ContactURI {
    /// `tel:` (RFC 3966) for `phone`: a global number (`+` and the digits) when it starts with
    /// `+`, else the digits as written, and an extension (`ext. 23`, `x23`, `extension 23`,
    /// `#23`, `;ext=23`) as `;ext=23`. A trunk prefix written `(0)` in an international number
    /// is not dialled from abroad and is left out: `+44 (0) 20 7946 0018 ext. 23` is
    /// `tel:+442079460018;ext=23`. Nil when the number has something else (letters, a second
    /// `+`) or no digit: it is not a number a phone can dial as written.
    package static func tel(_ phone: String) -> String? {
        guard let (number, extensionDigits) = dialable(phone) else { return nil }
        return "tel:" + number + (extensionDigits.map { ";ext=" + $0 } ?? "")
    }

    /// `sms:` (RFC 5724) for `phone`: the number as `tel` gives it, without an extension (a text
    /// goes to the line, not to an extension); nil where `tel` is.
    package static func sms(_ phone: String) -> String? {
        dialable(phone).map { "sms:" + $0.number }
    }

    /// `mailto:` (RFC 6068) for `address`: every byte of its UTF-8 but letters, digits and
    /// `-._~!$'*+=:;@` percent-encoded, so `?`, `&`, `#`, `%`, `,`, spaces and line breaks
    /// are part of the address, never a header field or a second recipient. Nil for an address
    /// without `@`.
    package static func mailto(_ address: String) -> String? {
        let address = address.trimmingSpaces
        guard address.contains("@") else { return nil }
        var out = "mailto:"
        for byte in address.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                if "-._~!$'*+=:;@".utf8.contains(byte) {
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    out += "%" + byte.hex(uppercase: true)
                }
            }
        }
        return out
    }

    /// The number to dial (`+442079460018`, or the digits of a local number) and the extension's
    /// digits, from a number as people write it.
    private static func dialable(_ phone: String) -> (number: String, extension: String?)? {
        var main = phone.trimmingSpaces.lowercased()
        // The extension: a marker, then digits, at the end.
        var extensionDigits: String?
        let trailing = main.reversed().prefix { $0 == " " || ($0.isASCII && $0.isNumber) }
        let digitsAtEnd = String(trailing.reversed().filter { $0 != " " })
        if !digitsAtEnd.isEmpty {
            let head = main.dropLast(trailing.count).trimmingTrailing(" .:=")
            if let marker = [";ext", "extension", "ext", "x", "#"].first(where: { head.hasSuffix($0) }) {
                extensionDigits = digitsAtEnd
                main = String(head.dropLast(marker.count))
            }
        }
        let international = main.hasPrefix("+")
        if international {
            main.removeFirst()
            // `+44 (0) 20…`: the 0 is dialled only at home.
            main = main.replacing("(0)", with: "")
        }
        var digits = ""
        for character in main {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !" \u{00A0}-.()/".contains(character) {
                return nil
            }
        }
        guard !digits.isEmpty else { return nil }
        return ((international ? "+" : "") + digits, extensionDigits)
    }
}

private extension StringProtocol {
    /// Without the characters of `set` at the end.
    func trimmingTrailing(_ set: String) -> SubSequence {
        var end = endIndex
        while end > startIndex, set.contains(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
