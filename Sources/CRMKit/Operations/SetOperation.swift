import CRMFormat
import CRMVault

/// What `Vault.set(_:typed:)` or `Vault.unset(_:keys:)` did: the person as written and what each change
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

extension Vault {
    /// Reads the changes `typed` (`KEY=VALUE`, `KEY+=ITEM`, `KEY-=ITEM`, in order:
    /// `FieldAssignment.parse`, which refuses what is not one and a value its key does not take,
    /// with `FieldInputError`, a usage error for `crm`), finds the person `query` names (a PERSON
    /// argument: id, name, alias or email) and makes them in one write (`set(_:_:)`).
    /// What `crm set` does.
    package func set(_ query: String, typed: [String]) throws -> SetOutcome {
        let assignments = try FieldAssignment.parse(typed, person: query)
        let (written, changes) = try set(try find(query), assignments)
        return SetOutcome(person: written, changes: changes)
    }

    /// Checks `keys` (`FieldAssignment.removals`: not a key is a `FieldInputError`, a key every
    /// file needs a `VaultError`), finds the person `query` names and removes them with their
    /// values in one write. What `crm unset` does.
    package func unset(_ query: String, keys: [String]) throws -> SetOutcome {
        let removals = try FieldAssignment.removals(keys)
        let (written, changes) = try set(try find(query), removals)
        return SetOutcome(person: written, changes: changes)
    }
}
