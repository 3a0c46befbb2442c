import CRMFormat
import CRMVault

extension Vault {
    /// Does `request` on `today`: refuses a day before today (`FieldInputError`, a usage error
    /// for `crm`), finds the person and writes `snooze: DAY` in their front matter. What `crm
    /// snooze` does.
    package func snooze(_ request: SnoozeRequest, today: Day) throws -> SnoozeOutcome {
        guard request.until >= today else {
            throw FieldInputError("UNTIL \(request.until) is in the past; to stop snoozing, run 'crm unset \(request.person) snooze'")
        }
        let person = try find(request.person)
        let (written, changed) = try update(person) { try $0.setting("snooze", to: .string(request.until.description)) }
        let due = DueSchedule(document: written.document, config: config, today: today).due
        return SnoozeOutcome(person: written, until: request.until, changed: changed, due: due, today: today)
    }
}
