#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library calls whose names or fields differ between macOS and iOS (Darwin) and Linux
/// (Glibc, Musl), in one place. Everything else CRMKit calls (`open`, `stat`, `link`, `readdir`,
/// `memchr`…) is POSIX and spelt the same on each, so those files only import the C library.
enum Platform {
    /// `write(2)`.
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #elseif canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Musl.write(fd, buffer, count)
        #endif
    }

    /// `read(2)`.
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #elseif canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #else
        Musl.read(fd, buffer, count)
        #endif
    }

    /// `rename(2)`: `to` is replaced atomically.
    static func rename(_ from: String, _ to: String) -> Int32 {
        #if canImport(Darwin)
        Darwin.rename(from, to)
        #elseif canImport(Glibc)
        Glibc.rename(from, to)
        #else
        Musl.rename(from, to)
        #endif
    }

    /// Flushes a file's data to the storage itself. On Darwin `fsync` only hands the data to the
    /// drive, which may keep it in its cache: `F_FULLFSYNC` asks the drive to write it, and
    /// `fsync` is the fallback where a file system does not support that (network volumes).
    static func flushToDisk(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(fd)
    }

    /// Waits for an exclusive advisory lock on an open file or folder (`flock`, on both).
    static func lock(_ fd: Int32) -> Int32 { flock(fd, LOCK_EX) }

    static func unlock(_ fd: Int32) { _ = flock(fd, LOCK_UN) }

    /// The last modification time in nanoseconds since 1970 (`st_mtimespec` on Darwin, `st_mtim` on Linux).
    static func modified(_ st: stat) -> Int64 {
        #if canImport(Darwin)
        nanoseconds(st.st_mtimespec)
        #else
        nanoseconds(st.st_mtim)
        #endif
    }

    /// The last status change time in nanoseconds since 1970 (`st_ctimespec` / `st_ctim`).
    static func changed(_ st: stat) -> Int64 {
        #if canImport(Darwin)
        nanoseconds(st.st_ctimespec)
        #else
        nanoseconds(st.st_ctim)
        #endif
    }

    /// The device number (an `Int32` on Darwin, a `UInt64` on Linux), as its bits.
    static func device(_ st: stat) -> UInt64 { UInt64(truncatingIfNeeded: st.st_dev) }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
