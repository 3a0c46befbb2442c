import CRMFormat
import Dispatch

/// A vault as one command opened it: a folder with `people/` (one Markdown file per person)
/// and optional `.crm/config.yaml`, with the settings read once.
///
/// A class, not a struct: the vault's writes are recorded in one change log (`changes`, which
/// `git: commit` commits when the command ends), and everything holding the vault must see the
/// same log. Open the vault again (`init(root:)`) for a new log and settings read anew, as each
/// write of `crm browse` and the language server does.
public final class Vault: Sendable {
    /// The vault folder, as found.
    public let root: String
    public let config: VaultConfig
    /// The config's interaction types and log heading, as every person file is read with them.
    package let logSettings: PersonDocument.LogSettings
    /// The files this vault's writes changed, for `commitChanges(command:)`.
    package let changes = VaultChanges()

    public init(root: String) throws(VaultError) {
        self.root = root
        let configPath = root + "/.crm/config.yaml"
        if FileSystem.exists(configPath) {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readFile(configPath).bytes
            } catch {
                throw VaultError("cannot read \(configPath): \(error.reason)")
            }
            // Settings read wrong would be a wrong log heading or types in every write: not read, nothing runs.
            if let problem = TextProblem(bytes) { throw VaultError("cannot read \(configPath): \(problem.reason)") }
            var read = VaultConfig(bytes: bytes, path: ".crm/config.yaml")
            read.checkJournalFolders { FileSystem.isDirectory(root + "/" + $0) }
            config = read
        } else {
            config = VaultConfig()
        }
        logSettings = config.logSettings
    }

    /// Finds the vault: `explicit` (`--vault`), else `$CRM_VAULT`, else the nearest of
    /// `currentDirectory` and its parents that holds `.crm/` or `people/`. A folder named by the
    /// option or the variable must be a vault (see `checkNamedVault`).
    package static func locate(explicit: String?, environment: [String: String], currentDirectory: String) throws(VaultError) -> Vault {
        if let dir = explicit ?? environment["CRM_VAULT"].flatMap({ $0.isEmpty ? nil : $0 }) {
            try checkNamedVault(dir, from: explicit != nil ? "--vault" : "CRM_VAULT")
            return try Vault(root: dir)
        }
        var tried: [String] = []
        if let found = nearestVault(from: currentDirectory, tried: &tried) { return try Vault(root: found) }
        throw VaultError("no vault found: none of \(tried.joined(separator: ", ")) holds .crm/ or people/; "
                         + "use --vault DIR, set CRM_VAULT, or create one with 'crm init'")
    }

    /// The nearest of `dir` and its parents that holds `.crm/` or `people/`; `tried` gets each folder looked at.
    private static func nearestVault(from dir: String, tried: inout [String]) -> String? {
        var dir = dir
        while true {
            tried.append(dir)
            if FileSystem.isDirectory(dir + "/.crm") || FileSystem.isDirectory(dir + "/people") { return dir }
            let parent = FileSystem.parentDirectory(of: dir)
            if parent == dir || dir.isEmpty { return nil }
            dir = parent
        }
    }

    /// Refuses a vault folder named by `--vault` or `$CRM_VAULT` (`from`) that is not one, saying
    /// what it is instead: missing, a file (and the vault that holds it, when one does), not
    /// readable, or a folder without `.crm/` and `people/` (which a write would otherwise make
    /// into a vault by accident).
    private static func checkNamedVault(_ dir: String, from: String) throws(VaultError) {
        let named = "vault folder '\(dir)' (from \(from))"
        let kind: FileSystem.Kind
        do { kind = try FileSystem.kind(of: dir) } catch {
            if error.isThroughAFile { throw VaultError("\(named) is not a folder: a part of the path is a file") }
            if error.isMissing { throw VaultError("vault folder '\(dir)' does not exist (from \(from))") }
            throw VaultError("cannot look at \(named): \(error.systemMessage)")
        }
        switch kind {
        case .directory: break
        case .regularFile:
            var tried: [String] = []
            let holder = nearestVault(from: FileSystem.parentDirectory(of: dir), tried: &tried)
            throw VaultError("\(named) is a file, not a folder; name the folder that holds people/ and .crm/"
                             + (holder.map { " ('\($0)' is the vault this file is in)" } ?? ""))
        case .other, .fifo, .device, .socket:
            throw VaultError("\(named) is not a folder; name the folder that holds people/ and .crm/")
        }
        if let problem = FileSystem.unreadableDirectory(dir) { throw VaultError("cannot read \(named): \(problem)") }
        let people = dir + "/people"
        if FileSystem.exists(people), !FileSystem.isDirectory(people) {
            throw VaultError("'\(people)' is not a folder: a vault keeps its person files in the folder people/")
        }
        guard FileSystem.isDirectory(people) || FileSystem.isDirectory(dir + "/.crm") else {
            throw VaultError("\(named) is not a vault: it holds neither .crm/ nor people/; 'crm init \(dir)' makes it one")
        }
    }
    // MARK: Reading

    /// One walk of `people/`: the person files relative to the vault (`people/ada.md`), and the
    /// sync-conflict copies, each in byte order (`Bytes.compare`), and a warning for each folder
    /// that could not be listed (`Permission denied`), whose people are left out. Hidden files and
    /// folders and temporary files are not people; symbolic links to folders are not followed
    /// (they could lead out of the vault or in a circle).
    package func personPaths() -> (people: [String], copies: [String], unreadable: [Diagnostic]) {
        let walked = walkPeople()
        return (walked.people, walked.copies, walked.unreadable)
    }

    /// The same, and every folder walked with its stamp, taken before the folder was read (what
    /// the facts cache lists the paths by while none of them changes); none when one could not be
    /// stamped or listed (a change in it could not be seen).
    func walkPeople() -> (people: [String], copies: [String], folders: [FactsCache.Folder], unreadable: [Diagnostic]) {
        var files: [(path: String, isConflictCopy: Bool)] = []
        var folders: [FactsCache.Folder] = [], unstamped = false
        var unreadable: [Diagnostic] = []
        func walk(_ relative: String, depth: Int) {
            guard depth < 32 else { return }
            guard let stamp = FileSystem.stamp(root + "/" + relative) else { return unstamped = true }
            if let reason = FileSystem.unreadableDirectory(root + "/" + relative) {
                unreadable.append(Diagnostic(path: relative, line: 1, rule: .unreadableFolder,
                                             message: "cannot read this folder (\(reason)): the people in it are left out"))
                return unstamped = true
            }
            folders.append(FactsCache.Folder(path: relative, stamp: stamp))
            FileSystem.forEachEntry(in: root + "/" + relative) { name, isDirectory, isSymbolicLink in
                guard !Vault.isHidden(name), isDirectory ? !isSymbolicLink : Vault.isMarkdown(name) else { return }
                // Invalid UTF-8 repaired, as in any String.
                let path = relative + "/" + String(decoding: name, as: UTF8.self)
                if isDirectory { walk(path, depth: depth + 1) } else { files.append((path, Vault.isConflictCopy(path))) }
            }
        }
        walk("people", depth: 0)
        var people: [String] = [], copies: [String] = []
        people.reserveCapacity(files.count)
        for i in nameOrder(files.map(\.path)) {
            if files[i].isConflictCopy { copies.append(files[i].path) } else { people.append(files[i].path) }
        }
        return (people, copies, unstamped ? [] : folders, unreadable)
    }

    /// `name.hasPrefix(".")`, decided on the bytes unless a combining mark follows the dot.
    private static func isHidden(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.first == UInt8(ascii: ".") else { return false }
        return name.count == 1 || name[1] < 0x80 ? true : String(decoding: name, as: UTF8.self).hasPrefix(".")
    }

    /// `name.hasSuffix(".md")`, decided on the bytes unless the dot could join what comes before it.
    private static func isMarkdown(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = name.count
        guard n >= 3, name[n - 3] == UInt8(ascii: "."), name[n - 2] == UInt8(ascii: "m"), name[n - 1] == UInt8(ascii: "d") else { return false }
        return n == 3 || name[n - 4] < 0x80 ? true : String(decoding: name, as: UTF8.self).hasSuffix(".md")
    }

    /// Syncthing (`x.sync-conflict-20261128-101500-ABCDEFG.md`) and Nextcloud / Dropbox
    /// (`x (conflicted copy 2026-11-28 101500).md`) conflict copies.
    /// `name` may be a path: only its last part counts.
    static func isConflictCopy(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            let file = UnsafeBufferPointer(rebasing: bytes[(bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0)...])
            func holds(_ marker: StaticString) -> Bool {
                Bytes.contains(UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount), in: file)
            }
            return holds(".sync-conflict-") || holds("conflicted copy")
        }
    }

    /// The path of the file a conflict copy belongs to: `people/ada.sync-conflict-….md` →
    /// `people/ada.md`. A copy of a copy belongs to the first file.
    package static func originalPath(ofConflictCopy copy: String) -> String {
        let folder = copy.contains("/") ? String(copy[..<copy.lastIndex(of: "/")!]) + "/" : ""
        let name = copy.split(separator: "/").last.map(String.init) ?? copy
        let ext = name.hasSuffix(".md") ? ".md" : ""
        var stem = Substring(name.dropLast(ext.count))
        if let range = stem.firstRange(of: ".sync-conflict-") { stem = stem[..<range.lowerBound] }
        if let copyWords = stem.firstRange(of: "conflicted copy"),
           let open = stem[..<copyWords.lowerBound].indices.last(where: { stem[$0...].hasPrefix(" (") }) {
            stem = stem[..<open]
        }
        return folder + stem + ext
    }

    /// Reads one person file; `notesOnDemand`: see `PersonDocument.init(bytes:path:settings:notesOnDemand:)`.
    package func load(path: String, notesOnDemand: Bool = false) throws(VaultError) -> Person {
        let (bytes, stamp) = try read(path: path)
        return person(path: path, bytes: bytes, stamp: stamp, notesOnDemand: notesOnDemand)
    }

    private func person(path: String, bytes: [UInt8], stamp: FileStamp, notesOnDemand: Bool = false) -> Person {
        ScannedFile(path: path, bytes: bytes, stamp: stamp, settings: logSettings).parsed(notesOnDemand: notesOnDemand)
    }

    /// One file's bytes, unparsed, and the stamp of the version read; `path` opened relative to
    /// `folder` (the vault folder, opened once for many files) when given.
    func read(path: String, in folder: Int32? = nil) throws(VaultError) -> (bytes: [UInt8], stamp: FileStamp) {
        do {
            if let folder { return try FileSystem.readFile(path, in: folder) }
            return try FileSystem.readFile(root + "/" + path)
        } catch {
            throw VaultError("cannot read \(path): \(error.reason)")
        }
    }

    /// Reads every person file (or the files at `paths`) on all cores and keeps only what
    /// `transform` makes of each (nil: nothing), in path order. `transform` gets the file as read
    /// (`ScannedFile`): its `person` is parsed when asked for, so a report that needs only the
    /// text (search, a note's links) parses nothing. Each file's bytes are dropped as soon as it
    /// is transformed, so a report over 100,000 people holds only its rows.
    package func scan<Row: Sendable>(paths: [String]? = nil, _ transform: @Sendable (ScannedFile) -> Row?) -> (rows: [Row], problems: [Diagnostic]) {
        let paths = paths ?? personPaths().people
        var results = [Result<Row?, VaultError>?](repeating: nil, count: paths.count)
        let folder = FileSystem.openDirectory(root)
        defer { FileSystem.closeDirectory(folder) }
        // Each file's result in its own slot: `crm search` of 10,000 people takes 79 ms on two
        // cores, 129 ms on one.
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                slots[i] = Result { () throws(VaultError) in
                    let (bytes, stamp) = try read(path: paths[i], in: folder)
                    return transform(ScannedFile(path: paths[i], bytes: bytes, stamp: stamp, settings: logSettings))
                }
            }
        }
        var rows: [Row] = []
        rows.reserveCapacity(paths.count)
        var problems: [Diagnostic] = []
        for (path, result) in zip(paths, results) {
            switch result! {
            case .success(let row): if let row { rows.append(row) }
            case .failure(let error): problems.append(Diagnostic(path: path, line: 1, rule: .unreadableFile, message: error.message))
            }
        }
        return (rows, problems)
    }

    /// The person a PERSON argument names. An id is looked up directly, without reading the
    /// other files; anything else is matched against everyone's keys (see `PersonMatcher`): those
    /// `links` holds when the caller has read them (`VaultLinks.read`, what a person's page shows
    /// too), else read now (`VaultLinks(keysOf:)`: from the facts cache where a file is unchanged,
    /// else from its front matter). When no one matches, the error says who is closest
    /// (`VaultError.unmatched`).
    public func find(_ query: String, in links: VaultLinks? = nil, notesOnDemand: Bool = false) throws(VaultError) -> Person {
        if let direct = directPath(query) { return try load(path: direct, notesOnDemand: notesOnDemand) }
        let keys = (links ?? VaultLinks(keysOf: self)).everyone
        return try load(path: PersonMatcher.match(query, in: keys, labels: { $0.labels(reading: self) }).path, notesOnDemand: notesOnDemand)
    }

    /// The file of the person whose id `query` is, when it exists.
    func directPath(_ query: String) -> String? {
        let direct = "people/" + query + ".md"
        guard !query.isEmpty, !query.hasPrefix("/"), !query.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") }),
              FileSystem.exists(root + "/" + direct) else { return nil }
        return direct
    }

    // MARK: Writing

    /// Applies `edit` to the person's file under the vault lock. When the file changed on disk since
    /// it was read (an editor, a sync tool), the edit is applied again to the new content; after
    /// five such changes in a row it gives up. A file that cannot be read at all is refused, naming
    /// the problem's `path:line:col`. Returns the person as written, or as it was when the
    /// edit changed nothing. `change` says what the edit does, for a commit message
    /// (`call with Ada Lovelace (2026-11-29)`); without it, the person's name.
    /// A read-only file (see `refuseReadOnly(_:_:)`) is refused before `edit` runs, so nothing
    /// the edit would do beside the file (a trash entry, a calendar event after it) is done.
    @discardableResult
    package func update(_ person: Person, change: String? = nil, _ edit: (PersonDocument) throws -> [UInt8]) throws -> (person: Person, changed: Bool) {
        try FileSystem.withLock(on: root) {
            try prepareWrite()
            let file = try inside(person.path, for: .write)
            // The person as read, while the file still has the stamp it was read with: the
            // replacement below compares its bytes with the file's before it swaps them.
            var current = FileSystem.stamp(root + "/" + person.path) == person.stamp ? person : try load(path: person.path)
            try ReadProblems.refuseUnreadable(current, doing: "not changed")
            for _ in 0..<5 {
                try Vault.refuseReadOnly(current.path, current.stamp)
                let bytes = try edit(current.document)
                if bytes == current.document.text.bytes { return (current, false) }
                guard try FileSystem.replace(file, with: bytes, ifUnchangedSince: current.stamp,
                                             original: current.document.text.bytes, locked: true) else {
                    // Someone wrote the file meanwhile: read theirs, apply the edit again.
                    current = try load(path: person.path)
                    continue
                }
                // What was written, read from the bytes: the file is not read again.
                guard let stamp = FileSystem.stamp(file) else { throw VaultError("cannot read \(person.path) after writing it") }
                let written = self.person(path: person.path, bytes: bytes, stamp: stamp)
                recordWrite(file, person: written.name, change: change)
                return (written, true)
            }
            throw VaultError("\(person.path) kept changing while it was being written; nothing was changed, try again")
        }
    }

    /// Refuses every person file at `paths` (relative to the vault) whose mode gives its owner no
    /// write bit, before a command that writes several of them writes any (see `refuseReadOnly(_:_:)`).
    package func refuseReadOnly(_ paths: [String]) throws(VaultError) {
        for path in paths {
            if let stamp = FileSystem.stamp(root + "/" + path) { try Vault.refuseReadOnly(path, stamp) }
        }
    }

    /// The one rule for read-only person files: a file whose mode has no write bit for its owner
    /// (`chmod 444`, or `chmod a-w`) is not changed. The bits are looked at, not whether the system
    /// would let this process write (it lets root write anything): an editor warns the same way.
    static func refuseReadOnly(_ path: String, _ stamp: FileStamp) throws(VaultError) {
        guard stamp.permissions & 0o200 == 0 else { return }
        let mode = String(stamp.permissions, radix: 8)
        throw VaultError("\(path) is read-only (mode \(String(repeating: "0", count: max(0, 4 - mode.count)) + mode)); not changed")
    }

    /// The full path of `relative` (a path in the vault), checked before a write, a move, a
    /// creation or a removal touches it: the one rule that keeps every write inside the vault (see
    /// `FileSystem.pathInside`). For `.write`, a person file that is a symbolic link to a file
    /// inside the vault gives that file (a write must not turn the link into a file).
    package func inside(_ relative: String, for use: FileSystem.Use = .name) throws(FileSystemError) -> String {
        try FileSystem.pathInside(root, relative, for: use)
    }

    /// Creates a new person file at `people/<slug>.md` (or `-2`, `-3`… when taken), never over an existing file.
    package func create(slug: String, bytes: [UInt8]) throws -> Person {
        try create([(slug, bytes)]) { $0 }[0]
    }

    /// Creates several person files as `create(slug:bytes:)` does, under one lock, flushing the
    /// `people/` folder once at the end instead of after each file (an import of 5,000 cards
    /// waits for half as many flushes). On a failure, the files created so far stay, flushed.
    /// Only `kept` of each person created is kept: an import keeps 5,000 paths, not 5,000 parsed files.
    package func create<Kept>(_ files: [(slug: String, bytes: [UInt8])], keeping kept: (Person) -> Kept) throws -> [Kept] {
        try FileSystem.withLock(on: root) {
            try prepareWrite()
            let dir = "people"
            try FileSystem.makeDirectories(try inside(dir, for: .folder))
            defer { FileSystem.syncDirectory(root + "/" + dir) }
            var created: [Kept] = []
            // The next suffix worth trying for each slug: a free name is found by looking, so each
            // new person costs one temporary file, and 400 people named alike are not 80,000 tries.
            var nextSuffix: [String: Int] = [:]
            for (slug, bytes) in files {
                var n = nextSuffix[slug] ?? 1
                let path = { dir + "/" + slug + (n == 1 ? "" : "-\(n)") + ".md" }
                while FileSystem.exists(root + "/" + path()) || FileSystem.isSymbolicLink(root + "/" + path()) { n += 1 }
                while true {
                    do {
                        try FileSystem.create(try inside(path()), with: bytes, locked: true, syncFolder: false)
                        let person = try load(path: path())
                        created.append(kept(person))
                        recordWrite(root + "/" + path(), person: person.name)
                        break
                    } catch let error as FileSystemError where error.isAlreadyExists {
                        n += 1
                    }
                }
                nextSuffix[slug] = n + 1
            }
            return created
        }
    }

    /// Moves a person's file to `.crm/trash/` (machine-local, not synced), named with the time.
    package func trash(_ person: Person, stamp: String) throws -> String {
        try recording {
            let source = try inside(person.path)
            let name = try addToTrash(stem: stamp + "-" + person.id.replacingSlashes, suffix: ".md") { target throws(FileSystemError) in
                // A move is a second name made, then the first removed: killed between, the next write removes it.
                try record(Unfinished(.rm, path: person.path, trash: String(target.split(separator: "/").last!)))
                try FileSystem.move(source, to: target)
            }
            recordWrite(root + "/" + person.path, person: person.name)
            return Vault.trashFolder + "/" + name
        }
    }

    /// Renames a person's file to `people/<slug>.md` in the same folder, never over another file.
    package func move(_ person: Person, toSlug slug: String) throws -> Person {
        try FileSystem.withLock(on: root) {
            try prepareWrite()
            let folder = FileSystem.parentDirectory(of: person.path)
            var n = 1
            while true {
                let path = folder + "/" + slug + (n == 1 ? "" : "-\(n)") + ".md"
                if path == person.path { return person }
                do {
                    try FileSystem.move(try inside(person.path), to: try inside(path))
                    recordWrite(root + "/" + person.path)
                    recordWrite(root + "/" + path, person: person.name)
                    return try load(path: path)
                } catch let error as FileSystemError where error.isAlreadyExists {
                    n += 1
                }
            }
        }
    }
}

/// One file as `Vault.scan` read it: its path in the vault, its bytes, and the person they are,
/// parsed only when asked for.
package struct ScannedFile {
    package let path: String
    package let bytes: [UInt8]
    /// The stamp of the version read.
    let stamp: FileStamp
    let settings: PersonDocument.LogSettings

    /// The person file the bytes are, parsed now (with the vault's log settings).
    package var person: Person { parsed() }

    /// `notesOnDemand`: see `PersonDocument.init(bytes:path:settings:notesOnDemand:)`.
    func parsed(notesOnDemand: Bool = false) -> Person {
        Person(id: Person.id(forPath: path), path: path,
               document: PersonDocument(bytes: bytes, path: path, settings: settings, notesOnDemand: notesOnDemand), stamp: stamp)
    }
}

extension String {
    var replacingSlashes: String { split(separator: "/").joined(separator: "--") }
}
