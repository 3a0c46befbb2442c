#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal on standard input and output, put in raw mode on the alternate screen while an
/// app runs, and given back exactly as it was (the settings `stty -g` prints, the main screen,
/// the cursor) on every way out: `leave()`, `exit()`, SIGTERM, SIGHUP, SIGINT, SIGQUIT, and a
/// crash (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, after which the signal's earlier
/// handler runs, so a crash is still reported). SIGTSTP (Ctrl-Z, or `kill -TSTP`) gives the
/// terminal back before the process stops and takes it again when it goes on; SIGWINCH and
/// SIGCONT wake `wait(timeout:)`.
///
/// One at a time: the signal handlers keep its state in globals.
package final class RawTerminal {
    /// What `wait(timeout:)` saw.
    package enum Event: Equatable, Sendable {
        /// Bytes typed (keys, to decode with `KeyDecoder`).
        case input([UInt8])
        /// The window changed size.
        case resize
        /// The terminal was given back and taken again (after Ctrl-Z): draw everything again.
        case redraw
        /// Nothing happened in the time given.
        case timeout
        /// Standard input was closed.
        case closed
    }

    /// Whether standard input and output are both terminals.
    package static var isAvailable: Bool { isatty(0) == 1 && isatty(1) == 1 }

    private var wakeRead: Int32 = -1

    /// Reads the terminal's settings, to give them back later; fails when standard input is not a terminal.
    package init() throws(TerminalError) {
        guard Self.isAvailable else { throw TerminalError("standard input and output must be a terminal") }
        guard tcgetattr(0, &savedSettings) == 0 else { throw TerminalError("cannot read the terminal's settings") }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalError("cannot make a pipe") }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        Self.installHandlers()
    }

    deinit {
        leave()
        let write = wakeWrite
        wakeWrite = -1
        close(write)
        close(wakeRead)
    }

    /// Raw mode (keys as they are typed, nothing echoed, no signals from keys), the alternate
    /// screen, no line wrapping, the cursor hidden.
    package func enter() {
        enterRawMode()
        isInside = 1
    }

    /// Gives the terminal back as it was before `enter()`.
    package func leave() {
        guard isInside != 0 else { return }
        restoreTerminal()
    }

    /// Runs `body` (an editor, an opener) on the terminal as it was before `enter()`, then
    /// takes it again; the screen must then be drawn whole. Ctrl-C and Ctrl-\ meanwhile go to
    /// the program `body` runs, not to this process.
    package func outside<T>(_ body: () throws -> T) rethrows -> T {
        leave()
        childRunning = 1
        defer {
            childRunning = 0
            enter()
        }
        return try body()
    }

    /// Stops the process as Ctrl-Z stops a shell's job, the terminal given back meanwhile;
    /// `wait` then reports `.redraw`.
    package func suspend() {
        raise(SIGTSTP)
    }

    /// The window's size (`TIOCGWINSZ`); 80x24 when it cannot be read.
    package func size() -> Size {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return Size(columns: 80, rows: 24)
        }
        return Size(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Writes `bytes` to standard output, all of them.
    package func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(1, raw.baseAddress! + offset, raw.count - offset)
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Waits up to `timeout` milliseconds (-1: for ever) for keys, a resize or a redraw.
    package func wait(timeout: Int) -> Event {
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, nfds_t(fds.count), Int32(timeout))
        if ready < 0 { return errno == EINTR ? wakeEvent() ?? .timeout : .closed }
        if ready == 0 { return .timeout }
        if fds[1].revents != 0, let event = wakeEvent() { return event }
        guard fds[0].revents != 0 else { return .timeout }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, $0.count) }
        if n < 0, errno == EINTR || errno == EAGAIN { return .timeout }
        if n <= 0 { return .closed }
        return .input(Array(buffer[0..<n]))
    }

    /// What the signal handlers wrote to the wake pipe: a redraw outranks a resize.
    private func wakeEvent() -> Event? {
        var bytes = [UInt8](repeating: 0, count: 64)
        var event: Event?
        while true {
            let n = bytes.withUnsafeMutableBytes { systemRead(wakeRead, $0.baseAddress!, $0.count) }
            guard n > 0 else { break }
            for byte in bytes[0..<n] {
                if byte == wakeRedraw { event = .redraw } else if event == nil { event = .resize }
            }
        }
        return event
    }

    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        atexit { restoreTerminal() }
        for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] { _ = signal(number, onTerminate) }
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            earlierHandlers[Int(number)] = signal(number, onCrash)
        }
        _ = signal(SIGWINCH, onResize)
        _ = signal(SIGTSTP, onStop)
        _ = signal(SIGCONT, onContinue)
        // A parent may start us with these blocked (they are inherited through exec): handled
        // here, they must reach the handlers, or SIGTERM would stay pending with the terminal raw.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&handled, number) }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
    }
}

/// Why the terminal cannot be used.
package struct TerminalError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

// MARK: - State the signal handlers share
//
// Signal handlers can only reach globals, and may only make async-signal-safe calls: write(2),
// tcsetattr(3), signal(2), sigprocmask(2), raise(3). The escape sequences are static strings for
// that reason.

nonisolated(unsafe) private var savedSettings = termios()
/// 1 while the terminal is in raw mode on the alternate screen.
nonisolated(unsafe) private var isInside: Int32 = 0
/// 1 while a program started from the app runs on the terminal.
nonisolated(unsafe) private var childRunning: Int32 = 0
/// 1 between SIGTSTP giving the terminal back and the process going on.
nonisolated(unsafe) private var stoppedInside: Int32 = 0
nonisolated(unsafe) private var wakeWrite: Int32 = -1
nonisolated(unsafe) private var handlersInstalled = false
/// The handlers crash signals had before, by signal number.
nonisolated(unsafe) private var earlierHandlers: UnsafeMutablePointer<SignalHandler?> = {
    let handlers = UnsafeMutablePointer<SignalHandler?>.allocate(capacity: 65)
    handlers.initialize(repeating: nil, count: 65)
    return handlers
}()

private typealias SignalHandler = @convention(c) (Int32) -> Void

private let wakeResize: UInt8 = 0x77   // "w"
private let wakeRedraw: UInt8 = 0x72   // "r"

private let enterSequence: StaticString = "\u{1B}[?1049h\u{1B}[?7l\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"
private let leaveSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?1049l"

private func writeStatic(_ text: StaticString) {
    _ = systemWrite(1, text.utf8Start, text.utf8CodeUnitCount)
}

private func wake(_ byte: UInt8) {
    guard wakeWrite >= 0 else { return }
    var byte = byte
    _ = systemWrite(wakeWrite, &byte, 1)
}

private func enterRawMode() {
    var raw = savedSettings
    cfmakeraw(&raw)
    // TCSADRAIN, not TCSAFLUSH: keys typed before the app was ready are kept, not dropped.
    _ = tcsetattr(0, TCSADRAIN, &raw)
    writeStatic(enterSequence)
}

private func restoreTerminal() {
    guard isInside != 0 else { return }
    isInside = 0
    writeStatic(leaveSequence)
    _ = tcsetattr(0, TCSADRAIN, &savedSettings)
}

private func onTerminate(_ number: Int32) {
    if childRunning != 0, number == SIGINT || number == SIGQUIT { return }
    restoreTerminal()
    _ = signal(number, SIG_DFL)
    raise(number)
}

private func onCrash(_ number: Int32) {
    restoreTerminal()
    // The earlier handler (the runtime's crash report, else the default) takes the signal
    // again when the faulting instruction runs again, or now for a raised one.
    _ = signal(number, earlierHandlers[Int(number)] ?? SIG_DFL)
    if number == SIGABRT { raise(number) }
}

private func onResize(_ number: Int32) { wake(wakeResize) }

private func onStop(_ number: Int32) {
    let wasInside = isInside != 0 && childRunning == 0
    if wasInside {
        restoreTerminal()
        stoppedInside = 1
    }
    _ = signal(SIGTSTP, SIG_DFL)
    // A signal is blocked while its handler runs: unblocked, the raise stops the process here.
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
    // Going on (fg): SIGTSTP handled again, the terminal taken again.
    _ = signal(SIGTSTP, onStop)
    if stoppedInside != 0 {
        stoppedInside = 0
        enterRawMode()
        isInside = 1
        wake(wakeRedraw)
    }
}

private func onContinue(_ number: Int32) {
    // Stopped by SIGSTOP, which cannot be caught: the shell may have changed the settings.
    if isInside != 0, childRunning == 0 {
        enterRawMode()
        wake(wakeRedraw)
    }
}

#if canImport(Glibc)
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
#elseif canImport(Darwin)
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
#endif
