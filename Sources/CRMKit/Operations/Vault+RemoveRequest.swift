import CRMFormat
import CRMVault

extension Vault {
    /// Does `request` at `clock`'s moment: finds the person and moves their file to the trash
    /// (`remove(_:stamp:change:)`, the trash file named for the moment). What `crm rm` does once
    /// it is confirmed.
    package func remove(_ request: RemoveRequest, clock: Clock) throws -> RemoveOutcome {
        let person = try find(request.person)
        return RemoveOutcome(person: person, removed: try remove(person, stamp: clock.fileStamp))
    }
}
