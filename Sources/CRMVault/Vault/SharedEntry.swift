import CRMFormat

/// An entry written once, in one person's log, with others taking part (`crm log … --with OTHER`,
/// `crm plan … --with OTHER`): the others are linked in the note, and their files are not touched.
///
/// The wording: the note as typed, then ` (with [[ID|Name]])` at the end of its first line, or
/// ` (with [[a|A]] and [[b|B]])`, ` (with [[a|A]], [[b|B]] and [[c|C]])`. Someone the note already
/// links (by id, file name, name or alias) is not linked again; when it links everyone, the note
/// is written as typed.
package enum SharedEntry {
    /// `note` with the `(with …)` clause for those of `others` it does not link yet.
    package static func note(_ note: String, with others: [Person]) -> String {
        let resolver = LinkResolver(others.map { LinkResolver.Identity(id: $0.id, name: $0.name, aliases: $0.document.aliases) })
        let linked = Set(note.split(separator: "\n").flatMap { PersonLink.scan(String($0)) }.compactMap { link in
            link.mayNamePerson ? resolver.person(link.target) : nil
        })
        let links = others.filter { !linked.contains($0.id) }.map { PersonLink.markup($0.id, text: $0.name) }
        guard !links.isEmpty else { return note }
        var lines = note.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] += " (with \(list(links)))"
        return lines.joined(separator: "\n")
    }

    /// `A`, `A and B`, `A, B and C`.
    package static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The person `owner` names (a PERSON argument) and the people `queries` name (as `--with`
    /// gives them) for an entry in the owner's log, in the order given, each once, each as
    /// `checked` takes them: everyone is found in one read of everyone's keys (`Vault.find`), none
    /// when each is an id.
    package static func participants(_ queries: [String], of owner: String,
                                     in vault: Vault) throws(VaultError) -> (owner: Person, others: [Person]) {
        let all = [owner] + queries
        let everyone = all.allSatisfy { vault.directPath($0) != nil } ? nil : VaultLinks(keysOf: vault)
        var found: [Person] = []
        for query in all { found.append(try vault.find(query, in: everyone)) }
        return (found[0], try checked(Array(zip(queries, found.dropFirst())), of: found[0], in: vault))
    }

    /// `others` as they take part in an entry in `owner`'s log, in the order given, each once
    /// (`query`: how each was named, for the message). Refuses the owner (their own log is where
    /// the entry goes), anyone without a file in `vault`, and anyone whose id cannot stand in a
    /// link (a file name with `#`, `|`, `^`, `[` or `]`).
    package static func checked(_ others: [(query: String, person: Person)], of owner: Person,
                                in vault: Vault) throws(VaultError) -> [Person] {
        var people: [Person] = []
        for (query, person) in others {
            if person.id == owner.id {
                throw VaultError("--with \(query): that is \(owner.name), whose log the entry goes in; --with names the others who took part")
            }
            guard person.path == "people/\(person.id).md", FileSystem.exists(vault.root + "/" + person.path) else {
                throw VaultError("--with \(query): \(person.path) is not a person file of this vault")
            }
            if person.id.contains(where: { "#|^[]".contains($0) }) {
                throw VaultError("--with \(query): \(person.path) cannot be linked (its name holds one of # | ^ [ ]); rename the file first")
            }
            if !people.contains(where: { $0.id == person.id }) { people.append(person) }
        }
        return people
    }
}
