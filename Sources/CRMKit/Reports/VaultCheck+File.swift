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
    /// dead links). Read once, with what the check of one file looks up in it (who has each
    /// contact id, name and tag); made again when files change.
    package struct Others: Sendable {
        /// In path order.
        let people: [PersonFacts]
        package let resolver: LinkResolver
        package let notes: VaultNotes
        private let names: [String: String]
        /// The people with each contact id, and with each sort name, in path order (places in `people`).
        private let byContactID: [String: [Int]]
        private let bySortName: [String: [Int]]
        /// The people with each tag (by `Tag.key`), in path order, and how many write each spelling of it.
        private let byTag: [String: [Int]]
        private let tagCounts: [String: [String: Int]]

        /// From everyone's facts (`Vault.facts`, `Everyone(_:today:)`) and the vault's notes (`Vault.notes()`).
        package init(facts: [PersonFacts], notes: VaultNotes) {
            people = facts
            resolver = LinkResolver(facts.map { LinkResolver.Identity(id: $0.id, name: $0.name, aliases: $0.foldedAliases) })
            names = Dictionary(facts.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            self.notes = notes
            var byContactID: [String: [Int]] = [:], bySortName: [String: [Int]] = [:], byTag: [String: [Int]] = [:]
            var tagCounts: [String: [String: Int]] = [:]
            bySortName.reserveCapacity(people.count)
            for (index, person) in people.enumerated() {
                if let id = person.keys.contactID, !id.isEmpty { byContactID[id, default: []].append(index) }
                bySortName[person.keys.sortName, default: []].append(index)
                for tag in Set(person.tags) {
                    let key = Tag.key(tag)
                    if byTag[key]?.last != index { byTag[key, default: []].append(index) }
                    tagCounts[key, default: [:]][tag, default: 0] += 1
                }
            }
            (self.byContactID, self.bySortName, self.byTag, self.tagCounts) = (byContactID, bySortName, byTag, tagCounts)
        }

        func name(of id: String) -> String { names[id] ?? id }

        /// The place in `people` of the file at `path`, or where it would stand.
        private func place(of path: String) -> (index: Int, found: Bool) {
            var (low, high) = (0, people.count)
            while low < high {
                let middle = (low + high) / 2
                if Bytes.precedes(people[middle].keys.path, path) { low = middle + 1 } else { high = middle }
            }
            return (low, low < people.count && people[low].keys.path == path)
        }

        /// What `duplicates` and `tagSpellings` need to see to find every problem of `checked`
        /// (the file at `path`, as it is now) that they find in the whole vault: the first
        /// person before it with its contact id and with its name, and everyone with a tag it
        /// spells in a way the vault does not, in path order, it among them, and those tags (their `Tag.key`s).
        func neighbours(of checked: PersonFacts, at path: String) -> (duplicates: [PersonFacts], tagSpellings: [PersonFacts], tags: Set<String>) {
            let (at, found) = place(of: path)
            func firstBefore(_ holders: [Int]?) -> Int? { holders?.first.flatMap { $0 < at ? $0 : nil } }
            let firsts = Set([checked.keys.contactID.flatMap { $0.isEmpty ? nil : firstBefore(byContactID[$0]) },
                              firstBefore(bySortName[checked.keys.sortName])].compactMap { $0 }).sorted()
            // The tags whose spelling in this file is not the one most people use.
            let before = found ? Set(people[at].tags) : []
            let spellings = Dictionary(grouping: Set(checked.tags), by: Tag.key)
            let misspelt = Set(spellings.compactMap { key, spelt -> String? in
                var counts = tagCounts[key] ?? [:]
                for tag in before where Tag.key(tag) == key {
                    counts[tag]! -= 1
                    if counts[tag] == 0 { counts[tag] = nil }
                }
                for tag in spelt { counts[tag, default: 0] += 1 }
                let preferred = Tag.preferred(counts)
                return counts.count > 1 && spelt.contains { $0 != preferred } ? key : nil
            })
            var holders = Set(misspelt.flatMap { byTag[$0] ?? [] })
            if found { holders.remove(at) }
            var tagged = holders.sorted().map { people[$0] }
            tagged.insert(checked, at: tagged.firstIndex { Bytes.precedes(path, $0.keys.path) } ?? tagged.count)
            return (firsts.map { people[$0] } + [checked], misspelt.isEmpty ? [] : tagged, misspelt)
        }
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
            // Only the people whose keys or tags meet this file's, this file as it is now among them.
            let neighbours = others.neighbours(of: facts, at: path)
            found += problems(of: facts, today: today).map { Found($0) }
            found += duplicates(neighbours.duplicates).filter { $0.problem.path == path }
            found += tagSpellings(neighbours.tagSpellings, only: neighbours.tags, in: vault, buffer: (path, document))
                .filter { $0.path == path }.map { Found($0) }
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
