import CRMFormat

/// Finds the person a PERSON argument means, in this order: id; name (ignoring case and
/// accents); an alias; an email; `contact_id`; a unique part of a name or id.
enum PersonMatcher {
    static func match(_ query: String, in people: [PersonKeys]) throws(VaultError) -> PersonKeys {
        let folded = query.folded
        for (what, test) in stages(query) {
            let found = people.filter(test)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                let list = found.sorted { $0.id < $1.id }.map { "  \($0.id)  (\($0.name))" }.joined(separator: "\n")
                throw VaultError("'\(query)' matches \(found.count) people by \(what); say which:\n\(list)")
            }
        }
        let suggestion = SuggestionQuery(folded)
        let closest = people
            .compactMap { person in
                suggestion.distance(toName: person.sortName, id: person.id, aliases: person.foldedAliases).map { (person, $0) }
            }
            .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
            .prefix(3)
        var message = "no person matches '\(query)'"
        if !closest.isEmpty {
            message += "; did you mean " + closest.map { "\($0.0.name) (\($0.0.id))" }.joined(separator: ", ") + "?"
        }
        throw VaultError(message)
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
            ("part of a name or id", { person in
                // Nothing is part of a name: the standard library's `contains("")` is true.
                let name = person.sortName, id = person.id
                return !folded.isEmpty && (mayContain(name, folded) && name.contains(folded) || mayContain(id, folded, lowerCasing: true) && id.folded.contains(folded))
            }),
        ]
    }

    /// False only when `text` (lower-cased first with `lowerCasing`) cannot contain `part`: `part`
    /// is ASCII and its bytes are not among `text`'s, where no letter of `text` could stand for an
    /// ASCII one (ASCII, or Greek, Cyrillic, kana, Han or Hangul, whose decompositions hold no
    /// ASCII). This spares most people the `contains` (which goes through Foundation) and the
    /// folding; it never decides a match.
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
