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

    /// Takes in one property of the card; returns a warning when its value cannot be used.
    mutating func add(_ property: VCardProperty, from lexer: VCardLexer) -> String? {
        let parameters = property.parameters
        let text = { VCardText.text(lexer.octets(of: property), charset: parameters.charset) }
        switch property.name {
        case "FN":
            hasName = true
            if formattedName.isEmpty { formattedName = text() }
        case "N":
            hasName = true
            if structuredName == nil {
                structuredName = VCardText.components(lexer.octets(of: property), charset: parameters.charset)
            }
        case "UID":
            if uid == nil { uid = Self.nonEmpty(text()) }
        case "TEL":
            if let number = Self.nonEmpty(Self.removingScheme("tel:", from: text())) {
                let isCell = parameters.types.contains("cell")
                phones.append(Candidate(value: number, rank: Self.rank(parameters), isCell: isCell))
            }
        case "EMAIL":
            if let address = Self.nonEmpty(Self.removingScheme("mailto:", from: text())) {
                emails.append(Candidate(value: address, rank: Self.rank(parameters), isCell: false))
            }
        case "BDAY":
            guard birthday == nil else { break }
            let value = text()
            birthday = VCardBirthday.parse(value, valueType: parameters.valueType, omitYear: parameters.omitYear)
            if birthday == nil { return "birthday \"\(value)\" is not a date; ignored" }
        default:
            break
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
            line: line)
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
