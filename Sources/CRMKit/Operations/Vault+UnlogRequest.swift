import CRMFormat
import CRMVault

extension Vault {
    /// Does `request` at `clock`'s moment: finds the person and takes the item its number names
    /// to the trash (`unlog(_:number:stamp:)`, the trash file named for the moment), which
    /// refuses, saying why, a file that could not be read and a number that names no item. What
    /// `crm unlog` and `crm browse`'s `u` both do.
    package func unlog(_ request: UnlogRequest, clock: Clock) throws -> UnlogOutcome {
        let person = try find(request.person)
        let (item, trash) = try unlog(person, number: request.number, stamp: clock.fileStamp)
        return UnlogOutcome(person: person, item: item, trash: trash, today: clock.today)
    }
}
