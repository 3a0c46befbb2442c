import CRMFormat

/// What the rest of the vault says about one person: entries in other files they take part in,
/// who takes part in their own entries, where they are mentioned, and their relationships
/// (both those their file states and those stated about them in others').
package struct PersonConnections: Sendable, Equatable {
    /// Entries of other files with this person among the participants, newest first.
    package var shared: [SharedInteraction] = []
    /// The other participants of the person's own entries (by the entry's 1-based line): ids.
    package var with: [Int: [String]] = [:]
    /// Lines elsewhere that link the person, in path and line order.
    package var mentions: [Mention] = []
    /// Relationships: the person's own items first, in file order, then those in other files.
    package var related: [Relation] = []

    package init() {}
}

/// An interaction that lives in another file (a shared entry in someone's log, a daily note's item).
package struct SharedInteraction: Sendable, Equatable {
    package var interaction: Interaction
    /// The file it lives in, relative to the vault.
    package var path: String
    /// The person whose log it is in; nil for a daily note.
    package var owner: String?
    /// The other participants' ids: the file's own person first for a log entry.
    package var with: [String]
}

/// A line that links a person outside any entry.
package struct Mention: Sendable, Equatable {
    package var path: String
    /// 1-based.
    package var line: Int
    /// The line, white space trimmed at both ends.
    package var text: String
}

/// A relationship as one person sees it: `parent` Bob Marsh on Ada's side is `child` Ada
/// Lovelace on Bob's.
package struct Relation: Sendable, Equatable {
    /// The relation as it reads from this person's side (`partner`, `child`, `godmother of`).
    package var relation: String
    /// The other person's id; nil for a plain name (or a link that names no one person).
    package var id: String?
    package var name: String
    /// Where the item is written: its file and 1-based line.
    package var path: String
    package var line: Int
}

/// A place that links a person: for `rm` (the links left pointing at nobody) and `rename`.
package struct LinkReference: Sendable, Equatable {
    package var path: String
    package var line: Int
    package var column: Int
    /// The target as written.
    package var target: String
}
