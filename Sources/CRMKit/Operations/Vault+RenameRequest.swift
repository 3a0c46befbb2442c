import CRMFormat
import CRMVault

extension Vault {
    /// Does `request`: refuses a name that is not one (`FieldAssignment.name`, a
    /// `FieldInputError`, a usage error for `crm`), finds the person and renames them
    /// (`renameAndRelink`, which refuses a name another person has unless `force`). What `crm
    /// rename` does.
    package func rename(_ request: RenameRequest) throws -> RenameOutcome {
        let name = try FieldAssignment.name(request.name)
        let person = try find(request.person)
        return RenameOutcome(previous: person, renamed: try renameAndRelink(person, to: name, force: request.force), name: name)
    }
}
