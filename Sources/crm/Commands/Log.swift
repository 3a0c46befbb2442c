import CRMKit

let logCommand = Command(
    name: "log",
    summary: "Add an interaction to a person's log.",
    usage: [
        "log PERSON NOTE… [--date D] [--time HH:MM] [--type T] [--calendar | --calendar=TARGET]",
        "log PERSON - [--date D] [--type T]   (the note from standard input)",
    ],
    arguments: [
        ("PERSON", "an id, name, alias, email, contact id, or a unique part of a name or id"),
        ("NOTE…", "the note; several words are joined with spaces; '-' reads it from standard input"),
    ],
    options: [
        OptionSpec(name: "--date", value: "D", help: "YYYY-MM-DD, today (default), yesterday, or -3d, -2w, -1m"),
        OptionSpec(name: "--time", value: "HH:MM", help: "the time of day, 24-hour clock"),
        OptionSpec(name: "--type", value: "T", help: "one of the vault's types (default: the first, usually call)"),
        OptionSpec(name: "--calendar", help: "also add a calendar event; --calendar=TARGET names the vdir folder or .ics file"),
    ],
    examples: [
        "crm log ada Talked about the punched cards",
        "crm log ada \"Tea at her place\" --type visit --date 2026-11-02 --time 14:30",
        "echo 'Long letter about Bernoulli numbers' | crm log ada - --type email",
        "crm log ada Dinner --type visit --date 2026-12-05 --time 19:00 --calendar=~/.calendars/personal",
    ],
    discussion: """
    The entry goes where the log's order puts it: newest first, unless the file's entries are
    consistently oldest first. A note of several lines is written as indented continuation lines.

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
        let typed = words.count == 2 && words[1] == "-" ? String(decoding: context.terminal.readStandardInput(), as: UTF8.self)
            : words.dropFirst().joined(separator: " ")
        let note: String
        do throws(VaultError) { note = try Interaction.note(typed: typed) } catch { throw UsageError(error.description) }
        let date = try context.date(context.arguments.value("--date") ?? "today", option: "--date")
        var time: TimeOfDay?
        if let text = context.arguments.value("--time") {
            guard let parsed = TimeOfDay(text) else { throw UsageError("--time: '\(text)' is not HH:MM (00:00 to 23:59)") }
            time = parsed
        }
        let types = vault.config.types
        let type = (context.arguments.value("--type") ?? types[0]).lowercased()
        guard types.contains(type) else {
            throw UsageError("--type: '\(type)' is not one of the vault's types: \(types.joined(separator: ", "))")
        }
        let person = try vault.find(words[0])
        let entry = Interaction(date: date, time: time, type: type, note: note)
        let (written, _) = try vault.update(person, change: "\(type) with \(person.name) (\(date))") { try $0.adding(entry) }
        let line = written.document.log?.entries.first { $0.date == date && $0.time == time && $0.type == type && $0.note == note }?.line
        if !context.json {   // before the calendar's warning, if there is one
            context.terminal.print("Logged \(type) with \(written.name) on \(date)\(time.map { " \($0)" } ?? "") (\(written.path)\(line.map { ":\($0)" } ?? ""))")
        }
        var eventFile: String?
        if context.arguments.flag("--calendar") {
            let event = ICalendarEvent.interaction(entry, with: written.name, durationMinutes: vault.config.calendarDuration,
                                                   uid: EventUID.random(), stamp: try context.clock().eventStamp)
            eventFile = context.addToCalendar(event, vault: vault)
        }
        if context.json {
            var json = entry
            json.line = line ?? 0
            context.printJSON(.object([("id", .string(written.id)), ("path", .string(written.path)), ("interaction", json.json),
                                       ("calendar_event", eventFile.map(JSON.string) ?? .null)]))
        } else if let eventFile {
            context.terminal.print("Added the event to \(eventFile)")
        }
    }
)
