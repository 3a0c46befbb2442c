import CRMFormat
import CRMVault

/// The text of a CSV file, in the encodings address-book exports are written in: UTF-8 (with or
/// without a byte order mark), UTF-16 (little or big endian, with a byte order mark, or without
/// one when the header row shows it), and Windows-1252 (Outlook's default on Windows) for a file
/// that is not valid UTF-8. Nothing is guessed past that: a file that is not UTF-8 and holds an
/// octet Windows-1252 leaves undefined is refused, naming the octet and its offset.
struct CSVText {
    /// The decoded text, without a byte order mark.
    var text: String
    /// The encoding it was read in: `UTF-8`, `UTF-16LE`, `UTF-16BE` or `Windows-1252`.
    var encoding: String

    /// Why a file's bytes are no text this tool reads.
    struct Failure: Error, Equatable {
        var reason: String
    }

    static func decode(_ bytes: [UInt8]) -> Result<CSVText, Failure> {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard let text = String(validating: bytes.dropFirst(3), as: UTF8.self) else {
                return .failure(Failure(reason: "it starts with a UTF-8 byte order mark but is not valid UTF-8 "
                                        + "(from offset \(invalidUTF8Offset(bytes.dropFirst(3))))"))
            }
            return .success(CSVText(text: text, encoding: "UTF-8"))
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        // A header row in UTF-16 without a byte order mark: an ASCII letter, then a zero octet.
        if bytes.count >= 4, bytes[1] == 0, bytes[3] == 0, bytes[0] != 0 { return utf16(bytes[...], bigEndian: false) }
        if bytes.count >= 4, bytes[0] == 0, bytes[2] == 0, bytes[1] != 0 { return utf16(bytes[...], bigEndian: true) }
        if let text = String(validating: bytes, as: UTF8.self) { return .success(CSVText(text: text, encoding: "UTF-8")) }
        var scalars = String.UnicodeScalarView()
        for (offset, octet) in bytes.enumerated() {
            guard let scalar = VCardCharset.windows1252(octet) else {
                return .failure(Failure(reason: "it is not UTF-8 (from offset \(invalidUTF8Offset(bytes[...]))), nor Windows-1252: "
                                        + "octet 0x\(octet.hex(uppercase: true)) at offset \(offset) is undefined there; save it as UTF-8"))
            }
            scalars.append(scalar)
        }
        return .success(CSVText(text: String(scalars), encoding: "Windows-1252"))
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<CSVText, Failure> {
        let name = bigEndian ? "UTF-16BE" : "UTF-16LE"
        guard bytes.count % 2 == 0 else {
            return .failure(Failure(reason: "it is \(name) but has an odd number of octets"))
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        guard let text = String(validating: units, as: UTF16.self) else {
            return .failure(Failure(reason: "it is \(name) but holds an unpaired surrogate"))
        }
        return .success(CSVText(text: text, encoding: name))
    }

    /// The offset of the first octet that is not part of valid UTF-8.
    private static func invalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) { offset += encoded.count }
        return offset
    }
}
