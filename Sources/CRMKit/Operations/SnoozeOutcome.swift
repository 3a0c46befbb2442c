import CRMFormat
import CRMVault

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
