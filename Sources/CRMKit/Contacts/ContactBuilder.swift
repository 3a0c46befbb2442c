import CRMFormat
import CRMVault

/// The fields of one card, collected line by line, and the rules that make them a `Contact`.
struct ContactBuilder {
    /// The 1-based line of the card's `BEGIN:VCARD`.
    let line: Int
    private var uid: String?
    private var hasName = false
    private var formattedName = ""
    private var structuredName: [[String]]?
    private var phones: [Candidate] = []
    private var emails: [Candidate] = []
    private var birthday: String?
    private var anniversary: PartialDate?
    private var nicknames: [String] = []
    /// The first part of `ORG`: the company, and the name of a card that has no other.
    private var organization: String?
    /// `TITLE`.
    private var title: String?
    /// `KIND:org`, or Apple's `X-ABShowAs:COMPANY`.
    private var isOrganization = false
    private var categories: [String] = []
    private var notes: [String] = []
    private var related: [ContactRelation] = []
    /// The properties with a value that a person file has no field for (`ADR`, `URL`, `IMPP`,
    /// `ORG`'s unit), each once, in card order: named by the import's one `NotImported` warning.
    private(set) var leftOut: [String] = []
    /// The first `FN` or `N` that could not be decoded: the card's one error when no other
    /// name property can be, and a warning when one can.
    private var nameFailure: (line: Int, property: String, failure: VCardCharset.Failure)?

    /// A phone number or email address with what decides its place in the list.
    private struct Candidate {
        var value: String
        /// `PREF=n`, 1 for `TYPE=pref`, `Int.max` when not preferred.
        var rank: Int
        var isCell: Bool
    }

    init(line: Int) {
        self.line = line
    }

    /// A problem with one property, for a diagnostic on its line.
    typealias Problem = (severity: Diagnostic.Severity, message: String)

    /// Takes in one property of the card; returns the problem with it: a warning when its value
    /// is ignored or read in a way other readers may not share. A name that cannot be decoded is
    /// reported once, by `build`, when the card ends.
    mutating func add(_ property: VCardProperty, from lexer: VCardLexer) -> Problem? {
        let parameters = property.parameters
        let octets = { lexer.octets(of: property) }
        do throws(VCardCharset.Failure) {
            switch property.name {
            case "FN":
                hasName = true
                guard formattedName.isEmpty else { break }
                let name = try VCardText.text(octets(), parameters).get()
                formattedName = name.text
                if name.hasUnescapedComma { return Self.unescapedComma(property.name, name.text) }
            case "N":
                hasName = true
                guard structuredName == nil else { break }
                structuredName = try VCardText.components(octets(), parameters).get()
            case "NICKNAME":
                let components = try VCardText.components(octets(), parameters).get()
                nicknames += components.flatMap { $0 }.map(\.trimmingSpaces).filter { !$0.isEmpty }
            case "X-ANDROID-CUSTOM":
                // Android 2.1's nickname row: `vnd.android.cursor.item/nickname;NICK;TYPE;LABEL;…`.
                let components = try VCardText.components(octets(), parameters).get()
                guard components.count > 1, components[0].joined(separator: ",") == "vnd.android.cursor.item/nickname" else { break }
                let nickname = components[1].joined(separator: ",").trimmingSpaces
                if !nickname.isEmpty { nicknames.append(nickname) }
            case "ORG":
                guard organization == nil else { break }
                let components = try VCardText.components(octets(), parameters).get()
                organization = components.first?.joined(separator: ",").trimmingSpaces
                if components.dropFirst().joined().contains(where: { !$0.trimmingSpaces.isEmpty }) { leave("ORG's unit") }
            case "CATEGORIES":
                let components = try VCardText.components(octets(), parameters).get()
                categories += components.flatMap { $0 }.map(\.trimmingSpaces).filter { !$0.isEmpty && !Contact.isSystemGroup($0) }
            case "TITLE", "NOTE", "KIND", "X-ABSHOWAS", "RELATED":
                addText(property.name, try VCardText.text(octets(), parameters).get().text, parameters)
            case "UID", "TEL", "EMAIL", "BDAY", "ANNIVERSARY":
                let value = try VCardText.text(octets(), parameters).get()
                let problem = add(property.name, value.text, parameters)
                guard problem == nil, value.hasUnescapedComma, property.name != "BDAY", property.name != "ANNIVERSARY" else { return problem }
                return Self.unescapedComma(property.name, value.text)
            default:
                if !Self.bookkeeping.contains(property.name), Self.hasValue(octets()) { leave(property.name) }
            }
        } catch {
            guard property.name == "FN" || property.name == "N" else { return (.warning, "\(property.name) \(error.message); ignored") }
            if nameFailure == nil { nameFailure = (property.line, property.name, error) }
        }
        return nil
    }

    /// Properties an address book derives or keeps for itself, no detail of the person: not
    /// imported, without a word.
    static let bookkeeping: Set<String> = [
        "VERSION", "PRODID", "REV", "CLIENTPIDMAP", "SOURCE", "NAME", "PROFILE", "CLASS", "SORT-STRING", "MAILER",
        "X-ABUID", "X-ABLABEL", "X-ABADR", "X-EVOLUTION-FILE-AS", "X-MOZILLA-HTML",
    ]

    /// Whether a raw value holds anything but separators and white space (`ADR:;;;;;;` holds nothing).
    private static func hasValue(_ octets: some Collection<UInt8>) -> Bool {
        octets.contains { $0 != 0x3B && $0 != 0x2C && $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
    }

    /// Names `field` as not imported (`AGENT`, whose card the reader skips, is named by it).
    mutating func leave(_ field: String) {
        if !leftOut.contains(field) { leftOut.append(field) }
    }

    /// The warning for a value with an unescaped comma, which is read whole (as Android, Apple
    /// and ez-vcard read it) though vobject keeps only what comes before the comma.
    private static func unescapedComma(_ name: String, _ value: String) -> Problem {
        (.warning, "\(name) has a comma that is not escaped as \\, (a list separator in vCard 3.0 and 4.0); read whole as \"\(value)\"")
    }

    /// Takes in a decoded `TITLE`, `NOTE`, `KIND`, `X-ABSHOWAS` or `RELATED`.
    private mutating func addText(_ name: String, _ value: String, _ parameters: VCardParameters) {
        guard !value.isEmpty else { return }
        switch name {
        case "TITLE": if title == nil { title = value }
        case "NOTE": notes.append(value)
        case "KIND": isOrganization = isOrganization || value.lowercased() == "org" || value.lowercased() == "organization"
        case "X-ABSHOWAS": isOrganization = isOrganization || value.uppercased() == "COMPANY"
        default:
            // RELATED: a URI (`urn:uuid:…`, the other's card) unless VALUE=text; the relation is its TYPE.
            let relation = parameters.types.first { !$0.isEmpty } ?? "contact"
            if parameters.valueType != "text", Self.isURI(value) {
                related.append(ContactRelation(relation: relation, uid: value))
            } else {
                related.append(ContactRelation(relation: relation, name: value))
            }
        }
    }

    /// Whether `value` starts with a URI scheme (`urn:`, `https:`, `mailto:`): letters, then
    /// letters, digits, `+`, `-` or `.`, then `:` and something.
    private static func isURI(_ value: String) -> Bool {
        guard let colon = value.firstIndex(of: ":"), colon != value.startIndex, value.index(after: colon) != value.endIndex else { return false }
        let scheme = value[..<colon]
        return scheme.first!.isASCII && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// Takes in a decoded `UID`, `TEL`, `EMAIL`, `BDAY` or `ANNIVERSARY`.
    private mutating func add(_ name: String, _ value: String, _ parameters: VCardParameters)
        -> Problem? {
        switch name {
        case "UID":
            if uid == nil { uid = Self.nonEmpty(value) }
        case "TEL":
            if let number = Self.nonEmpty(Self.removingScheme("tel:", from: value)) {
                let isCell = parameters.has(type: "cell")
                phones.append(Candidate(value: number, rank: Self.rank(parameters), isCell: isCell))
            }
        case "EMAIL":
            if let address = Self.nonEmpty(Self.removingScheme("mailto:", from: value)) {
                emails.append(Candidate(value: address, rank: Self.rank(parameters), isCell: false))
            }
        case "ANNIVERSARY":
            guard anniversary == nil else { break }
            anniversary = VCardBirthday.parse(value, valueType: parameters.valueType, omitYear: parameters.omitYear).flatMap(PartialDate.init)
            if anniversary == nil { return (.warning, "anniversary \"\(value)\" is not a date; ignored") }
        default:
            guard birthday == nil else { break }
            birthday = VCardBirthday.parse(value, valueType: parameters.valueType, omitYear: parameters.omitYear)
            if birthday == nil { return (.warning, "birthday \"\(value)\" is not a date; ignored") }
        }
        return nil
    }

    /// What a card ends as: a contact, with the warning to give about it if any, or the one
    /// error that skips it.
    enum Built {
        case contact(Contact, warning: Diagnostic?)
        case skipped(Diagnostic)
    }

    /// The contact, or why there is none: no `FN`, `N` or `ORG` (an error at the card's line), or
    /// a name none of whose properties can be decoded (one error, at the first of them). A card
    /// whose `FN` cannot be decoded but whose `N` can (or the other way round) is read by the
    /// one that can, with a warning; a card whose `FN` and `N` are missing or empty is named by
    /// its `ORG` (a shop, a plumber).
    func build(path: String) -> Built {
        let decoded = formattedName.isEmpty ? Self.name(from: structuredName ?? []) : formattedName
        if let nameFailure, decoded.isEmpty {
            return .skipped(Diagnostic(path: path, line: nameFailure.line, severity: .error,
                                       message: "the name (\(nameFailure.property)) \(nameFailure.failure.message); vCard skipped"))
        }
        let company = self.organization.flatMap { $0.isEmpty ? nil : $0 }
        let organization = decoded.isEmpty ? company : nil
        guard hasName || organization != nil else {
            return .skipped(Diagnostic(path: path, line: line, severity: .error, message: "vCard has no FN, N or ORG; skipped"))
        }
        let name = organization ?? decoded
        let contact = Contact(
            uid: uid,
            name: name,
            phones: Self.ordered(phones, key: PhoneNumber.compact),
            emails: Self.ordered(emails, key: { $0.lowercased() }),
            birthday: birthday,
            anniversary: anniversary,
            nicknames: Self.ordered(nicknames.map { Candidate(value: $0, rank: 0, isCell: false) }, key: \.folded)
                .filter { $0.folded != name.folded },
            // An organisation's card is its company's (`company:` is then its name).
            company: company ?? (isOrganization && !name.isEmpty ? name : nil),
            position: title,
            tags: Self.ordered(categories.map { Candidate(value: $0, rank: 0, isCell: false) }, key: Tag.key),
            notes: notes.isEmpty ? nil : notes.joined(separator: "\n\n"),
            related: related,
            path: path,
            line: line)
        var warning: Diagnostic?
        if let nameFailure {
            let other = nameFailure.property == "FN" ? "N" : "FN"
            warning = Diagnostic(path: path, line: nameFailure.line, severity: .warning,
                                 message: "the name (\(nameFailure.property)) \(nameFailure.failure.message); read from \(other) as \"\(decoded)\"")
        } else if let organization {
            warning = Diagnostic(path: path, line: line, severity: .warning,
                                 message: "vCard has no name (FN, N); named by its ORG \"\(organization)\"")
        } else if contact.name.isEmpty {
            warning = Diagnostic(path: path, line: line, severity: .warning, message: "vCard has an empty name")
        }
        return .contact(contact, warning: warning)
    }

    /// `N` (family; given; additional; prefix; suffix) as "prefix given additional family suffix".
    private static func name(from components: [[String]]) -> String {
        [3, 1, 2, 0, 4]
            .filter { $0 < components.count }
            .flatMap { components[$0] }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Preferred first, then mobile, then file order; later values with the same `key` dropped.
    private static func ordered(_ candidates: [Candidate], key: (String) -> String) -> [String] {
        let sorted = candidates.enumerated().sorted {
            ($0.element.rank, $0.element.isCell ? 0 : 1, $0.offset)
                < ($1.element.rank, $1.element.isCell ? 0 : 1, $1.offset)
        }
        var seen: Set<String> = []
        return sorted.map(\.element.value).filter { seen.insert(key($0)).inserted }
    }

    private static func rank(_ parameters: VCardParameters) -> Int {
        if let pref = parameters.pref { return max(pref, 1) }
        return parameters.has(type: "pref") ? 1 : Int.max
    }

    private static func removingScheme(_ scheme: String, from value: String) -> String {
        guard value.prefix(scheme.count).lowercased() == scheme else { return value }
        return String(value.dropFirst(scheme.count)).trimmingSpaces
    }

    private static func nonEmpty(_ value: String) -> String? {
        value.isEmpty ? nil : value
    }
}
