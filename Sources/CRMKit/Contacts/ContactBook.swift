/// The contacts read from a vCard file or a vdir folder, with the problems found on the way.
public struct ContactBook: Sendable {
    /// The contacts of the cards that could be read, in file order (files sorted by name).
    public var contacts: [Contact]
    /// Problems with file and line: cards skipped (errors) and values ignored (warnings).
    public var diagnostics: [Diagnostic]

    /// Reads the cards in `bytes` (vCard 2.1, 3.0 or 4.0; one or many cards; CRLF or LF).
    ///
    /// Never fails: a broken card becomes a diagnostic and the other cards are still read. Text is
    /// UTF-8 unless a card names another `CHARSET`; bytes that are not valid UTF-8 are read as
    /// ISO-8859-1 (with the Windows-1252 characters in 0x80–0x9F) rather than failing.
    public static func parse(_ bytes: [UInt8], path: String) -> ContactBook {
        let read = VCardReader(path: path).read(bytes)
        return ContactBook(checking: read.contacts, diagnostics: read.diagnostics)
    }

    /// A book of `contacts` whose diagnostics also name every `UID` used by more than one card.
    init(checking contacts: [Contact], diagnostics: [Diagnostic]) {
        self.contacts = contacts
        self.diagnostics = diagnostics
        var firstUse: [String: Contact] = [:]
        for contact in contacts {
            guard let uid = contact.uid else { continue }
            if let first = firstUse[uid] {
                self.diagnostics.append(Diagnostic(
                    path: contact.path, line: contact.line, severity: .warning,
                    message: "UID \"\(uid)\" is also used by the vCard at \(first.path):\(first.line)"))
            } else {
                firstUse[uid] = contact
            }
        }
    }
}
