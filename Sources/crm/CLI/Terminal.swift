import CRMKit
#if canImport(Glibc)
import Glibc
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
#elseif canImport(Darwin)
import Darwin
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
#endif

/// Where output goes and how it may look: colour only on a terminal, never with `NO_COLOR`.
struct Terminal {
    let colour: Bool
    /// Whether output may use characters beyond ASCII for drawing (bar charts): not under
    /// `NO_COLOR`, and only when the locale (`LC_ALL`, else `LC_CTYPE`, else `LANG`) is UTF-8.
    let unicode: Bool
    let stdinIsTerminal: Bool
    let stdoutIsTerminal: Bool

    init(environment: [String: String]) {
        stdoutIsTerminal = isatty(1) == 1
        stdinIsTerminal = isatty(0) == 1
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        colour = stdoutIsTerminal && !noColour && environment["TERM"] != "dumb"
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let utf8 = locale.lowercased().contains("utf-8") || locale.lowercased().contains("utf8")
        unicode = !noColour && utf8
    }

    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", cyan = "36"
    }

    func style(_ text: String, _ style: Style) -> String {
        colour && !text.isEmpty ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    func write(_ text: String) { write(bytes: Array(text.utf8)[...]) }

    /// Writes `bytes` to standard output as they are.
    /// When the reader has gone (`crm list | head`), the process ends as SIGPIPE ends it, once
    /// the facts cache being written meanwhile is complete (see `catchBrokenPipe`).
    func write(bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(1, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 {
                    if errno == EINTR { continue }
                    // Quitting a pager early is reading enough: the command goes on to its end and status.
                    if errno == EPIPE, !Pager.isRunning { Self.readerLeft() }
                    return
                }
                offset += n
            }
        }
    }

    /// Makes a write to a pipe whose reader has gone fail with EPIPE instead of killing the
    /// process at once, so that `write(bytes:)` can let the cache write finish first (a killed
    /// write would leave a temporary file behind). A handler, not SIG_IGN: programs `crm` starts
    /// (git, an editor) get the default again.
    static func catchBrokenPipe() {
        signal(SIGPIPE) { _ in }
    }

    private static func readerLeft() -> Never {
        Vault.finishCacheWrites()
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }

    func print(_ line: String = "") { write(line + "\n") }

    func error(_ text: String) {
        let data = Array((text + "\n").utf8)
        data.withUnsafeBytes { _ = systemWrite(2, $0.baseAddress!, $0.count) }
    }

    /// Reads all of standard input.
    func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// One line from standard input, without its newline; nil at end of input.
    func readLine() -> String? { Swift.readLine(strippingNewline: true) }
}
