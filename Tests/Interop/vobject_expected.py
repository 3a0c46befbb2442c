#!/usr/bin/env python3
"""What Python's vobject reads from every card of a vCard file: the oracle the vCard tests
compare the contacts reader with.

Usage: python3 Tests/Interop/vobject_expected.py [--check] DIR...

For each DIR, reads every DIR/*.vcf and writes DIR/expected.json: for each file, for each
top-level card (a card inside a card, such as a 2.1 AGENT, belongs to its parent), the card's
1-based BEGIN line and either what vobject reads from it, as the fields `crm` stores
({name, uid, phones, emails, birthday}), or {"vobject_error": why} when vobject cannot read it.
With --check, compares with the committed expected.json instead and exits 1 on a difference
(vobject's reading changed, or the files did). The project commits this reading only for its own
charset cards (Tests/CRMKitTests/Fixtures/contacts/charsets); suite_readings.py uses read_file()
for the public vCard sets when the tests run.

Splitting a file into cards: BEGIN:VCARD and END:VCARD in any case, with white space around them
or a group (`TEST.BEGIN:VCARD`, which vobject reads too); a card that never ends runs to the end
of the file, and the first bare BEGIN:VCARD inside it starts the next card (crm's rule). A card
nested in a card (`AGENT:BEGIN:VCARD` … `END:VCARD`) is the agent's value: its lines are not
given to vobject, which would take them as the outer card's properties.

vobject reads text (it decodes quoted-printable octets with the card's CHARSET itself). Values
that are not quoted-printable are decoded here, line by line, before vobject sees them: with the
line's CHARSET, else UTF-8; a line that does not decode makes the card a vobject_error.
ISO-8859-1 and US-ASCII are read as Windows-1252, their superset that browsers (and crm) use.
When vobject cannot read the whole card (a broken PHOTO, a line of a property crm ignores), it
reads the card again with only the lines of the properties crm stores (FN, N, UID, TEL, EMAIL,
BDAY, VERSION; lines it cannot parse left out), and the reading says why in "whole_card_error";
only when that fails too is the card a vobject_error.

From vobject's values, the fields are taken by crm's documented rules: name = the first
non-empty FN, else N as "prefix given additional family suffix"; phones and emails preferred
first (PREF=n lowest first, or TYPE=pref), then mobile phones, then file order, without
`tel:`/`mailto:`, kept once (phones ignoring spaces, dashes, dots and parentheses; emails
ignoring case); birthday = the first BDAY that is a whole date, as YYYY-MM-DD or --MM-DD
(year 1604 or X-APPLE-OMIT-YEAR means no year; VALUE=text is no date).
Needs `pip install vobject` (the committed readings are vobject 0.9.9's; CI pins it).
"""
import calendar
import io
import json
import os
import re
import sys

import vobject
from vobject import base

PYTHON_CHARSET = {"ISO-8859-1": "cp1252", "ISO8859-1": "cp1252", "LATIN1": "cp1252",
                  "US-ASCII": "cp1252", "ASCII": "cp1252", "WINDOWS-1252": "cp1252"}
ENCODINGS = {"QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"}
# The properties crm stores, and the lines that make a card.
STORED = {"FN", "N", "UID", "TEL", "EMAIL", "BDAY", "VERSION"}


def delimiter(raw):
    """b"BEGIN", b"END" or b"AGENT" (for `AGENT:BEGIN:VCARD`) when the line opens or closes a
    card, ignoring case, white space around it and a group (`TEST.BEGIN:VCARD`, which vobject
    reads too); else None."""
    text = raw.rstrip(b"\r").strip().upper()
    name, colon, value = text.partition(b":")
    name = name.rpartition(b".")[2]
    if colon and value.strip() == b"VCARD" and name in (b"BEGIN", b"END"):
        return name
    return b"AGENT" if name == b"AGENT" and value.strip() == b"BEGIN:VCARD" else None


def cards(data):
    """(BEGIN line, bytes) of each top-level card, nested cards kept inside their parent.

    A card that never ends runs to the end of the file, and the first `BEGIN:VCARD` inside it
    (not an `AGENT:BEGIN:VCARD`) starts the next card, as crm reads it (docs/contacts.md)."""
    lines = data.split(b"\n")
    found, i = [], 0
    while i < len(lines):
        if delimiter(lines[i]) != b"BEGIN":
            i += 1
            continue
        depth, resume, j = 1, None, i + 1
        while j < len(lines) and depth > 0:
            kind = delimiter(lines[j])
            if kind == b"BEGIN" and depth == 1 and resume is None:
                resume = j
            depth += 1 if kind in (b"BEGIN", b"AGENT") else -1 if kind == b"END" else 0
            j += 1
        if depth == 0:
            found.append((i + 1, b"\n".join(lines[i:j]) + b"\n"))
            i = j
        else:
            found.append((i + 1, b"\n".join(lines[i:]) + b"\n"))
            if resume is None:
                break
            i = resume
    return found


def decoded(card, stored_only=False):
    """The card as text: every line that is not quoted-printable decoded with its CHARSET.

    A card nested in this one (a 2.1 `AGENT:BEGIN:VCARD` … `END:VCARD`) is left out: its lines
    are the agent's value, not this card's properties (vobject would take them as the outer
    card's). With stored_only, only the properties crm stores are kept (and lines vobject cannot
    parse are dropped)."""
    out, depth = [], 0
    for line, _ in base.getLogicalLines(io.StringIO(card.decode("latin-1")), allowQP=True):
        try:
            name, params, value, group = base.parseLine(line)
        except base.ParseError:
            if depth == 1 and not stored_only:
                out.append(line.encode("latin-1").decode("utf-8"))
            continue
        kind = delimiter(line.encode("latin-1"))
        if kind in (b"BEGIN", b"AGENT"):
            depth += 1
            if depth == 1:
                out.append("BEGIN:VCARD")
            continue
        if kind == b"END":
            depth -= 1
            if depth == 0:
                out.append("END:VCARD")
            continue
        if depth != 1 or (stored_only and name.upper() not in STORED):
            continue
        flat = {p[0].upper(): [v.upper() for v in p[1:]] for p in params}
        qp = "QUOTED-PRINTABLE" in flat or "QUOTED-PRINTABLE" in flat.get("ENCODING", [])
        charset = None if qp else flat.get("CHARSET", ["UTF-8"])[0]
        prefix = line[:len(line) - len(value)]
        if charset is None:
            out.append(prefix.encode("latin-1").decode("utf-8") + value)
        else:
            out.append(prefix.encode("latin-1").decode("utf-8")
                       + value.encode("latin-1").decode(PYTHON_CHARSET.get(charset, charset)))
    return "\r\n".join(out) + "\r\n"


def params_of(line):
    types = [t.lower() for value in line.params.get("TYPE", []) for t in value.split(",")]
    types += [p.lower() for p in line.singletonparams if p.upper() not in ENCODINGS]
    pref = line.params.get("PREF")
    try:
        rank = max(int(pref[0]), 1) if pref else (1 if "pref" in types else float("inf"))
    except ValueError:
        rank = 1 if "pref" in types else float("inf")
    return types, rank


def without_scheme(value, scheme):
    return value[len(scheme):].strip() if value[:len(scheme)].lower() == scheme else value


def ordered(candidates, key):
    candidates = sorted(enumerate(candidates), key=lambda c: (c[1][1], 0 if c[1][2] else 1, c[0]))
    seen, out = set(), []
    for _, (value, _, _) in candidates:
        if key(value) not in seen:
            seen.add(key(value))
            out.append(value)
    return out


def compact(number):
    return "".join(c for c in number if c not in " \u00a0-.()")


def birthday(line):
    if [v.lower() for v in line.params.get("VALUE", [])][:1] == ["text"]:
        return None
    if not isinstance(line.value, (str, bytes)):
        return None
    date = text(line.value, (line.params.get("CHARSET") or [None])[0]).split("T", 1)[0]
    no_year = date.startswith("--")
    digits = date[2:] if no_year else date
    if "-" in digits:
        fields = digits.split("-")
    elif len(digits) == (4 if no_year else 8):
        fields = [digits[-4:-2], digits[-2:]] if no_year else [digits[:4], digits[4:6], digits[6:]]
    else:
        return None
    if len(fields) != (2 if no_year else 3) or not all(re.fullmatch(r"[0-9]+", f) for f in fields):
        return None
    year = None
    if not no_year:
        if len(fields[0]) != 4:
            return None
        omit = line.params.get("X-APPLE-OMIT-YEAR", [None])[0]
        year = None if int(fields[0]) == 1604 or fields[0] == omit else int(fields[0])
    month, day = fields[-2], fields[-1]
    if len(month) != 2 or len(day) != 2 or not 1 <= int(month) <= 12:
        return None
    days = calendar.monthrange(year if year else 2000, int(month))[1]
    if not 1 <= int(day) <= days:
        return None
    return f"--{month}-{day}" if year is None else f"{fields[0]}-{month}-{day}"


def text(value, charset=None):
    if isinstance(value, bytes):  # base64 (ENCODING=b) text, which vobject decodes to octets
        return value.decode(PYTHON_CHARSET.get(charset, charset or "utf-8")).strip()
    if isinstance(value, list):
        return " ".join(text(v) for v in value if text(v))
    return value.strip()


def reading(card):
    """What crm must store from one card, by the rules in this file's docstring."""
    lines = [child for child in card.getChildren() if isinstance(child, base.ContentLine)]
    by_name = lambda name: [line for line in lines if line.name.upper() == name]
    value = lambda line: text(line.value, (line.params.get("CHARSET") or [None])[0])
    name = next((value(line) for line in by_name("FN") if value(line)), "")
    if not name and by_name("N"):
        n = by_name("N")[0].value
        parts = [n.prefix, n.given, n.additional, n.family, n.suffix]
        name = " ".join(piece for part in parts for piece in (
            [text(p) for p in part] if isinstance(part, list) else [text(p) for p in part.split(",")]) if piece)
    if not by_name("FN") and not by_name("N"):
        return {"vobject_error": "no FN or N"}
    uid = next((value(line) for line in by_name("UID")), None) or None
    phones, emails = [], []
    for line in by_name("TEL"):
        number = without_scheme(value(line), "tel:")
        types, rank = params_of(line)
        if number:
            phones.append((number, rank, "cell" in types))
    for line in by_name("EMAIL"):
        address = without_scheme(value(line), "mailto:")
        _, rank = params_of(line)
        if address:
            emails.append((address, rank, False))
    bday = next((b for b in (birthday(line) for line in by_name("BDAY")) if b), None)
    return {"name": name, "uid": uid, "phones": ordered(phones, compact),
            "emails": ordered(emails, str.lower), "birthday": bday}


def read_file(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        data = data.decode("utf-16").encode("utf-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    out = []
    for line, card in cards(data):
        try:
            entry = reading(vobject.readOne(decoded(card), allowQP=True))
        except Exception as error:  # vobject raises many kinds; each means "cannot read"
            whole = f"{type(error).__name__}: {error}"[:200]
            try:
                entry = {**reading(vobject.readOne(decoded(card, stored_only=True), allowQP=True)),
                         "whole_card_error": whole}
            except Exception:
                entry = {"vobject_error": whole}
        out.append({"line": line, **entry})
    return out


def expected(folder):
    names = sorted(n for n in os.listdir(folder) if n.lower().endswith(".vcf"))
    return {name: read_file(os.path.join(folder, name)) for name in names}


def main():
    args = sys.argv[1:]
    check = "--check" in args
    folders = [a for a in args if a != "--check"]
    if not folders:
        sys.exit("usage: python3 vobject_expected.py [--check] DIR...")
    failed = False
    for folder in folders:
        result = json.dumps(expected(folder), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        target = os.path.join(folder, "expected.json")
        if check:
            with open(target, encoding="utf-8") as f:
                if f.read() != result:
                    print(f"{target}: vobject now reads these cards differently; "
                          f"re-run Tests/Interop/vobject_expected.py {folder} and compare")
                    failed = True
        else:
            with open(target, "w", encoding="utf-8") as f:
                f.write(result)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
