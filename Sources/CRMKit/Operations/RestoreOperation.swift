import CRMFormat
import CRMVault

/// What `Vault.restore(named:)` did: the trash item put back, where it went, and what to tell the user.
package struct RestoreOutcome: Outcome {
    package let item: TrashItem
    /// The person file it went back to.
    package let path: String
    /// For an entry, the 1-based line it went back on.
    package let line: Int?

    package var lines: [OutcomeLine] {
        [.said("Restored \(item.summary) to \(path)\(line.map { ":\($0)" } ?? "")")]
    }

    /// `crm restore --json`: `{"name", "kind", "path", "line"}`, where the item went back to.
    package var json: JSON {
        .object([("name", .string(item.name)), ("kind", .string(item.kind.rawValue)), ("path", .string(path)),
                 ("line", line.map { .number($0) } ?? .null)])
    }
}

extension Vault {
    /// Finds the one trash item `name` names (a trash file's name, or a unique part of it, of the
    /// person's name or of the entry: `trashItems(matching:)`; none, or several, listed, is
    /// refused) and puts it back (`restore(_:)`). What `crm restore NAME` does.
    package func restore(named name: String) throws -> RestoreOutcome {
        let matches = trashItems(matching: name)
        guard matches.count == 1, let item = matches.first else {
            if matches.isEmpty { throw VaultError("nothing in the trash matches '\(name)' (crm restore lists it)") }
            throw VaultError("\(matches.count) items in the trash match '\(name)'; give the name of one:\n"
                             + matches.map { "  \($0.name)  \($0.summary)" }.joined(separator: "\n"))
        }
        let (path, line) = try restore(item)
        return RestoreOutcome(item: item, path: path, line: line)
    }
}
