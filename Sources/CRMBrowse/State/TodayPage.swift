import CRMKit
import CRMTerminal

/// The Today view (`t`): the agenda, overdue first, then day by day, then someday; one of its
/// items selected, to open the person.
package struct TodayPage: Sendable {
    /// A line of the view: a day's heading, or an item.
    package enum Row: Sendable {
        case heading(String)
        case item(Agenda.Item)
        case gap
    }

    package let agenda: Agenda
    package let rows: [Row]
    /// The index in `rows` of the item selected; nil when there is none.
    package internal(set) var selected: Int?
    package internal(set) var top = 0

    init(agenda: Agenda, rows: Int) {
        self.agenda = agenda
        var lines: [Row] = []
        func section(_ heading: String, _ items: [Agenda.Item]) {
            guard !items.isEmpty else { return }
            if !lines.isEmpty { lines.append(.gap) }
            lines.append(.heading(heading))
            lines += items.map(Row.item)
        }
        section("Overdue", agenda.overdue)
        for (day, items) in agenda.days { section(dayHeading(day, today: agenda.today), items) }
        section("Someday", agenda.someday)
        self.rows = lines
        selected = lines.firstIndex { if case .item = $0 { true } else { false } }
        scroll(rows: rows)
    }

    package var selectedItem: Agenda.Item? {
        guard let selected, case .item(let item) = rows[selected] else { return nil }
        return item
    }

    private var itemRows: [Int] { rows.indices.filter { if case .item = rows[$0] { true } else { false } } }

    /// The next or previous item, `delta` items away.
    mutating func move(by delta: Int, rows count: Int) {
        let items = itemRows
        guard let selected, let place = items.firstIndex(of: selected) else { return }
        self.selected = items[max(0, min(items.count - 1, place + delta))]
        scroll(rows: count)
    }

    mutating func moveTo(first: Bool, rows count: Int) {
        let items = itemRows
        selected = first ? items.first : items.last
        if first { top = 0 }
        scroll(rows: count)
    }

    mutating func scroll(rows count: Int) {
        guard let selected else { return top = 0 }
        // A section's heading stays in view above its first item.
        var first = selected
        while first > 0, case .heading = rows[first - 1] { first -= 1 }
        if first < top { top = first }
        top = PeopleList.top(top, selected: selected, count: rows.count, rows: count)
    }
}
