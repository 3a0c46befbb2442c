import CRMFormat
import CRMVault

/// One relationship as a `RELATED` line (RFC 6350 §6.6.6), seen from the card's person:
/// `RELATED;TYPE=parent:urn:uuid:…` when the other person's `contact_id` is a UUID (their card's
/// `UID`), else `RELATED;VALUE=text;TYPE=parent:Bob Marsh`. `TYPE` is the relation when it is one
/// word (letters, digits, `-`); a relation such as `godmother of` has none.
struct RelatedCard: Sendable {
    var relation: String
    var name: String
    var contactID: String?

    var line: String {
        let type = relation.lowercased()
        let typeParameter = !type.isEmpty && type.utf8.allSatisfy({ $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) })
            ? ";TYPE=" + type : ""
        if let uri = contactID.flatMap(Self.uuidURI) { return "RELATED" + typeParameter + ":" + uri }
        return "RELATED;VALUE=text" + typeParameter + ":" + ContentLine.escaped(name)
    }

    /// `urn:uuid:…` for a contact id that is a UUID, written bare or as that URN.
    static func uuidURI(_ id: String) -> String? {
        let bare = id.lowercased().hasPrefix("urn:uuid:") ? String(id.dropFirst(9)) : id
        let groups = bare.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12], bare.allSatisfy({ $0 == "-" || $0.isHexDigit }) else { return nil }
        return "urn:uuid:" + bare
    }
}
