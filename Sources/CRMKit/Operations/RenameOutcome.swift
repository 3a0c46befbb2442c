import CRMFormat
import CRMVault

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
