import CRMFormat

/// Who a link's target names, answered by one dictionary lookup in a table made once per run
/// from everyone's id, name and aliases.
///
/// A target is compared folded (`TextFolding`: case and accents ignored), spaces trimmed, a
/// trailing `.md` dropped. It is matched as PERSON arguments are, in order, and the first kind of
/// key that matches decides: the id (`family/mom`, also written `people/family/mom`), then the
/// file name without `.md` when no other person's file has it (`mom`), then the name, then an
/// alias. So `[[ada-lovelace]]` is the file Obsidian opens even if someone else's alias is
/// `ada-lovelace`. Several people with the same key of the deciding kind: the link is ambiguous
/// and names none of them.
package struct LinkResolver: Sendable {
    /// What a target names.
    package enum Resolution: Sendable, Equatable {
        case person(String)
        /// The ids of the people it could mean, sorted.
        case ambiguous([String])
        case nobody
    }

    /// Someone a link can name.
    package struct Identity: Sendable, Equatable {
        package var id: String
        package var name: String
        package var aliases: [String]

        package init(id: String, name: String, aliases: [String]) {
            self.id = id
            self.name = name
            self.aliases = aliases
        }
    }

    /// Everyone the table is made of.
    package let people: [Identity]
    /// Folded key → the kind of key it is (0 id, 1 file name, 2 name, 3 alias) and who has it.
    private var table: [String: (kind: Int, ids: [String])] = [:]
    /// The only keys the table holds, when made for known targets (`key(_:)` of each).
    private let keys: Set<String>?

    /// The table of everyone's keys; with `keys`, of those keys alone (the targets of the links to
    /// resolve, each as `key(_:)` makes it), which answers the same for them.
    package init(_ people: some Sequence<Identity>, keys: Set<String>? = nil) {
        self.people = Array(people)
        self.keys = keys
        guard keys?.isEmpty != true else { return }
        for person in self.people {
            let id = person.id.folded
            add(id, kind: 0, person.id)
            add("people/" + id, kind: 0, person.id)
            if let slash = id.lastIndex(of: "/") { add(String(id[id.index(after: slash)...]), kind: 1, person.id) }
            add(person.name.folded, kind: 2, person.id)
            for alias in person.aliases { add(alias.folded, kind: 3, person.id) }
        }
    }

    private mutating func add(_ key: String, kind: Int, _ id: String) {
        let key = key.trimmingSpaces
        guard !key.isEmpty, keys?.contains(key) != false else { return }
        guard let found = table[key] else { return table[key] = (kind, [id]) }
        if kind < found.kind { table[key] = (kind, [id]) } else if kind == found.kind, !found.ids.contains(id) { table[key]!.ids.append(id) }
    }

    /// The full table (every key of everyone) with the person `id` known by `identity` instead
    /// (a rename).
    func replacing(_ id: String, with identity: Identity) -> LinkResolver {
        LinkResolver(people.map { $0.id == id ? identity : $0 })
    }

    /// Who `target` (a link's target as written) names.
    package func resolve(_ target: String) -> Resolution {
        guard let found = table[Self.key(target)] else { return .nobody }
        return found.ids.count == 1 ? .person(found.ids[0]) : .ambiguous(found.ids.sorted())
    }

    /// The id `target` names, when it names exactly one person.
    package func person(_ target: String) -> String? {
        if case .person(let id) = resolve(target) { return id }
        return nil
    }

    /// A target as the table keys it: spaces trimmed, `.md` dropped, folded.
    static func key(_ target: String) -> String {
        var key = target.trimmingSpaces
        if hasMarkdownSuffix(key) { key = String(key.dropLast(3)).trimmingSpaces }
        return key.folded
    }

    /// Whether `target` ends in `.md` (any case) after something.
    static func hasMarkdownSuffix(_ target: String) -> Bool {
        let end = target.utf8.suffix(3)
        return target.utf8.count > 3 && end.first == 0x2E && end.dropFirst().map { $0 | 0x20 } == [0x6D, 0x64]
    }
}
