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
        let closest = people
            .map { ($0, distance(from: folded, to: $0)) }
            .filter { $0.1 <= max(2, folded.count / 3) }
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
                let name = person.sortName, id = person.id
                return mayContain(name, folded) && name.contains(folded) || mayContain(id, folded, lowerCasing: true) && id.folded.contains(folded)
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

    /// How far a mistyped query is from a person: the closest of their name, id, a word of
    /// their name, or the start of their name as long as the query.
    private static func distance(from query: String, to person: PersonKeys) -> Int {
        let name = person.sortName
        var candidates = [name, person.id.folded, String(name.prefix(query.count))]
        candidates += name.split(separator: " ").map(String.init)
        return candidates.map { editDistance($0, query) }.min() ?? Int.max
    }
}
