import CRMFormat
import CRMVault

/// What `crm unlog` and `crm browse`'s `u` ask for: item `number` of one person's log, as `crm
/// show` numbers it, taken out to the trash. `Vault.unlog(_:clock:)` does it and returns an
/// `UnlogOutcome`.
package struct UnlogRequest: Sendable {
    /// Whose log holds the item, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// The item's number as `crm show` lists it (entries newest first, then undated follow-ups).
    package var number: Int

    package init(person: String, number: Int) {
        (self.person, self.number) = (person, number)
    }
}

/// What `Vault.unlog(_:clock:)` did: the item taken out of the log, the trash file keeping it,
/// and what to tell the user (`lines`, worded here for `crm unlog` and `crm browse`).
package struct UnlogOutcome: Outcome {
    /// The person as found, before the item was removed.
    package let person: Person
    /// The item removed, with the line it was on.
    package let item: LogItem
    /// Where the item is kept: `crm restore NAME` puts it back.
    package let trash: TrashItem
    package let today: Day

    /// What was removed from where, and where it is kept.
    package var lines: [OutcomeLine] {
        [.said("Removed \(person.path):\(item.line): \(trash.summary)"),
         .said("Kept in \(Vault.trashFolder)/\(trash.name); put it back with: crm restore \(trash.name)")]
    }

    /// `crm unlog --json`: `{"id", "path", "interaction", "follow_up", "trash"}`.
    package var json: JSON {
        .object(person.reference + item.jsonPairs(on: today) + [("trash", .string(Vault.trashFolder + "/" + trash.name))])
    }
}

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
