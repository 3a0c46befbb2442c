import CRMFormat

extension Vault {
    /// Writes `entry` into `person`'s log where the log's order puts it (what `crm log` and, for
    /// an open item, `crm plan` write), re-applied if the file changed meanwhile (see `update`).
    /// With `others` (`--with`, checked as `SharedEntry.checked` checks them: never `person`,
    /// each a person file of this vault) the note links them as `SharedEntry.note` words it and
    /// their files are not touched. Returns the person as written, the entry's 1-based line and
    /// the entry as written.
    public func log(_ entry: Interaction, to person: Person, with others: [Person] = [])
        throws -> (person: Person, line: Int, entry: Interaction) {
        let (entry, others) = try loggedEntry(entry, of: person, with: others)
        var line = 0
        let names = SharedEntry.list([person.name] + others.map(\.name))
        let (written, _) = try update(person, change: entry.change(with: names)) { [entry] document in
            let inserted = try document.inserting(entry)
            line = inserted.line
            return inserted.bytes
        }
        return (written, line, entry)
    }

    /// `entry` as `log(_:to:with:)` writes it in `person`'s log: its note linking `others`
    /// (checked as `SharedEntry.checked` checks them, and returned so). `document.inserting`
    /// puts it where the log's order puts it.
    package func loggedEntry(_ entry: Interaction, of person: Person, with others: [Person]) throws -> (entry: Interaction, others: [Person]) {
        let others = try SharedEntry.checked(others.map { ($0.id, $0) }, of: person, in: self)
        var entry = entry
        entry.note = SharedEntry.note(entry.note, with: others)
        return (entry, others)
    }
}
