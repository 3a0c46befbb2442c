import CRMKit
import CRMTerminal

/// The contact picker: the search field, then a contact a row (name, email, phone,
/// organisation), the tracked ones dimmed with who tracks them.
enum ContactPickerLayout {
    static func draw(_ picker: ContactPicker, picking: Bool, on screen: inout Screen, _ frame: Frame) {
        let count = picker.choices.count
        let right = picker.filter.isEmpty ? "\(count) contact\(count == 1 ? "" : "s")" : "\(picker.shown.count) of \(count)"
        BrowseLayout.drawTitle(picking ? "Pick a contact from \(picker.source)" : "Add a person from \(picker.source)",
                               right: right, on: &screen, frame)
        let searchRow = frame.bodyTop
        screen.put("Search", row: searchRow, column: 2, style: .dim)
        let (text, cursor) = picker.filter.visibleLine(width: max(1, frame.width - 10))
        screen.put(text, row: searchRow, column: 10)
        screen.cursor = Position(row: searchRow, column: 10 + cursor)
        guard count > 0 else {
            screen.put(TextLayout.truncated("No contacts in \(picker.source).", width: frame.width - 2), row: searchRow + 2, column: 2)
            return
        }
        guard !picker.shown.isEmpty else {
            screen.put(TextLayout.truncated("No contact matches '\(picker.filter.text)'.", width: frame.width - 2), row: searchRow + 2, column: 2)
            return
        }
        let rows = max(1, frame.bodyRows - 1)
        let top = PeopleList.top(picker.top, selected: picker.selected, count: picker.shown.count, rows: rows)
        let visible = picker.shown[top..<min(picker.shown.count, top + rows)].map { picker.choices[$0] }
        let room = frame.width - 2
        let nameWidth = min(max(4, visible.map { DisplayWidth.of($0.contact.name) }.max() ?? 0), 28, room)
        let emailWidth = min(visible.map { DisplayWidth.of($0.contact.emails.first ?? "-") }.max() ?? 0, 30)
        let phoneWidth = min(visible.map { DisplayWidth.of($0.contact.phones.first ?? "-") }.max() ?? 0, 20)
        for (offset, choice) in visible.enumerated() {
            let row = searchRow + 1 + offset
            let selected = top + offset == picker.selected
            let tracked = choice.trackedBy != nil
            screen.put(selected ? ">" : " ", row: row, column: 0, style: .bold)
            var column = 2
            func cell(_ text: String, _ width: Int, _ style: Style) {
                guard width > 0, column < frame.width else { return }
                let fits = min(width, frame.width - column)
                screen.put(TextLayout.truncated(text, width: fits), row: row, column: column, style: style)
                column += width + 2
            }
            let contact = choice.contact
            cell(contact.name.isEmpty ? "(no name)" : contact.name, nameWidth, tracked ? .dim : .bold)
            if frame.width >= 60 {
                cell(contact.emails.first ?? "-", emailWidth, tracked ? .dim : .plain)
                cell(contact.phones.first ?? "-", phoneWidth, tracked ? .dim : .plain)
            }
            let last = choice.trackedBy.map { "tracked as \($0)" } ?? contact.company ?? ""
            cell(last, max(0, frame.width - column), .dim)
            if selected { screen.restyle(row: row, to: frame.width) { $0.reversed } }
        }
    }
}

/// Adding a person by name: the name field and the file it will be.
enum NameEntryLayout {
    static func draw(_ entry: NameEntry, setting: BrowseState.Setting, on screen: inout Screen, _ frame: Frame) {
        BrowseLayout.drawTitle("Add a person", on: &screen, frame)
        let row = frame.bodyTop + 1
        screen.put(">", row: row, column: 0, style: .bold)
        screen.put("Name", row: row, column: 2, style: .bold)
        let (text, cursor) = entry.name.visibleLine(width: max(1, frame.width - 9))
        screen.put(padded: text, row: row, column: 8, style: Style(underline: true), limit: frame.width)
        screen.cursor = Position(row: row, column: 8 + cursor)
        let name = entry.name.text.trimmingSpaces
        if !name.isEmpty {
            screen.put(TextLayout.truncated("people/\(Slug.make(name)).md", width: frame.width - 8), row: row + 1, column: 8, style: .dim)
        }
        if let problem = entry.problem {
            screen.put(TextLayout.truncated(problem, width: frame.width - 2), row: row + 3, column: 2, style: Style.plain.coloured(.red))
        }
        let note = "No address book is set: contacts: in .crm/config.yaml or $CRM_CONTACTS lets you pick from one."
        for (i, line) in TextLayout.wrapped(note, width: frame.width - 2).prefix(3).enumerated() {
            screen.put(line, row: row + 5 + i, column: 2, style: .dim)
        }
    }
}
