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
    private var organization: String?
    /// Whether the card's name could not be decoded, so the card cannot become a contact.
    private(set) var unreadable = false

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
    /// is ignored or read in a way other readers may not share, an error when the card's name
    /// cannot be decoded (the card is then `unreadable`).
    mutating func add(_ property: VCardProperty, from lexer: VCardLexer) -> Problem? {
        let parameters = property.parameters
        let octets = { lexer.octets(of: property) }
        func ignored(_ failure: VCardCharset.Failure) -> Problem {
            guard property.name == "FN" || property.name == "N" else {
                return (.warning, "\(property.name) \(failure.message); ignored")
            }
            unreadable = true
            return (.error, "the name (\(property.name)) \(failure.message); vCard skipped")
        }
        switch property.name {
        case "FN":
            hasName = true
            guard formattedName.isEmpty else { break }
            switch VCardText.text(octets(), parameters) {
            case .success(let name):
                formattedName = name.text
                if name.hasUnescapedComma { return Self.unescapedComma(property.name, name.text) }
            case .failure(let failure): return ignored(failure)
            }
        case "N":
            hasName = true
            guard structuredName == nil else { break }
            switch VCardText.components(octets(), parameters) {
            case .success(let components): structuredName = components
            case .failure(let failure): return ignored(failure)
            }
        case "ORG":
            // Shown by the picker only: a value that cannot be read is left out, no warning.
            guard organization == nil, case .success(let components) = VCardText.components(octets(), parameters) else { break }
            organization = Self.nonEmpty(components.flatMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", "))
        case "UID", "TEL", "EMAIL", "BDAY":
            switch VCardText.text(octets(), parameters) {
            case .success(let value):
                let problem = add(property.name, value.text, parameters)
                guard problem == nil, value.hasUnescapedComma, property.name != "BDAY" else { return problem }
                return Self.unescapedComma(property.name, value.text)
            case .failure(let failure): return ignored(failure)
            }
        default:
            break
        }
        return nil
    }

    /// The warning for a value with an unescaped comma, which is read whole (as Android, Apple
    /// and ez-vcard read it) though vobject keeps only what comes before the comma.
    private static func unescapedComma(_ name: String, _ value: String) -> Problem {
        (.warning, "\(name) has a comma that is not escaped as \\, (a list separator in vCard 3.0 and 4.0); read whole as \"\(value)\"")
    }

    /// Takes in a decoded `UID`, `TEL`, `EMAIL` or `BDAY`.
    private mutating func add(_ name: String, _ value: String, _ parameters: VCardParameters)
        -> Problem? {
        switch name {
        case "UID":
            if uid == nil { uid = Self.nonEmpty(value) }
        case "TEL":
            if let number = Self.nonEmpty(Self.removingScheme("tel:", from: value)) {
                let isCell = parameters.types.contains("cell")
                phones.append(Candidate(value: number, rank: Self.rank(parameters), isCell: isCell))
            }
        case "EMAIL":
            if let address = Self.nonEmpty(Self.removingScheme("mailto:", from: value)) {
                emails.append(Candidate(value: address, rank: Self.rank(parameters), isCell: false))
            }
        default:
            guard birthday == nil else { break }
            birthday = VCardBirthday.parse(value, valueType: parameters.valueType, omitYear: parameters.omitYear)
            if birthday == nil { return (.warning, "birthday \"\(value)\" is not a date; ignored") }
        }
        return nil
    }

    /// The contact, or `nil` when the card has neither `FN` nor `N`.
    func build(path: String) -> Contact? {
        guard hasName else { return nil }
        return Contact(
            uid: uid,
            name: formattedName.isEmpty ? Self.name(from: structuredName ?? []) : formattedName,
            phones: Self.ordered(phones, key: PhoneNumber.compact),
            emails: Self.ordered(emails, key: { $0.lowercased() }),
            birthday: birthday,
            path: path,
            line: line,
            organization: organization)
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
        return parameters.types.contains("pref") ? 1 : Int.max
    }

    private static func removingScheme(_ scheme: String, from value: String) -> String {
        guard value.prefix(scheme.count).lowercased() == scheme else { return value }
        return String(value.dropFirst(scheme.count)).trimmingSpaces
    }

    private static func nonEmpty(_ value: String) -> String? {
        value.isEmpty ? nil : value
    }
}
