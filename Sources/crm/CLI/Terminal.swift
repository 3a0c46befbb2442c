import CRMKit

/// Where output goes and how it may look: colour only on a terminal, never with `NO_COLOR`.
struct Terminal {
    let colour: Bool
    /// Whether output may use characters beyond ASCII for drawing (bar charts): not under
    /// `NO_COLOR`, and only when the locale (`LC_ALL`, else `LC_CTYPE`, else `LANG`) is UTF-8.
    let unicode: Bool
    let stdinIsTerminal: Bool
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool

    init(environment: [String: String]) {
        stdoutIsTerminal = Platform.isTerminal(1)
        stdinIsTerminal = Platform.isTerminal(0)
        stderrIsTerminal = Platform.isTerminal(2)
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        colour = stdoutIsTerminal && !noColour && environment["TERM"] != "dumb"
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let utf8 = locale.lowercased().contains("utf-8") || locale.lowercased().contains("utf8")
        unicode = !noColour && utf8
    }

    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", cyan = "36"
    }

    /// What stands for `ESC [` in text until it is written: ESC and a number drawn when the process
    /// starts, which no file can know. Everything written goes through `VisibleText`, which shows
    /// every other ESC as `\e`, so a file that holds `crm`'s colour codes cannot colour anything.
    private let colourMark = "\u{1B}" + String(UInt64.random(in: 1 << 60 ..< .max), radix: 36)

    func style(_ text: String, _ style: Style) -> String {
        colour && !text.isEmpty ? "\(colourMark)\(style.rawValue)m\(text)\(colourMark)0m" : text
    }

    /// Writes `text` to standard output, shown as `VisibleText` shows text with line feeds and
    /// tabs: no character from a file acts on the terminal.
    func write(_ text: String) { write(bytes: Array(text.utf8)[...]) }

    /// Writes `bytes` to standard output, shown as `write(_:)` shows text.
    func write(bytes: ArraySlice<UInt8>) { write(bytes, passing: .lineFeedsAndTabs, to: 1) }

    /// Writes a file's bytes for another program (CSV, vCard, iCalendar) to standard output, with
    /// their CR LF line ends; any other control character is shown as `write(_:)` shows it.
    func write(data: ArraySlice<UInt8>) { write(data, passing: .lineEnds, to: 1) }

    func print(_ line: String = "") { write(line + "\n") }

    /// Writes `text` and a line feed to standard error, shown as `write(_:)` shows text.
    func error(_ text: String) { write(Array((text + "\n").utf8)[...], passing: .lineFeedsAndTabs, to: 2) }

    /// Writes `bytes` to `descriptor` through `VisibleText`, turning the colour mark into `ESC [`.
    private func write(_ bytes: ArraySlice<UInt8>, passing: VisibleText.Passing, to descriptor: Int32) {
        var shown: [UInt8] = []
        shown.reserveCapacity(bytes.count)
        if colour {
            let mark = Array(colourMark.utf8)
            var start = bytes.startIndex
            var i = start
            while let escape = bytes[i...].firstIndex(of: 0x1B) {
                i = escape + 1
                guard bytes[escape...].starts(with: mark) else { continue }
                VisibleText.append(bytes[start..<escape], passing: passing, to: &shown)
                shown += [0x1B, UInt8(ascii: "[")]
                start = escape + mark.count
                i = start
            }
            VisibleText.append(bytes[start...], passing: passing, to: &shown)
        } else {
            VisibleText.append(bytes, passing: passing, to: &shown)
        }
        write(shown, to: descriptor)
    }

    /// Draws `text` (shown as `VisibleText` shows one line) over the line of standard error the
    /// cursor is on: a progress bar. `clearProgress()` rubs it out.
    func progress(_ text: String) {
        write(Array(("\r" + VisibleText.shown(text) + "\u{1B}[K").utf8), to: 2)
    }

    func clearProgress() { write(Array("\r\u{1B}[K".utf8), to: 2) }

    /// Writes `bytes` as they are, all of them unless the descriptor fails: the text made
    /// visible above, and the terminal's own controls drawn here.
    private func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Platform.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 {
                    if Platform.wasInterrupted { continue }
                    return
                }
                offset += n
            }
        }
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
}
