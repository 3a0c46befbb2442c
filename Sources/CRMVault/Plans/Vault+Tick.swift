import CRMFormat

/// What `Vault.tick` did: the person as written and the ticked entry, on the line it is on now.
package struct TickedItem: Sendable {
    package let person: Person
    /// The entry as written (`line` is where it stands now).
    package let entry: Interaction
    /// The item before it was ticked.
    package let item: OpenItem
    /// Whether the item was dated after today and took today's date instead.
    package let movedToToday: Bool
}

extension Vault {
    /// Ticks the open item of `person` that `text` names: its number as `crm show` numbers the log
    /// when `text` is a number, else the one whose note holds it (see
    /// `PersonDocument.openItems(matching:)`). `[ ]` becomes `[x]`. With `date` the item takes that date; without it, an undated follow-up
    /// and an item dated after `today` take `today` (a done interaction counts from its day on), and
    /// any other item keeps its date. A changed date moves the item where the log's order puts it.
    /// Throws when the file could not be read, when no open item holds `text`, or when several do.
    package func tick(_ person: Person, text: String?, date: Day?, today: Day) throws -> TickedItem {
        try ReadProblems.refuseUnreadable(person, doing: "not changed")
        if let number = text.flatMap(LogItem.number) {
            let (read, kept) = try item(numbered: number, in: person.document, of: person)
            return try tick(person, item: try open(read, number: number, of: person, in: person.document, kept: kept),
                            numbered: (number, read), date: date, today: today)
        }
        let candidates = person.document.openItems(matching: text)
        guard candidates.count == 1, let wanted = candidates.first else {
            if candidates.isEmpty {
                if let elsewhere = openItemsElsewhere(of: person, matching: text) { throw VaultError(elsewhere) }
                throw VaultError(text.map { "\(person.name) has no open item whose note holds '\($0)'" }
                                 ?? "\(person.name) has no open items (plan one with: crm plan \(person.id) NOTE…)")
            }
            let listed = candidates.map { item in
                "  \(person.path):\(item.line): " + (item.date.map { "\($0) " } ?? "") + (item.note.split(separator: "\n").first.map(String.init) ?? "")
            }
            throw VaultError("\(candidates.count) open items of \(person.name) hold '\(text ?? "")'; say which with more of its note:\n"
                             + listed.joined(separator: "\n"))
        }
        return try tick(person, item: wanted, date: date, today: today)
    }

    /// Ticks `wanted`, one of `person`'s open items (`PersonDocument.openItems`), as
    /// `tick(_:text:date:today:)` does once it has found it: what a list of them offers.
    package func tick(_ person: Person, item wanted: OpenItem, date: Day?, today: Day) throws -> TickedItem {
        try tick(person, item: wanted, numbered: nil, date: date, today: today)
    }

    /// Ticks `wanted`; `numbered`: the number that named it and the item it named when the file
    /// was read, looked up again by that number under the vault lock (see `KeptNumbers`).
    private func tick(_ person: Person, item wanted: OpenItem, numbered: (number: Int, read: LogItem)?, date: Day?, today: Day) throws -> TickedItem {
        try ReadProblems.refuseUnreadable(person, doing: "not changed")
        let (newDate, movedToToday) = Self.tickDate(of: wanted, date: date, today: today)
        var line = 0
        let type: String
        if case .dated(let entry) = wanted { type = entry.type } else { type = "note" }
        let change = Interaction(date: newDate ?? wanted.date ?? today, type: type, note: wanted.note).change(with: person.name)
        var acted: (before: PersonDocument, item: LogItem, bytes: [UInt8])?
        // Under one hold of the vault lock: the write, then the numbers kept for the file it wrote.
        let written = try FileSystem.withLock(on: root) {
            let (written, changed) = try update(person, change: change) { document in
                // Applied again if the file changed meanwhile: the item the number names, if it is
                // still the one read; else the same item, looked for by its note and date.
                let item: OpenItem
                if let numbered {
                    let (now, kept) = try self.item(numbered: numbered.number, in: document, of: person, read: numbered.read)
                    item = try open(now, number: numbered.number, of: person, in: document, kept: kept)
                } else {
                    guard let same = document.openItems.first(where: { $0.note == wanted.note && $0.date == wanted.date }) else {
                        throw VaultError("\(person.path) changed and the item is no longer open; nothing was changed")
                    }
                    item = same
                }
                let ticked = try document.ticking(item, date: newDate)
                line = ticked.line
                acted = (document, item.logItem, ticked.bytes)
                return ticked.bytes
            }
            if changed, let acted { keepNumbers(of: person, before: acted.before, acted: acted.item, becoming: line, after: acted.bytes) }
            return written
        }
        guard let entry = written.document.log?.entries.first(where: { $0.line == line }) else {
            throw VaultError("\(person.path): the ticked item does not read back as an entry on line \(line)")
        }
        return TickedItem(person: written, entry: entry, item: wanted, movedToToday: movedToToday)
    }

    /// The date a ticked item takes: `date` when given; else today for an undated follow-up and
    /// for an item dated after today (`movedToToday`); else none (it keeps its own).
    static func tickDate(of item: OpenItem, date: Day?, today: Day) -> (date: Day?, movedToToday: Bool) {
        let movedToToday = date == nil && (item.date.map { $0 > today } ?? false)
        return (date ?? (item.date == nil || movedToToday ? today : nil), movedToToday)
    }

    /// `tick(_:item:date:today:)` without writing: `person`'s file (as read, or as an editor
    /// holds it) with `item` ticked, and the line it is on then.
    package func ticking(_ item: OpenItem, of person: Person, date: Day?, today: Day) throws -> (bytes: [UInt8], line: Int) {
        try ReadProblems.refuseUnreadable(person, doing: "not changed")
        return try person.document.ticking(item, date: Self.tickDate(of: item, date: date, today: today).date)
    }

    /// `item` as an open item, or why `number` cannot be ticked: it is done already.
    private func open(_ item: LogItem, number: Int, of person: Person, in document: PersonDocument, kept: Bool) throws(VaultError) -> OpenItem {
        guard let open = item.openItem else {
            throw VaultError("item \(number) of \(person.name) is not an open item: \(person.path):\(item.line): \(document.text.string(item.line - 1))"
                             + (kept ? KeptNumbers.hint(person) : ""))
        }
        return open
    }
}

extension Vault {
    /// Where `person`'s open items that live in other files are (a daily note's item, an entry
    /// of someone else's log that links them), those whose note holds `text` when given (ignoring
    /// case and accents): what `crm done` says when the person's own file has none to tick. The
    /// tool never writes a daily note, and an entry of another log is ticked in that log (its
    /// number there is given). Nil when there are none.
    private func openItemsElsewhere(of person: Person, matching text: String?) -> String? {
        let wanted = text?.folded ?? ""
        let items = VaultLinks.read(self).connections(of: person.id).shared.filter {
            $0.interaction.checkbox == .open && (wanted.isEmpty || $0.interaction.note.folded.contains(wanted))
        }.sorted { ($0.interaction.date, $0.path, $0.interaction.line) < ($1.interaction.date, $1.path, $1.interaction.line) }
        guard !items.isEmpty else { return nil }
        let lines = items.map { item -> String in
            let entry = item.interaction
            let note = entry.note.split(separator: "\n").first.map(String.init) ?? ""
            var how = "a daily note: tick it there"
            if let owner = item.owner {
                how = "tick it with: crm done \(owner)" + (number(of: entry.line, inLogOf: item.path).map { " \($0)" } ?? "")
            }
            return "  \(item.path):\(entry.line): \(entry.date) \(note) (\(how))"
        }
        let what = text.map { "no open item whose note holds '\($0)' in \(person.path)" } ?? "no open items in \(person.path)"
        return "\(person.name) has \(what); \(items.count == 1 ? "this one lives in another file" : "these live in other files"):\n"
            + lines.joined(separator: "\n")
    }

    /// The number `crm show` gives the entry on `line` of the person file at `path` (see
    /// `LogItem`); nil when it cannot be read.
    private func number(of line: Int, inLogOf path: String) -> Int? {
        guard let log = (try? load(path: path))?.document.log else { return nil }
        return log.newestFirst().firstIndex { log.entry(at: $0).line == line }.map { $0 + 1 }
    }
}
