import CRMFormat

/// What the rest of the vault says about one person: entries in other files they take part in,
/// who takes part in their own entries, where they are mentioned, and their relationships
/// (both those their file states and those stated about them in others').
public struct PersonConnections: Sendable, Equatable {
    /// Entries of other files with this person among the participants, newest first.
    public var shared: [SharedInteraction] = []
    /// The other participants of the person's own entries (by the entry's 1-based line): ids.
    public var with: [Int: [String]] = [:]
    /// Lines elsewhere that link the person, in path and line order.
    public var mentions: [Mention] = []
    /// Relationships: the person's own items first, in file order, then those in other files.
    public var related: [Relation] = []

    public init() {}
}

/// An interaction that lives in another file (a shared entry in someone's log, a daily note's item).
public struct SharedInteraction: Sendable, Equatable {
    public var interaction: Interaction
    /// The file it lives in, relative to the vault.
    public var path: String
    /// The person whose log it is in; nil for a daily note.
    public var owner: String?
    /// The other participants' ids: the file's own person first for a log entry.
    public var with: [String]
}

/// A line that links a person outside any entry.
public struct Mention: Sendable, Equatable {
    public var path: String
    /// 1-based.
    public var line: Int
    /// The line, white space trimmed at both ends.
    public var text: String
}

/// A relationship as one person sees it: `parent` Bob Marsh on Ada's side is `child` Ada
/// Lovelace on Bob's.
public struct Relation: Sendable, Equatable {
    /// The relation as it reads from this person's side (`partner`, `child`, `godmother of`).
    public var relation: String
    /// The other person's id; nil for a plain name (or a link that names no one person).
    public var id: String?
    public var name: String
    /// Where the item is written: its file and 1-based line.
    public var path: String
    public var line: Int
}

/// A place that links a person: for `rm` (the links left pointing at nobody) and `rename`.
public struct LinkReference: Sendable, Equatable {
    public var path: String
    public var line: Int
    public var column: Int
    /// The target as written.
    public var target: String
}
