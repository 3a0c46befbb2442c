/// What `crm set` asks for: front-matter fields of one person changed, as typed (`KEY=VALUE`,
/// `KEY+=ITEM`, `KEY-=ITEM`; see `FieldAssignment.parse`). `Vault.set(_:)` does it and returns
/// a `SetOutcome`.
package struct SetRequest: Sendable {
    /// Whose, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// The changes as typed, in order.
    package var assignments: [String]

    package init(person: String, assignments: [String]) {
        (self.person, self.assignments) = (person, assignments)
    }
}

/// What `crm unset` asks for: front-matter keys of one person removed with their values.
/// `Vault.unset(_:)` does it and returns a `SetOutcome`.
package struct UnsetRequest: Sendable {
    /// Whose, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    package var keys: [String]

    package init(person: String, keys: [String]) {
        (self.person, self.keys) = (person, keys)
    }
}
