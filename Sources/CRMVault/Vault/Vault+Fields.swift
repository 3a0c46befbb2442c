import CRMFormat

/// Editing a person's front matter and name: the operations behind `set`, `unset` and `rename`
/// (`rm` is `trash`).
extension Vault {
    /// Applies each assignment in turn (see `PersonDocument.setting`, `removing(_:)`,
    /// `adding(_:toList:)` and `removing(_:fromList:)`), the document read again after each, in
    /// one write: a key given twice is written once, and when one assignment cannot be made
    /// nothing is written. Returns the person as written and what each assignment changed.
    @discardableResult
    package func set(_ person: Person, _ assignments: [FieldAssignment]) throws
        -> (person: Person, outcomes: [FieldAssignment.Outcome]) {
        var outcomes: [FieldAssignment.Outcome] = []
        let (written, _) = try update(person) { document in
            outcomes = []
            var bytes = document.text.bytes
            for assignment in assignments {
                let current = PersonDocument(bytes: bytes, path: document.path, settings: logSettings)
                let edited: [UInt8]
                switch assignment.operation {
                case .set(let value): edited = try current.setting(assignment.key, to: value)
                case .add(let item): edited = try current.adding(item, toList: assignment.key)
                case .remove(let item): edited = try current.removing(item, fromList: assignment.key)
                case .unset: edited = try current.removing(assignment.key)
                }
                outcomes.append(FieldAssignment.Outcome(assignment: assignment, changed: edited != bytes))
                bytes = edited
            }
            return bytes
        }
        return (written, outcomes)
    }

    /// Gives `person` the display name `name` (from `FieldAssignment.name`), then renames the file
    /// in its folder in the style of its name (`Slug.renamed`: a slug stays a slug, a file named as
    /// the person stays so, a name chosen by hand stays), then rewrites the links across the vault
    /// that named them (see `rewriteLinks`). Refuses a name another person has (ignoring case and
    /// accents) unless `force`. Returns the person as moved, the links rewritten and the files it
    /// could not rewrite: `planRename`, then `apply`, under the vault lock.
    package func renameAndRelink(_ person: Person, to name: String, force: Bool = false) throws -> Renamed {
        try recording { try apply(planRename(person, to: name, force: force)) }
    }
}
