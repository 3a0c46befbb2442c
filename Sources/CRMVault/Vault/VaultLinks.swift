import CRMFormat

/// Every link of the vault, read in one pass over the person files, the daily notes and the other
/// notes, and resolved once: the answer to who took part in what, who is mentioned where and who
/// is related to whom (`connections(of:)`), and what `check` says about links (`problems`).
public struct VaultLinks: Sendable {
    /// A file that links anything, with what it links.
    package struct LinkedFile: Sendable {
        package var path: String
        /// The person whose file it is; nil for a note.
        package var owner: String?
        package var links: FileLinks

        package init(path: String, owner: String?, links: FileLinks) { (self.path, self.owner, self.links) = (path, owner, links) }
    }

    /// Everyone, in path order; empty when no file links anything (there is nobody to resolve).
    let people: [PersonKeys]
    /// Everyone's keys, in path order, as read (what a PERSON argument is found among, `Vault.find`).
    package let everyone: [PersonKeys]
    /// Who the files' links name (it knows only the targets they use; `LinkResolver.replacing`
    /// gives a full table).
    package let resolver: LinkResolver
    /// The files that link anything, person files first, in path order.
    package let files: [LinkedFile]
    /// The vault's notes and file names.
    package let notes: VaultNotes
    private let byID: [String: Int]
    private let connectionsByID: [String: PersonConnections]

    /// Reads the vault: every person file's keys and links (from the facts cache where the file
    /// is unchanged), and (with `notes`) every daily note and other Markdown note. Files that
    /// cannot be read link nothing. Without `fileNames`, links are not told dead (see
    /// `VaultNotes.holdsFile`): what a person's page needs (`crm show`, which finds the person
    /// among `everyone`).
    public static func read(_ vault: Vault, notes includeNotes: Bool = true, fileNames: Bool = true) -> VaultLinks {
        // Each record's keys and links, not the rest of it (see `PersonFacts+Coding.swift`); nil
        // links for a file that links nothing (most of them).
        let rows = vault.rows(of: nil, today: nil, cached: { reader, path throws(ByteReader.Malformed) in
            let keys = try PersonKeys(from: &reader), links = try FileLinks(from: &reader, path: path)
            return (keys: keys, links: links.isEmpty ? nil : links)
        }, read: { (keys: $0.keys, links: $0.links.isEmpty ? nil : $0.links) }).rows
        return read(vault, everyone: rows.map(\.keys), files: rows.compactMap { row in
            row.links.map { LinkedFile(path: row.keys.path, owner: row.keys.id, links: $0) }
        }, notes: includeNotes, fileNames: fileNames)
    }

    /// `read(_:notes:fileNames:)` with everyone's facts already read (`Vault.facts`).
    package static func read(_ vault: Vault, everyone: [PersonFacts], notes includeNotes: Bool = true,
                             fileNames: Bool = true) -> VaultLinks {
        read(vault, everyone: everyone.map(\.keys), files: everyone.compactMap { facts in
            facts.links.isEmpty ? nil : LinkedFile(path: facts.path, owner: facts.id, links: facts.links)
        }, notes: includeNotes, fileNames: fileNames)
    }

    /// Everyone's keys and the person files that link anything, with the notes'.
    private static func read(_ vault: Vault, everyone: [PersonKeys], files: [LinkedFile], notes includeNotes: Bool,
                             fileNames: Bool) -> VaultLinks {
        let notes = includeNotes ? vault.notes(fileNames: fileNames) : VaultNotes()
        let (others, _) = vault.scan(paths: notes.notes) { file in
            LinkedFile(path: file.path, owner: nil, links: FileLinks(note: file.bytes))
        }
        return VaultLinks(everyone: everyone, files: files + vault.dailyNoteLinks(notes.dailyNotes) + others, notes: notes)
    }

    /// Everyone's keys alone, no links: from each record of an unchanged file, else from the
    /// file's front matter (`PersonDocument(bytes:path:namesOnly:)`; its log is not read, and
    /// nothing is cached from it). Files that cannot be read are left out. What a PERSON argument
    /// is found among (`Vault.find`) when the caller has not read the links: with no cache, every
    /// file's front matter and no log. (Everyone's facts instead: four times the instructions of
    /// a warm `crm add` at 10,000 people, twice those of a first `crm log NAME`.)
    package init(keysOf vault: Vault) {
        let everyone = vault.rows(of: nil, today: nil, cached: { reader, _ throws(ByteReader.Malformed) in try PersonKeys(from: &reader) },
                                  read: \.keys, uncached: { path, folder throws(VaultError) in
                                      let (bytes, _) = try vault.read(path: path, in: folder)
                                      return PersonKeys(document: PersonDocument(bytes: bytes, path: path, settings: vault.logSettings, namesOnly: true),
                                                        id: Person.id(forPath: path))
                                  }).rows
        self.init(everyone: everyone, files: [])
    }

    /// Everyone (`keys`) and the files that may link them, resolved once. The resolver holds only
    /// the keys the files' links use, and with no link at all nobody is even named: a vault with
    /// few links (or none) does not pay for a table of everyone.
    init(everyone: [PersonKeys], files: [LinkedFile], notes: VaultNotes = VaultNotes()) {
        let files = files.filter { !$0.links.isEmpty }
        let used = Set(files.flatMap { $0.links.targets.map { LinkResolver.key($0.target) } })
        let people = used.isEmpty ? [] : everyone
        let resolver = LinkResolver(people.map { LinkResolver.Identity(id: $0.id, name: $0.name, aliases: $0.foldedAliases) }, keys: used)
        self.init(people: people, resolver: resolver, files: files, notes: notes, everyone: everyone)
    }

    /// `everyone`: all the keys read (by default `people`).
    init(people: [PersonKeys], resolver: LinkResolver, files: [LinkedFile], notes: VaultNotes, everyone: [PersonKeys]? = nil) {
        self.people = people
        self.everyone = everyone ?? people
        self.resolver = resolver
        self.files = files
        self.notes = notes
        byID = Dictionary(people.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        connectionsByID = Self.connections(files: files, people: people, byID: byID, resolver: resolver)
    }

    /// The person with `id`.
    package func person(_ id: String) -> PersonKeys? { byID[id].map { people[$0] } }

    /// The name of the person with `id`; the id itself for someone not in the vault.
    package func name(of id: String) -> String { person(id)?.name ?? id }

    /// What the vault says about the person with `id`.
    package func connections(of id: String) -> PersonConnections { connectionsByID[id] ?? PersonConnections() }

    /// Every link that names the person with `id`, embeds of their file included: person files
    /// first, then notes, each in line order.
    package func references(to id: String) -> [LinkReference] {
        files.flatMap { file -> [LinkReference] in
            file.links.targets.filter { resolver.person($0.target) == id }.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
                .map { LinkReference(path: file.path, line: $0.line, column: $0.column, target: $0.target) }
        }
    }

    // MARK: Resolving

    /// Everyone's connections, from one pass over the files' links, each target resolved once.
    private static func connections(files: [LinkedFile], people: [PersonKeys], byID: [String: Int],
                                    resolver: LinkResolver) -> [String: PersonConnections] {
        var all: [String: PersonConnections] = [:]
        func name(_ id: String) -> String { byID[id].map { people[$0].name } ?? id }
        /// The people `links` name, each once, in order, without `owner`.
        func named(_ links: [LinkTarget], except owner: String?) -> [String] {
            var ids: [String] = []
            for link in links {
                if let id = resolver.person(link.target), id != owner, !ids.contains(id) { ids.append(id) }
            }
            return ids
        }
        for file in files {
            let owner = file.owner
            for entry in file.links.entries {
                let ids = named(entry.links, except: owner)
                guard !ids.isEmpty else { continue }
                if let owner { all[owner, default: PersonConnections()].with[entry.interaction.line] = ids }
                let everyone = (owner.map { [$0] } ?? []) + ids
                for id in ids {
                    all[id, default: PersonConnections()].shared.append(
                        SharedInteraction(interaction: entry.interaction, path: file.path, owner: owner, with: everyone.filter { $0 != id }))
                }
            }
            for line in file.links.mentions {
                for id in named(line.links, except: owner) {
                    all[id, default: PersonConnections()].mentions.append(Mention(path: file.path, line: line.line, text: line.text))
                }
            }
            guard let owner else { continue }
            for item in file.links.related {
                let other = item.target.flatMap(resolver.person)
                all[owner, default: PersonConnections()].related.append(
                    Relation(relation: item.relation, id: other, name: other.map(name) ?? item.name, path: file.path, line: item.line))
                if let other, other != owner {
                    all[other, default: PersonConnections()].related.append(
                        Relation(relation: Relationship.inverse(of: item.relation), id: owner, name: name(owner), path: file.path, line: item.line))
                }
            }
        }
        for id in all.keys {
            all[id]!.shared.sort { $0.interaction.isNewer(than: $1.interaction) }
            let own = byID[id].map { people[$0].path }
            // Stable: the person's own items first, then the others in path order (as read).
            all[id]!.related = all[id]!.related.filter { $0.path == own } + all[id]!.related.filter { $0.path != own }
        }
        return all
    }

    // MARK: Checking

    /// What `crm check` reports about links: a link in an entry (or a `related` item) that names
    /// no person and no file of the vault (a dead link), a link that names several people, and
    /// what reading the daily notes found. A link to a day is never dead.
    package var problems: [Diagnostic] {
        notes.problems + files.flatMap { Self.problems(of: $0, resolver: resolver, notes: notes, name: name(of:)) }
    }

    /// What `problems` says about the links of one `file`, resolved by `resolver` (`name`: the
    /// name of an id), telling dead links by `notes`' file names.
    package static func problems(of file: LinkedFile, resolver: LinkResolver, notes: VaultNotes, name: (String) -> String) -> [Diagnostic] {
        var found = file.links.problems
        func check(_ link: LinkTarget, dead: Bool, what: String = "link") {
            switch resolver.resolve(link.target) {
            case .person:
                break
            case .ambiguous(let ids):
                let example = PersonLink.markup(ids[0], text: name(ids[0]))
                found.append(Diagnostic(path: file.path, line: link.line, column: link.column, rule: .ambiguousLink,
                                        message: "\(what) [[\(link.target)]] matches \(ids.count) people (\(ids.joined(separator: ", "))), "
                                            + "so it counts for none of them; link one by its id, as \(example)"))
            case .nobody:
                guard dead, !notes.holdsFile(link.target) else { break }
                found.append(Diagnostic(path: file.path, line: link.line, column: link.column, rule: .deadLink,
                                        message: "\(what) [[\(link.target)]] is dead: no person and no note of the vault is named '\(link.target)'"))
            }
        }
        for entry in file.links.entries { for link in entry.links { check(link, dead: true) } }
        for line in file.links.mentions { for link in line.links { check(link, dead: false) } }
        for item in file.links.related {
            if let target = item.target { check(LinkTarget(target: target, line: item.line, column: item.column), dead: true, what: "related:") }
        }
        return found
    }
}

extension Vault {
    /// The id of the person file at `path` (`people/family/mom.md` → `family/mom`).
    func id(forPath path: String) -> String { Person.id(forPath: path) }
}

extension Vault {
    /// The links of the daily notes `days` lists (from `notes()` or `dailyNotes()`), each read now.
    func dailyNoteLinks(_ days: [(path: String, day: Day)]) -> [VaultLinks.LinkedFile] {
        guard !days.isEmpty else { return [] }
        let dayOf = Dictionary(days.map { ($0.path, $0.day) }, uniquingKeysWith: { a, _ in a })
        let types = logSettings.types
        let (read, unread) = scan(paths: days.map(\.path)) { file in
            VaultLinks.LinkedFile(path: file.path, owner: nil, links: FileLinks(dailyNote: file.bytes, path: file.path, day: dayOf[file.path]!, types: types))
        }
        // A daily note that could not be read (a FIFO, a folder) is said, as one not read as text is.
        return read + unread.map { problem in
            var links = FileLinks()
            links.problems = [problem]
            return VaultLinks.LinkedFile(path: problem.path, owner: nil, links: links)
        }
    }

    /// The entries of other files each person takes part in, by id, and the daily notes' items
    /// that name someone: from the linked entries of `everyone`'s files and the daily notes (read
    /// now), each link resolved once over everyone. Empty, and nothing resolved, when no file
    /// links anyone.
    func sharedInteractions(everyone: [PersonFacts]) -> (shared: [String: [SharedInteraction]], dailyNoteItems: [DailyNoteItem]) {
        let daily = dailyNoteLinks(dailyNotes())
        var files: [VaultLinks.LinkedFile] = []
        for facts in everyone where !facts.links.entries.isEmpty {
            files.append(VaultLinks.LinkedFile(path: facts.keys.path, owner: facts.keys.id, links: FileLinks(entries: facts.links.entries)))
        }
        files += daily
        guard files.contains(where: { !$0.links.entries.isEmpty }) else { return ([:], []) }
        let links = VaultLinks(everyone: everyone.map(\.keys), files: files)
        var shared: [String: [SharedInteraction]] = [:]
        for person in links.people {
            let entries = links.connections(of: person.id).shared
            if !entries.isEmpty { shared[person.id] = entries }
        }
        return (shared, links.dailyNoteItems(daily))
    }
}
