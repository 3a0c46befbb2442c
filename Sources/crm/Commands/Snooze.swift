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
        let vault = try context.vault()
        context.show(try usage { try vault.snooze(args[0], until: until, today: today) })
    }
)
