import CRMFormat

/// Finds the person a PERSON argument means, in this order: id; name (ignoring case and
/// accents); an alias; an email; `contact_id`; a part of a name or id, where a whole word beats
/// the start of a word, which beats a part inside a word (`ana` is Ana María, not Kenji
/// Watanabe), and a name in another script is also compared spelt in Latin letters (`olga` is
/// Ольга). Shell completion offers the people a part names (`completions(_:in:)`), and browse's
/// filter compares the same folded and spelt names.
package enum PersonMatcher {
    /// What `query` names among `people`.
    enum Outcome {
        case one(PersonKeys)
        /// Several, matched by `what` ("name", "a word of a name or id"…).
        case several([PersonKeys], what: String)
        /// No one; the closest names, a few edits away, for "did you mean".
        case none(closest: [PersonKeys])
    }

    static func outcome(_ query: String, in people: [PersonKeys]) -> Outcome {
        let folded = query.folded
        for (what, test) in stages(query) {
            let found = people.filter(test)
            if found.count == 1 { return .one(found[0]) }
            if found.count > 1 { return .several(found, what: what) }
        }
        let parts = partMatches(folded, in: people)
        if parts.people.count == 1 { return .one(parts.people[0]) }
        if parts.people.count > 1 { return .several(parts.people, what: parts.tier.description) }
        let suggestion = SuggestionQuery(folded)
        let closest = people
            .compactMap { person in
                suggestion.distance(toName: person.sortName, id: person.id, aliases: person.foldedAliases).map { (person, $0) }
            }
            .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
            .prefix(3)
        return .none(closest: closest.map(\.0))
    }

    /// The people `query` is the whole name or an alias of (ignoring case and accents), the
    /// matcher's name stage, else its alias stage, without the parts and spellings `match` goes
    /// on to: what an import that must never guess matches a name from a file by.
    package static func named(_ query: String, in people: [PersonKeys]) -> [PersonKeys] {
        let folded = query.folded
        guard !folded.isEmpty else { return [] }
        let byName = people.filter { $0.isNamed(folded) }
        return byName.isEmpty ? people.filter { $0.hasAlias(folded) } : byName
    }

    /// The one person `query` names; several are listed by `labels` (`labels(reading:)`, which
    /// reads namesakes' files; by default name and id).
    static func match(_ query: String, in people: [PersonKeys],
                      labels: ([PersonKeys]) -> [String] = { $0.map { "\($0.name) (\($0.id))" } }) throws(VaultError) -> PersonKeys {
        switch outcome(query, in: people) {
        case .one(let person): return person
        case .several(let found, let what): throw ambiguity(query, found, what: what, labels: labels)
        case .none(let closest):
            let named = closest.map { (id: $0.id, name: $0.name) }
            var error = VaultError("no person matches '\(query)'" + (didYouMean(named).map { "; " + $0 } ?? ""))
            error.unmatched = named
            throw error
        }
    }

    /// "did you mean Ada Lovelace (ada-lovelace)?", or nil for no one.
    package static func didYouMean(_ closest: [(id: String, name: String)]) -> String? {
        closest.isEmpty ? nil : "did you mean " + closest.map { "\($0.name) (\($0.id))" }.joined(separator: ", ") + "?"
    }

    private static func ambiguity(_ query: String, _ found: [PersonKeys], what: String, labels: ([PersonKeys]) -> [String]) -> VaultError {
        let list = labels(found.sorted { $0.id < $1.id }).map { "  " + $0 }.joined(separator: "\n")
        return VaultError("'\(query)' matches \(found.count) people by \(what); say which:\n\(list)")
    }

    /// Where a part stands in a name or id, best first.
    enum Tier: Int, Comparable {
        case word, wordStart, inside
        static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
        var description: String {
            switch self {
            case .word: "a word of a name or id"
            case .wordStart: "the start of a word of a name or id"
            case .inside: "part of a name or id"
            }
        }
    }

    /// The people `folded` is a part of the name or id of, in the best tier any is.
    static func partMatches(_ folded: String, in people: [PersonKeys]) -> (people: [PersonKeys], tier: Tier) {
        guard !folded.isEmpty else { return ([], .inside) }
        let part = Array(folded.unicodeScalars)
        let latin = folded.utf8.allSatisfy { $0 < 0x80 }
        var best = Tier.inside, found: [PersonKeys] = []
        for person in people {
            guard let tier = tier(of: part, folded, latin: latin, in: person), tier <= best else { continue }
            if tier < best { (best, found) = (tier, []) }
            found.append(person)
        }
        return (found, best)
    }

    /// The people shell completion offers for a word typed (folded): everyone for none, else
    /// those with a word of their name or id starting with it (`ada` offers ada-byron and
    /// ada-lovelace, `bea` offers bea and beatrice), else those it is a part of.
    package static func completions(_ folded: String, in people: [PersonKeys]) -> [PersonKeys] {
        guard !folded.isEmpty else { return people }
        let part = Array(folded.unicodeScalars)
        let latin = folded.utf8.allSatisfy { $0 < 0x80 }
        let tiers = people.map { tier(of: part, folded, latin: latin, in: $0) }
        let starts = people.indices.filter { tiers[$0].map { $0 <= .wordStart } ?? false }
        return (starts.isEmpty ? people.indices.filter { tiers[$0] != nil } : starts).map { people[$0] }
    }

    /// How `part` stands in the person's folded name, id or, for a `latin` part and a name in
    /// another script, the name spelt in Latin letters (`Transliteration`); nil when in none.
    private static func tier(of part: [Unicode.Scalar], _ folded: String, latin: Bool, in person: PersonKeys) -> Tier? {
        let name = person.sortName, id = person.id
        var best: Tier?
        func consider(_ text: String) {
            if let tier = Self.tier(of: part, in: text), best.map({ tier < $0 }) ?? true { best = tier }
        }
        if mayContain(name, folded) { consider(name) }
        if mayContain(id, folded, lowerCasing: true) { consider(id.folded) }
        if latin, best != .word, !name.utf8.allSatisfy({ $0 < 0x80 }), let spelt = Transliteration.latin(name), spelt != name {
            consider(spelt)
        }
        return best
    }

    /// How `part` stands in `text` at its best place: a whole word (or words), the start of a
    /// word, or inside one; nil when `text` does not hold it. Words are runs of letters and digits.
    static func tier(of part: [Unicode.Scalar], in text: String) -> Tier? {
        let text = Array(text.unicodeScalars)
        guard !part.isEmpty, part.count <= text.count else { return nil }
        func isWordCharacter(_ i: Int) -> Bool {
            i >= 0 && i < text.count && (text[i].properties.isAlphabetic || text[i].properties.numericType != nil)
        }
        var best: Tier?
        for start in 0...(text.count - part.count) where text[start] == part[0] {
            guard part.indices.allSatisfy({ text[start + $0] == part[$0] }) else { continue }
            let tier: Tier = isWordCharacter(start - 1) ? .inside : isWordCharacter(start + part.count) ? .wordStart : .word
            if tier == .word { return .word }
            if best.map({ tier < $0 }) ?? true { best = tier }
        }
        return best
    }

    /// The stages in order, each named for the message that lists the people it matched.
    private static func stages(_ query: String) -> [(what: String, test: (PersonKeys) -> Bool)] {
        let folded = query.folded
        let email = query.lowercased()
        return [
            ("id", { $0.id == query }),
            ("name", { $0.isNamed(folded) }),
            ("alias", { $0.hasAlias(folded) }),
            ("email", { $0.emails.contains(email) }),
            ("contact id", { $0.contactID == query }),
        ]
    }

    /// False only when `text` (lower-cased first with `lowerCasing`) cannot contain `part`: `part`
    /// is ASCII and its bytes are not among `text`'s, where no letter of `text` could stand for an
    /// ASCII one (ASCII, or Greek, Cyrillic, kana, Han or Hangul, whose decompositions hold no
    /// ASCII). This spares most people the `contains` (which goes through Foundation) and the
    /// folding (without it, completing a part of a name among 10,000 people takes 28 % more
    /// instructions); it never decides a match.
    private static func mayContain(_ text: String, _ part: String, lowerCasing: Bool = false) -> Bool {
        guard !part.isEmpty, part.utf8.allSatisfy({ $0 < 0x80 }),
              text.unicodeScalars.allSatisfy({ $0.isASCII || holdsNoASCII($0) }) else { return true }
        var text = text, part = part
        return text.withUTF8 { text in
            part.withUTF8 { part in
                guard part.count <= text.count else { return false }
                func lower(_ byte: UInt8) -> UInt8 { lowerCasing && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
                return (0...(text.count - part.count)).contains { start in part.indices.allSatisfy { lower(text[start + $0]) == part[$0] } }
            }
        }
    }

    /// Whether `scalar` is a Greek, Cyrillic, kana, Han or Hangul letter: none decomposes into, or
    /// folds to, anything ASCII (unlike U+037E, the Greek question mark, which is `;`).
    private static func holdsNoASCII(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x037E: false
        case 0x0370...0x03FF, 0x0400...0x052F, 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: true
        default: false
        }
    }
}

/// A query no person matched, compared with each person for "did you mean": with their name, id,
/// each word of their name, each alias and the start of their name as long as the query, in the
/// person's own letters and, when either is in another script, both spelt in Latin letters
/// (`Transliteration`). A name is suggested only when it is a few edits away: none for a query of
/// one or two letters, one for three or four, two up to eight, a third of the query beyond. So
/// `olga` suggests Ольга, and nothing that shares nothing with it.
struct SuggestionQuery {
    let folded: String
    /// The query in Latin letters; nil when it cannot be spelt in them.
    let latin: String?

    init(_ folded: String) {
        self.folded = folded
        latin = Transliteration.latin(folded)
    }

    /// The most edits a suggestion may be away from a query of `length` characters.
    static func allowedEdits(_ length: Int) -> Int {
        switch length {
        case ..<3: 0
        case ...4: 1
        case ...8: 2
        default: length / 3
        }
    }

    /// How far the query is from a person by their folded name, id and folded aliases, or nil
    /// when too far to suggest them.
    func distance(toName name: String, id: String, aliases: [String]) -> Int? {
        let words = [name, id.folded] + name.split(separator: " ").map(String.init) + aliases
        /// The fewest edits from `query` to one of `candidates`, when few enough.
        func closest(_ query: String, _ candidates: [String]) -> Int? {
            let distance = candidates.map { editDistance($0, query) }.min() ?? .max
            return distance <= Self.allowedEdits(query.count) ? distance : nil
        }
        let own = closest(folded, words + [String(name.prefix(folded.count))])
        // Across scripts: both spelt in Latin letters (nothing to do when both are ASCII already).
        guard let latin, !(latin == folded && words.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            return own
        }
        let spelt = words.compactMap(Transliteration.latin) + (Transliteration.latin(name).map { [String($0.prefix(latin.count))] } ?? [])
        return [own, closest(latin, spelt)].compactMap { $0 }.min()
    }
}
