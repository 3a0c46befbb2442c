import CRMKit

/// Where output goes and how it may look: colour only on a terminal, never with `NO_COLOR`.
struct Terminal {
    let colour: Bool
    /// Whether output may use characters beyond ASCII for drawing (bar charts): not under
    /// `NO_COLOR`, and only when the locale (`LC_ALL`, else `LC_CTYPE`, else `LANG`) is UTF-8.
    let unicode: Bool
    let stdinIsTerminal: Bool
    let stdoutIsTerminal: Bool

    init(environment: [String: String]) {
        stdoutIsTerminal = Platform.isTerminal(1)
        stdinIsTerminal = Platform.isTerminal(0)
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
    func write(bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Platform.write(1, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 {
                    if Platform.wasInterrupted { continue }
                    return
                }
                offset += n
            }
        }
    }

    func print(_ line: String = "") { write(line + "\n") }

    func error(_ text: String) {
        let data = Array((text + "\n").utf8)
        data.withUnsafeBytes { _ = Platform.write(2, $0.baseAddress!, $0.count) }
    }

    /// Reads all of standard input.
    func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Platform.read(0, $0.baseAddress!, $0.count) }
            if n < 0, Platform.wasInterrupted { continue }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// One line from standard input, without its newline; nil at end of input.
    func readLine() -> String? { Swift.readLine(strippingNewline: true) }
}
