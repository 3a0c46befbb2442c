import CRMKit

private enum DoneOption {
    static let date = OptionSpec(name: "--date", value: "D", completion: .none, help: "when it happened: \(Day.InputTense.past.forms); the item takes that date")
}

let doneCommand = Command(
    name: "done",
    summary: "Tick a person's open item: '- [ ] …' becomes '- [x] …', an interaction.",
    usage: ["done PERSON [TEXT] [--date D]"],
    arguments: [
        Command.personArgument,
        ArgumentSpec("TEXT", completion: .none, help: "the item's number in 'crm show PERSON', or a part of its note (ignoring case and accents); without it, the oldest open item"),
    ],
    options: [DoneOption.date],
    examples: [
        "crm done ada",
        "crm done ada interview",
        "crm done ada 4",
        "crm done ada dinner --date yesterday",
    ],
    discussion: """
    Without --date, one changed line: the box is ticked and the item keeps its date, unless that
    date is after today: a done interaction counts from its day on, so the item then takes today's
    date (and says so). With --date the item takes that date. An undated follow-up ('- [ ] NOTE')
    takes the date given, else today, and its type is note. The ticked line is written as 'crm
    fmt' writes entries ('- [x] 2026-12-02: NOTE'); its continuation lines are kept. An item whose
    new date is out of the log's order where it stands moves where that order puts it; no other
    line changes, but for a blank line the move would leave doubled or last.
    TEXT that is a number names the item as 'crm show' numbers it (entries newest first, then
    undated follow-ups); after 'crm done' or 'crm unlog' changed the log, the numbers stay as
    'crm show' last listed them until it lists them again, so 'crm done ada 1' run twice ticks
    item 1 once and then fails. When several open items hold TEXT they are listed and nothing is changed
    (exit status 1). Ticking the box in an editor does the same, without the date.
    """,
    run: { context in
        let words = try context.positionals("PERSON", "TEXT", atLeast: 1)
        let vault = try context.vault()
        let date = try context.arguments.value(DoneOption.date).map { try context.date($0, option: DoneOption.date.name, tense: .past) }
        let text = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
        context.show(try vault.done(DoneRequest(person: words[0], item: .named(text), date: date), today: try context.today()))
    }
)
