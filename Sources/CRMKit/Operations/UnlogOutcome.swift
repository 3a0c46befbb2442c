import CRMFormat
import CRMVault

/// What `Vault.unlog(_:clock:)` did: the item taken out of the log, the trash file keeping it,
/// and what to tell the user (`lines`, worded here for `crm unlog` and `crm browse`).
package struct UnlogOutcome: Outcome {
    /// The person as found, before the item was removed.
    package let person: Person
    /// The item removed, with the line it was on.
    package let item: LogItem
    /// Where the item is kept: `crm restore NAME` puts it back.
    package let trash: TrashItem
    package let today: Day

    /// What was removed from where, and where it is kept.
    package var lines: [OutcomeLine] {
        [.said("Removed \(person.path):\(item.line): \(trash.summary)"),
         .said("Kept in \(Vault.trashFolder)/\(trash.name); put it back with: crm restore \(trash.name)")]
    }

    /// `crm unlog --json`: `{"id", "path", "interaction", "follow_up", "trash"}`.
    package var json: JSON { item.unloggedJSON(from: person, trash: trash, on: today) }
}
