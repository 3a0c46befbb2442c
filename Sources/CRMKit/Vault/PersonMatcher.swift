/// Finds the person a PERSON argument means, in this order: id; name (ignoring case and
/// accents); an alias; an email; `contact_id`; a unique part of a name or id.
enum PersonMatcher {
    static func match(_ query: String, in people: [PersonFacts]) throws(VaultError) -> PersonFacts {
        let folded = query.folded
        let email = query.lowercased()
        let stages: [(String, (PersonFacts) -> Bool)] = [
            ("id", { $0.id == query }),
            ("name", { $0.sortName == folded }),
            ("alias", { $0.foldedAliases.contains(folded) }),
            ("email", { $0.emails.contains(email) }),
            ("contact id", { $0.contactID == query }),
            ("part of a name or id", { $0.sortName.contains(folded) || $0.id.folded.contains(folded) }),
        ]
        for (what, test) in stages {
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

    /// How far a mistyped query is from a person: the closest of their name, id, a word of
    /// their name, or the start of their name as long as the query.
    private static func distance(from query: String, to person: PersonFacts) -> Int {
        let name = person.sortName
        var candidates = [name, person.id.folded, String(name.prefix(query.count))]
        candidates += name.split(separator: " ").map(String.init)
        return candidates.map { editDistance($0, query) }.min() ?? Int.max
    }
}
