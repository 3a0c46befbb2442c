extension Vault {
    /// Writes `entry` into `person`'s log where the log's order puts it (what `crm log` and, for
    /// an open item, `crm plan` write), re-applied if the file changed meanwhile (see `update`).
    /// Returns the person as written and the entry's 1-based line.
    public func log(_ entry: Interaction, to person: Person) throws -> (person: Person, line: Int) {
        var line = 0
        let (written, _) = try update(person, change: entry.change(with: person.name)) { document in
            let inserted = try document.inserting(entry)
            line = inserted.line
            return inserted.bytes
        }
        return (written, line)
    }
}
