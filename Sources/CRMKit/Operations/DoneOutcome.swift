import CRMFormat
import CRMVault

/// What `Vault.done(_:today:)` did: the item ticked, where it is now, and what to tell the user
/// (`lines`, worded here for `crm done` and `crm browse`).
package struct DoneOutcome: Outcome {
    /// The person as written, the entry the item became and the item as it was.
    package let ticked: TickedItem
    package let today: Day

    /// The person as written.
    package var person: Person { ticked.person }
    /// The entry's 1-based line in the person's file now.
    package var line: Int { ticked.entry.line }

    /// What was ticked and where it stands now (the date it was planned for, when it took today's
    /// instead), then what a date after today means.
    package var lines: [OutcomeLine] {
        let entry = ticked.entry, item = ticked.item
        let note = item.note.split(separator: "\n").first.map(String.init) ?? ""
        let what = item.date == nil ? "follow-up" : entry.type
        let planned = ticked.movedToToday ? item.date.map { " (planned for \($0))" } ?? "" : ""
        var lines: [OutcomeLine] = [.said("Done \(what) with \(person.name) on \(entry.date)\(planned): \(note) (\(person.path):\(entry.line))")]
        if entry.date > today {
            lines.append(.warning("\(entry.date) is after today: a done item counts as contact only from its day on ('crm check' warns until then)"))
        }
        return lines
    }

    /// `crm done --json`: `{"id", "path", "interaction"}`.
    package var json: JSON { ticked.json(on: today) }
}
