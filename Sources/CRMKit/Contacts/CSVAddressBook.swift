import CRMFormat
import CRMVault

/// A CSV export of Google Contacts, Outlook or LinkedIn read as contacts (see `CSVLayout`).
///
/// Each row is one contact, named by its name columns (prefix, given, middle, family, suffix;
/// Google's older layout by its `Name`), else by its organisation. Phones and emails come
/// preferred first (Google marks the primary with `* `; Outlook's `Primary Phone`), then mobile
/// numbers, then column order, each once; Outlook's Exchange addresses are left out with a
/// warning. Nicknames become aliases; Google's labels and Outlook's categories become tags,
/// Google's system groups (`* myContacts`, `* starred`, …) left out; company, position, notes
/// and relations are kept. LinkedIn's profile `URL` is the contact's id (so `crm refresh` can
/// follow a connection), and its "Connected On" is `connected`. A CSV has no other id: a person
/// added from a Google or Outlook row has no `contact_id`. The columns with values that are not
/// kept are named in one warning (see `CSVColumns`).
enum CSVAddressBook {
    /// The contacts of `bytes` when they are a CSV address book: `nil` when they are a vCard (or
    /// no CSV at all, for a file whose name does not end in `.csv`).
    ///
    /// - Throws: `ContactSourceError` for a CSV whose encoding or layout this tool does not read.
    static func read(_ bytes: [UInt8], path: String) throws(ContactSourceError) -> ContactBook? {
        let named = path.lowercased().hasSuffix(".csv")
        let decoded: CSVText
        switch CSVText.decode(bytes) {
        case .success(let text): decoded = text
        case .failure(let failure):
            guard named else { return nil }
            throw ContactSourceError(path: path, reason: failure.reason)
        }
        let start = decoded.text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if start.prefix(11).map({ $0 | 0x20 }) == Array("begin:vcard".utf8) { return nil }
        let (rows, readProblems) = CSVReader.rows(decoded.text, path: path)
        // The header is the first row of a known layout: LinkedIn writes a few lines of notes first.
        guard let headerIndex = rows.prefix(12).firstIndex(where: { CSVLayout.recognise($0.fields) != nil }),
              let layout = CSVLayout.recognise(rows[headerIndex].fields) else {
            let looksLikeCSV = (rows.first?.fields.count ?? 0) > 1 && !decoded.text.lowercased().contains("begin:vcard")
            guard named || looksLikeCSV else { return nil }
            throw ContactSourceError(path: path, reason: "not an address-book export this tool reads: its header row has the columns of none of "
                                     + CSVLayout.expected)
        }
        var diagnostics = readProblems
        if decoded.encoding == "Windows-1252" {
            diagnostics.append(Diagnostic(path: path, line: 1, severity: .warning,
                                          message: "not UTF-8: read as Windows-1252 (Outlook's default); check accented names"))
        }
        let columns = CSVColumns(header: rows[headerIndex].fields, layout: layout)
        if let dropped = columns.notDrawn(in: rows[(headerIndex + 1)...], header: rows[headerIndex], path: path) {
            diagnostics.append(dropped)
        }
        var contacts: [Contact] = []
        for row in rows[(headerIndex + 1)...] {
            let (contact, problems) = columns.contact(row, path: path)
            diagnostics += problems
            if let contact { contacts.append(contact) }
        }
        var book = ContactBook(checking: contacts, diagnostics: diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
        book.isLinkedIn = layout == .linkedIn
        return book
    }
}
