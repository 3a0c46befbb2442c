import CRMFormat
import CRMVault

/// What `Vault.remove(_:clock:)` did: the person removed, the trash file keeping them, the links
/// left pointing at nobody, and what to tell the user.
package struct RemoveOutcome: Outcome {
    /// The person as found, before the file was moved.
    package let person: Person
    package let removed: Removed

    /// Where the file is kept, then each link that now points at nobody (`path:line`).
    package var lines: [OutcomeLine] {
        var lines: [OutcomeLine] = [.said("Removed \(person.name); the file is kept at \(removed.trash)")]
        let count = removed.dangling.count
        if count > 0 {
            lines.append(.said("\(count) link\(count == 1 ? "" : "s") to \(person.name) now point\(count == 1 ? "s" : "") at nobody:"))
            lines += removed.dangling.map { .said("  \($0.path):\($0.line): [[\($0.target)]]") }
        }
        return lines
    }

    /// `crm rm --json`: `{"id", "path", "trash", "dangling": [{"path", "line", "target"}]}`.
    package var json: JSON {
        .object(person.reference + [
            ("trash", .string(removed.trash)),
            ("dangling", .array(removed.dangling.map { .object([("path", .string($0.path)), ("line", .number($0.line)), ("target", .string($0.target))]) })),
        ])
    }
}

extension Vault {
    /// At `clock`'s moment, finds the person `query` names (a PERSON argument: id, name, alias or
    /// email) and moves their file to the trash (`remove(_:stamp:)`, the trash file named
    /// for the moment). What `crm rm` does once it is confirmed.
    package func remove(_ query: String, clock: Clock) throws -> RemoveOutcome {
        let person = try find(query)
        return RemoveOutcome(person: person, removed: try remove(person, stamp: clock.fileStamp))
    }
}
