import CRMKit
import CRMTerminal

/// A person's page: their view, the entry selected (for `x` and `u`), how far it is scrolled,
/// and the question asked before an entry is removed.
package struct PersonPage: Sendable {
    /// A question waiting for y or n.
    package enum Question: Sendable, Equatable {
        /// Remove entry `number` (`u`)?
        case unlog(number: Int, summary: String)
    }

    package internal(set) var view: PersonView
    /// The index, in `entries`, of the entry selected; nil when there are none.
    package internal(set) var selected: Int?
    /// The first line of the page shown.
    package internal(set) var scroll = 0
    package internal(set) var question: Question?
    /// The file's stamp when it was read, to see it change on disk.
    var stamp: FileStamp?

    init(view: PersonView, stamp: FileStamp?, size: Size) {
        self.view = view
        self.stamp = stamp
        selected = entries.isEmpty ? nil : 0
        self.scroll(size: size)
    }

    /// Coming up, then what happened: the entries in the order the page lists them.
    package var entries: [PersonView.Entry] { view.comingUp + view.history }

    package var selectedEntry: PersonView.Entry? { selected.map { entries[$0] } }

    /// The page read again: the selection stays on the entry on the same line, else on the
    /// same place in the list.
    mutating func replaceView(_ new: PersonView, stamp: FileStamp?, size: Size, selectingLine line: Int? = nil) {
        let oldLine = line ?? selectedEntry?.line
        let oldIndex = selected
        view = new
        self.stamp = stamp
        let all = entries
        if all.isEmpty {
            selected = nil
        } else if let oldLine, let same = all.firstIndex(where: { $0.line == oldLine }) {
            selected = same
        } else {
            selected = min(oldIndex ?? 0, all.count - 1)
        }
        question = nil
        self.scroll(size: size)
    }

    /// j/k: the next or previous entry; with none, the page scrolls a line.
    mutating func move(by delta: Int, size: Size) {
        guard let selected else {
            scrollBy(delta, size: size)
            return
        }
        self.selected = max(0, min(entries.count - 1, selected + delta))
        self.scroll(size: size)
    }

    mutating func moveTo(_ index: Int, size: Size) {
        guard selected != nil else {
            scroll = index <= 0 ? 0 : Int.max
            clampScroll(size: size)
            return
        }
        selected = max(0, min(entries.count - 1, index))
        if index <= 0 { scroll = 0 }
        self.scroll(size: size)
    }

    /// PgUp/PgDn: a screen up or down, the selection on the first entry in view.
    mutating func page(_ direction: Int, size: Size) {
        let rows = BrowseLayout.bodyRows(size)
        scrollBy(direction * max(1, rows - 1), size: size)
        let lines = PersonPageLayout.lines(view, width: BrowseLayout.columns(size))
        let visible = lines[min(scroll, lines.count)..<min(lines.count, scroll + rows)]
        if let first = visible.first(where: { $0.entry != nil })?.entry { selected = first }
    }

    private mutating func scrollBy(_ delta: Int, size: Size) {
        scroll += delta
        clampScroll(size: size)
    }

    private mutating func clampScroll(size: Size) {
        let count = PersonPageLayout.lines(view, width: BrowseLayout.columns(size)).count
        scroll = max(0, min(scroll, count - BrowseLayout.bodyRows(size)))
    }

    /// Scrolls as little as possible to show all of the selected entry's lines.
    mutating func scroll(size: Size) {
        let rows = BrowseLayout.bodyRows(size)
        let lines = PersonPageLayout.lines(view, width: BrowseLayout.columns(size))
        if let selected, let first = lines.firstIndex(where: { $0.entry == selected }) {
            let last = lines.lastIndex(where: { $0.entry == selected })!
            if last >= scroll + rows { scroll = last - rows + 1 }
            if first < scroll { scroll = first }
            // The heading above the first entry of a section stays in view when it can.
            if first == scroll, first > 0, lines[first - 1].entry == nil, last < first - 1 + rows { scroll = first - 1 }
        }
        scroll = max(0, min(scroll, lines.count - rows))
    }
}
