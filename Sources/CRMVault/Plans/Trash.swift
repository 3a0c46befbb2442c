import CRMFormat

/// One thing `.crm/trash/` holds: a removed person file (`crm rm`, or a conflict copy `crm
/// resolve` merged), or a removed log entry (`crm unlog`), and where it goes back.
package struct TrashItem: Sendable, Equatable {
    package enum Kind: String, Sendable { case person, entry }

    /// The file's name in `.crm/trash/`, which `crm restore` takes.
    package let name: String
    package let kind: Kind
    /// When it was removed, `YYYY-MM-DD HH:MM:SS` (UTC), from the name.
    package let removed: String
    /// The person file it goes back to (relative to the vault).
    package let personPath: String
    /// The person's name (a removed person), or the entry's first line.
    package let summary: String
    /// For an entry: 1-based line it stood on, and a digest of the file as the removal left it
    /// (it goes back on that line when the file has not changed since).
    let line: Int?
    let digest: String?
    let lines: [String]
}

extension Vault {
    /// The machine-local trash folder, relative to the vault.
    package static let trashFolder = ".crm/trash"

    /// Everything the trash holds, most recently removed first.
    package func trashItems() -> [TrashItem] {
        FileSystem.list(root + "/" + Vault.trashFolder).filter { !$0.isDirectory && $0.name.hasSuffix(".md") && !$0.name.hasPrefix(".") }
            .map(\.name).sorted(by: >).compactMap(trashItem)
    }

    func trashItem(_ name: String) -> TrashItem? {
        guard let bytes = try? FileSystem.readFile(root + "/" + Vault.trashFolder + "/" + name).bytes else { return nil }
        let removed = TrashItem.removedTime(name)
        let document = PersonDocument(bytes: bytes, path: Vault.trashFolder + "/" + name, settings: logSettings)
        if name.hasSuffix(TrashItem.entrySuffix), let frontMatter = document.frontMatter,
           let path = frontMatter["path"]?.string, let line = frontMatter["line"]?.string.flatMap({ Int($0) }) {
            let lines = ((frontMatter.closeLine + 1)..<document.text.lineCount).map(document.text.string)
            return TrashItem(name: name, kind: .entry, removed: removed, personPath: path, summary: lines.first ?? "",
                             line: line, digest: frontMatter["digest"]?.string, lines: lines)
        }
        var stem = String(name.dropLast(".md".count))
        if removed.count == 19 { stem = String(stem.dropFirst("YYYYMMDD-HHMMSS-".count)) }
        // `crm rm` flattens `family/mom` to `family--mom`; a folder that is gone keeps the flat name.
        let nested = stem.split(separator: "--", omittingEmptySubsequences: false).joined(separator: "/")
        let folder = FileSystem.parentDirectory(of: "people/" + nested)
        let id = nested != stem && FileSystem.isDirectory(root + "/" + folder) ? nested : stem
        return TrashItem(name: name, kind: .person, removed: removed, personPath: "people/" + id + ".md",
                         summary: document.name, line: nil, digest: nil, lines: [])
    }

    /// Removes item `number` of `person`'s log as `crm show` numbers them (entries newest first,
    /// then undated follow-ups; see `LogItem`), keeping its lines in the trash (named with `stamp`,
    /// `YYYYMMDD-HHMMSS`) with the person's path and the entry's date.
    package func unlog(_ person: Person, number: Int, stamp: String) throws -> (item: LogItem, trash: TrashItem) {
        try ReadProblems.refuseUnreadable(person, doing: "not changed")
        let wanted = try item(numbered: number, in: person.document, of: person).item
        let change: String
        switch wanted {
        case .entry(let entry): change = entry.change(with: person.name)
        case .followUp: change = "follow-up with \(person.name)"
        }
        var removed: (item: LogItem, trash: TrashItem)?
        // Recorded before the entry goes to the trash: a kill before the file is written leaves
        // the entry in both places only until the next write takes it out of the trash.
        try recording {
            do {
                var acted: (before: PersonDocument, item: LogItem, bytes: [UInt8])?
                let (_, changed) = try update(person, change: change) { document in
                    // Applied again if the file changed meanwhile: the item the number names, if it is still the one read.
                    let item = try self.item(numbered: number, in: document, of: person, read: wanted).item
                    let (bytes, lines) = try document.removing(item)
                    acted = (document, item, bytes)
                    var header = ["---", "path: " + YAMLQuoting.scalar(person.path), "id: " + YAMLQuoting.scalar(person.id)]
                    if case .entry(let entry) = item { header.append("date: \(entry.date)") }
                    header += ["line: \(item.line)", "digest: " + TrashItem.digest(bytes), "---"]
                    let file = Array((header + lines).map { $0 + "\n" }.joined().utf8)
                    // A second attempt (the file changed meanwhile) replaces what the first put in the trash.
                    if let earlier = removed?.trash.name { FileSystem.removeIfPresent(try inside(Vault.trashFolder + "/" + earlier)) }
                    let name = try addToTrash(stem: stamp + "-" + person.id.replacingSlashes, suffix: TrashItem.entrySuffix) { target throws(FileSystemError) in
                        try record(Unfinished(.unlog, path: person.path, trash: String(target.split(separator: "/").last!), digest: TrashItem.digest(bytes)))
                        try FileSystem.create(target, with: file, locked: true)
                    }
                    removed = (item, trashItem(name)!)
                    return bytes
                }
                if changed, let acted { keepNumbers(of: person, before: acted.before, acted: acted.item, becoming: nil, after: acted.bytes) }
            } catch {
                // The file was not written (a full disk, a file that kept changing): the entry is only there.
                if let earlier = removed?.trash, (try? FileSystem.readFile(root + "/" + person.path).bytes).map(TrashItem.digest) != earlier.digest {
                    FileSystem.removeIfPresent(try inside(Vault.trashFolder + "/" + earlier.name))
                }
                throw error
            }
        }
        return removed!
    }

    /// Puts a file into `.crm/trash/` as `STEM` + `suffix`, or `STEM-2` + `suffix`, `-3`… when the
    /// name is taken (two removals in the same second), never over another: `put` moves or creates
    /// the file at the path it is given, failing when it exists. Returns the name used.
    func addToTrash(stem: String, suffix: String, _ put: (String) throws(FileSystemError) -> Void) throws -> String {
        try FileSystem.makeDirectories(try inside(Vault.trashFolder, for: .folder))
        var n = 1
        while true {
            let name = stem + (n == 1 ? "" : "-\(n)") + suffix
            do throws(FileSystemError) {
                try put(try inside(Vault.trashFolder + "/" + name))
                return name
            } catch {
                guard error.isAlreadyExists else { throw error }
                n += 1
            }
        }
    }

    /// Puts a trashed person file or entry back; returns where it went (path and 1-based line for an entry).
    package func restore(_ item: TrashItem) throws -> (path: String, line: Int?) {
        guard TrashItem.isPersonPath(item.personPath) else {
            throw VaultError("\(Vault.trashFolder)/\(item.name) goes back to '\(item.personPath)', which is not a file under people/; nothing was restored")
        }
        let trashed = try inside(Vault.trashFolder + "/" + item.name)
        switch item.kind {
        case .person:
            try recording {
                try FileSystem.makeDirectories(try inside(FileSystem.parentDirectory(of: item.personPath), for: .folder))
                try record(Unfinished(.restore, path: item.personPath, trash: item.name))
                do throws(FileSystemError) {
                    try FileSystem.move(trashed, to: try inside(item.personPath))
                } catch {
                    guard error.isAlreadyExists else { throw error }
                    throw VaultError("\(item.personPath) exists; not restoring \(item.name) over it (rename one of them first)")
                }
                recordWrite(root + "/" + item.personPath, person: item.summary, change: item.summary)
            }
            return (item.personPath, nil)
        case .entry:
            guard FileSystem.exists(root + "/" + item.personPath) else {
                throw VaultError("\(item.personPath) no longer exists; restore the person first (crm restore lists the trash)")
            }
            let types = config.logSettings.types
            let entry = item.lines.first.flatMap { EntryGrammar.interaction($0, types: types) }
            guard let first = item.lines.first, entry != nil || EntryGrammar.parse(first, types: types).isFollowUp else {
                throw VaultError("\(Vault.trashFolder)/\(item.name): its first line is not an entry; nothing was restored")
            }
            let person = try load(path: item.personPath)
            let change = entry?.change(with: person.name) ?? "follow-up with \(person.name)"
            var unchanged = false
            // Recorded before the entry goes back: a kill before it leaves the trash leaves it in both
            // places only until the next write takes it out of the trash.
            let written = try recording {
                let (written, _) = try update(person, change: change) { document in
                    unchanged = item.digest == TrashItem.digest(document.text.bytes)
                    let bytes = try document.restoring(item.lines, as: entry, at: unchanged ? item.line : nil)
                    try record(Unfinished(.restore, path: item.personPath, trash: item.name, digest: TrashItem.digest(bytes)))
                    return bytes
                }
                FileSystem.removeIfPresent(trashed)
                return written
            }
            // Its own line when put back there; else the first item written as it was.
            let log = written.document.log
            let lines = (log?.entriesWithoutNotes.map(\.line) ?? []) + (log?.followUps.map(\.line) ?? [])
            let line = unchanged ? item.line : lines.sorted().first { written.document.text.string($0 - 1) == first }
            return (item.personPath, line)
        }
    }

    /// The trash items whose name is `query`, or whose name or summary holds it (ignoring case and accents).
    package func trashItems(matching query: String) -> [TrashItem] {
        let items = trashItems()
        if let exact = items.first(where: { $0.name == query }) { return [exact] }
        let wanted = query.folded
        return items.filter { $0.name.folded.contains(wanted) || $0.summary.folded.contains(wanted) || $0.personPath.folded.contains(wanted) }
    }
}

extension TrashItem {
    static let entrySuffix = ".entry.md"

    /// Whether `path` (a trash file's `path:`, or what its name says) is a person file under
    /// `people/`: relative, without an empty, `.` or `..` part, ending in `.md`. Anything else
    /// would put the file back somewhere a sync peer chose, perhaps outside the vault.
    static func isPersonPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts[0] == "people" && path.hasSuffix(".md")
            && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// `YYYYMMDD-HHMMSS-…` → `YYYY-MM-DD HH:MM:SS`; the name itself when it does not start so.
    static func removedTime(_ name: String) -> String {
        let b = Array(name.utf8)
        guard b.count > 16, b[8] == 0x2D, b[15] == 0x2D,
              b[0..<8].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), b[9..<15].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return name }
        let s = String(decoding: b[0..<15], as: UTF8.self)
        func part(_ from: Int, _ count: Int) -> Substring { s.dropFirst(from).prefix(count) }
        return "\(part(0, 4))-\(part(4, 2))-\(part(6, 2)) \(part(9, 2)):\(part(11, 2)):\(part(13, 2))"
    }

    /// A digest of a file's bytes: its SHA-1 in hex (also what a vdir export's manifest records).
    package static func digest(_ bytes: [UInt8]) -> String {
        SHA1.digest(bytes).map { $0.hex() }.joined()
    }
}

extension UInt8 {
    /// The byte as two hex digits (`0a`, or `0A` when `uppercase`): in UUIDs, digests and
    /// percent-escapes.
    package func hex(uppercase: Bool = false) -> String {
        let digits = String(self, radix: 16, uppercase: uppercase)
        return self < 0x10 ? "0" + digits : digits
    }
}
