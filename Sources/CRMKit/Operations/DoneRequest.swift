import CRMFormat
import CRMVault

/// What `crm done` and `crm browse`'s `x` ask for: one open item of one person's log ticked
/// done. `Vault.done(_:today:)` does it and returns a `DoneOutcome`.
package struct DoneRequest: Sendable {
    /// Whose log holds the item, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// Which open item.
    package var item: Item
    /// `--date`: the day it happened, which the item takes; nil: it keeps its date (see `Vault.tick`).
    package var date: Day?

    package enum Item: Sendable {
        /// TEXT: the item's number as `crm show` lists it, or a part of its note; nil: the oldest open item.
        case named(String?)
        /// One of the person's open items as a list of them offers it (`PersonDocument.openItems`).
        case open(OpenItem)
    }

    package init(person: String, item: Item, date: Day? = nil) {
        (self.person, self.item, self.date) = (person, item, date)
    }
}
