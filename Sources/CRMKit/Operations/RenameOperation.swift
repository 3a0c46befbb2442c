import CRMFormat
import CRMVault

/// What `crm rename` asks for: a person's new name, the file name that goes with it, and the
/// links to them rewritten. `Vault.rename(_:)` does it and returns a `RenameOutcome`.
package struct RenameRequest: Sendable {
    /// As a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// The new display name, as typed.
    package var name: String
    /// `--force`: rename even when another person has that name already.
    package var force: Bool

    package init(person: String, name: String, force: Bool = false) {
        (self.person, self.name, self.force) = (person, name, force)
    }
}

/// What `Vault.rename(_:)` did: the person as they were and as moved, the links rewritten, the
/// files whose links could not be, and what to tell the user.
package struct RenameOutcome: Outcome {
    /// The person as found, before the rename.
    package let previous: Person
    package let renamed: Renamed
    /// The new name, as written.
    package let name: String

    /// The new name, the file's new name (or that it keeps its own), each file whose links
    /// changed, with their lines, then a warning for each file whose links could not be.
    package var lines: [OutcomeLine] {
        let moved = renamed.person
        let file = renamed.keptFileName ? " (\(previous.path) keeps its file name: it is not made from the name)"
            : moved.path == previous.path ? "" : " (\(previous.path) → \(moved.path))"
        var lines: [OutcomeLine] = [.said("Renamed \(previous.name) to \(name)" + file)]
        let count = renamed.links.reduce(0) { $0 + $1.lines.count }
        if count > 0 {
            let files = renamed.links.count
            lines.append(.said("Updated the links to \(name) on \(count) line\(count == 1 ? "" : "s") of \(files) file\(files == 1 ? "" : "s"):"))
            lines += renamed.links.map { .said("  \($0.path):" + $0.lines.map(String.init).joined(separator: ",")) }
        }
        return lines + renamed.failures.map { .warning("links not updated in \($0)") }
    }

    /// `crm rename --json`: `{"id", "path", "previous_path", "links_changed": [{"path", "lines"}]}`.
    package var json: JSON {
        .object(renamed.person.reference + [
            ("previous_path", .string(previous.path)),
            ("links_changed", .array(renamed.links.map { .object([("path", .string($0.path)), ("lines", .array($0.lines.map(JSON.number)))]) })),
        ])
    }
}

extension Vault {
    /// Does `request`: refuses a name that is not one (`FieldAssignment.name`, a
    /// `FieldInputError`, a usage error for `crm`), finds the person and renames them
    /// (`renameAndRelink`: `planRename`, then `apply`, which refuses a name another person has
    /// unless `force`). What `crm rename` does.
    package func rename(_ request: RenameRequest) throws -> RenameOutcome {
        let name = try FieldAssignment.name(request.name)
        let person = try find(request.person)
        return RenameOutcome(previous: person, renamed: try renameAndRelink(person, to: name, force: request.force), name: name)
    }

    /// What `rename(_:)` would do, nothing written, refused as it refuses it: the plan of the
    /// rename of `person` (as an editor holds their file) or, without it, the person the request
    /// names. What `crm lsp` answers a rename with.
    package func plan(_ request: RenameRequest, person: Person? = nil) throws -> RenamePlan {
        let name = try FieldAssignment.name(request.name)
        return try planRename(person ?? find(request.person), to: name, force: request.force)
    }
}
