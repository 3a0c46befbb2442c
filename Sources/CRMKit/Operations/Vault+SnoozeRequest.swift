import CRMFormat
import CRMVault

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
