import CRMKit
import CRMTerminal

/// The screen of a state at a size: a pure function, so tests and the documentation can show
/// each screen exactly as the terminal does.
///
/// Every screen has a title on its first row, its body, a message line and the key line at the
/// foot. Below 40x12 there is no room for that: one line says the terminal is too small. Past
/// 250 columns the screen is laid out 250 wide.
package enum BrowseLayout {
    package static let minimum = Size(columns: 40, rows: 12)
    package static let maximumColumns = 250
    /// The title, the message line and the key line.
    static let chromeRows = 3

    static func bodyRows(_ size: Size) -> Int { max(1, size.rows - chromeRows) }
    static func columns(_ size: Size) -> Int { max(1, min(size.columns, maximumColumns)) }

    /// What the terminal shows for `state` at `size`.
    package static func screen(_ state: BrowseState, size: Size) -> Screen {
        var screen = Screen(size: size)
        guard size.columns >= minimum.columns, size.rows >= minimum.rows else {
            screen.put("Too small (needs \(minimum))", row: 0, column: 0)
            return screen
        }
        let frame = Frame(width: columns(size), rows: size.rows)
        let section: KeyHelp.Section
        switch state.top {
        case nil where state.today != nil:
            TodayLayout.draw(state, state.today!, on: &screen, frame)
            section = KeyHelp.today
        case nil:
            PeopleListLayout.draw(state, on: &screen, frame)
            section = KeyHelp.peopleList
        case .person(let page):
            PersonPageLayout.draw(page, on: &screen, frame)
            section = KeyHelp.person
        case .sheet(let sheet):
            LogSheetLayout.draw(sheet, today: state.listing.today, on: &screen, frame)
            section = KeyHelp.sheet
        case .picker(let picker):
            ContactPickerLayout.draw(picker, picking: state.isPickingOnly, on: &screen, frame)
            section = KeyHelp.picker
        case .nameEntry(let entry):
            NameEntryLayout.draw(entry, setting: state.setting, on: &screen, frame)
            section = KeyHelp.nameEntry
        case .about(let about):
            AboutLayout.draw(about, setting: state.setting, on: &screen, frame)
            section = KeyHelp.about
        }
        if let message = state.message ?? question(state) {
            let style = message.kind == .error ? Style.plain.coloured(.red) : Style.plain
            screen.put(TextLayout.truncated(message.text, width: frame.width), row: frame.messageRow, column: 0, style: style)
        }
        if !(state.top == nil && state.today == nil && state.list.isTypingFilter) {
            drawHints(section, on: &screen, frame)
        }
        return screen
    }

    /// The question the top screen asks, shown on the message line.
    private static func question(_ state: BrowseState) -> BrowseState.Message? {
        switch state.top {
        case .person(let page):
            if case .unlog(let number, let summary)? = page.question {
                return .info("Remove entry \(number) to the trash? y/n  \(summary)")
            }
        case .sheet(let sheet):
            if sheet.isConfirmingCancel { return .info("Discard this note? y/n") }
        default: break
        }
        return nil
    }

    /// The key line: as many of the screen's hints as fit, "? help" (or the last) kept.
    static func drawHints(_ section: KeyHelp.Section, on screen: inout Screen, _ frame: Frame) {
        let hints = section.bindings.compactMap(\.hint)
        var shown = hints
        func width(_ hints: [(key: String, word: String)]) -> Int {
            hints.reduce(0) { $0 + DisplayWidth.of($1.key) + 1 + DisplayWidth.of($1.word) + 2 } - 2
        }
        // Drop hints from the end, keeping the last two (help and quit, or back).
        while shown.count > 2, width(shown) > frame.width {
            shown.remove(at: shown.count - 3)
        }
        var column = 0
        for (i, hint) in shown.enumerated() {
            if i > 0 { column += 2 }
            column = screen.put(hint.key, row: frame.keyRow, column: column, style: .bold, limit: frame.width)
            column = screen.put(" " + hint.word, row: frame.keyRow, column: column, style: .dim, limit: frame.width)
        }
    }

    /// The title row: `left` in bold, `right` at the right edge when both fit (the left one says more).
    static func drawTitle(_ left: String, right: String = "", on screen: inout Screen, _ frame: Frame) {
        drawTitle(TitleLine(left: [.init(left, until: 1)], right: right.isEmpty ? nil : .init(right, until: 0)), on: &screen, frame)
    }

    /// The title row: `title`'s left parts in bold, its right part at the right edge, as many of
    /// them as fit (see `TitleLine`); the last part left is cut when even it does not fit.
    static func drawTitle(_ title: TitleLine, on screen: inout Screen, _ frame: Frame) {
        let (left, right) = title.fitted(width: frame.width)
        let rightWidth = DisplayWidth.of(right)
        let fits = !right.isEmpty && DisplayWidth.of(left) + 2 + rightWidth <= frame.width
        screen.put(TextLayout.truncated(left, width: frame.width), row: 0, column: 0, style: .bold)
        if fits { screen.put(right, row: 0, column: frame.width - rightWidth, style: .dim) }
    }
}

/// Where a screen's parts go.
struct Frame {
    /// Columns laid out.
    let width: Int
    let rows: Int

    /// The body's first row and how many rows it has.
    var bodyTop: Int { 1 }
    var bodyRows: Int { rows - BrowseLayout.chromeRows }
    var messageRow: Int { rows - 2 }
    var keyRow: Int { rows - 1 }
}
