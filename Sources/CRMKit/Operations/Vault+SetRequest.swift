import CRMFormat
import CRMVault

extension Vault {
    /// Does `request`: reads the changes as typed (`FieldAssignment.parse`, which refuses what is
    /// not `KEY=VALUE` and a value its key does not take, with `FieldInputError`, a usage error for
    /// `crm`), finds the person and makes them in one write (`set(_:_:change:)`). What `crm set` does.
    package func set(_ request: SetRequest) throws -> SetOutcome {
        let assignments = try FieldAssignment.parse(request.assignments, person: request.person)
        let (written, changes) = try set(try find(request.person), assignments)
        return SetOutcome(person: written, changes: changes)
    }

    /// Does `request`: checks the keys (`FieldAssignment.removals`: not a key is a
    /// `FieldInputError`, a key every file needs a `VaultError`), finds the person and removes
    /// them in one write. What `crm unset` does.
    package func unset(_ request: UnsetRequest) throws -> SetOutcome {
        let removals = try FieldAssignment.removals(request.keys)
        let (written, changes) = try set(try find(request.person), removals)
        return SetOutcome(person: written, changes: changes)
    }
}
