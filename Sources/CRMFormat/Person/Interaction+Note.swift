extension Interaction {
    /// A note as typed (`crm log ada "…"`, or standard input) in the form an entry holds it
    /// (`normalizedNote`). Throws, saying why, when nothing is left or the note holds control
    /// characters other than tab.
    package static func note(typed: String) throws(VaultError) -> String {
        let note = normalizedNote(typed)
        guard !note.isEmpty else { throw VaultError("the note is empty") }
        guard !note.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) else {
            throw VaultError("the note has control characters")
        }
        return note
    }
}
