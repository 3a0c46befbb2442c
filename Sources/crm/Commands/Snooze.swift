import CRMKit

let snoozeCommand = Command(
    name: "snooze",
    summary: "Not due before a date: sets the person's snooze field.",
    usage: ["snooze PERSON UNTIL"],
    arguments: [
        Command.personArgument,
        ArgumentSpec("UNTIL", completion: .none, help: "\(Day.InputTense.future.forms); 2w alone means +2w"),
    ],
    examples: ["crm snooze jose 2026-12-15", "crm snooze margaret 2w", "crm snooze ada +1m", "crm snooze ada friday"],
    discussion: """
    Writes `snooze: YYYY-MM-DD` into the front matter (a one-line change). The person is due on the
    later of that day and their usual due date. UNTIL cannot be in the past; to stop snoozing,
    run `crm unset PERSON snooze`.
    """,
    run: { context in
        let args = try context.positionals("PERSON", "UNTIL")
        let today = try context.today()
        let until = try context.date(args[1], option: "UNTIL", tense: .future)
        guard until >= today else {
            throw UsageError("UNTIL \(until) is in the past; to stop snoozing, run 'crm unset \(args[0]) snooze'")
        }
        let vault = try context.vault()
        let person = try vault.find(args[0])
        let (written, changed) = try vault.update(person) { try $0.setting("snooze", to: .string(until.description)) }
        let schedule = DueSchedule(document: written.document, config: vault.config, today: today)
        if context.json {
            context.printJSON(schedule.snoozedJSON(written, until: until, changed: changed))
            return
        }
        var message = "Snoozed \(written.name) until \(until) (\(relative(until, from: today)))"
        if let due = schedule.due {
            if due > until { message += "; due \(due) anyway" }
        } else {
            message += "; no cadence, so never due"
        }
        context.terminal.print(message + (changed ? "" : "; it already was") + ".")
    }
)
