import CRMFormat

extension Vault {
    /// Where `person`'s open items that live in other files are (a daily note's item, an entry
    /// of someone else's log that links them), those whose note holds `text` when given (ignoring
    /// case and accents): what `crm done` says when the person's own file has none to tick. The
    /// tool never writes a daily note, and an entry of another log is ticked in that log (its
    /// number there is given). Nil when there are none.
    func openItemsElsewhere(of person: Person, matching text: String?) -> String? {
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
