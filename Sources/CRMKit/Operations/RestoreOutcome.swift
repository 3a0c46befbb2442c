import CRMFormat
import CRMVault

/// What `Vault.restore(_:)` did: the trash item put back, where it went, and what to tell the user.
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
