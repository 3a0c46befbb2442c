/// Reads the cards of one vCard file: contacts for the good cards, diagnostics for the rest.
///
/// A card that never ends (`BEGIN:VCARD` again, or the end of the file, before `END:VCARD`) or
/// that has neither `FN` nor `N` is an error and is skipped; lines that are not properties and
/// unusable birthdays are warnings and the card is kept. Nothing stops the other cards.
struct VCardReader {
    /// The path named in contacts and diagnostics.
    let path: String

    func read(_ bytes: [UInt8]) -> (contacts: [Contact], diagnostics: [Diagnostic]) {
        var lexer = VCardLexer(bytes)
        var contacts: [Contact] = []
        var diagnostics: [Diagnostic] = []
        var card: ContactBuilder?
        var sawCard = false
        var reportedStrayText = false

        func report(_ severity: Diagnostic.Severity, _ line: Int, _ message: String) {
            diagnostics.append(Diagnostic(path: path, line: line, severity: severity, message: message))
        }
        func reportStrayText(at line: Int) {
            if !reportedStrayText { report(.warning, line, "text outside a vCard; ignored") }
            reportedStrayText = true
        }

        while let item = lexer.next() {
            switch item {
            case .malformed(let line):
                if card == nil {
                    reportStrayText(at: line)
                } else {
                    report(.warning, line, "not a vCard property; ignored")
                }
            case .property(let property) where isVCardDelimiter(property, "BEGIN", lexer):
                if let open = card { report(.error, open.line, "vCard has no END:VCARD; skipped") }
                card = ContactBuilder(line: property.line)
                sawCard = true
            case .property(let property) where isVCardDelimiter(property, "END", lexer):
                guard let open = card else {
                    report(.warning, property.line, "END:VCARD without BEGIN:VCARD; ignored")
                    continue
                }
                card = nil
                reportedStrayText = false
                guard let contact = open.build(path: path) else {
                    report(.error, open.line, "vCard has no FN or N; skipped")
                    continue
                }
                if contact.name.isEmpty { report(.warning, open.line, "vCard has an empty name") }
                contacts.append(contact)
            case .property(let property):
                guard card != nil else {
                    reportStrayText(at: property.line)
                    continue
                }
                if let warning = card?.add(property, from: lexer) { report(.warning, property.line, warning) }
            }
        }
        if let open = card { report(.error, open.line, "vCard has no END:VCARD; skipped") }
        guard sawCard else {
            return ([], [Diagnostic(path: path, line: 1, severity: .warning, message: "no vCard in this file")])
        }
        let inLineOrder = diagnostics.enumerated().sorted {
            ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
        }
        return (contacts, inLineOrder.map(\.element))
    }

    /// Whether `property` is `BEGIN:VCARD` or `END:VCARD` (`name` is `BEGIN` or `END`).
    private func isVCardDelimiter(_ property: VCardProperty, _ name: String, _ lexer: VCardLexer) -> Bool {
        property.name == name && VCardText.text(lexer.octets(of: property), charset: nil).uppercased() == "VCARD"
    }
}
