import CRMFormat
import CRMVault

/// Who a party of a history file is among the vault's people, never guessed: by phone (both
/// numbers as international numbers, `PhoneNumber.international` with `default_region:` for
/// those written without a calling code; without a region such a number matches only one
/// written with the same digits), else by email (ignoring case), else by whole name or alias
/// (`PersonMatcher.named`). The first of the party's phone, email and name that matches anyone
/// decides; when it matches several people the party is ambiguous.
struct HistoryMatcher {
    enum Match: Equatable {
        /// The index of the person in `people`.
        case person(Int)
        case several([Int])
        case none
    }

    let people: [PersonKeys]
    private let region: String?
    private var phones: [String: [Int]] = [:]
    private var emails: [String: [Int]] = [:]
    private var indexByID: [String: Int] = [:]
    private var known: [HistoryEvent.Party: Match] = [:]

    /// `people` with each one's phones (`phones[id]`).
    init(people: [PersonKeys], phones: [String: [String]], region: String?) {
        (self.people, self.region) = (people, region)
        for (index, person) in people.enumerated() {
            indexByID[person.id] = index
            // A person listed twice under one key is one person: `match` counts each once.
            for case let key? in (phones[person.id] ?? []).map({ Self.phoneKey($0, region: region) }) {
                self.phones[key, default: []].append(index)
            }
            for email in person.emails { emails[email.lowercased(), default: []].append(index) }
        }
    }

    /// The key a number is compared by: its international digits, else (no calling code and no
    /// region) its digits as written, marked apart so it never equals an international one.
    static func phoneKey(_ number: String, region: String?) -> String? {
        if let international = PhoneNumber.international(number, region: region) { return "+" + international }
        let digits = PhoneNumber.digits(number)
        return digits.count >= 4 ? digits : nil
    }

    /// Who `party` is (remembered: a file names the same few parties again and again).
    mutating func match(_ party: HistoryEvent.Party) -> Match {
        if let found = known[party] { return found }
        let found = lookUp(party)
        known[party] = found
        return found
    }

    private func lookUp(_ party: HistoryEvent.Party) -> Match {
        if let phone = party.phone, let key = Self.phoneKey(phone, region: region), let found = phones[key] { return Self.match(found) }
        if let email = party.email, let found = emails[email.lowercased()] { return Self.match(found) }
        if let name = party.name {
            let found = PersonMatcher.named(name, in: people).compactMap { indexByID[$0.id] }
            if !found.isEmpty { return Self.match(found) }
        }
        return .none
    }

    private static func match(_ found: [Int]) -> Match {
        let distinct = Array(Set(found)).sorted()
        return distinct.count == 1 ? .person(distinct[0]) : distinct.isEmpty ? .none : .several(distinct)
    }
}
