#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library calls whose names or fields differ between macOS and iOS (Darwin) and Linux
/// (Glibc, Musl), and those the tool makes beside its files (the clock, the environment,
/// signals), in one place. The library's other C calls, POSIX and spelt the same on each, are
/// beside it in this folder: the file system's (`FileSystem`: `open`, `stat`, `renameat`,
/// `flock`, `readdir`…), `memchr` and `memcmp` (`Bytes`), processes (`Subprocess`: `posix_spawn`,
/// `pipe`, `poll`) and locks (`Lock`).
package enum Platform {
    /// The real-time clock, in nanoseconds since 1970 (`clock_gettime`).
    package static func nanosecondsSince1970() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Today's date where the machine is (`localtime_r` of now).
    package static func localDate() -> (year: Int, month: Int, day: Int) {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    /// Ends the process with `status` (`exit(3)`: what is buffered is written first).
    package static func exit(_ status: Int32) -> Never {
        #if canImport(Darwin)
        Darwin.exit(status)
        #elseif canImport(Glibc)
        Glibc.exit(status)
        #else
        Musl.exit(status)
        #endif
    }

    /// Whether `fd` is a terminal (`isatty`).
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether the call that just failed was only interrupted by a signal (`EINTR`): make it again.
    package static var wasInterrupted: Bool { errno == EINTR }

    /// `write(2)`.
    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #elseif canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Musl.write(fd, buffer, count)
        #endif
    }

    /// `read(2)`.
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #elseif canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #else
        Musl.read(fd, buffer, count)
        #endif
    }

    /// Swaps the files at `a` and `b` in one step, each keeping the other's name: Linux's
    /// `renameat2(…, RENAME_EXCHANGE)`, looked up in the C library (Swift's Glibc module does not
    /// declare it). -1 with `EINVAL` where it cannot be done: a file system without the operation
    /// (some network and FUSE mounts), a C library older than 2.28, another platform.
    package static func exchange(_ a: String, _ b: String) -> Int32 {
        #if canImport(Glibc)
        if let renameat2 = renameat2 { return renameat2(AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */) }
        #endif
        errno = EINVAL
        return -1
    }

    #if canImport(Glibc)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameat2: RenameAt2? = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    #endif

    /// Flushes a file's data to the storage itself. On Darwin `fsync` only hands the data to the
    /// drive, which may keep it in its cache: `F_FULLFSYNC` asks the drive to write it, and
    /// `fsync` is the fallback where a file system does not support that (network volumes).
    package static func flushToDisk(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(fd)
    }

    /// Blocks SIGPIPE in this thread, so that a write to a pipe whose reader has gone fails with
    /// EPIPE instead of ending the process; returns the mask to hand to `release(_:)`.
    static func holdPipeSignal() -> sigset_t {
        var pipe = pipeSignal, previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        return previous
    }

    /// Discards a SIGPIPE raised while it was held, then restores the thread's signal mask.
    static func release(_ previous: sigset_t) {
        var pending = sigset_t(), previous = previous, pipe = pipeSignal
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
            var taken: Int32 = 0
            sigwait(&pipe, &taken)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    private static var pipeSignal: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        return set
    }

    /// Whether `path` is a regular file this process may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    /// Whether `path` is a folder this process may enter.
    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        guard st.st_mode & S_IFMT == S_IFDIR else { errno = ENOTDIR; return false }
        return access(path, X_OK) == 0
    }

    /// This process's environment as `posix_spawn` takes it.
    static var environ: UnsafePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Darwin)
        UnsafePointer(_NSGetEnviron()!.pointee!)
        #elseif canImport(Glibc)
        UnsafePointer(Glibc.environ)
        #else
        UnsafePointer(Musl.environ)
        #endif
    }

    /// This process's environment variables (a `NAME=value` entry without `=` is left out).
    package static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}

extension FileStamp {
    /// The stamp of a file's status: the times are `st_mtimespec` and `st_ctimespec` on Darwin,
    /// `st_mtim` and `st_ctim` on Linux; the device is an `Int32` on Darwin, a `UInt64` on Linux.
    init(_ st: stat) {
        #if canImport(Darwin)
        let (modified, changed) = (st.st_mtimespec, st.st_ctimespec)
        #else
        let (modified, changed) = (st.st_mtim, st.st_ctim)
        #endif
        func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
        self.init(device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                  modified: nanoseconds(modified), changed: nanoseconds(changed), mode: UInt32(st.st_mode))
    }
}
