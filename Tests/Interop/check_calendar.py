#!/usr/bin/env python3
"""Check the calendar files `crm` writes against python `icalendar`, `recurring_ical_events` and khal.

Usage: check_calendar.py --crm PATH/TO/crm --fixtures Tests/CRMKitTests/Fixtures/calendar

In a temporary vault (CRM_TODAY=2026-11-29) it runs `crm log … --calendar=…` into a vdir folder,
into an existing `.ics` file and through $CRM_CALENDAR with `~/`, checks that a broken calendar path
still logs the entry with exit status 0 and one warning, parses every file written with icalendar
(values equal to what was logged), lists the vdir with a real khal, and checks `crm calendar`:
birthdays recurring yearly, due dates equal to `crm list --json`, stable UIDs, identical bytes on
two runs, and khal importing it. Plans: `crm plan --calendar` into a vdir and `crm calendar --plans`
give the same event (one UID) that khal lists at its time, and all-day for an untimed plan; a plan
done today is no longer exported. Alarms: every event carries one VALARM (ACTION:DISPLAY, the
summary as DESCRIPTION) that icalendar and khal read as 15 minutes before a timed event and 09:00 on
the day of an all-day one; `calendar_alarm: 1h` in .crm/config.yaml moves it, `none` leaves it out.
Prints one line per failure and a last line `calendar interop: N passed, M failed`; exits 1 on failure.
"""
import argparse
import datetime as dt
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import uuid

import icalendar
import recurring_ical_events

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "urn:x-my-person-crm:calendar")
TODAY = "2026-11-29"
STAMP = dt.datetime(2026, 11, 29, 0, 0, tzinfo=dt.timezone.utc)
ADA_ID = "6B29FC40-CA47-1067-B31D-00DD010662DA"
NOTE = (
    "Dinner at Café Müller, Zürich; talked about the Analytical Engine — Ada's notes, Babbage's gears.\n"
    "She said the drafts live in C:\\Users\\ada\\notes\\; 日本語のメモ, ещё немного текста, ✓ done.\n"
    "Next time: bring the punched cards 🃏🃏🃏 and the Bernoulli table."
)

passed = 0
failures = 0


def check(condition, message):
    """Counts a check; prints only the failing ones."""
    global passed, failures
    if condition:
        passed += 1
    else:
        failures += 1
        print(f"FAIL {message}")


def check_equal(actual, expected, message):
    check(actual == expected, f"{message}: {actual!r}" + ("" if actual == expected else f" != {expected!r}"))


class Vault:
    def __init__(self, crm, root, home):
        self.crm, self.root, self.home = crm, root, home

    def run(self, *arguments, stdin=None, env=None, binary=False):
        environment = dict(os.environ, CRM_TODAY=TODAY, NO_COLOR="1", HOME=str(self.home))
        for key in ("CRM_VAULT", "CRM_CALENDAR"):
            environment.pop(key, None)
        environment.update(env or {})
        result = subprocess.run([self.crm, "--vault", str(self.root), *arguments],
                                input=None if stdin is None else stdin.encode(), capture_output=True, env=environment)
        if not binary:  # decoded, line ends untouched
            result.stdout, result.stderr = result.stdout.decode(), result.stderr.decode()
        return result

    def must(self, *arguments, later=False, **options):
        """Exit 0 and nothing on stderr; with `later`, only log's warning for a day after CRM_TODAY."""
        result = self.run(*arguments, **options)
        expected = later_warning(arguments[arguments.index("--date") + 1]) if later else ""
        check(result.returncode == 0 and (result.stderr == expected if expected else not result.stderr), f"crm {' '.join(arguments)}: exit 0, stderr {expected!r} "
              f"(got {result.returncode}, {result.stderr.strip()!r})")
        return result


def later_warning(day):
    return f"crm: warning: {day} is after today: the entry counts as the last contact from its day on (to plan it instead: crm plan)\n"


def check_bytes(name, data):
    """Physical lines: CRLF only, at most 75 octets, valid UTF-8 on every line."""
    check(data.endswith(b"\r\n") and b"\n" not in data.replace(b"\r\n", b""), f"{name}: CRLF line ends")
    lines = data.split(b"\r\n")[:-1]
    check(all(len(line) <= 75 for line in lines), f"{name}: every line <= 75 octets")
    try:
        for line in lines:
            line.decode("utf-8")
        check(True, f"{name}: no fold inside a UTF-8 sequence")
    except UnicodeDecodeError as error:
        check(False, f"{name}: fold inside a UTF-8 sequence ({error})")


def parse(path):
    data = path.read_bytes()
    check_bytes(path.name, data)
    calendar = icalendar.Calendar.from_ical(data)
    check_equal(str(calendar["VERSION"]), "2.0", f"{path.name}: VERSION")
    return calendar


def check_event(event, where, summary, description, start, end):
    check_equal(str(event["SUMMARY"]), summary, f"{where}: SUMMARY")
    check_equal(str(event["DESCRIPTION"]) if "DESCRIPTION" in event else None, description, f"{where}: DESCRIPTION")
    check_equal(event["DTSTART"].dt, start, f"{where}: DTSTART")
    check_equal(event["DTEND"].dt, end, f"{where}: DTEND")
    check_equal(event["DTSTAMP"].dt, STAMP, f"{where}: DTSTAMP (UTC, from CRM_TODAY)")
    check_alarm(event, where)


def expected_trigger(event, lead=dt.timedelta(minutes=15)):
    """Before a timed event by the lead; 09:00 on the day of an all-day one (a DATE start)."""
    timed = isinstance(event["DTSTART"].dt, dt.datetime)
    return -lead if timed else dt.timedelta(hours=9)


def check_alarm(event, where, lead=dt.timedelta(minutes=15)):
    """One VALARM, as icalendar reads it: ACTION:DISPLAY, the summary, the trigger for its start."""
    alarms = [c for c in event.subcomponents if c.name == "VALARM"]
    check_equal(len(alarms), 1, f"{where}: one VALARM")
    for alarm in alarms:
        check_equal(str(alarm.get("ACTION")), "DISPLAY", f"{where}: VALARM ACTION")
        check_equal(str(alarm.get("DESCRIPTION")), str(event["SUMMARY"]), f"{where}: VALARM DESCRIPTION")
        check_equal(alarm["TRIGGER"].dt, expected_trigger(event, lead), f"{where}: VALARM TRIGGER")


def vdir_events(folder):
    """UID -> event, checking one event per file named <UID>.ics."""
    events = {}
    for path in sorted(folder.glob("*.ics")):
        items = parse(path).walk("VEVENT")
        check(len(items) == 1 and path.stem == str(items[0]["UID"]), f"{path.name}: one event, named by its UID")
        for event in items:
            events[str(event["SUMMARY"]) + "|" + str(event.get("DESCRIPTION", ""))[:10]] = event
    return events


def check_log(vault, work, fixtures):
    vdir = work / "calendars" / "personal"
    vdir.mkdir(parents=True)
    vault.must("log", "ada", "Dinner", "--type", "visit", "--date", "2026-12-05", "--time", "19:00", f"--calendar={vdir}", later=True)
    vault.must("log", "ada", "-", "--type", "visit", "--date", "2026-12-07", "--time", "08:05", f"--calendar={vdir}", stdin=NOTE, later=True)
    vault.must("log", "ada", "Sent", "the", "letter;", "see", "you,", "soon", "--type", "email", "--date", "2026-12-01",
               f"--calendar={vdir}", later=True)
    events = vdir_events(vdir)
    check_equal(len(list(vdir.iterdir())), 3, "vdir: one file per logged event, nothing else")
    for key, summary, description, start, end in [
        ("Visit with Ada Lovelace|Dinner", "Visit with Ada Lovelace", "Dinner",
         dt.datetime(2026, 12, 5, 19, 0), dt.datetime(2026, 12, 5, 20, 0)),
        ("Visit with Ada Lovelace|" + NOTE[:10], "Visit with Ada Lovelace", NOTE,
         dt.datetime(2026, 12, 7, 8, 5), dt.datetime(2026, 12, 7, 9, 5)),
        ("Email with Ada Lovelace|Sent the l", "Email with Ada Lovelace", "Sent the letter; see you, soon",
         dt.date(2026, 12, 1), dt.date(2026, 12, 2)),
    ]:
        check(key in events, f"vdir: event {key}")
        if key in events:
            check_event(events[key], f"vdir {key}", summary, description, start, end)
            if isinstance(start, dt.datetime):
                check(start.tzinfo is None, f"vdir {key}: floating local time")

    # An existing .ics file: the event joins its VCALENDAR, every other byte kept.
    existing = (fixtures / "existing.ics").read_bytes()
    file = work / "calendars" / "personal.ics"
    file.write_bytes(existing)
    vault.must("log", "ada", "Tea", "--type", "visit", "--date", "2026-12-06", "--time", "16:30", f"--calendar={file}", later=True)
    after = file.read_bytes()
    check(after.startswith(existing[: -len(b"END:VCALENDAR\r\n")]) and after.endswith(b"END:VEVENT\r\nEND:VCALENDAR\r\n"),
          ".ics file: the original bytes kept, the event before END:VCALENDAR")
    items = {str(event["UID"]): event for event in parse(file).walk("VEVENT")}
    check_equal(len(items), 2, ".ics file: the existing event and the new one")
    check_equal(str(items.get("existing-1@example.org", {}).get("SUMMARY")), "Dentist", ".ics file: existing event intact")
    new = [event for uid, event in items.items() if uid != "existing-1@example.org"]
    if new:
        check_event(new[0], ".ics file", "Visit with Ada Lovelace", "Tea",
                    dt.datetime(2026, 12, 6, 16, 30), dt.datetime(2026, 12, 6, 17, 30))

    # Plain --calendar through $CRM_CALENDAR with ~/ (HOME is the temporary folder).
    vault.must("log", "ada", "Phoned", "--date", "2026-12-02", "--time", "09:15", "--calendar",
               env={"CRM_CALENDAR": "~/calendars/personal"}, later=True)
    check_equal(len(list(vdir.glob("*.ics"))), 4, "$CRM_CALENDAR=~/…: one more event in the vdir")

    # Broken calendars: the entry is logged, exit 0, one warning line.
    for target, reason in [
        (str(work / "nowhere"), f"calendar folder {work / 'nowhere'} does not exist"),
        (str(work / "notes.txt"), f"calendar {work / 'notes.txt'} is neither a folder nor an .ics file"),
    ]:
        (work / "notes.txt").write_text("not a calendar\n")
        result = vault.run("log", "ada", "Lunch", "--date", "2026-12-03", f"--calendar={target}")
        check_equal(result.returncode, 0, f"broken calendar {target}: exit status")
        check_equal(result.stderr, later_warning("2026-12-03") + f"crm: warning: no calendar event added: {reason}\n",
                    f"broken calendar {target}: warning")
    shown = json.loads(vault.must("show", "ada", "--json").stdout)
    lunches = [i for i in shown["interactions"] if i["note"] == "Lunch" and i["date"] == "2026-12-03"]
    check_equal(len(lunches), 2, "broken calendars: both lunches logged")
    check_equal((work / "notes.txt").read_text(), "not a calendar\n", "a plain text file is left alone")
    return vdir


def check_alarm_setting(vault, work):
    """`calendar_alarm: 1h` moves a timed event's alarm; `none` writes none; all-day stays at 09:00."""
    config = vault.root / ".crm" / "config.yaml"
    original = config.read_text()
    file = work / "calendars" / "alarms.ics"
    try:
        config.write_text(original + "calendar_alarm: 1h\n")
        vault.must("log", "ada", "Walk", "--date", "2026-12-09", "--time", "07:30", f"--calendar={file}", later=True)
        vault.must("log", "ada", "Card", "--date", "2026-12-10", f"--calendar={file}", later=True)
        events = {str(e["DESCRIPTION"]): e for e in parse(file).walk("VEVENT")}
        if "Walk" in events:
            check_alarm(events["Walk"], "calendar_alarm: 1h, timed", lead=dt.timedelta(hours=1))
        if "Card" in events:
            check_alarm(events["Card"], "calendar_alarm: 1h, all day")
        check_equal(sorted(events), ["Card", "Walk"], "calendar_alarm: 1h: both events written")
        config.write_text(original + "calendar_alarm: none\n")
        exported = icalendar.Calendar.from_ical(vault.must("calendar", binary=True).stdout)
        check(all(not e.subcomponents for e in exported.walk("VEVENT")), "calendar_alarm: none: no VALARM in crm calendar")
    finally:
        config.write_text(original)


def khal(config, *arguments):
    result = subprocess.run(["khal", "-c", str(config), *arguments], capture_output=True, text=True)
    check(result.returncode == 0, f"khal {' '.join(arguments[:2])}: exit 0 ({result.stderr.strip()!r})")
    return result.stdout


def khal_alarms(config, calendar, start):
    """title -> the alarm offsets (seconds from the start) khal reads, for the events of one day."""
    listed = khal(config, "list", "-a", calendar, "--day-format", "", "--json", "title", "--json", "alarms-list", start, "1d")
    found = {}
    for line in listed.splitlines():
        for event in json.loads(line) if line.strip() else []:
            found[event["title"]] = [alarm["delta"] for alarm in event["alarms-list"]]
    return found


def check_khal(work, vdir, exported):
    birthdays = work / "calendars" / "birthdays"
    birthdays.mkdir()
    config = work / "khal.conf"
    config.write_text(
        "[calendars]\n"
        f"[[personal]]\npath = {vdir}\ntype = calendar\n"
        f"[[birthdays]]\npath = {birthdays}\ntype = calendar\n"
        "[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\n"
        "datetimeformat = %Y-%m-%d %H:%M\nlongdatetimeformat = %Y-%m-%d %H:%M\n"
        f"local_timezone = {os.environ.get('TZ', 'UTC')}\ndefault_timezone = {os.environ.get('TZ', 'UTC')}\n"
        f"[sqlite]\npath = {work / 'khal.db'}\n"
    )
    listed = khal(config, "list", "-a", "personal", "--day-format", "",
                  "--format", "{start-date} {start-time}-{end-time} {title}", "2026-12-05", "1d")
    print("khal printed:\n" + listed.rstrip())
    check_equal(listed.splitlines(), ["2026-12-05 19:00-20:00 Visit with Ada Lovelace"],
                "khal lists the dinner at 19:00 on 2026-12-05")
    described = khal(config, "list", "-a", "personal", "--day-format", "", "--format", "{description}", "2026-12-07", "1d")
    check_equal(described.rstrip("\n"), NOTE, "khal reads the long note exactly")
    all_day = khal(config, "list", "-a", "personal", "--day-format", "",
                   "--format", "{start-date} {start-time}|{title}", "2026-12-01", "1d")
    check_equal(all_day.splitlines(), ["2026-12-01 |Email with Ada Lovelace"], "khal lists the all-day email")
    check_equal(khal_alarms(config, "personal", "2026-12-05"), {"Visit with Ada Lovelace": [-900.0]},
                "khal reads the dinner's alarm 15 minutes before")
    check_equal(khal_alarms(config, "personal", "2026-12-01"), {"Email with Ada Lovelace": [32400.0]},
                "khal reads the all-day email's alarm at 09:00")

    imported = subprocess.run(["khal", "-c", str(config), "import", "--batch", "-a", "birthdays", str(exported)],
                              capture_output=True, text=True)
    check(imported.returncode == 0, f"khal import of crm calendar output ({imported.stderr.strip()!r})")
    for start, expected in [
        ("2027-02-27", ["2027-02-28 Leap Person's birthday", "2027-02-28 Yearless Leap's birthday"]),
        ("2028-02-27", ["2028-02-29 Leap Person's birthday", "2028-02-29 Yearless Leap's birthday"]),
        ("2027-12-09", ["2027-12-10 Ada Lovelace's birthday"]),
    ]:
        listed = khal(config, "list", "-a", "birthdays", "--day-format", "", "--format", "{start-date} {title}", start, "3d")
        check_equal(sorted(line for line in listed.splitlines() if "birthday" in line), expected,
                    f"khal lists the imported birthdays from {start}")
    check_equal(khal_alarms(config, "birthdays", "2027-12-10").get("Ada Lovelace's birthday"), [32400.0],
                "khal reads the imported birthday's alarm at 09:00")


def check_export(vault, work):
    out = work / "crm.ics"
    vault.must("calendar", "-o", str(out))
    again = vault.must("calendar", binary=True)
    check(out.read_bytes() == again.stdout, "crm calendar: -o and stdout give the same bytes")
    check(vault.must("calendar", binary=True).stdout == again.stdout, "crm calendar: identical bytes on two runs")
    calendar = parse(out)
    events = calendar.walk("VEVENT")
    listed = {person["name"]: person for person in json.loads(vault.must("list", "--json").stdout)}
    birthdays = {str(e["SUMMARY"]): e for e in events if "birthday" in [str(c) for c in e["CATEGORIES"].cats]}
    due = {str(e["SUMMARY"]): e for e in events if str(e["SUMMARY"]).startswith("Get in touch with ")}
    check_equal(len(events), len(birthdays) + len(due), "crm calendar: only birthdays and due dates")
    for event in events:
        check_equal(event["DTSTAMP"].dt, STAMP, f"{event['SUMMARY']}: DTSTAMP 00:00 UTC of CRM_TODAY")
        check_alarm(event, f"crm calendar {event['SUMMARY']}")
    check_equal(str(birthdays.get("Ada Lovelace's birthday", {}).get("UID")),
                str(uuid.uuid5(NAMESPACE, "birthday:contact_id:" + ADA_ID)), "Ada's birthday UID from her contact_id")
    check_equal(str(birthdays.get("Mary Somerville's birthday", {}).get("UID")),
                str(uuid.uuid5(NAMESPACE, "birthday:id:mary-somerville")), "Mary's birthday UID from her id")
    for summary, start in [("Ada Lovelace's birthday", dt.date(1815, 12, 10)),
                           ("Mary Somerville's birthday", dt.date(1904, 3, 15)),
                           ("Leap Person's birthday", dt.date(1996, 2, 29)),
                           ("Yearless Leap's birthday", dt.date(1904, 2, 29))]:
        event = birthdays.get(summary)
        check(event is not None, f"crm calendar: {summary}")
        if event is not None:
            check_equal(event["DTSTART"].dt, start, f"{summary}: DTSTART")
            check_equal(event["RRULE"]["FREQ"], ["YEARLY"], f"{summary}: RRULE yearly")
    landed = {}
    for event in recurring_ical_events.of(calendar).between(dt.date(2026, 1, 1), dt.date(2030, 1, 1)):
        landed.setdefault(str(event["SUMMARY"]), []).append(event["DTSTART"].dt.isoformat())
    for summary, dates in {
        "Ada Lovelace's birthday": ["2026-12-10", "2027-12-10", "2028-12-10", "2029-12-10"],
        "Mary Somerville's birthday": ["2026-03-15", "2027-03-15", "2028-03-15", "2029-03-15"],
        "Leap Person's birthday": ["2026-02-28", "2027-02-28", "2028-02-29", "2029-02-28"],
        "Yearless Leap's birthday": ["2026-02-28", "2027-02-28", "2028-02-29", "2029-02-28"],
    }.items():
        check_equal(sorted(landed.get(summary, [])), dates, f"recurring_ical_events: {summary}")
    for name, person in listed.items():
        event = due.get("Get in touch with " + name)
        if person["due"] is None:
            check(event is None, f"no due event for {name} (no cadence)")
        elif event is not None:
            check_equal(event["DTSTART"].dt.isoformat(), person["due"], f"due event of {name} on `crm list` due date")
            check_equal(event["DTEND"].dt - event["DTSTART"].dt, dt.timedelta(days=1), f"due event of {name}: all day")
        else:
            check(False, f"due event for {name}")
    return out


def check_plans(vault, work):
    vdir = work / "calendars" / "plans"
    vdir.mkdir(parents=True)
    vault.must("plan", "ada", "Tea", "at", "the", "club", "--type", "visit", "--date", "2026-12-08", "--time", "18:30",
               f"--calendar={vdir}")
    vault.must("plan", "ada", "Ask about the engine", "--date", "tuesday")  # 2026-12-01, all day
    written = list(vdir.glob("*.ics"))
    check_equal(len(written), 1, "crm plan --calendar: one event in the vdir")
    exported = work / "plans.ics"
    vault.must("calendar", "--plans", "-o", str(exported))
    events = {str(e["SUMMARY"]) + " " + e["DTSTART"].dt.isoformat(): e for e in parse(exported).walk("VEVENT")}
    tea = events.get("Visit with Ada Lovelace 2026-12-08T18:30:00")
    check(tea is not None, f"crm calendar --plans: the tea at 18:30 ({sorted(events)})")
    if tea is not None and written:
        planned = parse(written[0]).walk("VEVENT")[0]
        check_equal(str(tea["UID"]), str(planned["UID"]), "plan --calendar and calendar --plans: the same UID")
        check_event(tea, "calendar --plans tea", "Visit with Ada Lovelace", "Tea at the club",
                    dt.datetime(2026, 12, 8, 18, 30), dt.datetime(2026, 12, 8, 19, 30))
    ask = events.get("Call with Ada Lovelace 2026-12-01")
    check(ask is not None, "crm calendar --plans: the all-day open item on Tuesday 2026-12-01")
    # Entries logged for days after CRM_TODAY are plans too (the dinner of check_log).
    check("Visit with Ada Lovelace 2026-12-05T19:00:00" in events, "crm calendar --plans: a plain entry dated after today")
    check(all("plan" in [str(c) for c in e["CATEGORIES"].cats] for e in events.values()), "plan events: CATEGORIES plan")
    again = vault.must("calendar", "--plans", binary=True).stdout
    check(again == exported.read_bytes(), "crm calendar --plans: identical bytes on two runs")
    vault.must("done", "ada", "engine", "--date", "today")
    after = {str(e["SUMMARY"]) + " " + e["DTSTART"].dt.isoformat() for e in
             icalendar.Calendar.from_ical(vault.must("calendar", "--plans", binary=True).stdout).walk("VEVENT")}
    check_equal(after, set(events) - {"Call with Ada Lovelace 2026-12-01"}, "a plan done today is no longer exported")
    return vdir, exported


def check_khal_plans(work, vdir, exported):
    imported = work / "calendars" / "imported-plans"
    imported.mkdir()
    config = work / "khal-plans.conf"
    config.write_text(
        "[calendars]\n"
        f"[[plans]]\npath = {vdir}\ntype = calendar\n"
        f"[[imported]]\npath = {imported}\ntype = calendar\n"
        "[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\n"
        "datetimeformat = %Y-%m-%d %H:%M\nlongdatetimeformat = %Y-%m-%d %H:%M\n"
        f"local_timezone = {os.environ.get('TZ', 'UTC')}\ndefault_timezone = {os.environ.get('TZ', 'UTC')}\n"
        f"[sqlite]\npath = {work / 'khal-plans.db'}\n"
    )
    fmt = ["--day-format", "", "--format", "{start-date} {start-time}-{end-time} {title}"]
    listed = khal(config, "list", "-a", "plans", *fmt, "2026-12-08", "1d")
    print("khal printed the plan:\n" + listed.rstrip())
    check_equal(listed.splitlines(), ["2026-12-08 18:30-19:30 Visit with Ada Lovelace"],
                "khal lists the plan written by crm plan --calendar at 18:30")
    result = subprocess.run(["khal", "-c", str(config), "import", "--batch", "-a", "imported", str(exported)],
                            capture_output=True, text=True)
    check(result.returncode == 0, f"khal import of crm calendar --plans ({result.stderr.strip()!r})")
    listed = khal(config, "list", "-a", "imported", *fmt, "2026-12-01", "1d")
    # The email logged for 2026-12-01 (after CRM_TODAY) is planned too: both all day.
    check_equal(sorted(listed.splitlines()), ["2026-12-01 - Call with Ada Lovelace", "2026-12-01 - Email with Ada Lovelace"],
                "khal lists the untimed plan all day")
    listed = khal(config, "list", "-a", "imported", *fmt, "2026-12-08", "1d")
    check_equal(listed.splitlines(), ["2026-12-08 18:30-19:30 Visit with Ada Lovelace"], "khal lists the imported plan at 18:30")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--crm", required=True)
    parser.add_argument("--fixtures", required=True, type=pathlib.Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        work = pathlib.Path(temporary)
        vault = Vault(args.crm, work / "vault", work)
        subprocess.run([args.crm, "init", str(vault.root)], check=True, capture_output=True)
        vault.must("add", "Ada Lovelace", "--birthday", "1815-12-10", "--contact-id", ADA_ID, "--every", "30d")
        vault.must("add", "Mary Somerville", "--birthday", "--03-15")
        vault.must("add", "Leap Person", "--birthday", "1996-02-29", "--every", "2w")
        vault.must("add", "Yearless Leap", "--birthday", "--02-29")
        vdir = check_log(vault, work, args.fixtures)
        exported = check_export(vault, work)
        check_alarm_setting(vault, work)
        check_khal(work, vdir, exported)
        plans, plans_file = check_plans(vault, work)
        check_khal_plans(work, plans, plans_file)
    print(f"calendar interop: {passed} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
