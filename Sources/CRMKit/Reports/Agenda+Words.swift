import CRMFormat

extension Agenda.Item {
    /// The item's words after the person's name, as `crm agenda` and `crm browse`'s Today view
    /// show them: a plan's or a follow-up's `TYPE: NOTE` (links as the text they show, the note's
    /// first line with ` …` when it has more, no type for a note), a due person's `every 30d,
    /// last contact 3 weeks ago` (or `never contacted`), a birthday's `turns 40`, a date's
    /// `10 years` (its name without the year).
    package func words(today: Day) -> String {
        switch kind {
        case .due:
            let last = person.schedule.last.map { "last contact \(relative($0.date, from: today))" } ?? "never contacted"
            return (person.schedule.cadence.map { "every \($0), " } ?? "") + last
        case .birthday:
            return age.map { "turns \($0)" } ?? "birthday"
        case .date:
            return years.map { "\($0) year" + ($0 == 1 ? "" : "s") } ?? yearlyLabel ?? ""
        case .followUp, .planned:
            let (line, more) = Self.firstLine(of: note ?? "")
            let note = PersonLink.readable(String(line)) + (more ? " …" : "")
            return type == "note" || type == nil ? note : "\(type!): \(note)"
        }
    }

    /// The first line of `text` (up to a line feed; a carriage return and line feed are one
    /// character, no break, as for `split(separator: "\n")`), and whether more follows. Found on
    /// the bytes: splitting every note of an agenda at 10,000 people took a third of the command.
    static func firstLine(of text: String) -> (line: Substring, more: Bool) {
        var text = text
        let end: Int? = text.withUTF8 { bytes in
            var from = 0
            while let at = bytes[from...].firstIndex(of: 0x0A) {
                if at == 0 || bytes[at - 1] != 0x0D { return at }
                from = at + 1
            }
            return nil
        }
        guard let end else { return (text[...], false) }
        return (text[..<text.utf8.index(text.utf8.startIndex, offsetBy: end)], true)
    }

    /// How late an overdue item is: `since yesterday` or `3 days overdue` for a follow-up,
    /// `1 day overdue` for a due date; nil when it is not overdue.
    package var lateness: String? {
        guard let days = overdueDays, days > 0 else { return nil }
        return kind == .followUp && days == 1 ? "since yesterday" : overdueWording(days)
    }
}
