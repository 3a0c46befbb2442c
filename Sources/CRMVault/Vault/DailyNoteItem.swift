import CRMFormat

/// A daily note's item that names people: one interaction or plan, whoever takes part. The
/// reports that list items once (a calendar's events, `INDEX.md`'s recent interactions, `crm
/// search`'s files) read these; those that list each person's items read them as each
/// participant's shared entries (`PersonConnections.shared`).
package struct DailyNoteItem: Sendable, Equatable {
    package var interaction: Interaction
    /// The daily note, relative to the vault.
    package var path: String
    /// The ids of the people its links name, in link order, each once.
    package var people: [String]
}

extension Vault {
    /// Every item of the daily notes (under `journal:`) that names someone, in path and line
    /// order: the daily notes are read now and their links resolved over everyone once. Empty
    /// without `journal:`.
    package func dailyNoteItems() -> [DailyNoteItem] {
        let daily = dailyNoteLinks(dailyNotes())
        guard daily.contains(where: { !$0.links.entries.isEmpty }) else { return [] }
        let links = VaultLinks(everyone: keysAndLinks().rows.map(\.keys), files: daily)
        return daily.flatMap { file in
            file.links.entries.compactMap { entry -> DailyNoteItem? in
                var people: [String] = []
                for link in entry.links {
                    if let id = links.resolver.person(link.target), !people.contains(id) { people.append(id) }
                }
                return people.isEmpty ? nil : DailyNoteItem(interaction: entry.interaction, path: file.path, people: people)
            }
        }
    }
}
