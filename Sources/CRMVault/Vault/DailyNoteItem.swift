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

extension VaultLinks {
    /// The items of the daily notes `daily` (files these links were resolved over) that name
    /// someone, in path and line order.
    func dailyNoteItems(_ daily: [LinkedFile]) -> [DailyNoteItem] {
        daily.flatMap { file in
            file.links.entries.compactMap { entry -> DailyNoteItem? in
                var people: [String] = []
                for link in entry.links {
                    if let id = resolver.person(link.target), !people.contains(id) { people.append(id) }
                }
                return people.isEmpty ? nil : DailyNoteItem(interaction: entry.interaction, path: file.path, people: people)
            }
        }
    }
}
