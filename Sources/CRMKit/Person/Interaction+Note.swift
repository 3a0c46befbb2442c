extension Interaction {
    /// A note as typed (`crm log ada "…"`, or standard input) as an entry holds it: lines split on
    /// LF and CRLF with their trailing spaces trimmed, blank lines at both ends removed. Throws,
    /// saying why, when nothing is left or the note holds control characters other than tab.
    public static func note(typed: String) throws(VaultError) -> String {
        // "\r\n" is one Character in Swift: split on both line endings.
        let note = typed.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { String($0).trimmingTrailingSpaces }
            .joined(separator: "\n").trimmingNewlines
        guard !note.isEmpty else { throw VaultError("the note is empty") }
        guard !note.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) else {
            throw VaultError("the note has control characters")
        }
        return note
    }
}
