import CRMKit
import CRMTerminal

/// The people list: a title with the vault and how many are due, column headings, a row a
/// person (name, last contact, next plan, due, tags), the filter being typed on the key line.
enum PeopleListLayout {
    /// The columns' widths in cells; 0: not shown (a narrow terminal drops tags, then next,
    /// then last contact).
    struct Columns: Equatable {
        var name: Int
        var last: Int
        var next: Int
        var due: Int
        var tags: Int
    }

    static let gutter = 2
    static let gap = 2
    static let lastWidth = 12    // "LAST CONTACT", "3 months ago"
    static let nextWidth = 10    // "in 2 weeks"
    static let dueWidth = 16     // "3 months overdue"
    static let widestNameColumn = 30

    /// The columns for `width` cells and names up to `widestName` cells. A column nobody has
    /// anything in (`hasNext`, `hasTags` false) is not shown: its room goes to the names.
    static func columns(width: Int, widestName: Int, hasNext: Bool = true, hasTags: Bool = true) -> Columns {
        let name = max(4, min(widestName, widestNameColumn))
        let room = width - gutter
        let nextWidth = hasNext ? Self.nextWidth : 0
        // Names and tags share what the fixed columns leave: names whole when tags keep 10
        // cells, else names cut at 18 and tags the rest, when that is 8 cells or more.
        let left = room - (lastWidth + gap + (hasNext ? nextWidth + gap : 0) + dueWidth + gap + gap)
        if hasTags, left - name >= 10 {
            return Columns(name: name, last: lastWidth, next: nextWidth, due: dueWidth, tags: left - name)
        }
        let cut = max(min(name, 18), left - 14)
        if hasTags, left - cut >= 8 {
            return Columns(name: cut, last: lastWidth, next: nextWidth, due: dueWidth, tags: left - cut)
        }
        for (last, next) in [(lastWidth, nextWidth), (lastWidth, 0), (0, 0)] {
            let fixed = (last > 0 ? last + gap : 0) + (next > 0 ? next + gap : 0) + dueWidth + gap
            if room - fixed >= min(name, 14) {
                return Columns(name: min(name, room - fixed), last: last, next: next, due: dueWidth, tags: 0)
            }
        }
        return Columns(name: max(1, room - dueWidth - gap), last: 0, next: 0, due: dueWidth, tags: 0)
    }

    static func draw(_ state: BrowseState, on screen: inout Screen, _ frame: Frame) {
        let listing = state.listing
        let list = state.list
        let count = listing.rows.count
        BrowseLayout.drawTitle(title(state), on: &screen, frame)
        if list.isTypingFilter { drawFilter(list, on: &screen, frame) }
        guard count > 0 else {
            let add = state.setting.contacts.map { "Press a to add someone from \($0)," } ?? "Press a to add someone by name,"
            for (i, line) in ["No people yet.", add, "or run: crm add \"Ada Lovelace\""].enumerated() {
                screen.put(TextLayout.truncated(line, width: frame.width - 2), row: frame.bodyTop + 1 + i, column: 2, style: i == 0 ? .bold : .plain)
            }
            return
        }
        let columns = Self.columns(width: frame.width, widestName: list.widestName,
                                   hasNext: listing.rows.contains { $0.next != nil }, hasTags: listing.rows.contains { !$0.tags.isEmpty })
        drawHeadings(columns, on: &screen, row: frame.bodyTop, frame)
        guard !list.shown.isEmpty else {
            let lines = ["Nobody matches '\(list.filter.text)'.", "Esc clears the filter."]
            for (i, line) in lines.enumerated() {
                screen.put(TextLayout.truncated(line, width: frame.width - 2), row: frame.bodyTop + 2 + i, column: 2)
            }
            return
        }
        let rows = max(1, frame.bodyRows - 1)
        let top = PeopleList.top(list.top, selected: list.selected, count: list.shown.count, rows: rows)
        let marked = Set(list.marked)
        for (offset, index) in list.shown[top..<min(list.shown.count, top + rows)].enumerated() {
            let row = listing.rows[index]
            let line = frame.bodyTop + 1 + offset
            let isSelected = top + offset == list.selected
            drawRow(row, name: listing.label(row), today: listing.today, columns, selected: isSelected, marked: marked.contains(row.id), on: &screen, row: line, frame)
        }
    }

    /// The order in which the title's parts give way on a narrow terminal, first first: the
    /// sort order, the vault's path (to its last folder, then gone), "crm", the number of
    /// people, then what a person acts on: the filter's matches, the marked, the follow-ups
    /// overdue and, last of all, how many are due today.
    private enum TitleRank: Int {
        case sortOrder, wholePath, appName, folderName, peopleCount, matches, marked, overdueFollowUps, dueToday
    }

    /// The title: the vault, how many people and how many are due today, the follow-ups Today
    /// lists as overdue (as `crm due` counts them), how many are marked; at the right, the sort
    /// order or the filter's matches.
    static func title(_ state: BrowseState) -> TitleLine {
        let listing = state.listing
        let list = state.list
        let count = listing.rows.count
        let vault = state.setting.vault
        let folder = vault.split(separator: "/").last.map(String.init) ?? vault
        var left: [TitleLine.Part] = [
            .init("crm", until: TitleRank.appName.rawValue),
            .init(vault, until: TitleRank.wholePath.rawValue, then: folder, until: TitleRank.folderName.rawValue),
            .init("\(count) \(count == 1 ? "person" : "people")", until: TitleRank.peopleCount.rawValue),
        ]
        if count > 0 { left.append(.init("\(listing.dueCount) due today", until: TitleRank.dueToday.rawValue)) }
        let followUps = listing.overdueFollowUps
        if followUps > 0 {
            left.append(.init("\(followUps) follow-up\(followUps == 1 ? "" : "s") overdue", until: TitleRank.overdueFollowUps.rawValue))
        }
        if !list.marked.isEmpty { left.append(.init("\(list.marked.count) marked", until: TitleRank.marked.rawValue)) }
        let right: TitleLine.Part? = count == 0 ? nil
            : list.isFiltered ? .init("\(list.shown.count) of \(count) match", until: TitleRank.matches.rawValue)
            : .init("by \(BrowseState.orderName(list.order))", until: TitleRank.sortOrder.rawValue)
        return TitleLine(left: left, right: right)
    }

    private static func drawHeadings(_ columns: Columns, on screen: inout Screen, row: Int, _ frame: Frame) {
        var column = gutter
        for (title, width) in [("NAME", columns.name), ("LAST CONTACT", columns.last), ("NEXT", columns.next),
                               ("DUE", columns.due), ("TAGS", columns.tags)] where width > 0 {
            screen.put(TextLayout.truncated(title, width: width), row: row, column: column, style: .dim)
            column += width + gap
        }
    }

    private static func drawRow(_ person: PeopleListing.Row, name: String, today: Day, _ columns: Columns, selected: Bool, marked: Bool,
                                on screen: inout Screen, row: Int, _ frame: Frame) {
        screen.put((selected ? ">" : " ") + (marked ? "*" : " "), row: row, column: 0, style: .bold)
        var column = gutter
        func cell(_ text: String, _ width: Int, _ style: Style = .plain) {
            guard width > 0 else { return }
            screen.put(TextLayout.truncated(text, width: width), row: row, column: column, style: style)
            column += width + gap
        }
        cell(name, columns.name, .bold)
        cell(person.last.map { relative($0, from: today) } ?? "never", columns.last)
        cell(person.next.map { relative($0, from: today) } ?? "-", columns.next)
        let overdue = person.due.map { $0 < today } ?? false
        cell(person.due.map { dueWording($0, from: today) } ?? "-", columns.due, overdue ? Style.plain.coloured(.red) : .plain)
        cell(person.tags.joined(separator: ", "), columns.tags, .dim)
        if selected { screen.restyle(row: row, to: frame.width) { $0.reversed } }
    }

    /// The filter being typed, on the key line: `/text`, the cursor after it.
    private static func drawFilter(_ list: PeopleList, on screen: inout Screen, _ frame: Frame) {
        let hint = "Enter keep · Esc clear"
        let room = frame.width - DisplayWidth.of(hint) - 3
        let (text, cursor) = list.filter.visibleLine(width: max(1, room - 1))
        screen.put("/", row: frame.keyRow, column: 0, style: .bold)
        screen.put(text, row: frame.keyRow, column: 1)
        if room > 10 { screen.put(hint, row: frame.keyRow, column: frame.width - DisplayWidth.of(hint), style: .dim) }
        screen.cursor = Position(row: frame.keyRow, column: 1 + cursor)
    }
}
