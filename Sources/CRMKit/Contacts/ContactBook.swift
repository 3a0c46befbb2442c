import CRMFormat
import CRMVault

/// The contacts read from a vCard file or a vdir folder, with the problems found on the way.
public struct ContactBook: Sendable {
    /// The contacts of the cards that could be read, in file order (files sorted by name).
    public var contacts: [Contact]
    /// Problems with file and line: cards skipped (errors) and values ignored (warnings).
    public var diagnostics: [Diagnostic]
    /// Whether the book is a LinkedIn export, whose contacts' ids are profile URLs.
    package var isLinkedIn = false

    /// Reads the cards in `bytes` (vCard 2.1, 3.0 or 4.0; one or many cards; CRLF or LF).
    ///
    /// Never fails: a broken card becomes a diagnostic and the other cards are still read. Text is
    /// UTF-8 unless a property names another `CHARSET` (or the file starts with a UTF-16 byte
    /// order mark). A value that cannot be decoded is never guessed at: a name makes its card an
    /// error (skipped), any other value a warning (ignored), each naming the file and line.
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

extension ContactBook {
    /// Whether `contactID` cannot be the id of a contact of this book: a LinkedIn profile URL
    /// in another address book, or another address book's id in a LinkedIn export. Such a
    /// person is not gone from this book: they came from another source.
    package func isFromAnotherSource(_ contactID: String) -> Bool {
        LinkedInProfile.isProfileURL(contactID) != isLinkedIn
    }
}
