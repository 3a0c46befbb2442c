extension Interaction {
    /// The task-list box of an entry: `- [ ] …` is open (planned, not yet done), `- [x] …` (or
    /// `[X]`) is done. Plain entries have none.
    public enum Checkbox: String, Sendable {
        case open = " "
        case done = "x"
    }

    /// What an entry is on a given day.
    public enum Status: String, Sendable {
        /// It happened: a plain entry or a ticked one, dated today or earlier.
        case done
        /// A plain (or ticked) entry dated after today: it counts from its date on.
        case planned
        /// An unticked `- [ ]` item: it never counts as an interaction.
        case open
    }

    /// The entry's status on `today`.
    public func status(on today: Day) -> Status {
        checkbox == .open ? .open : date > today ? .planned : .done
    }

    /// Whether the entry is an interaction (plain or ticked) rather than an open item, whatever its date.
    package var isInteraction: Bool { checkbox != .open }
}

/// An undated follow-up in the log, `- [ ] NOTE` ("someday"); `- [x] NOTE` once ticked.
package struct FollowUp: Sendable, Equatable {
    /// The note, continuation lines joined with `\n`.
    package var note: String
    package var isDone: Bool
    /// 1-based line of the item in its file.
    package var line: Int
    /// How many lines the item takes.
    package var lineCount: Int

    /// The lines of a new open follow-up: `- [ ] NOTE`, each further note line indented by two
    /// spaces (as `Interaction.rendered` writes an entry's).
    static func rendered(note: String) -> [String] {
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
        return ["- [ ] " + (lines.first ?? "")] + lines.dropFirst().map { $0.isEmpty ? "" : "  " + $0 }
    }
}

extension EntryGrammar.Result {
    /// Whether the line is an undated follow-up, open or ticked.
    package var isFollowUp: Bool {
        if case .followUp = self { return true }
        return false
    }
}

extension EntryGrammar {
    /// The checkbox at `i` (`[ ]`, `[x]` or `[X]` followed by white space or the line's end), if any.
    static func checkbox(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Interaction.Checkbox? {
        guard i + 3 <= b.count, b[i] == 0x5B, b[i + 2] == 0x5D,
              i + 3 == b.count || b[i + 3] == 0x20 || b[i + 3] == 0x09 else { return nil }
        switch b[i + 1] {
        case 0x20: return .open
        case 0x78, 0x58: return .done
        default: return nil
        }
    }

    /// A checkbox followed by text that is not a date: an undated follow-up, or not an entry
    /// when there is no text.
    static func followUp(_ b: UnsafeBufferPointer<UInt8>, from start: Int, done: Bool) -> Result {
        var e = b.count
        while e > start, b[e - 1] == 0x20 || b[e - 1] == 0x09 { e -= 1 }
        return e > start ? .followUp(done: done, note: start..<e) : .notEntry
    }
}
