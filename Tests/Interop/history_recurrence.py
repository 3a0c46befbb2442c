"""Compares the meetings `crm history` counts for recurring events with python-dateutil's rrule.

Each random rule is one VEVENT whose attendee is one person of a scratch vault; `crm history
--dry-run --json` gives the days logged for each person, dateutil the occurrences before today.
DTSTART is put on the rule's first occurrence, where RFC 5545 and dateutil agree that it counts.
"""
import argparse, datetime, json, os, random, subprocess, sys, tempfile
from dateutil.rrule import rrulestr

TODAY = datetime.date(2025, 1, 1)
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def random_rule(rng):
    freq = rng.choice(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.5:
        parts.append(f"INTERVAL={rng.randint(2, 3)}")
    end = rng.random()
    if end < 0.35:
        parts.append(f"COUNT={rng.randint(1, 30)}")
    elif end < 0.7:
        until = datetime.date(2021, 1, 1) + datetime.timedelta(days=rng.randint(0, 1400))
        parts.append(f"UNTIL={until:%Y%m%d}T235959Z")
    if freq == "DAILY" and rng.random() < 0.4:
        parts.append("BYDAY=" + ",".join(rng.sample(DAYS, rng.randint(1, 5))))
    if freq == "WEEKLY":
        if rng.random() < 0.7:
            parts.append("BYDAY=" + ",".join(rng.sample(DAYS, rng.randint(1, 3))))
        if rng.random() < 0.5:
            parts.append("WKST=" + rng.choice(DAYS))
    if freq in ("MONTHLY", "YEARLY"):
        if freq == "YEARLY" and rng.random() < 0.7:
            parts.append("BYMONTH=" + ",".join(str(m) for m in sorted(rng.sample(range(1, 13), rng.randint(1, 3)))))
        kind = rng.random()
        if kind < 0.35:
            parts.append("BYMONTHDAY=" + ",".join(str(rng.choice([1, -1]) * rng.randint(1, 31)) for _ in range(rng.randint(1, 2))))
        elif kind < 0.7 and (freq == "MONTHLY" or "BYMONTH" in ";".join(parts)):
            parts.append("BYDAY=" + ",".join(f"{rng.choice([1, 2, 3, 4, -1, -2])}{rng.choice(DAYS)}" for _ in range(rng.randint(1, 2))))
    return ";".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--crm", required=True)
    ap.add_argument("--rules", type=int, default=400)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    expected, lines = {}, ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//crm interop//EN"]
    with tempfile.TemporaryDirectory() as vault:
        os.makedirs(os.path.join(vault, "people"))
        rules = {}
        for i in range(args.rules):
            rule = random_rule(rng)
            naive = rule.replace("T235959Z", "T235959")   # dateutil takes UNTIL naive, as DTSTART is
            start = datetime.datetime(2020, 1, 1, 10) + datetime.timedelta(days=rng.randint(0, 1500))
            first = next(iter(rrulestr(naive, dtstart=start)), None)
            if first is None or first.date() >= TODAY:
                continue
            days = sorted({d.date() for d in rrulestr(naive, dtstart=first).between(first, datetime.datetime(2025, 1, 1), inc=True)
                           if d.date() < TODAY})
            person = f"p{i:04d}"
            rules[person] = rule
            expected[person] = [d.isoformat() for d in days]
            with open(os.path.join(vault, "people", person + ".md"), "w") as f:
                f.write(f"---\nname: Person {i}\nemail: {person}@example.org\n---\n")
            lines += ["BEGIN:VEVENT", f"UID:{person}@example.org", f"DTSTART:{first:%Y%m%dT%H%M%S}Z", f"RRULE:{rule}",
                      f"ATTENDEE:mailto:{person}@example.org", "END:VEVENT"]
        lines.append("END:VCALENDAR")
        ics = os.path.join(vault, "calendar.ics")
        with open(ics, "w") as f:
            f.write("\r\n".join(lines) + "\r\n")
        env = dict(os.environ, CRM_TODAY=TODAY.isoformat(), TZ="UTC")
        run = subprocess.run([args.crm, "--vault", vault, "history", ics, "--dry-run", "--json"],
                             capture_output=True, text=True, env=env)
        if run.returncode != 0:
            sys.exit(f"crm history failed: {run.stderr}")
        got = {}
        for entry in json.loads(run.stdout)["logged"]:
            got.setdefault(entry["id"], []).append(entry["date"])
    wrong = [p for p in expected if sorted(got.get(p, [])) != expected[p]]
    for person in wrong[:5]:
        print(f"RRULE:{rules[person]}\n  dateutil: {expected[person][:12]}\n  crm:      {sorted(got.get(person, []))[:12]}")
    total = sum(len(v) for v in expected.values())
    print(f"{len(expected) - len(wrong)} of {len(expected)} rules agree with dateutil ({total} meetings)")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
