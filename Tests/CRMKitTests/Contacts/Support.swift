import Foundation
import CRMKit

extension Fixtures {
    /// The path of `name` under `Fixtures/contacts/`.
    static func contacts(_ name: String) -> String {
        root.appendingPathComponent("Fixtures/contacts").appendingPathComponent(name).path
    }
}

/// The bytes of a file made of `lines`, each ended by CRLF (or `lineEnding`).
func vcf(_ lines: String..., lineEnding: String = "\r\n") -> [UInt8] {
    Array(lines.map { $0 + lineEnding }.joined().utf8)
}

/// The bytes of one card (`BEGIN:VCARD`, `VERSION`, `properties`, `END:VCARD`) with CRLF.
func card(version: String = "3.0", _ properties: String...) -> [UInt8] {
    Array((["BEGIN:VCARD", "VERSION:" + version] + properties + ["END:VCARD"]).map { $0 + "\r\n" }.joined().utf8)
}

/// The only contact read from `bytes`, or `nil` when there is not exactly one.
func onlyContact(_ bytes: [UInt8]) -> Contact? {
    let book = ContactBook.parse(bytes, path: "test.vcf")
    return book.contacts.count == 1 ? book.contacts[0] : nil
}

/// The bytes of one card with the properties of an array.
func card(version: String = "3.0", _ properties: [String]) -> [UInt8] {
    Array((["BEGIN:VCARD", "VERSION:" + version] + properties + ["END:VCARD"]).map { $0 + "\r\n" }.joined().utf8)
}
