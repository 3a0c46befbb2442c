import CRMKit
import CRMTerminal

/// A person's page, as `crm show` lays it out: details (and where they come from), Related,
/// Coming up, the numbered log (entries of other files unnumbered, with where they live), the
/// notes, then Mentioned.
enum PersonPageLayout {
    /// One line of the page: text placed at columns, and the entry it shows (for selecting).
    struct Line: Equatable {
        struct Span: Equatable {
            var column: Int
            var text: String
            var style: Style
        }
        var spans: [Span] = []
        /// The index in `PersonPage.entries` of the entry this line shows part of.
        var entry: Int?

        init(_ spans: [Span] = [], entry: Int? = nil) {
            self.spans = spans
            self.entry = entry
        }

        init(_ text: String, column: Int = 0, style: Style = .plain) {
            spans = [Span(column: column, text: text, style: style)]
        }
    }

    static let narrow = 60

    /// The page's lines at `width` cells.
    static func lines(_ view: PersonView, width: Int) -> [Line] {
        var lines: [Line] = []
        // Details, keys aligned as `crm show` aligns them.
        let today = view.today
        let keyWidth = view.fields.map { $0.key.count }.max() ?? 0
        for field in view.fields {
            let valueColumn = 2 + keyWidth + 2
            let late = field.key == "due" && (view.due.map { $0 < today } ?? false)
            for (i, part) in TextLayout.wrapped(field.value, width: max(1, width - valueColumn)).enumerated() {
                var line = Line([Line.Span(column: valueColumn, text: part, style: late ? Style.plain.coloured(.red) : .plain)])
                if i == 0 { line.spans.insert(Line.Span(column: 2, text: field.key, style: .dim), at: 0) }
                lines.append(line)
            }
        }
        if let origin = view.origin.summary {
            for part in TextLayout.wrapped(origin, width: max(1, width - 2)) { lines.append(Line(part, column: 2, style: .dim)) }
        }
        if !view.related.isEmpty {
            lines.append(Line())
            lines.append(Line("Related (\(view.related.count))", style: .bold))
            let relationWidth = view.related.map { DisplayWidth.of($0.relation) }.max() ?? 0
            for relation in view.related {
                lines.append(Line([Line.Span(column: 2, text: relation.relation, style: .dim),
                                   Line.Span(column: 2 + relationWidth + 2, text: relation.name, style: .plain)]))
            }
        }
        let entries = view.comingUp + view.history
        let numberWidth = String(entries.compactMap(\.number).max() ?? 0).count
        let typeWidth = entries.compactMap { $0.type.map { DisplayWidth.of($0) } }.max() ?? 0
        if !view.comingUp.isEmpty {
            lines.append(Line())
            lines.append(Line("Coming up (\(view.comingUp.count))", style: .bold))
            for (i, entry) in view.comingUp.enumerated() {
                lines += Self.entry(entry, index: i, numberWidth: numberWidth, typeWidth: typeWidth, today: today, width: width)
            }
        }
        lines.append(Line())
        lines.append(Line("\(view.heading) (\(view.history.count))", style: .bold))
        for (i, entry) in view.history.enumerated() {
            lines += Self.entry(entry, index: view.comingUp.count + i, numberWidth: numberWidth, typeWidth: typeWidth, today: today, width: width)
        }
        if view.history.isEmpty { lines.append(Line("none yet — press l to log one", column: 2, style: .dim)) }
        if !view.notes.isEmpty {
            lines.append(Line())
            lines.append(Line("Notes", style: .bold))
            for part in TextLayout.wrapped(view.notes, width: max(1, width - 2)) { lines.append(Line(part, column: 2)) }
        }
        if !view.mentions.isEmpty {
            lines.append(Line())
            lines.append(Line("Mentioned (\(view.mentions.count))", style: .bold))
            for mention in view.mentions {
                let place = "\(mention.path):\(mention.line)"
                lines.append(Line(place, column: 2, style: .dim))
                for part in TextLayout.wrapped(PersonLink.readable(mention.text), width: max(1, width - 4)) { lines.append(Line(part, column: 4)) }
            }
        }
        return lines
    }

    /// An entry's lines: number, date and time, type, then the note, wrapped; on a narrow
    /// screen the note goes under the date.
    private static func entry(_ entry: PersonView.Entry, index: Int, numberWidth: Int, typeWidth: Int, today: Day, width: Int) -> [Line] {
        let number = entry.number.map(String.init) ?? ""
        let lead = String(repeating: " ", count: numberWidth - number.count) + number
        let when = entry.date.map { "\($0)" + (entry.time.map { " \($0)" } ?? "      ") } ?? "someday         "
        let type = (entry.type ?? "")
        var head = [
            Line.Span(column: 2, text: lead, style: .dim),
            Line.Span(column: 2 + numberWidth + 2, text: when, style: .dim),
            Line.Span(column: 2 + numberWidth + 2 + 16 + 2, text: type, style: Style.plain.coloured(.cyan)),
        ]
        let isNarrow = width < narrow
        let noteColumn = isNarrow ? 2 + numberWidth + 2 : 2 + numberWidth + 2 + 16 + 2 + typeWidth + 2
        if isNarrow {
            head[1].text = head[1].text.trimmingSpaces
            head[2].column = 2 + numberWidth + 2 + DisplayWidth.of(head[1].text) + 1
        }
        let late = entry.isOverdue ? " (\(dueWording(entry.date!, from: today)))" : ""
        var noteLines: [String] = []
        for part in PersonLink.readable(entry.note).split(separator: "\n", omittingEmptySubsequences: false) {
            noteLines += TextLayout.wrapped(String(part), width: max(1, width - noteColumn))
        }
        // Text typed under the entry in the log, dim under the note (blank lines kept).
        var text: [String] = []
        if let typed = entry.text {
            for part in PersonLink.readable(typed).split(separator: "\n", omittingEmptySubsequences: false) {
                text += part.isEmpty ? [""] : TextLayout.wrapped(String(part), width: max(1, width - noteColumn))
            }
        }
        let elsewhere = entry.elsewhere.map { TextLayout.wrapped($0.label(line: entry.line), width: max(1, width - noteColumn)) } ?? []
        var lines: [Line] = []
        func under(_ part: String, _ style: Style) {
            lines.append(Line([Line.Span(column: noteColumn, text: part, style: style)], entry: index))
        }
        // The head on a line of its own on a narrow screen, else before the note's first line.
        if isNarrow { lines.append(Line(head, entry: index)) }
        for (i, part) in noteLines.enumerated() {
            under(part, .plain)
            if i == 0, !isNarrow { lines[lines.count - 1].spans.insert(contentsOf: head, at: 0) }
        }
        // How late an overdue item is: after the note's last line, or under it when it does not
        // fit (always on a narrow screen).
        if !late.isEmpty {
            let end = noteColumn + DisplayWidth.of(noteLines.last ?? "")
            if !isNarrow, end + DisplayWidth.of(late) <= width {
                lines[lines.count - 1].spans.append(Line.Span(column: end, text: late, style: Style.plain.coloured(.red)))
            } else {
                under(late.trimmingSpaces, Style.plain.coloured(.red))
            }
        }
        for part in text + elsewhere { under(part, .dim) }
        return lines
    }

    static func draw(_ page: PersonPage, on screen: inout Screen, _ frame: Frame) {
        let view = page.view
        let nameWidth = DisplayWidth.of(view.name)
        screen.put(TextLayout.truncated(view.name, width: frame.width), row: 0, column: 0, style: .bold)
        if nameWidth + 2 + DisplayWidth.of(view.path) <= frame.width {
            screen.put(view.path, row: 0, column: nameWidth + 2, style: .dim)
        }
        let lines = Self.lines(view, width: frame.width)
        let selectedFirst = page.selected.flatMap { selected in lines.firstIndex { $0.entry == selected } }
        let scroll = max(0, min(page.scroll, lines.count - frame.bodyRows))
        for (offset, line) in lines[min(scroll, lines.count)..<min(lines.count, scroll + frame.bodyRows)].enumerated() {
            let row = frame.bodyTop + offset
            for span in line.spans {
                screen.put(span.text, row: row, column: span.column, style: span.style, limit: frame.width)
            }
            if let entry = line.entry, entry == page.selected {
                if scroll + offset == selectedFirst { screen.put(">", row: row, column: 0, style: .bold) }
                screen.restyle(row: row, to: frame.width) { $0.reversed }
            }
        }
        // More below or above: a mark at the right edge of the first and last body rows.
        if scroll > 0 { screen.put("↑", row: frame.bodyTop, column: frame.width - 1, style: .dim) }
        if scroll + frame.bodyRows < lines.count { screen.put("↓", row: frame.bodyTop + frame.bodyRows - 1, column: frame.width - 1, style: .dim) }
    }
}
