import CRMKit
import CRMTerminal

/// The terminal side of the app: raw mode and the alternate screen, keys in, the difference
/// between the last screen drawn and the new one out. The screen is laid out again after each
/// batch of keys, on a resize and after another program ran; once the first screen is drawn the
/// filter's index is made (`BrowseSession.prepare`); while no key comes, files changed on disk
/// are looked for every second (the open person's file) or two (the whole vault).
final class BrowseLoop {
    private let terminal: RawTerminal
    private let colour: Bool
    /// What the terminal shows now; nil: unknown, the next frame is drawn whole.
    private var shown: Screen?

    init(environment: [String: String]) throws(TerminalError) {
        terminal = try RawTerminal()
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        colour = !noColour && environment["TERM"] != "dumb"
    }

    /// Runs a program outside the app (an editor, an opener), then draws the app whole.
    func outside(_ body: () throws -> Int32) rethrows -> Int32 {
        defer { shown = nil }
        return try terminal.outside(body)
    }

    var size: Size { terminal.size() }

    /// Runs `session` until it quits; the terminal is given back as it was on every way out.
    func run(_ session: BrowseSession) {
        terminal.enter()
        defer { terminal.leave() }
        var decoder = KeyDecoder()
        session.resize(terminal.size())
        draw(session)
        session.prepare()
        var idle = 0
        while true {
            let event = terminal.wait(timeout: decoder.isHolding ? 40 : 1000)
            var keys: [Key] = []
            switch event {
            case .input(let bytes):
                keys = decoder.decode(bytes)
                idle = 0
            case .timeout:
                if decoder.isHolding {
                    keys = decoder.flush()
                } else {
                    idle += 1
                    if session.poll(listing: idle % 2 == 0) { draw(session) }
                    session.prepare()
                    continue
                }
            case .resize:
                session.resize(terminal.size())
            case .redraw:
                shown = nil
                session.resize(terminal.size())
            case .closed:
                return
            }
            for key in keys {
                switch session.press(key) {
                case .quit: return
                case .suspend:
                    terminal.suspend()
                    shown = nil
                    session.resize(terminal.size())
                case .redraw: shown = nil
                case .draw: break
                }
            }
            draw(session)
        }
    }

    private func draw(_ session: BrowseSession) {
        let screen = BrowseLayout.screen(session.state, size: terminal.size())
        terminal.write(ScreenRenderer.frame(from: shown, to: screen, colour: colour))
        shown = screen
    }
}
