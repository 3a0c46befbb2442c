/// One dated entry of a person's interaction log.
public struct Interaction: Sendable, Equatable {
    public var date: Day
    public var time: TimeOfDay?
    /// One of the vault's interaction types, in lower case; `note` when none was written.
    public var type: String
    /// The note, continuation lines joined with `\n`.
    public var note: String
    /// 1-based line of the entry in its file (0 for an entry not yet written).
    public var line: Int
    /// How many lines the entry takes: its own and its continuation lines.
    public var lineCount: Int
    /// `[ ]` for an open item, `[x]` for a ticked one, nil for a plain entry.
    public var checkbox: Checkbox?

    public init(date: Day, time: TimeOfDay? = nil, type: String, note: String, line: Int = 0, lineCount: Int = 1,
                checkbox: Checkbox? = nil) {
        self.date = date
        self.time = time
        self.type = type
        self.note = note
        self.line = line
        self.lineCount = lineCount
        self.checkbox = checkbox
    }

    /// Ordering key: the date, then the time when both entries have one.
    func isNewer(than other: Interaction) -> Bool {
        if date != other.date { return date > other.date }
        if let a = time, let b = other.time { return a > b }
        return false
    }

    /// The entry's lines as the tool writes them: `- 2026-11-28 call: note`,
    /// `- 2026-11-02 14:30 visit: note`, `- 2026-10-15: note` for type `note`; an open item as
    /// `- [ ] 2026-12-05 visit: note`.
    /// Entries written as `* [[2026-11-20]] …` by hand are read as well, but new ones are canonical.
    public var rendered: [String] {
        var head = "- " + (checkbox.map { "[\($0.rawValue)] " } ?? "") + "\(date)"
        if let time { head += " \(time)" }
        head += type == "note" ? ":" : " \(type):"
        let noteLines = note.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = noteLines.first, !first.isEmpty { head += " " + first }
        return [head] + noteLines.dropFirst().map { $0.isEmpty ? "" : "  " + $0 }
    }
}
