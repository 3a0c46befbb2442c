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
