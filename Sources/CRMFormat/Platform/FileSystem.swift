#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file-system call, with the path and the system's reason.
package struct FileSystemError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var code: Int32
    /// Whether `reason` is the tool's own refusal (`is a symbolic link to …`), read after the path.
    private var isRefusal = false

    init(_ path: String, _ what: String, errno code: Int32 = errno) {
        self.path = path
        self.code = code
        reason = "\(what): \(String(cString: strerror(code)))"
    }

    /// A path that is not a file (`notAFile`: "it is a FIFO, not a file"), said as what it is.
    init(_ path: String, notAFile reason: String) {
        (self.path, self.reason, self.code) = (path, reason, EISDIR)
    }

    /// A refusal in the tool's own words (`reason`), not a system call's.
    package init(_ path: String, refusing reason: String, errno code: Int32) {
        (self.path, self.reason, self.code, isRefusal) = (path, reason, code, true)
    }

    package var description: String { isRefusal ? "\(path) \(reason)" : "\(path): \(reason)" }

    /// The target of a create or move already exists.
    package var isAlreadyExists: Bool { code == EEXIST }

    /// The path, or a folder on the way to it, does not exist.
    package var isMissing: Bool { code == ENOENT || code == ENOTDIR }

    /// A part of the path before its last is a file, not a folder.
    package var isThroughAFile: Bool { code == ENOTDIR }

    /// Whether the file or folder was not there (`ENOENT`).
    package var isNotFound: Bool { code == ENOENT }

    /// The system's message alone (`Permission denied`), without the path or the failed step.
    package var systemMessage: String { String(cString: strerror(code)) }
}

/// What identifies one version of a file on disk: if any of these changed, someone wrote it.
package struct FileStamp: Sendable, Equatable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modified: Int64   // nanoseconds
    /// The status change time (nanoseconds): unlike `modified`, no tool can set it back.
    package var changed: Int64
    package var mode: UInt32

    /// Whether this is the same file with the same contents as `other`, as far as the stamps tell:
    /// the status change time is left out, which a rename or a swap changes.
    package func isSameVersion(as other: FileStamp) -> Bool {
        (device, inode, size, modified) == (other.device, other.inode, other.size, other.modified)
    }

    /// The permission bits, to give a replacement file.
    package var permissions: UInt32 { mode & 0o7777 }

    package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64, mode: UInt32) {
        (self.device, self.inode, self.size, self.modified, self.changed, self.mode) = (device, inode, size, modified, changed, mode)
    }
}

/// The few POSIX calls the vault needs, in one place: reading, atomic replacement, exclusive
/// creation, directory listing and locking.
package enum FileSystem {
    /// Removes the file `path` if it is there, whatever comes of it (a temporary file, a trashed
    /// copy already gone).
    package static func removeIfPresent(_ path: String) { unlink(path) }

    package static func stamp(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileStamp(st)
    }

    /// The stamp of `path` relative to the folder open as `directory` (`openDirectory`): a folder
    /// opened once, so looking at 100,000 files walks only their own names, not the folder's path
    /// each time.
    package static func stamp(_ path: String, in directory: Int32) -> FileStamp? {
        var st = stat()
        return fstatat(directory, path, &st, 0) == 0 ? FileStamp(st) : nil
    }

    /// `directory` opened for `readFile(_:in:)` and `stamp(_:in:)`, nil when it cannot be; close with `closeDirectory`.
    package static func openDirectory(_ directory: String) -> Int32? {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    package static func closeDirectory(_ fd: Int32?) { if let fd { close(fd) } }

    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Why the folder at `path` cannot be listed and its files opened (`Permission denied`), or
    /// nil when it can.
    package static func unreadableDirectory(_ path: String) -> String? {
        access(path, R_OK | X_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Whether `path` itself is a symbolic link.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// What a path is, following symbolic links.
    package enum Kind: Sendable, Equatable {
        case directory, regularFile, fifo, device, socket, other

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFDIR: self = .directory
            case S_IFREG: self = .regularFile
            case S_IFIFO: self = .fifo
            case S_IFCHR, S_IFBLK: self = .device
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }

        /// What a reader says of a path it wanted a file at and found this: "it is a FIFO, not a
        /// file"; nil for a file. The one rule for every file the tool reads (docs/safety.md).
        package var notAFile: String? {
            switch self {
            case .regularFile: nil
            case .directory: "it is a folder, not a file"
            case .fifo: "it is a FIFO, not a file"
            case .device: "it is a device, not a file"
            case .socket: "it is a socket, not a file"
            case .other: "it is not a file"
            }
        }
    }

    /// What `path` is (following symbolic links); throws when it cannot be looked at, e.g. when
    /// it does not exist (`isMissing`).
    package static func kind(of path: String) throws(FileSystemError) -> Kind {
        var st = stat()
        guard stat(path, &st) == 0 else { throw FileSystemError(path, "cannot look at") }
        return Kind(mode: st.st_mode)
    }

    /// How a path is used by `pathInside(_:of:for:)`.
    package enum Use: Sendable {
        /// Its contents are written: a file that is a symbolic link is written at its target, which
        /// must be inside the folder too.
        case write
        /// It is moved, created or removed as a name: a symbolic link is moved as the link.
        case name
        /// It is a folder files are made in: it must not be a symbolic link either.
        case folder
    }

    /// The full path of `relative` inside `root`, checked before `crm` writes, moves, creates or
    /// removes it, so that no write leaves `root` (the vault) through a name a sync peer chose:
    /// `relative` has no empty, `.` or `..` part, no folder on the way from `root` is a symbolic
    /// link (each is looked at without following it), and, for `.write`, a file that is a
    /// symbolic link is replaced by its target only when that lies inside `root` (resolved, as
    /// `root` itself is). Throws, naming the part, when it would lead elsewhere.
    /// `place` names `root` in the refusals ("the vault", "the folder ~/contacts").
    package static func pathInside(_ root: String, _ relative: String, for use: Use, place: String = "the vault") throws(FileSystemError) -> String {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw FileSystemError(relative, refusing: "is not a path inside \(place) (it is absolute, or has an empty, '.' or '..' part); nothing was written", errno: EPERM)
        }
        var path = root
        for (i, part) in parts.enumerated() {
            path += "/" + part
            var st = stat()
            guard lstat(path, &st) == 0 else {
                if errno == ENOENT { return root + "/" + relative }   // created from here on, as real folders
                throw FileSystemError(path, "cannot look at")
            }
            guard (st.st_mode & S_IFMT) == S_IFLNK else { continue }
            let shown = parts[...i].joined(separator: "/")
            let target = (try? resolvedPath(path)) ?? "a missing place"
            guard i == parts.count - 1, use != .folder else {
                throw FileSystemError(shown, refusing: "is a symbolic link to \(target); crm writes only in the vault's own folders, not through a linked one; nothing was written", errno: ELOOP)
            }
            guard use == .write else { return path }
            let inside = try resolvedPath(root)
            guard target.hasPrefix(inside + "/") else {
                throw FileSystemError(shown, refusing: "is a symbolic link to \(target), outside \(place); not writing through it", errno: ELOOP)
            }
            return target
        }
        return path
    }

    /// Where `relative` inside `root` really is, when symbolic links on the way lead it out of
    /// `root` (both resolved); nil when it stays inside or cannot be resolved. What a walk asks
    /// before it starts in a folder a setting names.
    package static func placeOutside(_ root: String, _ relative: String) -> String? {
        guard let inside = try? resolvedPath(root), let target = try? resolvedPath(root + "/" + relative) else { return nil }
        return target == inside || target.hasPrefix(inside == "/" ? "/" : inside + "/") ? nil : target
    }

    /// `path` with every symbolic link resolved, so a replacement writes the file a link points
    /// to instead of turning the link into a file.
    package static func resolvedPath(_ path: String) throws(FileSystemError) -> String {
        guard let resolved = realpath(path, nil) else { throw FileSystemError(path, "cannot resolve") }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The whole file and the stamp of the version read; a relative `path` is found in the
    /// folder open as `directory` (one folder opened for many files walks only their names).
    package static func readFile(_ path: String, in directory: Int32 = AT_FDCWD) throws(FileSystemError) -> (bytes: [UInt8], stamp: FileStamp) {
        try withRegularFile(path, in: directory) { fd, st throws(FileSystemError) in try readAll(fd, size: Int(st.st_size), path: path) }
    }

    /// Whether the file at `path` holds exactly `bytes`, and the stamp of the version compared:
    /// read a megabyte at a time, so a large file is never held whole beside `bytes`.
    package static func fileHolds(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) -> (same: Bool, stamp: FileStamp) {
        try withRegularFile(path, in: AT_FDCWD) { fd, st throws(FileSystemError) in
            guard Int(st.st_size) == bytes.count else { return false }
            var piece = [UInt8](repeating: 0, count: 1 << 20)
            var offset = 0
            while true {
                guard let n = piece.withUnsafeMutableBytes({ readFully(fd, into: $0) }) else { throw FileSystemError(path, "cannot read") }
                guard offset + n <= bytes.count, bytes.withUnsafeBufferPointer({ all in
                    piece.withUnsafeBufferPointer { Bytes.compare(UnsafeBufferPointer(rebasing: all[offset..<(offset + n)]), UnsafeBufferPointer(rebasing: $0[..<n])) == 0 }
                }) else { return false }
                offset += n
                if n < piece.count { return offset == bytes.count }
            }
        }
    }

    /// `body` given the open regular file at `path` and its status, and the file's stamp.
    private static func withRegularFile<T>(_ path: String, in directory: Int32,
                                           _ body: (Int32, stat) throws(FileSystemError) -> T) throws(FileSystemError) -> (T, FileStamp) {
        let (fd, st) = try openRegularFile(path, in: directory)
        defer { close(fd) }
        return (try body(fd, st), FileStamp(st))
    }

    /// The regular file at `path` (relative to the folder open as `directory`) opened for reading,
    /// and its status; the caller closes it.
    static func openRegularFile(_ path: String,
                                in directory: Int32 = AT_FDCWD) throws(FileSystemError) -> (fd: Int32, status: stat) {
        // What the path is, looked at before it is opened: a named pipe, a device (`/dev/zero`
        // through a symbolic link) or a folder is named and never opened, which could wait for a
        // writer, never end, or start a device.
        var st = stat()
        if fstatat(directory, path, &st, 0) == 0, let what = Kind(mode: st.st_mode).notAFile {
            throw FileSystemError(path, notAFile: what)
        }
        // Non-blocking, so that a named pipe put in the file's place since is refused instead of waited on.
        let fd = openat(directory, path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(path, "cannot open") }
        let refusal = fstat(fd, &st) != 0 ? FileSystemError(path, "cannot stat")
            : Kind(mode: st.st_mode).notAFile.map { FileSystemError(path, notAFile: $0) }
        if let refusal { close(fd); throw refusal }
        return (fd, st)
    }

    /// Everything `fd` holds, `size` bytes by its status or more if it grew.
    private static func readAll(_ fd: Int32, size: Int, path: String) throws(FileSystemError) -> [UInt8] {
        // Read straight into the array's room (one byte more than the size, to see the end), not
        // into zeros written first; a file that grew meanwhile is read on in pieces.
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            guard let n = readFully(fd, into: UnsafeMutableRawBufferPointer(buffer)) else { return failed = true }
            count = n
        }
        var grew = !failed && bytes.count == size + 1
        while grew {
            var piece = [UInt8](repeating: 0, count: 65536)
            guard let n = piece.withUnsafeMutableBytes({ readFully(fd, into: $0) }) else { failed = true; break }
            bytes.append(contentsOf: piece[..<n])
            grew = n == piece.count
        }
        if failed { throw FileSystemError(path, "cannot read") }
        return bytes
    }

    /// Reads from `fd` until `buffer` is full or the file ends; the count read, nil on an error.
    static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        var total = 0
        while total < buffer.count {
            let n = Platform.read(fd, buffer.baseAddress! + total, buffer.count - total)
            // Local file systems read regular files in full even when non-blocking; a network or
            // user-space one may not: then the file is read blocking.
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK); continue }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            total += n
        }
        return total
    }

    /// For tests of resource failures: while set (`$simulatedWriteFailure.withValue(ENOSPC) { … }`),
    /// every temporary file fails half way through its write with this error number, as a full
    /// disk (ENOSPC), a failing device (EIO) or a permission taken away (EACCES) would.
    @TaskLocal static var simulatedWriteFailure: Int32?

    /// Writes `bytes` to a new temporary file beside `path`, flushed to disk, with `mode`.
    /// Temporary names start with `.crm-tmp-` so nothing ever takes them for a person.
    ///
    /// With `locked` (the caller holds the vault lock, so no other `crm` writes beside `path`),
    /// the name is fixed for `path` (`.crm-tmp-ada.md`): a temporary file a killed `crm` left
    /// behind is removed, and replaced by a new one created exclusively (so a leftover hard link
    /// to the person file itself, or a pipe, is never written through). Otherwise the name is random.
    static func writeTemporary(_ bytes: [UInt8], beside path: String, mode: UInt32, locked: Bool = false) throws(FileSystemError) -> String {
        try writeTemporary(beside: path, mode: mode, locked: locked) { write throws(FileSystemError) in try write(bytes[...]) }
    }

    /// The same, with the contents given in pieces: `produce` calls `write` with each piece in
    /// turn, so a large file (the facts cache of 100,000 people) is never whole in memory.
    static func writeTemporary(beside path: String, mode: UInt32, locked: Bool = false,
                               produce: (_ write: (ArraySlice<UInt8>) throws(FileSystemError) -> Void) throws(FileSystemError) -> Void)
        throws(FileSystemError) -> String {
        let dir = parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let fd: Int32
        let temp: String
        if locked, name.utf8.count < 200 {
            temp = dir + "/" + temporaryPrefix + name
            unlink(temp)
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        } else {
            var template = Array((dir + "/" + temporaryPrefix + "XXXXXX").utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard fd >= 0 else { throw FileSystemError(dir, "cannot create a temporary file") }
        removeLeftovers(in: dir, except: temp, locked: locked)
        do throws(FileSystemError) {
            defer { close(fd) }
            guard fchmod(fd, mode_t(mode & 0o7777)) == 0 else { throw FileSystemError(temp, "cannot set permissions") }
            try produce { bytes throws(FileSystemError) in
                if let simulated = simulatedWriteFailure {
                    // Tests: fail half way, as a disk filling up would.
                    _ = bytes.withUnsafeBytes { raw in raw.baseAddress.map { Platform.write(fd, $0, raw.count / 2) } }
                    throw FileSystemError(path, "cannot write", errno: simulated)
                }
                var written = 0
                while written < bytes.count {
                    let n = bytes.withUnsafeBytes { Platform.write(fd, $0.baseAddress! + written, $0.count - written) }
                    if n < 0 { if errno == EINTR { continue }; throw FileSystemError(path, "cannot write") }
                    written += n
                }
            }
            guard Platform.flushToDisk(fd) == 0 else { throw FileSystemError(path, "cannot flush to disk") }
        } catch {
            unlink(temp)
            throw error
        }
        return temp
    }

    /// Replaces `path` with `bytes` atomically: a flushed temporary file renamed over it, the
    /// folder flushed after. Keeps the file's permissions.
    package static func replace(_ path: String, with bytes: [UInt8], mode: UInt32) throws(FileSystemError) {
        try rename(try writeTemporary(bytes, beside: path, mode: mode), over: path)
    }

    /// Writes the whole file `path` atomically: an existing file keeps its permissions, a new one
    /// gets `newFileMode`.
    package static func write(_ path: String, with bytes: [UInt8], newFileMode: UInt32 = 0o644) throws(FileSystemError) {
        try replace(path, with: bytes, mode: stamp(path)?.mode ?? newFileMode)
    }

    /// The same, with the contents given in pieces (see `writeTemporary(beside:mode:locked:produce:)`).
    package static func write(_ path: String, newFileMode: UInt32 = 0o644,
                      producing produce: (_ write: (ArraySlice<UInt8>) throws(FileSystemError) -> Void) throws(FileSystemError) -> Void)
        throws(FileSystemError) {
        let temp = try writeTemporary(beside: path, mode: stamp(path)?.mode ?? newFileMode, produce: produce)
        try rename(temp, over: path)
    }

    /// Replaces `path` with `bytes` atomically, keeping its permissions, only if it is still the
    /// version read as `stamp` (and, when given, still holds `original`: a same-size edit within
    /// the file system's clock tick changes no stamp). Returns false, writing nothing, when
    /// someone changed it meanwhile.
    ///
    /// No save lands unseen between the last look and the replacement: where the file system can
    /// (Linux, `Platform.exchange`), the new file is swapped in and what it swapped out is
    /// compared with what was read; when someone saved in between (an editor renaming its file
    /// over this one), theirs is swapped back and false returned, so the caller applies its edit
    /// to their content. Elsewhere the file is looked at last just before the rename (a window of
    /// microseconds).
    package static func replace(_ path: String, with bytes: [UInt8], ifUnchangedSince stamp: FileStamp,
                               original: [UInt8]? = nil, locked: Bool = false) throws(FileSystemError) -> Bool {
        let temp = try writeTemporary(bytes, beside: path, mode: stamp.mode, locked: locked)
        guard FileSystem.stamp(path) == stamp, original == nil || (try? readFile(path).bytes) == original,
              let ours = FileSystem.stamp(temp) else {
            unlink(temp)
            return false
        }
        guard Platform.exchange(temp, path) == 0 else {
            guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else {
                let error = FileSystemError(path, "cannot replace")
                unlink(temp)
                throw error
            }
            try rename(temp, over: path)
            return true
        }
        // `temp` now holds what `path` held the moment they were swapped: the version read, or a save made since.
        let swappedOut = FileSystem.stamp(temp)
        if let swappedOut, swappedOut.isSameVersion(as: stamp), original == nil || (try? readFile(temp).bytes) == original {
            unlink(temp)
            syncDirectory(parentDirectory(of: path))
            // A save renamed over the new file after the swap replaced it: the caller reads theirs.
            return FileSystem.stamp(path)?.inode == ours.inode
        }
        try swapBack(temp, path, ours: ours)
        return false
    }

    /// After `replace` swapped its new file (`ours`) into `path` and found a save made meanwhile
    /// in `temp`: puts the save back at `path` and removes the new file. When yet another save
    /// replaced the new file at `path` meanwhile, the swap back brings that one out: it is the
    /// newest, and goes back in its turn (the earlier save, which it replaced, is dropped as a
    /// rename over it would have).
    private static func swapBack(_ temp: String, _ path: String, ours: FileStamp) throws(FileSystemError) {
        func swap() throws(FileSystemError) {
            guard Platform.exchange(temp, path) == 0 else {
                throw FileSystemError(path, "changed while writing; cannot put the other version back from \(temp)")
            }
        }
        try swap()
        if let out = FileSystem.stamp(temp), out.inode != ours.inode { try swap() }
        unlink(temp)
        syncDirectory(parentDirectory(of: path))
    }

    /// Renames `from` over `to` (an atomic replace) and flushes the folder.
    static func rename(_ from: String, over to: String) throws(FileSystemError) {
        guard renameat(AT_FDCWD, from, AT_FDCWD, to) == 0 else {
            let error = FileSystemError(to, "cannot replace")
            unlink(from)
            throw error
        }
        syncDirectory(parentDirectory(of: to))
    }

    /// The prefix of every temporary file the tool writes; hidden, so nothing takes it for a person.
    static let temporaryPrefix = ".crm-tmp-"

    /// Folders whose leftover temporary files this process has looked for already.
    nonisolated(unsafe) private static var cleaned: Set<String> = []
    private static let cleanedLock = Lock()

    /// Removes the temporary files a killed `crm` left in `dir`, once per folder and process, on
    /// its first write there. Under the vault lock (`locked`) a file named after the file it
    /// replaces (`.crm-tmp-ada.md`) is a leftover, as only the lock's holder writes those; any
    /// other (`.crm-tmp-x7Qa9Z`, from a write that does not take the lock: the facts cache, a git
    /// merge) may be another process's file being written, and goes only an hour after its last change.
    private static func removeLeftovers(in dir: String, except own: String, locked: Bool) {
        guard cleanedLock.withLock({ cleaned.insert(dir).inserted }) else { return }
        let hourAgo = Platform.nanosecondsSince1970() - 3_600_000_000_000
        let prefix = Array(temporaryPrefix.utf8)
        var leftovers: [String] = []
        // Names are compared as bytes: a folder of 100,000 people makes no string but for a leftover.
        forEachEntry(in: dir) { name, isDirectory, _ in
            if !isDirectory, name.starts(with: prefix) { leftovers.append(String(decoding: name, as: UTF8.self)) }
        }
        for name in leftovers {
            let path = dir + "/" + name
            guard path != own, let found = FileSystem.stamp(path) else { continue }
            if locked && name.hasSuffix(".md") || found.modified < hourAgo { unlink(path) }
        }
    }

    /// Creates `path` with `bytes`, atomically and never over an existing file (`locked`: see
    /// `writeTemporary`). `syncFolder: false` leaves flushing the folder to the caller, who creates
    /// many files in it and flushes it once.
    package static func create(_ path: String, with bytes: [UInt8], mode: UInt32 = 0o644, locked: Bool = false,
                              syncFolder: Bool = true) throws(FileSystemError) {
        let temp = try writeTemporary(bytes, beside: path, mode: mode, locked: locked)
        defer { unlink(temp) }
        try renameWithoutReplacing(temp, to: path, what: "cannot create")
        if syncFolder { syncDirectory(parentDirectory(of: path)) }
    }

    /// Moves `from` to `to` without replacing an existing `to`.
    package static func move(_ from: String, to: String) throws(FileSystemError) {
        try renameWithoutReplacing(from, to: to, what: "cannot move \(from) here")
        syncDirectory(parentDirectory(of: from))
        syncDirectory(parentDirectory(of: to))
    }

    /// `from` takes the name `to` unless `to` exists: a hard link and an unlink, which fail
    /// atomically when `to` exists. File systems without hard links (exFAT, some network and FUSE
    /// mounts) get a check and a rename instead, safe from other `crm` processes under the lock.
    private static func renameWithoutReplacing(_ from: String, to: String, what: String) throws(FileSystemError) {
        if link(from, to) == 0 {
            guard unlink(from) == 0 else {
                let error = FileSystemError(from, "cannot remove")
                unlink(to)   // the move failed: take back the second name, or the file would be in both places
                throw error
            }
            return
        }
        let code = errno
        guard code == EPERM || code == EOPNOTSUPP || code == ENOSYS else { throw FileSystemError(to, what, errno: code) }
        guard !exists(to) else { throw FileSystemError(to, what, errno: EEXIST) }
        guard renameat(AT_FDCWD, from, AT_FDCWD, to) == 0 else { throw FileSystemError(to, what) }
    }

    package static func makeDirectories(_ path: String) throws(FileSystemError) {
        if isDirectory(path) { return }
        let parent = parentDirectory(of: path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw FileSystemError(path, "cannot create folder") }
    }

    package static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    package static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Names in a folder (not `.` and `..`), each with whether it is a folder (a symbolic link
    /// counts as what it points to) and whether it is a symbolic link.
    package static func list(_ path: String) -> [(name: String, isDirectory: Bool, isSymbolicLink: Bool)] {
        var entries: [(name: String, isDirectory: Bool, isSymbolicLink: Bool)] = []
        forEachEntry(in: path) { name, isDirectory, isSymbolicLink in
            entries.append((String(decoding: name, as: UTF8.self), isDirectory, isSymbolicLink))
        }
        return entries
    }

    /// The same, each name handed to `body` as its bytes while the folder is read: no String is
    /// made for a name `body` passes over.
    package static func forEachEntry(in path: String, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ isDirectory: Bool, _ isSymbolicLink: Bool) -> Void) {
        guard let dir = opendir(path) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let start = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let name = UnsafeBufferPointer(start: start, count: strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count))
                if name.count <= 2, name.allSatisfy({ $0 == UInt8(ascii: ".") }) { return }   // `.` and `..`
                let type = entry.pointee.d_type
                var isDir = type == UInt8(DT_DIR)
                var isLink = type == UInt8(DT_LNK)
                if type == UInt8(DT_UNKNOWN) || isLink {
                    let full = path + "/" + String(decoding: name, as: UTF8.self)
                    var st = stat()
                    if type == UInt8(DT_UNKNOWN), lstat(full, &st) == 0 { isLink = (st.st_mode & S_IFMT) == S_IFLNK }
                    isDir = isDirectory(full)
                }
                body(name, isDir, isLink)
            }
        }
    }

    /// Holds an exclusive lock on a folder while `body` runs, so two `crm` processes never
    /// edit the vault at once. The lock is on the folder itself: no lock file is left behind.
    /// A thread that holds it already runs `body` at once (a command of several steps holds it
    /// across them, each step taking it again).
    package static func withLock<T>(on directory: String, _ body: () throws -> T) throws -> T {
        let me = pthread_self()
        if heldLock.withLock({ held[directory].map { pthread_equal($0, me) != 0 } ?? false }) { return try body() }
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(directory, "cannot open to lock") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileSystemError(directory, "cannot lock") }
        }
        defer { flock(fd, LOCK_UN) }
        heldLock.withLock { held[directory] = me }
        defer { heldLock.withLock { held[directory] = nil } }
        return try body()
    }

    /// The folders this process holds the lock on, and the thread holding each.
    nonisolated(unsafe) private static var held: [String: pthread_t] = [:]
    private static let heldLock = Lock()
}
