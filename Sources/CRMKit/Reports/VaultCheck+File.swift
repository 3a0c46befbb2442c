import CRMFormat
import CRMVault

extension VaultCheck {
    /// A problem, and where another file is involved, the place in it (the first person with the
    /// same contact id or name).
    package struct Found: Sendable {
        package var problem: Diagnostic
        package var elsewhere: Place?

        init(_ problem: Diagnostic, elsewhere: Place? = nil) { (self.problem, self.elsewhere) = (problem, elsewhere) }
    }

    /// A line of a file of the vault.
    package struct Place: Sendable, Equatable {
        package var path: String
        package var line: Int
    }

    /// The rest of the vault as the check of one file sees it: everyone's keys and tags (for
    /// duplicates and tag spellings), every link target's person and the vault's other files (for
    /// dead links). Read once; made again when files change.
    package struct Others: Sendable {
        let people: [Checked]
        package let resolver: LinkResolver
        package let notes: VaultNotes
        private let names: [String: String]

        /// From everyone's facts (`Vault.facts`, `Vault.everyone`) and the vault's notes (`Vault.notes()`).
        package init(facts: [PersonFacts], notes: VaultNotes) {
            people = facts.map { Checked(facts: $0, today: nil) }
            resolver = LinkResolver(facts.map { LinkResolver.Identity(id: $0.id, name: $0.name, aliases: $0.foldedAliases) })
            names = Dictionary(facts.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            self.notes = notes
        }

        func name(of id: String) -> String { names[id] ?? id }
    }

    /// What a file of the vault is to the check.
    package enum FileKind: Sendable, Equatable {
        case person
        case dailyNote(Day)
    }

    /// Whether `path` (relative to the vault) is a person file (a Markdown file under `people/`)
    /// or a daily note (a file named for a day in a journal folder); nil for any other file.
    package static func kind(of path: String, in vault: Vault) -> FileKind? {
        guard path.hasSuffix(".md"), !path.hasPrefix("/"), !path.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") })
        else { return nil }
        if path.hasPrefix("people/") { return .person }
        let name = String(path.split(separator: "/").last ?? "")
        guard vault.config.journals.contains(where: { $0 == "." || path.hasPrefix($0 + "/") }), let day = DailyNote.day(ofFile: name)
        else { return nil }
        return .dailyNote(day)
    }

    /// Every problem `crm check` reports in the file at `path` when it holds `bytes` (as an editor
    /// holds it, saved or not), against the rest of the vault (`others`): the file's own problems,
    /// its entries' dates on `today`, a contact id or name someone else has, a tag spelt in
    /// another way elsewhere, and its dead and ambiguous links; with the vault's `check:` settings
    /// applied. Nil for a file that is neither a person file nor a daily note.
    package static func file(_ path: String, bytes: [UInt8], in vault: Vault, others: Others, today: Day?) -> [Found]? {
        guard let kind = kind(of: path, in: vault) else { return nil }
        var found: [Found] = []
        switch kind {
        case .person:
            let document = PersonDocument(bytes: bytes, path: path, settings: vault.logSettings)
            let facts = PersonFacts(document: document, id: Person.id(forPath: path), today: today)
            let checked = Checked(facts: facts, today: today)
            // Everyone, this file as it is now in its place among them.
            var people = others.people.filter { $0.keys.path != path }
            people.insert(checked, at: people.firstIndex { Bytes.precedes(path, $0.keys.path) } ?? people.count)
            found += checked.problems.map { Found($0) }
            found += duplicates(people).filter { $0.problem.path == path }
            found += tagSpellings(people, in: vault, buffer: (path, document)).filter { $0.path == path }.map { Found($0) }
            let file = VaultLinks.LinkedFile(path: path, owner: facts.id, links: facts.links)
            found += VaultLinks.problems(of: file, resolver: others.resolver, notes: others.notes, name: others.name(of:)).map { Found($0) }
        case .dailyNote(let day):
            let file = VaultLinks.LinkedFile(path: path, owner: nil,
                                             links: FileLinks(dailyNote: bytes, path: path, day: day, types: vault.logSettings.types))
            found += VaultLinks.problems(of: file, resolver: others.resolver, notes: others.notes, name: others.name(of:)).map { Found($0) }
        }
        let sorted = found.enumerated().sorted { ($0.element.problem.line, $0.element.problem.column, $0.offset)
            < ($1.element.problem.line, $1.element.problem.column, $1.offset) }.map(\.element)
        return sorted.compactMap { item in
            vault.config.check.applied(to: [item.problem]).first.map { Found($0, elsewhere: item.elsewhere) }
        }
    }
}
