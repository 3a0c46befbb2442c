#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read a megabyte at a time and handed out a line at a time, so a gigabyte export is read
/// in bounded memory. Lines end at LF; a CR before it is dropped; the last line may lack its LF.
package struct StreamedLines {
    private final class Descriptor {
        let fd: Int32
        init(_ fd: Int32) { self.fd = fd }
        deinit { close(fd) }
    }

    private let file: Descriptor
    private let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private let chunk: Int

    /// The file's size when opened, in bytes (for a progress bar).
    package let size: Int64
    /// How many bytes the lines handed out so far took, with their line ends.
    package private(set) var bytesRead: Int64 = 0
    /// The number (1-based) of the line `next()` returned last; 0 before the first.
    package private(set) var lineNumber = 0

    /// Opens the regular file at `path`; a folder, a pipe or a device is refused by name.
    package init(path: String, chunk: Int = 1 << 20) throws(FileSystemError) {
        let (fd, st) = try FileSystem.openRegularFile(path)
        file = Descriptor(fd)
        (self.path, self.chunk, size) = (path, chunk, Int64(st.st_size))
    }

    /// The next line without its line end, or nil when the file is read.
    package mutating func next() throws(FileSystemError) -> ArraySlice<UInt8>? {
        while true {
            let lf = buffer[start...].firstIndex(of: 0x0A)
            guard lf != nil || atEnd else { try fill(); continue }
            guard lf != nil || start < buffer.count else { return nil }
            // A line up to its LF, or the last line, which has none.
            let line = buffer[start..<(lf ?? buffer.count)]
            let next = lf.map { $0 + 1 } ?? buffer.count
            bytesRead += Int64(next - start)
            start = next
            lineNumber += 1
            return line.last == 0x0D ? line.dropLast() : line
        }
    }

    /// Drops the lines handed out and reads the next chunk after what is left.
    private mutating func fill() throws(FileSystemError) {
        buffer.removeSubrange(..<start)
        start = 0
        let kept = buffer.count
        buffer.reserveCapacity(kept + chunk)
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let got = buffer.withUnsafeMutableBytes { all in
            FileSystem.readFully(file.fd, into: UnsafeMutableRawBufferPointer(rebasing: all[kept...]))
        }
        guard let n = got else { throw FileSystemError(path, "cannot read") }
        atEnd = n < chunk
        buffer.removeSubrange((kept + n)...)
    }
}
