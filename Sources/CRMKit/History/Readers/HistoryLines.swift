import CRMFormat

/// The lines a history reader reads: a file streamed a megabyte at a time, or bytes already in
/// memory (a chat read out of a zip). Lines end at LF; a CR before it is dropped. A read that
/// fails is a `HistoryFileError` at the line after the last one read.
struct HistoryLines {
    private enum Source {
        case file(StreamedLines)
        case bytes([UInt8], position: Int)
    }

    private var source: Source
    /// The number (1-based) of the line `next()` returned last; 0 before the first.
    private(set) var lineNumber = 0

    /// How many bytes the lines handed out so far took, and the file's (or the bytes') size.
    var progress: (done: Int64, total: Int64) {
        switch source {
        case .file(let lines): (lines.bytesRead, lines.size)
        case .bytes(let bytes, let position): (Int64(Swift.min(position, bytes.count)), Int64(bytes.count))
        }
    }

    init(path: String) throws(FileSystemError) {
        source = .file(try StreamedLines(path: path))
    }

    init(bytes: [UInt8]) {
        source = .bytes(bytes, position: 0)
    }

    mutating func next() throws(HistoryFileError) -> ArraySlice<UInt8>? {
        switch source {
        case .file(var lines):
            source = .bytes([], position: 0)  // one owner of the buffer, so reading never copies it
            defer { source = .file(lines) }
            let line: ArraySlice<UInt8>?
            do { line = try lines.next() } catch { throw HistoryFileError(line: lineNumber + 1, error.description) }
            if line != nil { lineNumber += 1 }
            return line
        case .bytes(let bytes, let position):
            guard position < bytes.count else { return nil }
            let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
            source = .bytes(bytes, position: end + 1)
            lineNumber += 1
            let line = bytes[position..<end]
            return line.last == 0x0D ? line.dropLast() : line
        }
    }
}
