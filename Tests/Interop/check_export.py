#!/usr/bin/env python3
"""Reads what `crm export` wrote with real clients and compares it with the JSON export.

Usage: python3 Tests/Interop/check_export.py OUTDIR  (run by Tests/Interop/check-export.sh)

OUTDIR holds people.json, people.vcf, people.csv, vcard.stderr, vdir/ with khard.conf,
roundtrip.json (the JSON export of an empty vault after `crm import people.vcf`) and
libreoffice/people.csv (people.csv opened by LibreOffice Calc and saved as CSV).
"""
import csv
import json
import subprocess
import sys
import unicodedata

import vobject
import yaml

out = sys.argv[1]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {what}")


def same(actual, expected, what):
    check(actual == expected, f"{what}: {actual!r}, expected {expected!r}")


people = json.load(open(f"{out}/people.json", encoding="utf-8"))
check(len(people) >= 15, f"the JSON export has {len(people)} people")
check(all("interactions" in p and "notes" in p for p in people), "every JSON person has notes and interactions")
by_name = {p["name"]: p for p in people}


def valid_birthday(person):
    b = person["birthday"]
    return b if b and (b.startswith("--") or b[:4].isdigit()) and b != "December" else None


def uid_of(person, known):
    return person["contact_id"] or known[person["name"]]


def is_organisation(person):
    return person["properties"].get("company") == person["name"]


def splittable(name):
    """Whether the export derives N from the name: only letters, marks, spaces and ' ’ - . ,
    (else every part of N is empty, as RFC 6350 allows)."""
    return all(unicodedata.category(c)[0] in "LMZ" or c in "'’-.," for c in name)


# vobject: the file parses, and each card holds the person's values.
raw = open(f"{out}/people.vcf", "rb").read()
check(b"\n" not in raw.replace(b"\r\n", b""), "vCard lines end in CRLF")
check(all(len(line) <= 75 for line in raw.split(b"\r\n")), "vCard lines are folded at 75 octets")
cards = list(vobject.readComponents(raw.decode("utf-8")))
same(len(cards), len(people), "vobject card count")
uids = {}
structured = {}
for card in cards:
    name = card.fn.value
    person = by_name.get(name)
    if person is None:
        check(False, f"vobject: card {name!r} is nobody in the vault")
        continue
    same(card.version.value, "4.0", f"{name}: VERSION")
    uids[name] = card.uid.value
    if person["contact_id"]:
        same(card.uid.value, person["contact_id"], f"{name}: vobject UID")
    else:
        check(card.uid.value.startswith("urn:uuid:"), f"{name}: a stable urn:uuid UID, got {card.uid.value!r}")
    same([t.value for t in card.contents.get("tel", [])], person["phones"], f"{name}: vobject TEL")
    same([e.value for e in card.contents.get("email", [])], person["emails"], f"{name}: vobject EMAIL")
    bday = card.contents.get("bday", [None])[0]
    b = valid_birthday(person)
    expected = None if b is None else (b.replace("-", "") if not b.startswith("--") else "--" + b[2:].replace("-", ""))
    same(bday.value if bday else None, expected, f"{name}: vobject BDAY")
    n = card.n.value
    parts = [n.family, n.given, n.additional, n.prefix, n.suffix]
    structured[name] = parts
    if is_organisation(person) or not splittable(name):
        same(parts, [""] * 5, f"{name}: an empty N")
    else:
        check(all(isinstance(p, str) for p in parts) and n.family + n.given != "", f"{name}: vobject reads a structured N, got {parts!r}")
        check(sorted(" ".join(parts).split()) == sorted(name.split()), f"{name}: N {parts!r} holds the words of the name")
    kind = card.contents.get("kind", [None])[0]
    same(kind.value if kind else None, "org" if is_organisation(person) else None, f"{name}: vobject KIND")
    org = card.contents.get("org", [None])[0]
    same(org.value if org else None, [person["properties"]["company"]] if "company" in person["properties"] else None, f"{name}: vobject ORG")
    title = card.contents.get("title", [None])[0]
    same(title.value if title else None, person["properties"].get("position"), f"{name}: vobject TITLE")
    note = card.contents.get("note", [None])[0]
    same(note.value if note else "", person["notes"], f"{name}: vobject NOTE")
    same([k.value for k in card.contents.get("nickname", [])], person["aliases"], f"{name}: vobject NICKNAME")
    cats = card.contents.get("categories", [None])[0]
    same(cats.value if cats else [], person["tags"], f"{name}: vobject CATEGORIES")
check("birthday \"December\"" in open(f"{out}/vcard.stderr").read() or "'December'" in open(f"{out}/vcard.stderr").read(),
      "the birthday that is not a date is reported")


# khard: list (UIDs and names), and each contact's phones, emails and birthday.
conf = f"{out}/khard.conf"
listed = subprocess.run(["khard", "-c", conf, "list", "-p"], check=True, capture_output=True, text=True).stdout
rows = [line.split("\t") for line in listed.splitlines() if line]
same(sorted((r[1], r[0]) for r in rows), sorted((p["name"], uid_of(p, uids)) for p in people), "khard list: names and UIDs")
for person in people:
    name, uid = person["name"], uid_of(person, uids)
    shown = subprocess.run(["khard", "-c", conf, "show", "--format", "yaml", "uid:" + uid],
                           check=True, capture_output=True, text=True).stdout
    data = yaml.safe_load(shown)
    same(data["Formatted name"], name, f"{uid}: khard name")

    def values(field):
        found = []
        for key, value in (data.get(field) or {}).items():
            for v in value if isinstance(value, list) else [value]:
                if v:
                    found.append((not key.startswith("pref"), v))
        return [v for _, v in sorted(found, key=lambda x: x[0])]

    # khard's YAML read as strings only: a given name such as "No" is no boolean.
    raw = yaml.load(shown, Loader=yaml.BaseLoader)

    def text(field):
        value = raw.get(field)
        return " ".join(value) if isinstance(value, list) else (value or "")

    if name in structured:
        family, given, additional, prefix, suffix = structured[name]
        same([text("Last name"), text("First name"), text("Additional"), text("Prefix"), text("Suffix")],
             [family, given, additional, prefix, suffix], f"{name}: khard name parts")
    same(text("Organisation"), person["properties"].get("company") or "", f"{name}: khard organisation")
    same(text("Title"), person["properties"].get("position") or "", f"{name}: khard title")
    same(text("Note").rstrip("\n"), person["notes"], f"{name}: khard note")
    nicknames = raw.get("Nickname") or []
    same(sorted(nicknames if isinstance(nicknames, list) else [nicknames]), sorted(person["aliases"]), f"{name}: khard nicknames")
    phones, emails = values("Phone"), values("Email")
    same(sorted(phones), sorted(person["phones"]), f"{name}: khard phones")
    same(sorted(emails), sorted(person["emails"]), f"{name}: khard emails")
    if person["phones"]:
        same(phones[0], person["phones"][0], f"{name}: khard preferred phone")
    if person["emails"]:
        same(emails[0], person["emails"][0], f"{name}: khard preferred email")
    birthday = data.get("Birthday")
    expected = valid_birthday(person)
    if expected == "--02-29":
        # khard 0.22 parses a year-less date in the year 1900, which has no 29 February, and
        # shows no birthday (khard/helpers/typing.py, DEFAULT_YEAR).
        expected = None
    same(str(birthday) if birthday else None, expected, f"{name}: khard birthday")

# Round trip: `crm import` of the vCard file into an empty vault gives the same people.
back = {p["name"]: p for p in json.load(open(f"{out}/roundtrip.json", encoding="utf-8"))}
same(sorted(back), sorted(by_name), "round trip: the same names")
for name, person in by_name.items():
    got = back.get(name)
    if got is None:
        continue
    for field in ["phones", "emails", "aliases", "tags", "notes"]:
        same(got[field], person[field], f"{name}: round trip {field}")
    for key in ["company", "position"]:
        same(got["properties"].get(key), person["properties"].get(key), f"{name}: round trip {key}")
    same(sorted((r["relation"], r["name"]) for r in got["related"]), sorted((r["relation"], r["name"]) for r in person["related"]),
         f"{name}: round trip related")
    same(got["birthday"], valid_birthday(person), f"{name}: round trip birthday")
    same(got["contact_id"], uid_of(person, uids), f"{name}: round trip contact_id")

# CSV: Python's csv reads the header and one row per person with the JSON export's values.
raw = open(f"{out}/people.csv", "rb").read()
check(raw.count(b"\r\n") >= len(people) + 1 and not raw.startswith(b"\xef\xbb\xbf"), "CSV: CRLF rows, no BOM")
with open(f"{out}/people.csv", encoding="utf-8", newline="") as f:
    table = list(csv.reader(f, strict=True))
header = ["name", "id", "emails", "phones", "birthday", "tags", "every", "last", "next", "due", "interactions"]
same(table[0], header, "CSV header")
same(len(table) - 1, len(people), "CSV rows")
# A cell a spreadsheet would take for a formula starts with ' (OWASP's rule against CSV injection).
guarded = lambda value: "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value
for row, person in zip(table[1:], people):
    cell = dict(zip(header, row))
    joined = lambda values: "; ".join(values)
    expected = {
        "name": person["name"], "id": person["id"], "emails": joined(person["emails"]),
        "phones": joined(person["phones"]), "birthday": person["birthday"] or "", "tags": joined(person["tags"]),
        "every": person["every"] or "", "last": person["last"] or "", "next": person.get("next") or "",
        "due": person["due"] or "", "interactions": str(sum(1 for i in person["interactions"] if i["status"] != "open")),
    }
    same(cell, {key: guarded(value) for key, value in expected.items()}, f"CSV row of {person['id']}")

# LibreOffice Calc: the sheet it read, saved again as CSV, holds the same cells.
with open(f"{out}/libreoffice/people.csv", encoding="utf-8", newline="") as f:
    sheet = list(csv.reader(f))
same(len(sheet), len(table), "LibreOffice rows")
for ours, theirs in zip(table, sheet):
    same(theirs, ours, f"LibreOffice row of {ours[1]}")

print(f"export interop: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
