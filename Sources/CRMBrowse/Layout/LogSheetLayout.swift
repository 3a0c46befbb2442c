import CRMKit
import CRMTerminal

/// The log sheet: who it is with, then Type, Date, Time, Note and (with a calendar) Calendar,
/// the focused field marked `>` and holding the cursor, and the sheet's two actions.
enum LogSheetLayout {
    static let labelWidth = 10

    static func draw(_ sheet: LogSheet, today: Day, on screen: inout Screen, _ frame: Frame) {
        let names = sheet.people.map(\.name)
        let with = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        BrowseLayout.drawTitle(sheet.kind == .log ? "Log an interaction with \(with)" : "Plan an interaction with \(with)",
                               on: &screen, frame)
        let fieldColumn = 2 + labelWidth
        let room = max(1, frame.width - fieldColumn)
        var row = frame.bodyTop + 1
        func label(_ field: LogSheet.Field, _ text: String) {
            let focused = sheet.focus == field
            screen.put(focused ? ">" : " ", row: row, column: 0, style: .bold)
            screen.put(text, row: row, column: 2, style: focused ? .bold : .dim)
        }
        // Type: every type, the chosen one in brackets; only the chosen one when they do not fit.
        label(.type, "Type")
        let all = sheet.types.enumerated().map { $0.offset == sheet.typeIndex ? "[\($0.element)]" : $0.element }.joined(separator: "  ")
        let typeText = DisplayWidth.of(all) <= room ? all : "< \(sheet.type) >"
        screen.put(typeText, row: row, column: fieldColumn)
        row += 1
        // Date, and the day it names (or why it names none).
        label(.date, "Date")
        let dateRoom = min(room, 20)
        let (dateText, dateCursor) = sheet.date.visibleLine(width: dateRoom)
        screen.put(dateText, row: row, column: fieldColumn, style: Style(underline: sheet.focus == .date))
        if sheet.focus == .date { screen.cursor = Position(row: row, column: fieldColumn + dateCursor) }
        let hintColumn = fieldColumn + max(DisplayWidth.of(dateText) + 2, min(12, dateRoom + 2))
        switch sheet.day(today: today) {
        case .success(let day):
            screen.put("\(weekdayName(day)) \(day)", row: row, column: hintColumn, style: .dim, limit: frame.width)
        case .failure:
            screen.put("not a date", row: row, column: hintColumn, style: Style.plain.coloured(.red), limit: frame.width)
        }
        row += 1
        label(.time, "Time")
        let (timeText, timeCursor) = sheet.time.visibleLine(width: min(room, 8))
        screen.put(timeText, row: row, column: fieldColumn, style: Style(underline: sheet.focus == .time))
        if sheet.focus == .time { screen.cursor = Position(row: row, column: fieldColumn + timeCursor) }
        let timeHint = sheet.time.text.trimmingSpaces.isEmpty ? "HH:MM, or none"
            : TimeOfDay(sheet.time.text.trimmingSpaces) == nil ? "not HH:MM" : ""
        screen.put(timeHint, row: row, column: fieldColumn + max(DisplayWidth.of(timeText) + 2, 8), style: timeHint == "not HH:MM" ? Style.plain.coloured(.red) : .dim, limit: frame.width)
        row += 1
        // The note: as many lines as there is room for, scrolled to the cursor.
        label(.note, "Note")
        let actionsRow = frame.bodyTop + frame.bodyRows - 1
        let calendarRows = sheet.calendar == nil ? 0 : 1
        let noteRows = max(1, actionsRow - 1 - calendarRows - row)
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
        if let problem = sheet.problem {
            screen.put(TextLayout.truncated(problem, width: frame.width - 2), row: actionsRow - 1, column: 2, style: Style.plain.coloured(.red))
        }
        var column = 2
        column = screen.put("[ Save  Ctrl-S ]", row: actionsRow, column: column, style: .bold)
        screen.put("[ Cancel  Esc ]", row: actionsRow, column: column + 3, limit: frame.width)
    }
}
