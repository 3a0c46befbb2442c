import CRMKit
import CRMTerminal

/// The Today view: the agenda as `crm agenda` words it (overdue follow-ups, then each day with
/// its plans, people who become due, birthdays and dates, then someday), one item selected.
enum TodayLayout {
    static func draw(_ state: BrowseState, _ page: TodayPage, on screen: inout Screen, _ frame: Frame) {
        let agenda = page.agenda
        let today = agenda.today
        // On a narrow terminal the horizon goes first, then the vault's path (to its last
        // folder), "crm", the folder, "Today"; the day stays.
        let vault = state.setting.vault
        let title = TitleLine(left: [.init("crm", until: 2),
                                     .init(vault, until: 1, then: vault.split(separator: "/").last.map(String.init) ?? vault, until: 3),
                                     .init("Today", until: 4), .init("\(weekdayName(today)) \(dayMonth(today, today: today))", until: 5)],
                              right: .init("until \(dayMonth(agenda.horizon, today: today))", until: 0))
        BrowseLayout.drawTitle(title, on: &screen, frame)
        guard !page.rows.isEmpty else {
            let lines = ["Nothing overdue or planned until \(dayMonth(agenda.horizon, today: today)).",
                         "Plan with p on a person's page; t goes back to the people."]
            for (i, line) in lines.enumerated() {
                screen.put(TextLayout.truncated(line, width: frame.width - 2), row: frame.bodyTop + 1 + i, column: 2)
            }
            return
        }
        let items = agenda.items
        let labelWidth = ([10] + agenda.overdue.map { DisplayWidth.of(dayMonth($0.date!, today: today)) }
            + items.compactMap { $0.yearlyLabel.map(DisplayWidth.of) }).max()!
        // Names take at most half of what the labels leave, so the items' words keep room.
        let nameWidth = min(24, max(10, (frame.width - labelWidth - 6) / 2), items.map { DisplayWidth.of(state.listing.label($0.person)) }.max() ?? 0)
        let top = PeopleList.top(page.top, selected: page.selected ?? 0, count: page.rows.count, rows: frame.bodyRows)
        for (offset, row) in page.rows[top..<min(page.rows.count, top + frame.bodyRows)].enumerated() {
            let line = frame.bodyTop + offset
            switch row {
            case .gap: continue
            case .heading(let text):
                screen.put(TextLayout.truncated(text, width: frame.width), row: line, column: 0, style: .bold)
            case .item(let item):
                let selected = top + offset == page.selected
                screen.put(selected ? ">" : " ", row: line, column: 0, style: .bold)
                var column = 2
                let (label, labelStyle) = Self.label(item, today: today)
                screen.put(TextLayout.padded(label, width: labelWidth), row: line, column: column, style: labelStyle)
                column += labelWidth + 2
                screen.put(TextLayout.padded(state.listing.label(item.person), width: nameWidth), row: line, column: column, style: .bold)
                column += nameWidth + 2
                // How late an overdue follow-up is; a due date's lateness is left out: its label says "due".
                let (detail, late) = (item.words(today: today), item.kind == .followUp ? item.lateness : nil)
                column = screen.put(TextLayout.truncated(detail, width: max(0, frame.width - column)), row: line, column: column,
                                    style: item.kind == .due ? .dim : .plain)
                if let late, column + 2 < frame.width {
                    screen.put(TextLayout.truncated(late, width: frame.width - column - 2), row: line, column: column + 2,
                               style: Style.plain.coloured(.red))
                }
                if selected { screen.restyle(row: line, to: frame.width) { $0.reversed } }
            }
        }
    }

    /// What goes before the name: the date of an overdue item, the time of a plan, "due",
    /// "birthday", a date's name, or "[ ]" for someday.
    private static func label(_ item: Agenda.Item, today: Day) -> (String, Style) {
        switch item.kind {
        case .followUp where item.date == nil: return ("[ ]", .dim)
        case .followUp: return (dayMonth(item.date!, today: today), .dim)
        case .planned: return (item.time?.description ?? "", Style.plain.coloured(.cyan))
        case .due: return ("due", .dim)
        case .birthday, .date: return (item.yearlyLabel ?? "", .dim)
        }
    }
}
