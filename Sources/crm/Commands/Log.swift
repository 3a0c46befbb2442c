import CRMKit

let logCommand = Command(
    name: "log",
    summary: "Add an interaction to a person's log.",
    usage: [
        "log PERSON NOTE… [--date D] [--time HH:MM] [--type T] [--calendar | --calendar=TARGET]",
        "log PERSON - [--date D] [--type T]   (the note from standard input)",
    ],
    arguments: [
        Command.personArgument,
        ("NOTE…", "the note; several words are joined with spaces; '-' reads it from standard input"),
    ],
    options: [
        OptionSpec(name: "--date", value: "D", help: "YYYY-MM-DD, today (default), yesterday, or -3d, -2w, -1m (a day to come: crm plan)"),
    ] + entryOptions,
    examples: [
        "crm log ada Talked about the punched cards",
        "crm log ada \"Tea at her place\" --type visit --date 2026-11-02 --time 14:30",
        "echo 'Long letter about Bernoulli numbers' | crm log ada - --type email",
        "crm log ada Dinner --type visit --date 2026-12-05 --time 19:00 --calendar=~/.calendars/personal",
    ],
    discussion: """
    The entry goes where the log's order puts it: newest first, unless the file's entries are
    consistently oldest first. A note of several lines is written as indented continuation lines and
    reads back as given: nested indentation (a list, a code sample) is kept; the indentation all
    lines after the first share, trailing spaces and blank lines at either end are dropped.
    An entry dated after today is planned: it counts as the last contact from its day on ('crm
    plan' writes an open item instead, which counts only once it is ticked).

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
        let entry = Interaction(date: date, time: time, type: type, note: note)
        let (written, line) = try vault.log(entry, to: person)
        if date > today {
            context.warn("\(date) is after today: the entry counts as the last contact from its day on (to plan it instead: crm plan)")
        }
        if !context.json {   // before the calendar's warning, if there is one
            context.terminal.print("Logged \(type) with \(written.name) on \(date)\(time.map { " \($0)" } ?? "") (\(written.path):\(line))")
        }
        var eventFile: String?
        if context.arguments.flag("--calendar") {
            let event = ICalendarEvent.interaction(entry, with: written.name, durationMinutes: vault.config.calendarDuration,
                                                   uid: EventUID.random(), stamp: try context.clock().eventStamp)
            eventFile = context.addToCalendar(event, vault: vault)
        }
        if context.json {
            var json = entry
            json.line = line
            context.printJSON(.object([("id", .string(written.id)), ("path", .string(written.path)), ("interaction", json.json(on: today)),
                                       ("calendar_event", eventFile.map(JSON.string) ?? .null)]))
        } else if let eventFile {
            context.terminal.print("Added the event to \(eventFile)")
        }
    }
)
