import CRMKit

let logCommand = Command(
    name: "log",
    summary: "Add an interaction to a person's log.",
    usage: [
        "log PERSON NOTE… [--date D] [--time HH:MM] [--type T] [--with OTHER]… [--calendar | --calendar=TARGET]",
        "log PERSON - [--date D] [--type T]   (the note from standard input)",
    ],
    arguments: [
        Command.personArgument,
        ("NOTE…", "the note; several words are joined with spaces; '-' reads it from standard input"),
    ],
    options: [
        OptionSpec(name: "--date", value: "D", help: "when it happened (default: today): \(Day.InputTense.past.forms); a day to come: crm plan"),
    ] + entryOptions,
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
        let today = try context.today()
        let date = try context.date(context.arguments.value("--date") ?? "today", option: "--date", tense: .past)
        let time = try context.timeOption()
        let type = try context.typeOption(vault)
        let person = try vault.find(words[0])
        let others = try SharedEntry.participants(context.arguments.all("--with"), of: person, in: vault)
        let (written, line, entry) = try vault.log(Interaction(date: date, time: time, type: type, note: note), to: person, with: others)
        if date > today {
            context.warn("\(date) is after today: the entry counts as the last contact from its day on (to plan it instead: crm plan)")
        }
        if !context.json {   // before the calendar's warning, if there is one
            let names = SharedEntry.list([written.name] + others.map(\.name))
            context.terminal.print("Logged \(type) with \(names) on \(date)\(time.map { " \($0)" } ?? "") (\(written.path):\(line))")
        }
        var eventFile: String?
        if context.arguments.flag("--calendar") {
            var shown = entry   // the event reads as `crm show` does: links as their names
            shown.note = PersonLink.readable(entry.note)
            let event = ICalendarEvent.interaction(shown, with: SharedEntry.list([written.name] + others.map(\.name)),
                                                   durationMinutes: vault.config.calendarDuration,
                                                   uid: EventUID.random(), stamp: try context.clock().eventStamp)
            eventFile = context.addToCalendar(event, vault: vault)
        }
        if context.json {
            context.printJSON(entry.writtenJSON(in: written, line: line, with: others, on: today, calendarEvent: eventFile))
        } else if let eventFile {
            context.terminal.print("Added the event to \(eventFile)")
        }
    }
)
