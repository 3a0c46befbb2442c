import CRMKit

private enum CalendarOption {
    static let birthdays = OptionSpec(name: "--birthdays", help: "birthdays, as yearly all-day events")
    static let dates = OptionSpec(name: "--dates", help: "the dates of dates: (anniversary: …), as yearly all-day events")
    static let due = OptionSpec(name: "--due", help: "due dates, as all-day events \"Get in touch with NAME\"")
    static let plans = OptionSpec(name: "--plans", help: "open items and entries dated after today, at their time or all day")
    static let output = OptionSpec(name: "--output", short: "o", value: "FILE", completion: .files, help: "write FILE (atomically) instead of standard output")
}

let calendarCommand = Command(
    name: "calendar",
    summary: "Write an iCalendar file of birthdays, dates, due dates and plans.",
    usage: ["calendar [--birthdays] [--dates] [--due] [--plans] [-o FILE]"],
    options: [CalendarOption.birthdays, CalendarOption.dates, CalendarOption.due, CalendarOption.plans, CalendarOption.output],
    examples: [
        "crm calendar > ~/calendars/crm.ics",
        "crm calendar --birthdays -o ~/calendars/birthdays.ics",
        "crm calendar --due --json",
        "crm calendar --plans -o ~/calendars/plans.ics",
    ],
    discussion: """
    Without --birthdays, --dates, --due or --plans: birthdays, dates and due dates. A date is one
    of 'dates:' in the front matter with a month and a day (anniversary: 2015-06-20, "NAME:
    anniversary"); met: 2019-03 has no day and gives no event. A person with deceased: in the
    front matter has no birthday, date nor due-date event. With --plans, open items
    ('- [ ] …', overdue ones too) and entries dated after today, each at its time lasting
    'calendar_duration' minutes (default 60), or all day; 'crm plan --calendar' gives an event the
    same UID, so importing both never makes two copies. An item is one event, in the file it lives
    in: a person's log ("Call with Ada Lovelace") or a daily note ("Call with Ada Lovelace and Bob
    Marsh", everyone it links). Due dates count every interaction a person takes part in, as
    'crm due' does.
    A year-less birthday or date (--MM-DD) starts in 1904; one on 29 February falls on 28
    February in other years. A due date comes from the cadence, as in
    'crm list'. Each event's UID is derived from the person's contact_id (else their id), so
    importing a newer file updates the events instead of adding copies. DTSTAMP is 00:00 UTC of
    today (or $CRM_TODAY): two runs on the same day write the same bytes. Every event has an
    alarm (VALARM): 09:00 on the day of an all-day event, 'calendar_alarm' (default 15m; 1h,
    2d…; none for no alarms) before a timed one. With --json, the events as a list of {uid,
    summary, start, yearly, alarm} (alarm: the TRIGGER, PT9H or -PT15M, or null).
    """,
    run: { context in
        _ = try context.positionals()
        let vault = try context.vault()
        let today = try context.today()
        let onlyBirthdays = context.arguments.flag(CalendarOption.birthdays), onlyDue = context.arguments.flag(CalendarOption.due)
        let onlyPlans = context.arguments.flag(CalendarOption.plans)
        let onlyDates = context.arguments.flag(CalendarOption.dates)
        let all = !onlyBirthdays && !onlyDates && !onlyDue && !onlyPlans
        let (events, problems) = VaultCalendar.events(of: Everyone(vault, today: today), today: today, birthdays: all || onlyBirthdays,
                                                      dates: all || onlyDates, due: all || onlyDue, plans: onlyPlans)
        for problem in problems { context.warn(problem) }
        if context.json {
            context.printJSON(.array(events.map(\.json)))
            return
        }
        let bytes = Array(ICalendar.rendered(events).utf8)
        guard let output = context.arguments.value(CalendarOption.output) else {
            context.terminal.write(data: bytes[...])
            return
        }
        try FileSystem.write(output, with: bytes)
        context.terminal.print("Wrote \(events.count) event\(events.count == 1 ? "" : "s") to \(output)")
    }
)
