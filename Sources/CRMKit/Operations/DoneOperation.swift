import CRMFormat
import CRMVault

/// What `crm done` and `crm browse`'s `x` ask for: one open item of one person's log ticked
/// done. `Vault.done(_:today:)` does it and returns a `DoneOutcome`.
package struct DoneRequest: Sendable {
    /// Whose log holds the item, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// Which open item.
    package var item: Item
    /// `--date`: the day it happened, which the item takes; nil: it keeps its date (see `Vault.tick`).
    package var date: Day?

    package enum Item: Sendable {
        /// TEXT: the item's number as `crm show` lists it, or a part of its note; nil: the oldest open item.
        case named(String?)
        /// One of the person's open items as a list of them offers it (`PersonDocument.openItems`).
        case open(OpenItem)
    }

    package init(person: String, item: Item, date: Day? = nil) {
        (self.person, self.item, self.date) = (person, item, date)
    }
}

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
    package var json: JSON { .object(person.reference + [("interaction", ticked.entry.json(on: today))]) }
}

extension Vault {
    /// Does `request` on `today`: finds the person and ticks the item it names (`tick(_:text:date:today:)`,
    /// or `tick(_:item:date:today:)` for an item a list offered), which refuses, saying why, a file
    /// that could not be read, a number that names no open item, and text that several items hold.
    /// What `crm done` and `crm browse`'s `x` both do.
    package func done(_ request: DoneRequest, today: Day) throws -> DoneOutcome {
        let person = try find(request.person)
        let ticked = switch request.item {
        case .named(let text): try tick(person, text: text, date: request.date, today: today)
        case .open(let item): try tick(person, item: item, date: request.date, today: today)
        }
        return DoneOutcome(ticked: ticked, today: today)
    }

    /// `done(_:today:)` without writing, for an item a list (or an editor) offers: `person`'s file
    /// (as an editor holds it) with the item ticked, and its line then. An item named by its
    /// number or text is not planned (`VaultError`).
    package func ticking(_ request: DoneRequest, in person: Person, today: Day) throws -> (bytes: [UInt8], line: Int) {
        guard case .open(let item) = request.item else { throw VaultError("an item named by its number or text is not planned, only ticked") }
        return try ticking(item, of: person, date: request.date, today: today)
    }
}
