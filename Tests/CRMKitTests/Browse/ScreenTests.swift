import Testing
@testable import CRMTerminal

/// A screen as a value, and the bytes that turn one screen into the next.
@Suite struct ScreenTests {
    @Test func textIsClippedAtTheEdgeAndAWideCharacterThatDoesNotFitLeavesABlank() {
        var screen = Screen(size: Size(columns: 6, rows: 2))
        #expect(screen.put("abcdefgh", row: 0, column: 0) == 6)
        #expect(screen.line(0) == "abcdef")
        screen.put("ab山田", row: 1, column: 1)
        #expect(screen.line(1) == " ab山")
        #expect(screen[1, 4].isContinuation)
        #expect(screen[1, 5].text == " ")
    }

    @Test func overwritingHalfAWideCharacterBlanksItsOtherHalf() {
        var screen = Screen(size: Size(columns: 6, rows: 1))
        screen.put("山田", row: 0, column: 0)
        screen.put("x", row: 0, column: 1)     // the right half of 山
        #expect(screen.line(0) == " x田")
        screen.put("y", row: 0, column: 2)     // the left half of 田
        #expect(screen.line(0) == " xy")
        #expect(!screen[0, 3].isContinuation)
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        // Drawn as `crm` prints them (`VisibleText`): a tab is a space, the others escaped.
        var screen = Screen(size: Size(columns: 30, rows: 1))
        screen.put("a\u{1B}[31mb\tc\u{202E}d\u{9B}e\u{7F}", row: 0, column: 0)
        #expect(screen.line(0) == "a\\e[31mb c<U+202E>d\\x9be\\x7f")
        #expect(!screen.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E } })
    }

    @Test func aFirstFrameClearsAndALaterOneWritesOnlyWhatChanged() {
        var old = Screen(size: Size(columns: 10, rows: 3))
        old.put("hello", row: 1, column: 2)
        let first = String(decoding: ScreenRenderer.frame(from: nil, to: old, colour: true), as: UTF8.self)
        #expect(first.contains("\u{1B}[2J"))
        #expect(first.contains("\u{1B}[2;3Hhello"))
        var new = old
        new.put("J", row: 1, column: 2)
        let next = String(decoding: ScreenRenderer.frame(from: old, to: new, colour: true), as: UTF8.self)
        #expect(next == "\u{1B}[?25l\u{1B}[2;3HJ")
        #expect(ScreenRenderer.frame(from: new, to: new, colour: true) == Array("\u{1B}[?25l".utf8))
    }

    @Test func withoutColourColouredTextIsBoldAndNoColourIsSent() {
        var screen = Screen(size: Size(columns: 10, rows: 1))
        screen.put("late", row: 0, column: 0, style: Style.plain.coloured(.red))
        let plain = String(decoding: ScreenRenderer.frame(from: nil, to: screen, colour: false), as: UTF8.self)
        #expect(plain.contains("\u{1B}[0;1mlate"))
        #expect(!plain.contains("31"))
        let coloured = String(decoding: ScreenRenderer.frame(from: nil, to: screen, colour: true), as: UTF8.self)
        #expect(coloured.contains("\u{1B}[0;31mlate"))
    }

    /// For any two screens, the bytes from the first to the second make a terminal that shows
    /// the first show the second: checked on a small terminal emulator.
    @Test func theDifferenceTurnsAnyScreenIntoAnyOther() {
        var random = SeededGenerator(seed: 0x5C5E_E2)
        let pieces = ["a", "b", " ", "é", "山", "花子", "Жж", "👍", "x y", "e\u{301}"]
        let styles = [Style.plain, .bold, .dim, Style(reverse: true), Style.plain.coloured(.red), Style(colour: .cyan, underline: true)]
        func randomScreen(_ size: Size) -> Screen {
            var screen = Screen(size: size)
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                screen.put(pieces.randomElement(using: &random)!, row: Int.random(in: 0..<size.rows, using: &random),
                           column: Int.random(in: 0..<size.columns, using: &random), style: styles.randomElement(using: &random)!)
            }
            return screen
        }
        for _ in 0..<200 {
            let size = Size(columns: Int.random(in: 1...12, using: &random), rows: Int.random(in: 1...4, using: &random))
            let old = randomScreen(size), new = randomScreen(size)
            var terminal = Emulator(size: size)
            terminal.feed(ScreenRenderer.frame(from: nil, to: old, colour: true))
            #expect(terminal.cells == old.cells, "first frame")
            terminal.feed(ScreenRenderer.frame(from: old, to: new, colour: true))
            #expect(terminal.cells == new.cells, "\(old.lines) → \(new.lines)")
        }
    }
}

/// Just enough of a terminal to check the renderer: cursor moves, clearing, SGR, and text
/// written cell by cell with each character's width (no wrapping, as the app turns it off).
struct Emulator {
    let size: Size
    var cells: [Cell]
    var row = 0, column = 0
    var style = Style.plain

    init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank, count: size.columns * size.rows)
    }

    mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            guard character == "\u{1B}" else {
                write(character)
                continue
            }
            guard characters.popFirst() == "[" else { continue }
            var parameters = ""
            while let next = characters.popFirst() {
                if next.isLetter {
                    apply(next, parameters)
                    break
                }
                parameters.append(next)
            }
        }
    }

    private mutating func apply(_ final: Character, _ parameters: String) {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        switch final {
        case "H":
            row = (numbers.first ?? 1) - 1
            column = (numbers.count > 1 ? numbers[1] : 1) - 1
        case "J": cells = Array(repeating: .blank, count: cells.count)
        case "m":
            style = .plain
            for code in numbers {
                switch code {
                case 1: style.bold = true
                case 2: style.dim = true
                case 4: style.underline = true
                case 7: style.reverse = true
                case 31...36: style.colour = Style.Colour(rawValue: UInt8(code))
                default: break
                }
            }
        default: break   // ?25l, ?25h
        }
    }

    private mutating func write(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard row < size.rows, column + max(width, 1) <= size.columns else { return }
        cells[row * size.columns + column] = Cell(String(character), style: style)
        if width == 2 { cells[row * size.columns + column + 1] = Cell("", style: style) }
        column += max(width, 1)
    }
}
