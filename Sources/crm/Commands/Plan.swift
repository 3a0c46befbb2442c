import CRMKit

private enum PlanOption {
    static let date = OptionSpec(name: "--date", value: "D", completion: .none, help: "when it is to happen: \(Day.InputTense.future.forms); without it, an undated follow-up")
}

let planCommand = Command(
    name: "plan",
    summary: "Plan an interaction or a follow-up: an open item '- [ ] …' in the person's log.",
    usage: [
        "plan PERSON NOTE… --date D [--time HH:MM] [--type T] [--with OTHER]… [--calendar | --calendar=TARGET]",
        "plan PERSON NOTE… [--with OTHER]…   (an undated follow-up)",
    ],
    arguments: [
        Command.personArgument,
        ArgumentSpec("NOTE…", completion: .none, help: "what is planned; several words are joined with spaces; '-' reads it from standard input"),
    ],
    options: [PlanOption.date] + EntryOption.all,
    examples: [
        "crm plan ada Dinner at the club --type visit --date friday --time 19:00",
        "crm plan ada Ask about the interview --date +1w",
        "crm plan ada Lend her the Dolomites guidebook",
        "crm plan ada Dinner --type visit --date 2026-12-05 --time 19:00 --calendar",
        "crm plan lena Flat viewing in Leeds --date saturday --with priya",
    ],
    discussion: """
    Writes one line, '- [ ] 2026-12-05 19:00 visit: Dinner', where the log's order puts it. An
    open item never counts as an interaction: it is the person's next contact until its day, then
    an overdue follow-up until it is ticked, by 'crm done' or by ticking the box in any editor
    ('[x]'). A plan later than the due date moves the due date to its day.
    Without --date, it writes an undated follow-up, '- [ ] Ask about the interview': after the
    log's other undated follow-ups, else above the entries (below them in a log written oldest
    first). It has no time, type or event; 'crm show' numbers it after the entries, the number
    'crm done' and 'crm unlog' take. 'crm agenda' shows what is coming.
    --calendar adds an event as 'crm log --calendar' does, with the UID 'crm calendar --plans' gives it.
    --with OTHER links someone else who will take part, as 'crm log --with' does: one item, in
    PERSON's log; 'crm show OTHER' lists it under Coming up.
    """,
    run: { context in
        let words = try context.positionals("PERSON", "NOTE", atLeast: 2)
        guard let dateText = context.arguments.value(PlanOption.date) else {
            try planFollowUp(context, words: words)
            return
        }
        let vault = try context.vault()
        let note = try context.note(words.dropFirst())
        let date = try context.date(dateText, option: PlanOption.date.name, tense: .future)
        let entry = Interaction(date: date, time: try context.timeOption(), type: try context.typeOption(vault), note: note, checkbox: .open)
        context.show(try vault.log(context.logRequest(words[0], entry), clock: try context.clock()))
    }
)

/// `crm plan PERSON NOTE…` without `--date`: an undated follow-up.
private func planFollowUp(_ context: Context, words: [String]) throws {
    for option in [EntryOption.time, EntryOption.type] where context.arguments.value(option) != nil {
        throw UsageError("\(option.name) needs --date: an undated follow-up ('- [ ] NOTE') has no \(option.name.dropFirst(2))")
    }
    if context.arguments.flag(EntryOption.calendar) { throw UsageError("--calendar needs --date: an undated follow-up has no day for an event") }
    let vault = try context.vault()
    let note = try context.note(words.dropFirst())
    context.show(try vault.planFollowUp(note, for: words[0], with: context.arguments.all(EntryOption.with), today: try context.today()))
}
