import CRMKit
import CRMTerminal

/// The log sheet: who it is with (with several, whose log it goes in and who is linked), then
/// Type, Date, Time, Note and (with a calendar) Calendar, the focused field marked `>` and
/// holding the cursor, then the sheet's two actions and what stops a save.
enum LogSheetLayout {
    static let labelWidth = 10
    static let noteRows = 6

    static func draw(_ sheet: LogSheet, today: Day, on screen: inout Screen, _ frame: Frame) {
        let names = sheet.people.map(\.name)
        let with = SharedEntry.list(names)
        BrowseLayout.drawTitle(sheet.kind == .log ? "Log an interaction with \(with)" : "Plan an interaction with \(with)",
                               on: &screen, frame)
        if names.count > 1 {   // one entry, as `crm log FIRST --with OTHER…` writes it
            let others = SharedEntry.list(Array(names.dropFirst()))
            screen.put(TextLayout.truncated("  in \(names[0])'s log, \(others) linked", width: frame.width),
                       row: frame.bodyTop, column: 0, style: .dim)
        }
        let fieldColumn = 2 + labelWidth
        let room = max(1, frame.width - fieldColumn)
        let red = Style.plain.coloured(.red)
        var row = frame.bodyTop + 1
        func label(_ field: LogSheet.Field, _ text: String) {
            let focused = sheet.focus == field
            screen.put(focused ? ">" : " ", row: row, column: 0, style: .bold)
            screen.put(text, row: row, column: 2, style: focused ? .bold : .dim)
        }
        /// A one-line field, its placeholder when empty, and a hint after it.
        func field(_ which: LogSheet.Field, _ value: TextField, width: Int, placeholder: String, hint: (String, Style)?) {
            let focused = sheet.focus == which
            let (text, cursor) = value.visibleLine(width: width)
            screen.put(text, row: row, column: fieldColumn, style: Style(underline: focused))
            if focused { screen.cursor = Position(row: row, column: fieldColumn + cursor) }
            if value.isEmpty {
                screen.put(placeholder, row: row, column: fieldColumn + (focused ? 1 : 0), style: .dim, limit: frame.width)
            } else if let (hint, style) = hint {
                screen.put(hint, row: row, column: fieldColumn + DisplayWidth.of(text) + 2, style: style, limit: frame.width)
            }
        }
        // Type: every type, the chosen one in brackets; only the chosen one when they do not fit.
        label(.type, "Type")
        let all = sheet.types.enumerated().map { $0.offset == sheet.typeIndex ? "[\($0.element)]" : $0.element }.joined(separator: "  ")
        screen.put(DisplayWidth.of(all) <= room ? all : "< \(sheet.type) >", row: row, column: fieldColumn)
        row += 1
        // Date, and the day it names (or that it names none).
        label(.date, "Date")
        let day: (String, Style)
        switch sheet.day(today: today) {
        case .success(let value): day = ("\(weekdayName(value)) \(value)", .dim)
        case .failure: day = ("not a date", red)
        }
        field(.date, sheet.date, width: min(room, 20), placeholder: sheet.kind == .log ? "today" : "tomorrow", hint: day)
        row += 1
        label(.time, "Time")
        let time = sheet.time.text.trimmingSpaces
        field(.time, sheet.time, width: min(room, 8), placeholder: "HH:MM, or none",
              hint: time.isEmpty || TimeOfDay(time) != nil ? nil : ("not HH:MM", red))
        row += 1
        // The note: a few lines, scrolled to the cursor.
        label(.note, "Note")
        let lastBodyRow = frame.bodyTop + frame.bodyRows - 1
        let calendarRows = sheet.calendar == nil ? 0 : 1
        // Room kept under the note for the calendar, a blank line and the actions.
        let noteRows = max(1, min(Self.noteRows, lastBodyRow - row + 1 - calendarRows - 2))
        let (noteLines, cursor) = sheet.note.layout(width: room)
        let first = max(0, min(cursor.row - noteRows + 1, noteLines.count - noteRows))
        for i in 0..<noteRows {
            let text = first + i < noteLines.count ? noteLines[first + i] : ""
            screen.put(padded: text, row: row + i, column: fieldColumn, style: Style(underline: true), limit: frame.width)
        }
        if sheet.note.isEmpty {
            screen.put(sheet.kind == .log ? "what happened (Enter: a new line)" : "what is planned (Enter: a new line)",
                       row: row, column: fieldColumn + (sheet.focus == .note ? 1 : 0), style: Style(dim: true, underline: true), limit: frame.width)
        }
        if sheet.focus == .note { screen.cursor = Position(row: row + cursor.row - first, column: fieldColumn + cursor.column) }
        row += noteRows
        if let calendar = sheet.calendar {
            label(.calendar, "Calendar")
            screen.put((sheet.addsToCalendar ? "[x]" : "[ ]") + " also add to my calendar (\(calendar))", row: row, column: fieldColumn, limit: frame.width)
            row += 1
        }
        let actions = min(row + 1, lastBodyRow)
        let end = screen.put("[ Save  Ctrl-S ]", row: actions, column: 2, style: .bold)
        screen.put("[ Cancel  Esc ]", row: actions, column: end + 3, limit: frame.width)
        if let problem = sheet.problem {
            let below = lastBodyRow - actions
            for (i, line) in TextLayout.wrapped(problem, width: frame.width - 2).prefix(max(0, below)).enumerated() {
                screen.put(line, row: actions + 1 + i, column: 2, style: red)
            }
        }
    }
}
