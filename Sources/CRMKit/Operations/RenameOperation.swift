import CRMFormat
import CRMVault

/// What `Vault.rename(_:to:force:)` did: the person as they were and as moved, the links rewritten, the
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
    /// Gives the person `query` names (a PERSON argument: id, name, alias or email) the display
    /// name `typed`, the file name that goes with it, and every link to them rewritten: refuses
    /// a name that is not one (`FieldAssignment.name`, a `FieldInputError`, a usage error for
    /// `crm`), finds the person and renames them (`renameAndRelink`: `planRename`, then `apply`,
    /// which refuses a name another person has unless `force`). What `crm rename` does.
    package func rename(_ query: String, to typed: String, force: Bool = false) throws -> RenameOutcome {
        let name = try FieldAssignment.name(typed)
        let person = try find(query)
        return RenameOutcome(previous: person, renamed: try renameAndRelink(person, to: name, force: force), name: name)
    }

    /// What `rename(_:to:)` would do to `person` (as an editor holds their file), nothing
    /// written, refused as it refuses it. What `crm lsp` answers a rename with.
    package func planRename(_ person: Person, typed: String) throws -> RenamePlan {
        try planRename(person, to: FieldAssignment.name(typed))
    }
}
