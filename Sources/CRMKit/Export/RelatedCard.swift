import CRMFormat
import CRMVault

/// One relationship as a `RELATED` line (RFC 6350 §6.6.6), seen from the card's person:
/// `RELATED;TYPE=parent:urn:uuid:…` when the other person is in the vault (the `UID` of their
/// card: their `contact_id` as a URI, `urn:uuid:` before a bare UUID), else
/// `RELATED;VALUE=text;TYPE=parent:Bob Marsh`. `TYPE` is the relation as written, unless it
/// holds a character a parameter value cannot (`,`, `;`, `"`): then the line has none.
struct RelatedCard: Sendable {
    var relation: String
    var name: String
    /// The `UID` of the other person's card, when they are in the vault.
    var uid: String?

    var line: String {
        let typeParameter = relation.isEmpty || relation.contains(where: { $0 == "," || $0 == ";" || $0 == "\"" || $0 == ":" })
            ? "" : ";TYPE=" + relation
        if let uri = uid.flatMap(Self.uri) { return "RELATED" + typeParameter + ":" + uri }
        return "RELATED;VALUE=text" + typeParameter + ":" + ContentLine.escaped(name)
    }

    /// `uid` as a URI: `urn:uuid:…` for a UUID written bare or as that URN, the id itself when it
    /// is a URI already (a LinkedIn profile), else `nil` (the name is written instead).
    static func uri(_ uid: String) -> String? {
        let bare = uid.lowercased().hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
        let groups = bare.split(separator: "-", omittingEmptySubsequences: false)
        if groups.map(\.count) == [8, 4, 4, 4, 12], bare.allSatisfy({ $0 == "-" || $0.isHexDigit }) { return "urn:uuid:" + bare }
        let isURI = uid.firstIndex(of: ":").map { colon in
            colon != uid.startIndex && uid[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
                && uid.first!.isLetter && !uid.contains(where: { $0 == " " || $0 == "," || $0 == ";" || $0.isNewline })
        } ?? false
        return isURI ? uid : nil
    }
}
