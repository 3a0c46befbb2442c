import CRMFormat

/// A command that takes several steps (`unlog`, `rm`, `rename`, `restore`) writes what it is
/// about to do to `.crm/unfinished` before its first step and removes it after its last. Killed
/// in between (a crash, a full disk, a closed laptop), it leaves the record: `crm check` reports
/// it as an error, and the next command that writes (`crm fmt` does with nothing else to do)
/// finishes the work or takes it back, under the vault lock, before anything else.
struct Unfinished {
    enum Operation: String { case unlog, rm, rename, restore }

    var operation: Operation
    /// The person file the command changes or moves (for `rename`, its path before).
    var path: String
    /// The trash file the command puts or takes (`unlog`, `rm`, `restore`).
    var trash: String?
    /// `unlog`, `restore`: the digest of the person file as the command writes it.
    var digest: String?
    /// `rename`: who the person was (id, name, aliases) and the name they get.
    var id: String?
    var name: String?
    var aliases: [String] = []
    var newName: String?
    /// `rename`: where the file went, once moved.
    var moved: String?

    static let path = ".crm/unfinished"

    var bytes: [UInt8] {
        var lines = ["---", "operation: " + operation.rawValue, "path: " + YAMLQuoting.scalar(path)]
        for (key, value) in [("trash", trash), ("digest", digest), ("id", id), ("name", name), ("new_name", newName), ("moved", moved)] {
            if let value { lines.append(key + ": " + YAMLQuoting.scalar(value)) }
        }
        if !aliases.isEmpty { lines += ["aliases:"] + aliases.map { "  - " + YAMLQuoting.scalar($0) } }
        return Array((lines + ["---"]).map { $0 + "\n" }.joined().utf8)
    }

    init(_ operation: Operation, path: String, trash: String? = nil, digest: String? = nil) {
        (self.operation, self.path, self.trash, self.digest) = (operation, path, trash, digest)
    }

    init?(bytes: [UInt8]) {
        let document = PersonDocument(bytes: bytes, path: Unfinished.path)
        guard let front = document.frontMatter, let operation = front["operation"]?.string.flatMap(Operation.init(rawValue:)),
              let path = front["path"]?.string else { return nil }
        self.init(operation, path: path, trash: front["trash"]?.string, digest: front["digest"]?.string)
        (id, name, newName, moved) = (front["id"]?.string, front["name"]?.string, front["new_name"]?.string, front["moved"]?.string)
        aliases = document.aliases
    }

    /// What `crm check` says while the record is there.
    var problem: Diagnostic {
        let what = switch operation {
        case .unlog: "'crm unlog' on \(path)"
        case .rm: "'crm rm' of \(path)"
        case .rename: "'crm rename' of \(path) to '\(newName ?? "")'"
        case .restore: "'crm restore' of \(trash ?? path)"
        }
        return Diagnostic(path: Unfinished.path, line: 1, rule: .unfinishedCommand,
                          message: "\(what) was stopped half way; run 'crm fmt' (or any command that writes) to finish it")
    }
}

extension Vault {
    /// The record of a command stopped half way, if there is one.
    func unfinished() -> Unfinished? {
        (try? FileSystem.readFile(root + "/" + Unfinished.path)).flatMap { Unfinished(bytes: $0.bytes) }
    }

    /// `crm check`'s error for a command stopped half way.
    package var unfinishedProblems: [Diagnostic] { unfinished().map { [$0.problem] } ?? [] }

    /// Runs the steps of a command under the vault lock, after what an earlier one left is
    /// finished (`prepareWrite`); `record(_:)` in `steps` says what they are about to do, and the
    /// record is removed when they end (also when they fail: each command takes back its own
    /// failed steps).
    func recording<T>(_ steps: () throws -> T) throws -> T {
        try FileSystem.withLock(on: root) {
            try prepareWrite()
            defer { FileSystem.removeIfPresent(root + "/" + Unfinished.path) }
            return try steps()
        }
    }

    /// Finishes what a command stopped half way left, if anything (what `crm fmt` does first).
    package func finishStoppedCommand() throws {
        guard FileSystem.exists(root + "/" + Unfinished.path) else { return }
        try recording {}
    }

    /// Writes `.crm/unfinished`: what the command's next steps are about to do.
    func record(_ record: Unfinished) throws(FileSystemError) {
        try FileSystem.makeDirectories(try inside(".crm", for: .folder))
        try FileSystem.write(try inside(Unfinished.path), with: record.bytes)
    }

    /// Finishes, or takes back, what a command stopped half way left (see `Unfinished`); called
    /// under the vault lock before a write, and by `crm fmt`.
    package func finishUnfinished() throws {
        guard let record = unfinished() else {
            FileSystem.removeIfPresent(root + "/" + Unfinished.path)   // unreadable: nothing to go by
            return
        }
        let person = root + "/" + record.path
        let trashed = record.trash.map { root + "/" + Vault.trashFolder + "/" + $0 }
        func digestNow() -> String? { (try? FileSystem.readFile(person).bytes).map(TrashItem.digest) }
        switch record.operation {
        case .unlog:
            // The entry left the file: it stays in the trash. Still in the file: out of the trash.
            if digestNow() != record.digest, let name = record.trash, let item = trashItem(name),
               let file = try? load(path: record.path), Self.holds(file, item) {
                FileSystem.removeIfPresent(try inside(Vault.trashFolder + "/" + item.name))
            }
        case .restore:
            // The entry went back: out of the trash; a person moved back (a hard link left in both places): the same.
            if let trashed, digestNow() == record.digest || sameFile(trashed, person) {
                FileSystem.removeIfPresent(try inside(Vault.trashFolder + "/" + record.trash!))
            }
        case .rm:
            // Moved is a hard link made and the person's name removed: made but not removed, remove it.
            if let trashed, sameFile(trashed, person) { FileSystem.removeIfPresent(try inside(record.path)) }
        case .rename:
            try finishRename(record)
        }
        FileSystem.removeIfPresent(root + "/" + Unfinished.path)
    }

    /// Whether `file` still holds the entry `item` took to the trash, at its line.
    private static func holds(_ file: Person, _ item: TrashItem) -> Bool {
        guard let line = item.line, !item.lines.isEmpty, line >= 1, line <= file.document.text.lineCount else { return false }
        return (0..<item.lines.count).allSatisfy { i in line - 1 + i < file.document.text.lineCount && file.document.text.string(line - 1 + i) == item.lines[i] }
    }

    private func sameFile(_ a: String, _ b: String) -> Bool {
        guard let x = FileSystem.stamp(a), let y = FileSystem.stamp(b) else { return false }
        return x.device == y.device && x.inode == y.inode
    }

    /// The rest of a rename: the name, the file's name, then every link that named the person
    /// as they were (resolved as if they still were).
    private func finishRename(_ record: Unfinished) throws {
        guard let oldID = record.id, let oldName = record.name, let newName = record.newName else { return }
        // Killed inside the move: the file has its new name and still its old one; the old one goes.
        let folder = FileSystem.parentDirectory(of: record.path)
        if FileSystem.exists(root + "/" + record.path), let twin = FileSystem.list(root + "/" + folder).first(where: {
            folder + "/" + $0.name != record.path && sameFile(root + "/" + folder + "/" + $0.name, root + "/" + record.path)
        }) {
            FileSystem.removeIfPresent(try inside(record.path))
            var moved = record
            moved.moved = folder + "/" + twin.name
            return try finishRename(moved)
        }
        let stem = Slug.renamed(String(oldID.split(separator: "/").last ?? ""), from: oldName, to: newName)
        // Killed after the move, before it was recorded: the file named for the new name that holds it.
        let renamed = stem.flatMap { stem in
            FileSystem.list(root + "/" + folder).map { folder + "/" + $0.name }.sorted().first {
                FileSystem.parentDirectory(of: $0) == folder && Person.id(forPath: $0).split(separator: "/").last?.hasPrefix(stem) == true
                    && (try? load(path: $0))?.name == newName
            }
        }
        let at = FileSystem.exists(root + "/" + record.path) ? record.path : record.moved ?? renamed
        guard let at, FileSystem.exists(root + "/" + at) else { return }
        var person = try load(path: at)
        if person.name != newName { person = try update(person) { try $0.setting("name", to: .string(newName)) }.person }
        if at == record.path, let stem {
            person = try move(person, toSlug: stem)
        }
        let now = VaultLinks.read(self)
        // The person as they were: the record holds their name and aliases as a front matter does.
        let old = Person(id: oldID, path: record.path, document: PersonDocument(bytes: record.bytes, path: record.path),
                         stamp: FileStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0, mode: 0))
        let identity = LinkResolver.Identity(id: oldID, name: oldName, aliases: record.aliases)
        let people = now.people.map { keys in
            guard keys.id == person.id else { return keys }
            var was = keys
            (was.id, was.name) = (oldID, oldName)
            return was
        }
        let before = VaultLinks(people: people,
                                resolver: now.resolver.replacing(person.id, with: identity), files: now.files, notes: now.notes)
        _ = rewriteLinks(RenamePlan(person: old, name: newName, stem: stem, moved: person, links: before))
    }
}
