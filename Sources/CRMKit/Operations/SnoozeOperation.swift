import CRMFormat
import CRMVault

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

/// What `Vault.snooze(_:today:)` did: the `snooze` field written (or found as it was), the due
/// date it makes, and what to tell the user.
package struct SnoozeOutcome: Outcome {
    /// The person as written.
    package let person: Person
    package let until: Day
    /// Whether the file changed (false: it was snoozed until that day already).
    package let changed: Bool
    /// The due date after: nil without a cadence.
    package let due: Day?
    package let today: Day

    /// Until when, and what the due date is when the snooze does not set it.
    package var lines: [OutcomeLine] {
        var message = "Snoozed \(person.name) until \(until) (\(relative(until, from: today)))"
        if let due {
            if due > until { message += "; due \(due) anyway" }
        } else {
            message += "; no cadence, so never due"
        }
        return [.said(message + (changed ? "" : "; it already was") + ".")]
    }

    /// `crm snooze --json`: `{"id", "path", "snooze", "due", "changed"}`.
    package var json: JSON {
        .object(person.reference + [("snooze", .string(until.description)), ("due", .optional(due?.description)), ("changed", .bool(changed))])
    }
}

extension Vault {
    /// Does `request` on `today`: refuses a day before today (`FieldInputError`, a usage error
    /// for `crm`), finds the person and writes `snooze: DAY` in their front matter. What `crm
    /// snooze` does.
    package func snooze(_ request: SnoozeRequest, today: Day) throws -> SnoozeOutcome {
        try request.check(today: today)
        let person = try find(request.person)
        let (written, changed) = try update(person) { try request.snoozing($0) }
        let due = DueSchedule(document: written.document, config: config, today: today).due
        return SnoozeOutcome(person: written, until: request.until, changed: changed, due: due, today: today)
    }

    /// `snooze(_:today:)` without writing: `person`'s file (as an editor holds it) with `snooze:`
    /// set, refused as `snooze` refuses it.
    package func snoozing(_ request: SnoozeRequest, in person: Person, today: Day) throws -> [UInt8] {
        try request.check(today: today)
        try ReadProblems.refuseUnreadable(person, doing: "not changed")
        return try request.snoozing(person.document)
    }
}

extension SnoozeRequest {
    /// Refuses a day before today (`FieldInputError`, a usage error for `crm`).
    func check(today: Day) throws(FieldInputError) {
        guard until >= today else {
            throw FieldInputError("UNTIL \(until) is in the past; to stop snoozing, run 'crm unset \(person) snooze'")
        }
    }

    /// The person's file with `snooze: UNTIL` in its front matter.
    func snoozing(_ document: PersonDocument) throws -> [UInt8] {
        try document.setting("snooze", to: .string(until.description))
    }
}
