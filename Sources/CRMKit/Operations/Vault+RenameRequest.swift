import CRMFormat
import CRMVault

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
