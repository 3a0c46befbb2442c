import CRMFormat
import CRMVault

/// Reads the cards of one vCard file: contacts for the good cards, diagnostics for the rest.
///
/// A card that never ends (the end of the file before its `END:VCARD`), whose name cannot be
/// decoded, or that has no `FN`, `N` or `ORG` is one error and is skipped; lines that are not
/// properties, values that cannot be decoded and unusable birthdays are warnings and the card is
/// kept. Nothing stops the other cards.
///
/// A card inside a card (vCard 2.1's `AGENT:BEGIN:VCARD` … `END:VCARD`, or a bare nested
/// `BEGIN:VCARD`) belongs to the outer card and is not a contact of its own; vCard 3.0's
/// escaped `AGENT:BEGIN:VCARD\n…` is one line and needs nothing. A file that starts with a
/// UTF-16 byte order mark is read as UTF-16.
struct VCardReader {
    /// The path named in contacts and diagnostics.
    let path: String

    func read(_ bytes: [UInt8]) -> (contacts: [Contact], diagnostics: [Diagnostic]) {
        var lexer = VCardLexer(Self.utf8(bytes))
        var contacts: [Contact] = []
        var diagnostics: [Diagnostic] = []
        var card: ContactBuilder?
        /// How many cards deep inside `card` the lexer is (nested cards are skipped).
        var nesting = 0
        var sawCard = false
        var reportedStrayText = false
        var notImported = NotImported(unit: "card")

        func report(_ severity: Diagnostic.Severity, _ line: Int, _ message: String) {
            diagnostics.append(Diagnostic(path: path, line: line, severity: severity, message: message))
        }
        func reportStrayText(at line: Int) {
            if !reportedStrayText { report(.warning, line, "text outside a vCard; ignored") }
            reportedStrayText = true
        }

        /// The lexer before the first bare `BEGIN:VCARD` inside `card`: if `card` never ends, that
        /// `BEGIN` starts the next card rather than one inside it, and reading resumes there.
        var nestedBegin: VCardLexer?
        var beforeItem = lexer
        while true {
            while let item = lexer.next() {
                defer { beforeItem = lexer }
                if nesting > 0 {
                    if case .property(let property) = item {
                        if isVCardDelimiter(property, "BEGIN", lexer) || isNestedCard(property, lexer) { nesting += 1 }
                        if isVCardDelimiter(property, "END", lexer) { nesting -= 1 }
                    }
                    continue
                }
                switch item {
                case .malformed(let line):
                    if card == nil {
                        reportStrayText(at: line)
                    } else {
                        report(.warning, line, "not a vCard property; ignored")
                    }
                case .property(let property) where card != nil && isVCardDelimiter(property, "BEGIN", lexer):
                    nesting = 1
                    if nestedBegin == nil { nestedBegin = beforeItem }
                case .property(let property) where card != nil && isNestedCard(property, lexer):
                    nesting = 1
                    card?.leave("AGENT")
                case .property(let property) where isVCardDelimiter(property, "BEGIN", lexer):
                    card = ContactBuilder(line: property.line)
                    nestedBegin = nil
                    sawCard = true
                case .property(let property) where isVCardDelimiter(property, "END", lexer):
                    guard let open = card else {
                        report(.warning, property.line, "END:VCARD without BEGIN:VCARD; ignored")
                        continue
                    }
                    card = nil
                    reportedStrayText = false
                    switch open.build(path: path) {
                    case .contact(let contact, let warning):
                        if let warning { diagnostics.append(warning) }
                        contacts.append(contact)
                        for field in open.leftOut { notImported.add(field, line: open.line) }
                    case .skipped(let error):
                        diagnostics.append(error)
                    }
                case .property(let property):
                    guard card != nil else {
                        reportStrayText(at: property.line)
                        continue
                    }
                    if let problem = card?.add(property, from: lexer) { report(problem.severity, property.line, problem.message) }
                }
            }
            guard let open = card else { break }
            report(.error, open.line, "vCard has no END:VCARD; skipped")
            card = nil
            nesting = 0
            guard let resume = nestedBegin else { break }
            lexer = resume
            nestedBegin = nil
        }
        guard sawCard else {
            return ([], [Diagnostic(path: path, line: 1, severity: .warning, message: "no vCard in this file")])
        }
        if let leftOut = notImported.warning(path: path) { diagnostics.append(leftOut) }
        let inLineOrder = diagnostics.enumerated().sorted {
            ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
        }
        return (contacts, inLineOrder.map(\.element))
    }

    /// Whether `property` is `BEGIN:VCARD` or `END:VCARD` (`name` is `BEGIN` or `END`).
    private func isVCardDelimiter(_ property: VCardProperty, _ name: String, _ lexer: VCardLexer) -> Bool {
        property.name == name && Self.value(property, lexer) == "VCARD"
    }

    /// Whether `property` is vCard 2.1's `AGENT:BEGIN:VCARD`, the first line of a card inside it.
    private func isNestedCard(_ property: VCardProperty, _ lexer: VCardLexer) -> Bool {
        property.name == "AGENT" && Self.value(property, lexer) == "BEGIN:VCARD"
    }

    /// The value in upper case, without surrounding whitespace.
    private static func value(_ property: VCardProperty, _ lexer: VCardLexer) -> String {
        guard property.valueRange.count < 16 else { return "" }
        return String(decoding: lexer.octets(of: property), as: UTF8.self).trimmingSpaces.uppercased()
    }

    /// The bytes as UTF-8: a file with a UTF-16 byte order mark is transcoded (an undecodable
    /// one is left as it is, and reads as no card); any other file is returned unchanged.
    private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]),
              case .success(let text) = VCardCharset.decode(bytes[...], charset: "UTF-16")
        else { return bytes }
        return Array(text.utf8)
    }
}
