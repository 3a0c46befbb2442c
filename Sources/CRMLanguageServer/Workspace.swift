import CRMKit

/// The vault the server answers for, and what it has read of it: everyone's facts, the daily
/// notes and the links between them, and the rest of the vault as the check of one file sees
/// it. Read once, and again only when the vault changed on disk (a folder's stamp, a watched
/// file's notice) or the day did.
final class Workspace {
    /// What was read of the vault's files on one day.
    struct Snapshot {
        let today: Day
        let everyone: Everyone
        let others: VaultCheck.Others
        /// Everyone's facts by id.
        let byID: [String: Int]

        func facts(_ id: String) -> PersonFacts? { byID[id].map { everyone.facts[$0] } }
    }

    private(set) var vault: Vault
    /// The vault folder, absolute, without a trailing `/`.
    let root: String
    private let resolvedRoot: String?
    private var snapshot: Snapshot?
    /// Every folder of the vault (hidden ones and `.crm/` left out) and the config file, with
    /// their stamps when the snapshot was read: a file added, removed or replaced (as `crm`,
    /// git and sync tools write) changes its folder's stamp.
    private var stamps: [(path: String, stamp: FileStamp?)] = []
    /// Every link of the vault, read when first asked for after the snapshot (hover, references).
    private var vaultLinks: VaultLinks?
    /// Everyone as completion and symbols look them up, made when first asked for after the snapshot.
    private var peopleIndex: PeopleIndex?
    /// Everyone's phone numbers as digits, by their place in `Everyone.facts`, read when a
    /// symbol search first looks like a number after the snapshot (the facts keep no phones).
    private var phoneDigits: [[String]]?
    /// Set when the client says a file changed (`workspace/didChangeWatchedFiles`).
    var isStale = false

    /// The vault found from `directory`: it, or the nearest of its parents holding `.crm/` or
    /// `people/` (as `crm` finds it from the current folder).
    init?(locatingFrom directory: String) {
        guard directory.hasPrefix("/"),
              let vault = try? Vault.locate(explicit: nil, environment: [:], currentDirectory: directory) else { return nil }
        self.vault = vault
        var root = vault.root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
        resolvedRoot = try? FileSystem.resolvedPath(root)
    }

    /// `absolute` relative to the vault folder; nil when it is outside.
    func relativePath(of absolute: String) -> String? {
        if let inside = Self.relative(absolute, to: root) { return inside }
        // Through a symbolic link: the folder holding the file, resolved (the file may not exist yet).
        guard let resolvedRoot else { return nil }
        let folder = FileSystem.parentDirectory(of: absolute)
        guard let resolved = try? FileSystem.resolvedPath(folder) else { return nil }
        let name = String(absolute.dropFirst(folder.count).drop { $0 == "/" })
        return Self.relative(resolved + "/" + name, to: resolvedRoot)
    }

    private static func relative(_ path: String, to root: String) -> String? {
        let prefix = root == "/" ? "/" : root + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// The URI of a file of the vault.
    func uri(of relative: String) -> String { FileURI.uri(root + "/" + relative) }

    /// What the vault holds on `today`, read again when it changed; `changed`: whether it was.
    func current(today: Day) -> (snapshot: Snapshot, changed: Bool) {
        if let snapshot, snapshot.today == today, !isStale, !foldersChanged() { return (snapshot, false) }
        let first = snapshot == nil
        stamps = folderStamps()
        isStale = false
        if let again = try? Vault(root: root) { vault = again }
        let everyone = Everyone(vault, today: today)
        let notes = vault.notes()
        let read = Snapshot(today: today, everyone: everyone, others: VaultCheck.Others(facts: everyone.facts, notes: notes),
                            byID: Dictionary(everyone.facts.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a }))
        snapshot = read
        vaultLinks = nil
        peopleIndex = nil
        phoneDigits = nil
        return (read, !first)
    }

    /// Every link of the vault's saved files, resolved (read once per snapshot).
    func links() -> VaultLinks {
        if let vaultLinks { return vaultLinks }
        let read = VaultLinks.read(vault)
        vaultLinks = read
        return read
    }

    /// Everyone as completion and symbols look them up (made once per snapshot).
    func people(_ snapshot: Snapshot) -> PeopleIndex {
        if let peopleIndex { return peopleIndex }
        let made = PeopleIndex(snapshot.everyone.facts)
        peopleIndex = made
        return made
    }

    /// The people (by their place in `Everyone.facts`) one of whose phone numbers holds `digits`,
    /// in name order. The numbers are read from the files once per snapshot.
    func people(withPhoneHolding digits: String, _ snapshot: Snapshot) -> [Int] {
        let facts = snapshot.everyone.facts
        if phoneDigits == nil {
            let read = vault.scan(paths: facts.map(\.path)) { ($0.path, $0.person.document.phones.map(PhoneNumber.digits)) }.rows
            let byPath = Dictionary(read, uniquingKeysWith: { first, _ in first })
            phoneDigits = facts.map { byPath[$0.path] ?? [] }
        }
        return phoneDigits!.indices.filter { at in facts[at].isReadable && phoneDigits![at].contains { $0.contains(digits) } }
            .sorted { (facts[$0].sortName, facts[$0].id) < (facts[$1].sortName, facts[$1].id) }
    }

    private func foldersChanged() -> Bool {
        stamps.contains { FileSystem.stamp($0.path) != $0.stamp }
    }

    /// The stamps of every folder of the vault and of `.crm/config.yaml`.
    private func folderStamps() -> [(path: String, stamp: FileStamp?)] {
        var found: [(String, FileStamp?)] = [(root + "/.crm/config.yaml", FileSystem.stamp(root + "/.crm/config.yaml"))]
        func walk(_ folder: String, depth: Int) {
            found.append((folder, FileSystem.stamp(folder)))
            guard depth < 32 else { return }
            for entry in FileSystem.list(folder) where entry.isDirectory && !entry.isSymbolicLink && !entry.name.hasPrefix(".") {
                walk(folder + "/" + entry.name, depth: depth + 1)
            }
        }
        walk(root, depth: 0)
        return found
    }
}
