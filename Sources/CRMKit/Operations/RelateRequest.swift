/// What `crm relate` asks for: OTHER is PERSON's RELATION, stated once in PERSON's `related:`.
/// `Vault.relate(_:)` does it and returns a `RelateOutcome`.
package struct RelateRequest: Sendable {
    /// As a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// What the other is to the person: `partner`, `parent`, or any other word.
    package var relation: String
    /// The other, named as `person` is, or the name of someone without a file in the vault.
    package var other: String

    package init(person: String, relation: String, other: String) {
        (self.person, self.relation, self.other) = (person, relation, other)
    }
}

/// What `crm unrelate` asks for: every `related:` item between two people removed.
/// `Vault.unrelate(_:)` does it and returns an `UnrelateOutcome`.
package struct UnrelateRequest: Sendable {
    /// As a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// The other, named as `person` is, or a name `related:` holds as text.
    package var other: String

    package init(person: String, other: String) {
        (self.person, self.other) = (person, other)
    }
}
