import CRMFormat
import CRMVault

/// The `--json` shapes of what the commands that change or check the vault return (docs/commands.md
/// lists each). Each shape is written here once; the commands print these values as they are.

extension Person {
    /// `{"id", "path"}`: the person a command changed (`crm fmt --json` lists these).
    package var reference: [(String, JSON)] { Self.reference(id: id, path: path) }

    package static func reference(id: String, path: String) -> [(String, JSON)] { [("id", .string(id)), ("path", .string(path))] }
}

extension TrashItem {
    /// One item of `crm restore --list --json`: `{"name", "kind", "removed", "path", "summary"}`.
    package var json: JSON {
        .object([("name", .string(name)), ("kind", .string(kind.rawValue)), ("removed", .string(removed)),
                 ("path", .string(personPath)), ("summary", .string(summary))])
    }
}

extension StatedRelationship {
    /// `crm relate --json` (with `changed`) and each item of `crm unrelate --json` (without):
    /// `{"id", "path", "line", "relation", "other", "other_name", "changed"}`; `other` (an id)
    /// is null for someone without a file in the vault.
    package func json(changed: Bool? = nil) -> JSON {
        .object(person.reference + [("line", .number(line)), ("relation", .string(relation)),
                                    ("other", other.map { .string($0.id) } ?? .null), ("other_name", .string(otherName))]
                + (changed.map { [("changed", .bool($0))] } ?? []))
    }
}

extension FieldAssignment.Outcome {
    /// One edit of `crm set --json`: `{"key", "operation", "value", "changed"}`; `value` is null
    /// for `unset`, a list for a list set, else a string.
    package var json: JSON {
        let (operation, value): (String, JSON) = switch assignment.operation {
        case .set(.string(let text)): ("set", .string(text))
        case .set(.list(let items)): ("set", .array(items.map(JSON.string)))
        case .add(let item): ("add", .string(item))
        case .remove(let item): ("remove", .string(item))
        case .unset: ("unset", .null)
        }
        return .object([("key", .string(assignment.key)), ("operation", .string(operation)), ("value", value), ("changed", .bool(changed))])
    }

}

extension Diagnostic {
    /// One problem of `crm check --json`: `{"path", "line", "column", "severity", "rule", "message"}`.
    package var json: JSON {
        .object([("path", .string(path)), ("line", .number(line)), ("column", .number(column)),
                 ("severity", .string(severity.rawValue)), ("rule", .optional(rule?.id)), ("message", .string(message))])
    }
}

extension CheckRule {
    /// One rule of `crm check --rules --json`: `{"rule", "severity", "description"}`.
    package var json: JSON {
        .object([("rule", .string(id)), ("severity", .string(severity.rawValue)), ("description", .string(summary))])
    }
}

extension SyncStep {
    /// One step of `crm sync --json`: `{"step", "outcome", "message"}`.
    package var json: JSON { .object([("step", .string(name)), ("outcome", .string(outcome.rawValue)), ("message", .string(message))]) }
}

extension ConflictResolution {
    /// One file of `crm resolve --json`: `{"kind", "path", "copy", "trash", "entries_added",
    /// "conflicts", "marked_conflicts", "conflicting_entries", "problem", "dry_run"}`.
    package func json(dryRun: Bool) -> JSON {
        .object([("kind", .string(kind.rawValue)), ("path", .string(path)), ("copy", .optional(copy)),
                 ("trash", .optional(trash)), ("entries_added", .number(entriesAdded)),
                 ("conflicts", .array(conflictingKeys.map(JSON.string))), ("marked_conflicts", .number(markedConflicts)),
                 ("conflicting_entries", .number(conflictingEntries)), ("problem", .optional(problem)), ("dry_run", .bool(dryRun))])
    }
}

extension VaultSetup {
    /// `crm init --json`: `{"vault", "created", "updated"}`.
    package static func json(vault: String, created: [String], updated: [String]) -> JSON {
        .object([("vault", .string(vault)), ("created", .array(created.map(JSON.string))), ("updated", .array(updated.map(JSON.string)))])
    }
}

extension IndexPage {
    /// `crm index --check --json`: `{"path", "current", "reason"}`.
    package static func checkedJSON(reason: String?) -> JSON {
        .object([("path", .string(path)), ("current", .bool(reason == nil)), ("reason", .optional(reason))])
    }

    /// `crm index --json`: `{"path", "written", "people"}`.
    package static func writtenJSON(written: Bool, people: Int) -> JSON {
        .object([("path", .string(path)), ("written", .bool(written)), ("people", .number(people))])
    }
}

extension ICalendarEvent {
    /// One event of `crm calendar --json`: `{"uid", "summary", "start", "yearly", "alarm"}`.
    package var json: JSON {
        let day: Day = switch start {
        case .allDay(let start), .timed(let start, _, _): start
        }
        return .object([("uid", .string(uid)), ("summary", .string(summary)), ("start", .string(day.description)),
                        ("yearly", .bool(recursYearly)), ("alarm", .optional(alarm?.trigger(for: start)))])
    }
}

extension SyncReport {
    /// `crm merge-driver --install --json`: `{"driver"}`, the command line git was given for the
    /// merge driver (the one `crm sync` installs when a clone has none).
    package static func mergeDriverJSON(_ driver: String) -> JSON { .object([("driver", .string(driver))]) }
}

extension LogItem {
    /// `crm unlog --json`'s description of the item: `"interaction"` (as `crm show --json` gives
    /// entries) for an entry, `"follow_up"` (`{"note", "line", "checkbox"}`) for a follow-up; the
    /// other key is null.
    package func jsonPairs(on today: Day) -> [(String, JSON)] {
        switch self {
        case .entry(let entry): [("interaction", entry.json(on: today)), ("follow_up", .null)]
        case .followUp(let item):
            [("interaction", .null), ("follow_up", .object([("note", .string(item.note)), ("line", .number(item.line)),
                                                            ("checkbox", .string(item.isDone ? "x" : " "))]))]
        }
    }
}
