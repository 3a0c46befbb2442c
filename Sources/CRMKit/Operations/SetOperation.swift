import CRMFormat
import CRMVault

/// What `crm set` asks for: front-matter fields of one person changed, as typed (`KEY=VALUE`,
/// `KEY+=ITEM`, `KEY-=ITEM`; see `FieldAssignment.parse`). `Vault.set(_:)` does it and returns
/// a `SetOutcome`.
package struct SetRequest: Sendable {
    /// Whose, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// The changes as typed, in order.
    package var assignments: [String]

    package init(person: String, assignments: [String]) {
        (self.person, self.assignments) = (person, assignments)
    }
}

/// What `crm unset` asks for: front-matter keys of one person removed with their values.
/// `Vault.unset(_:)` does it and returns a `SetOutcome`.
package struct UnsetRequest: Sendable {
    /// Whose, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    package var keys: [String]

    package init(person: String, keys: [String]) {
        (self.person, self.keys) = (person, keys)
    }
}

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

extension Vault {
    /// Does `request`: reads the changes as typed (`FieldAssignment.parse`, which refuses what is
    /// not `KEY=VALUE` and a value its key does not take, with `FieldInputError`, a usage error for
    /// `crm`), finds the person and makes them in one write (`set(_:_:change:)`). What `crm set` does.
    package func set(_ request: SetRequest) throws -> SetOutcome {
        let assignments = try FieldAssignment.parse(request.assignments, person: request.person)
        let (written, changes) = try set(try find(request.person), assignments)
        return SetOutcome(person: written, changes: changes)
    }

    /// Does `request`: checks the keys (`FieldAssignment.removals`: not a key is a
    /// `FieldInputError`, a key every file needs a `VaultError`), finds the person and removes
    /// them in one write. What `crm unset` does.
    package func unset(_ request: UnsetRequest) throws -> SetOutcome {
        let removals = try FieldAssignment.removals(request.keys)
        let (written, changes) = try set(try find(request.person), removals)
        return SetOutcome(person: written, changes: changes)
    }
}
