import CRMFormat
import CRMVault
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Event `UID`s: lowercase 8-4-4-4-12 hex, safe as a vdir file name (`<UID>.ics`).
package enum EventUID {
    /// A UID that is the same every time for the same `key`, so a re-export updates its events
    /// instead of adding copies (for example `"birthday:" + contactID`).
    ///
    /// It is the RFC 4122 version 5 (SHA-1, name-based) UUID of `key`'s UTF-8 bytes in the
    /// namespace `uuid5(NAMESPACE_URL, "urn:x-my-person-crm:calendar")`,
    /// i.e. Python's `str(uuid.uuid5(namespace, key))`.
    static func stable(_ key: String) -> String {
        uuid5(namespace: namespace, name: key)
    }

    /// A new random (version 4) UID, for a logged interaction's event.
    package static func random() -> String {
        UUID().uuidString.lowercased()
    }

    /// `uuid5(NAMESPACE_URL, "urn:x-my-person-crm:calendar")`.
    static let namespace = "07be2b3a-bbae-582e-a9dd-327cfc4393b0"

    /// The RFC 4122 §4.3 version 5 UUID of `name` in `namespace` (a UUID string), lowercase.
    static func uuid5(namespace: String, name: String) -> String {
        let namespaceBytes = hexBytes(namespace.filter { $0 != "-" })
        var hash = Array(SHA1.digest(namespaceBytes + Array(name.utf8)).prefix(16))
        hash[6] = hash[6] & 0x0F | 0x50
        hash[8] = hash[8] & 0x3F | 0x80
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hash[$0].map { $0.hex() }.joined() }.joined(separator: "-")
    }

    private static func hexBytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map { index in
            UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) ?? 0
        }
    }
}
