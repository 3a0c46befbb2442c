import CRMFormat
import CRMVault

/// Quoted-printable decoding (RFC 2045 §6.7) as vCard 2.1 uses it.
enum QuotedPrintable {
    /// Decodes `=XX` to one octet and drops soft line breaks (`=` before a line break or at the
    /// end). Lenient: an `=` not followed by two hex digits stays as it is.
    static func decode(_ input: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let byte = input[i]
            guard byte == UInt8(ascii: "=") else {
                out.append(byte)
                i += 1
                continue
            }
            if i + 1 == input.count {
                i += 1
            } else if input[i + 1] == UInt8(ascii: "\n") {
                i += 2
            } else if i + 2 < input.count, let high = input[i + 1].hexDigitValue, let low = input[i + 2].hexDigitValue {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(byte)
                i += 1
            }
        }
        return out
    }
}
