import CRMFormat

/// What `crm snooze` asks for: one person not due before a day. `Vault.snooze(_:today:)` does
/// it and returns a `SnoozeOutcome`.
package struct SnoozeRequest: Sendable {
    /// Who, as a PERSON argument names them (id, name, alias or email).
    package var person: String
    /// UNTIL: the day, today or later.
    package var until: Day

    package init(person: String, until: Day) {
        (self.person, self.until) = (person, until)
    }
}
