import CRMKit

private enum LogOption {
    static let date = OptionSpec(name: "--date", value: "D", completion: .none, help: "when it happened (default: today): \(Day.InputTense.past.forms); a day to come: crm plan")
}

let logCommand = Command(
    name: "log",
    summary: "Add an interaction to a person's log.",
    usage: [
        "log PERSON NOTE… [--date D] [--time HH:MM] [--type T] [--with OTHER]… [--calendar | --calendar=TARGET]",
        "log PERSON - [--date D] [--type T]   (the note from standard input)",
    ],
    arguments: [
        Command.personArgument,
        ArgumentSpec("NOTE…", completion: .none, help: "the note; several words are joined with spaces; '-' reads it from standard input"),
    ],
    options: [LogOption.date] + EntryOption.all,
    examples: [
        "crm log ada Talked about the punched cards",
        "crm log ada \"Tea at her place\" --type visit --date 2026-11-02 --time 14:30",
        "crm log ada Lunch at the club --type visit --date friday",
        "echo 'Long letter about Bernoulli numbers' | crm log ada - --type email",
        "crm log ada Dinner --type visit --date 2026-12-05 --time 19:00 --calendar=~/.calendars/personal",
        "crm log lena \"Dinner at the Thai place\" --type visit --with priya --with jose",
    ],
    discussion: """
    The entry goes where the log's order puts it: newest first, unless more of the file's
    neighbouring entries run oldest first ('crm check' names the order when an entry is out of
    place). A weekday (friday, fri) is the last such day before today. A note of several lines is written as indented continuation lines and
    reads back as given: nested indentation (a list, a code sample) is kept; the indentation all
    lines after the first share, trailing spaces and blank lines at either end are dropped.
    An entry dated after today is planned: it counts as the last contact from its day on ('crm
    plan' writes an open item instead, which counts only once it is ticked).

    --with OTHER (repeatable) logs one interaction with several people: one entry, in PERSON's
    log, with each OTHER linked at the end of the note's first line, '(with [[priya-raman|Priya
    Raman]] and [[jose-nunez|José Núñez]])'; their files are not changed, and 'crm show' lists the
    entry for each of them. Someone the note already links is not linked twice; PERSON cannot be
    an OTHER.

    With --calendar, after the entry is written, a matching event is added to a calendar: a vdir
    folder (as khal and vdirsyncer keep calendars: a new <UID>.ics, never over another file) or an
    .ics file (the event added to its VCALENDAR; created when missing). Plain --calendar uses
    $CRM_CALENDAR, else 'calendar:' in .crm/config.yaml. A timed entry gives an event at that local
    time lasting 'calendar_duration' minutes (default 60); a date-only entry an all-day event.
    When no event can be added the entry is still logged, and a warning says why.
    """,
    run: { context in
        let words = try context.positionals("PERSON", "NOTE", atLeast: 2)
        let vault = try context.vault()
        let note = try context.note(words.dropFirst())
        let date = try context.date(context.arguments.value(LogOption.date) ?? "today", option: LogOption.date.name, tense: .past)
        let entry = Interaction(date: date, time: try context.timeOption(), type: try context.typeOption(vault), note: note)
        context.show(try vault.log(context.logRequest(words[0], entry), clock: try context.clock()))
    }
)
