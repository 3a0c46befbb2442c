import CRMFormat
import CRMVault

/// What `Vault.set(_:)` or `Vault.unset(_:)` did: the person as written and what each change
/// did, and what to tell the user, a line a change.
package struct SetOutcome: Outcome {
    /// The person as written.
    package let person: Person
    /// Each change, in order, and whether it changed the file.
    package let changes: [FieldAssignment.Outcome]

    /// "Set every of Ada Lovelace to 30d (PATH)", "Removed snooze from Ada Lovelace (PATH)",
    /// "Ada Lovelace has no snooze; nothing to remove".
    package var lines: [OutcomeLine] {
        let name = person.name, at = " (\(person.path))"
        return changes.map { change in
            let key = change.assignment.key
            let line = switch (change.assignment.operation, change.changed) {
            case (.set(let value), true): "Set \(key) of \(name) to \(Self.shown(value))" + at
            case (.set(let value), false): "\(key) of \(name) is \(Self.shown(value)) already; nothing to change"
            case (.add(let item), true): "Added \(item) to \(key) of \(name)" + at
            case (.add(let item), false): "\(key) of \(name) holds \(item) already; nothing to add"
            case (.remove(let item), true): "Removed \(item) from \(key) of \(name)" + at
            case (.remove(let item), false): "\(key) of \(name) holds no \(item); nothing to remove"
            case (.unset, true): "Removed \(key) from \(name)" + at
            case (.unset, false): "\(name) has no \(key); nothing to remove"
            }
            return .said(line)
        }
    }

    private static func shown(_ value: FieldValue) -> String {
        switch value {
        case .string(let text): text
        case .list(let items): items.joined(separator: ", ")
        }
    }

    /// `crm set --json` and `crm unset --json`: `{"id", "path", "changed", "edits"}`.
    package var json: JSON {
        .object(person.reference + [("changed", .bool(changes.contains(where: \.changed))), ("edits", .array(changes.map(\.json)))])
    }
}
