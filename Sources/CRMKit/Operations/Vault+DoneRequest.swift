import CRMFormat
import CRMVault

extension Vault {
    /// Does `request` on `today`: finds the person and ticks the item it names (`tick(_:text:date:today:)`,
    /// or `tick(_:item:date:today:)` for an item a list offered), which refuses, saying why, a file
    /// that could not be read, a number that names no open item, and text that several items hold.
    /// What `crm done` and `crm browse`'s `x` both do.
    package func done(_ request: DoneRequest, today: Day) throws -> DoneOutcome {
        let person = try find(request.person)
        let ticked = switch request.item {
        case .named(let text): try tick(person, text: text, date: request.date, today: today)
        case .open(let item): try tick(person, item: item, date: request.date, today: today)
        }
        return DoneOutcome(ticked: ticked, today: today)
    }

    /// `done(_:today:)` without writing, for an item a list (or an editor) offers: `person`'s file
    /// (as an editor holds it) with the item ticked, and its line then. An item named by its
    /// number or text is not planned (`VaultError`).
    package func ticking(_ request: DoneRequest, in person: Person, today: Day) throws -> (bytes: [UInt8], line: Int) {
        guard case .open(let item) = request.item else { throw VaultError("an item named by its number or text is not planned, only ticked") }
        return try ticking(item, of: person, date: request.date, today: today)
    }
}
