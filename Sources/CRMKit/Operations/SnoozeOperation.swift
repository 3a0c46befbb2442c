import CRMFormat
import CRMVault

/// What `Vault.snooze(_:until:today:)` did: the `snooze` field written (or found as it was), the due
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
    /// On `today`, keeps the person `query` names (a PERSON argument: id, name, alias or email)
    /// from being due before `until`: refuses a day before today (`FieldInputError`, a usage
    /// error for `crm`), finds the person and writes `snooze: UNTIL` in their front matter. What
    /// `crm snooze` does.
    package func snooze(_ query: String, until: Day, today: Day) throws -> SnoozeOutcome {
        try Self.refusePast(until, of: query, today: today)
        let person = try find(query)
        let (written, changed) = try update(person) { try $0.setting("snooze", to: .string(until.description)) }
        let due = DueSchedule(document: written.document, config: config, today: today).due
        return SnoozeOutcome(person: written, until: until, changed: changed, due: due, today: today)
    }

    /// `snooze(_:until:today:)` without writing: `person`'s file (as an editor holds it) with
    /// `snooze:` set, refused as `snooze` refuses it.
    package func snoozing(_ person: Person, until: Day, today: Day) throws -> [UInt8] {
        try Self.refusePast(until, of: person.id, today: today)
        try ReadProblems.refuseUnreadable(person, doing: "not changed")
        return try person.document.setting("snooze", to: .string(until.description))
    }

    /// Refuses a day before today (`FieldInputError`, a usage error for `crm`).
    private static func refusePast(_ until: Day, of query: String, today: Day) throws(FieldInputError) {
        guard until >= today else {
            throw FieldInputError("UNTIL \(until) is in the past; to stop snoozing, run 'crm unset \(query) snooze'")
        }
    }
}
