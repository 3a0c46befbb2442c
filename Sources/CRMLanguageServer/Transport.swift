import CRMFormat

/// The base protocol's framing: each message a header part (`Content-Length: N`, optionally
/// `Content-Type`, each line ended by CR LF) and an empty line, then N bytes of JSON.
struct FrameReader {
    /// What the next frame is.
    enum Frame: Equatable {
        case message([UInt8])
        /// A header part that cannot be read (no `Content-Length`, a line that is not
        /// `Name: value`, a length too large): said, and reading goes on after it.
        case malformed(String)
        case end
    }

    /// A frame larger than this is refused (its bytes are skipped).
    static let maximumLength = 64 << 20

    private let input: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(input: Int32) { self.input = input }

    /// Reads more input into the buffer; false at the end of the input.
    private mutating func fill() -> Bool {
        guard !ended else { return false }
        if start > 0, start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        if start > 1 << 16 { buffer.removeFirst(start); start = 0 }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Platform.read(input, $0.baseAddress!, $0.count) }
            if count > 0 { buffer.append(contentsOf: chunk[..<count]); return true }
            if count < 0, Platform.wasInterrupted { continue }
            ended = true
            return false
        }
    }

    /// The next header line, without its line end (CR LF, or LF alone); nil at the end of input.
    private mutating func line() -> [UInt8]? {
        // Counted from `start`: `fill()` may move the unread bytes to the front of the buffer.
        var searched = 0
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return line
            }
            searched = buffer.count - start
            guard fill() else { return nil }
        }
    }

    /// The next `count` bytes; nil when the input ends first.
    private mutating func bytes(_ count: Int, keep: Bool = true) -> [UInt8]? {
        var wanted = count
        var kept: [UInt8] = []
        while true {
            let available = min(wanted, buffer.count - start)
            if keep { kept.append(contentsOf: buffer[start..<(start + available)]) }
            start += available
            wanted -= available
            if wanted == 0 { return kept }
            guard fill() else { return nil }
        }
    }

    mutating func next() -> Frame {
        var length: Int?
        var problem: String?
        var sawHeader = false
        while true {
            guard let line = line() else { return sawHeader ? .malformed("the input ended inside a header") : .end }
            if line.isEmpty {
                // Empty lines before a header are skipped (a client's stray line end).
                guard sawHeader else { continue }
                break
            }
            sawHeader = true
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                problem = problem ?? "header line without ':'"
                continue
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            if name == "content-length" {
                guard let number = Int(value), number >= 0 else {
                    problem = problem ?? "Content-Length is not a number"
                    continue
                }
                length = number
            }
        }
        if let problem {
            if let length, length <= Self.maximumLength { _ = bytes(length, keep: false) }
            return .malformed(problem)
        }
        guard let length else { return .malformed("no Content-Length header") }
        guard length <= Self.maximumLength else {
            _ = bytes(length, keep: false)
            return .malformed("a message of \(length) bytes is too large")
        }
        guard let body = bytes(length) else { return .malformed("the input ended inside a message") }
        return .message(body)
    }
}

/// Writes framed messages.
struct FrameWriter {
    let output: Int32

    /// `message`, compact, with its header; false when the output is gone.
    @discardableResult
    func write(_ message: JSON) -> Bool {
        let body = message.renderedBytes(pretty: false)
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes += body
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Platform.write(output, $0.baseAddress! + written, $0.count - written) }
            if count > 0 { written += count; continue }
            if count < 0, Platform.wasInterrupted { continue }
            return false
        }
        return true
    }
}
