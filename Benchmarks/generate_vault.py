#!/usr/bin/env python3
"""Write a deterministic vault of N people x M interactions for benchmarks.

Usage:
    python3 Benchmarks/generate_vault.py DIR --people 10000 --entries 20 [--style generated|hand]
    python3 Benchmarks/generate_vault.py DIR --people 200 --feature long-value --amount 4000

The same arguments always give the same bytes.

--style generated (the default): the files as `crm add` and `crm log` write them: quoted ids and
phones, flow and block lists, comments, unknown keys, notes of a few paragraphs, some non-ASCII
names, a log newest first with some timed and multi-line entries, M entries each.

--style hand: files as people type them and as other tools leave them: `contact_id` unquoted and
starting with a digit (as Apple's ids do), half the phones unquoted `+44 …`, block lists with
comments, one file in ten with CRLF line endings, long multi-line notes with accented lines,
0 to 200 entries (M on average), more non-ASCII names.

--feature F --amount K: every file as --style generated, except that one feature of the data is
K times (or K bytes) larger, so that a benchmark run over several K shows a cliff as a row:
  long-value   a plain front-matter value of K bytes with many ': ' inside
  keys         K extra front-matter keys
  entries      K log entries per person
  note         K lines of notes
  accents      K accented log entries per person (lines that need Unicode folding)
  list-items   K block-list items under `tags:`
"""
import argparse
import os
import random

FIRST = ["Ada", "Grace", "Alan", "Katherine", "Margaret", "Linus", "Barbara", "Dennis", "Frances", "Edsger",
         "José", "Zoë", "Søren", "Anna", "Hanako", "Ольга", "Δημήτρης", "Priya", "Chidi", "Mateo"]
LAST = ["Lovelace", "Hopper", "Turing", "Johnson", "Hamilton", "Torvalds", "Liskov", "Ritchie", "Allen", "Dijkstra",
        "Núñez", "Ødegård", "Kierkegaard", "Sokolova", "Yamada", "Иванова", "Παπαδόπουλος", "Raman", "Okafor", "García"]
TYPES = ["call", "message", "email", "visit", "note"]
WORDS = ("talked about the garden the new job a trip to the coast the book club coffee at the corner place "
         "birthday plans the kids school a long walk by the river the concert tickets a recipe for bread").split()
ACCENTED = ("café crème brûlée à la façon de Zoë über Straße São Paulo niño señor naïve résumé Ødegård "
            "Kraków Dvořák smörgåsbord jalapeño déjà vu").split()
FEATURES = ["long-value", "keys", "entries", "note", "accents", "list-items"]


def sentence(rng, n, words=WORDS):
    return " ".join(rng.choice(words) for _ in range(n)).capitalize() + "."


def apple_id(rng):
    """An Apple Contacts id: hex groups, often starting with a digit, then ':ABPerson'."""
    h = f"{rng.getrandbits(128):032X}"
    return f"{rng.randint(1, 9)}{h[1:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}:ABPerson"


def log_lines(rng, entries, accented=0):
    lines = ["## Interactions", ""]
    day = 330
    for k in range(entries):
        day -= rng.randint(1, 15)
        d = max(day, 1)
        month, dom = min(12, d // 28 + 1), d % 28 + 1
        date = f"{2026 if day > 0 else 2025}-{month:02d}-{dom:02d}"
        time = f" {rng.randint(8, 21):02d}:{rng.choice(['00', '15', '30', '45'])}" if rng.random() < 0.2 else ""
        kind = rng.choice(TYPES)
        head = f"- {date}{time}:" if kind == "note" else f"- {date}{time} {kind}:"
        words = ACCENTED if k < accented else WORDS
        lines.append(f"{head} {sentence(rng, rng.randint(4, 16), words)}")
        if rng.random() < 0.15:
            lines.append(f"  {sentence(rng, rng.randint(4, 12), words)}")
    return lines


def generated(rng, i, entries, feature=None, amount=0):
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}"
    lines = ["---", f"name: {name}", f'contact_id: "{rng.getrandbits(128):032x}"',
             f'phone: "+44 20 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}"',
             f"email: person{i}@example.org"]
    if feature == "list-items":
        lines += ["tags:"] + [f"  - tag-{k}  # item {k}" for k in range(amount)]
    elif i % 3 == 0:
        lines += ["tags:", "  - friends", "  - book-club  # since 2024"]
    else:
        lines.append(f"tags: [{rng.choice(['family', 'friends', 'work'])}]")
    if i % 4 == 0:
        lines.append(f"every: {rng.choice(['14d', '30d', '2m', '1y'])}")
    if i % 7 == 0:
        lines.append(f"birthday: 19{rng.randint(50, 99)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}")
    if feature == "long-value":
        value = ""
        while len(value) < amount:
            value += f"{rng.choice(WORDS)}: {rng.choice(WORDS)} "
        lines.append("how_we_met: " + value[:amount].rstrip())
    if feature == "keys":
        lines += [f"key_{k}: value {k}" for k in range(amount)]
    lines += ["company: Example & Co   # unknown keys are kept", f"added: 2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "---", ""]
    for _ in range(rng.randint(1, 3)):
        lines += [sentence(rng, rng.randint(8, 30)), ""]
    if feature == "note":
        lines += [sentence(rng, rng.randint(4, 16)) for _ in range(amount)] + [""]
    count = amount if feature == "entries" else entries
    lines += log_lines(rng, max(count, amount if feature == "accents" else 0), amount if feature == "accents" else 0)
    return "\n".join(lines) + "\n"


def hand(rng, i, entries):
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}"
    phone = f"+44 20 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}"
    lines = ["---", f"name: {name}", f"contact_id: {apple_id(rng)}"]
    if i % 2 == 0:
        lines.append(f"phone: {phone}")
    else:
        lines += ["phone:", f"  - {phone}   # mobile", f"  - \"+44 161 {rng.randint(100, 999)} {rng.randint(1000, 9999)}\""]
    lines.append(f"email: person{i}@example.org")
    if i % 2 == 0:
        lines += ["tags:", "  - friends", f"  - {rng.choice(['book-club', 'climbing', 'work'])}  # since 2024"]
    else:
        lines.append(f"tags: [{rng.choice(['family', 'friends', 'work'])}, {rng.choice(['chess', 'choir'])}]")
    if i % 5 == 0:
        lines.append(f"aliases: [{rng.choice(FIRST)}]")
    if i % 4 == 0:
        lines.append(f"every: {rng.choice(['14d', '30d', '2m', '1y'])}  # stay in touch")
    if i % 7 == 0:
        lines.append(f"birthday: 19{rng.randint(50, 99)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}")
    lines += ["# met at the climbing gym", "company: Example & Co", f"added: 2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "---", ""]
    for _ in range(rng.randint(1, 6)):
        words = ACCENTED if rng.random() < 0.3 else WORDS
        lines += [sentence(rng, rng.randint(8, 30), words) for _ in range(rng.randint(1, 4))] + [""]
    # 0 to 200 entries, M on average: most people have a few, some very many.
    count = min(200, int(rng.expovariate(1 / entries))) if entries else 0
    lines += log_lines(rng, count, accented=count // 4)
    newline = "\r\n" if i % 10 == 0 else "\n"
    return newline.join(lines) + newline


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--people", type=int, default=10000)
    ap.add_argument("--entries", type=int, default=20)
    ap.add_argument("--style", choices=["generated", "hand"], default="generated")
    ap.add_argument("--feature", choices=FEATURES)
    ap.add_argument("--amount", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(42)
    os.makedirs(os.path.join(args.dir, "people"), exist_ok=True)
    os.makedirs(os.path.join(args.dir, ".crm"), exist_ok=True)
    with open(os.path.join(args.dir, ".crm", "config.yaml"), "w") as f:
        f.write("every: 90d\ntag_every:\n  family: 14d\n  friends: 30d\n")
    for i in range(args.people):
        if args.style == "hand" and not args.feature:
            text = hand(rng, i, args.entries)
        else:
            text = generated(rng, i, args.entries, args.feature, args.amount)
        with open(os.path.join(args.dir, "people", f"person-{i:06d}.md"), "w", encoding="utf-8", newline="") as f:
            f.write(text)


if __name__ == "__main__":
    main()
