#!/usr/bin/env python3
"""Write a deterministic vault of N people x M interactions for benchmarks.

Usage: python3 Benchmarks/generate_vault.py DIR --people 10000 --entries 20

The same arguments always give the same bytes: realistic front matter (quoted phones, flow and
block lists, comments, unknown keys), notes of a few paragraphs, some non-ASCII names, a log
newest first with some timed and multi-line entries.
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


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def person(rng, i, entries):
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}"
    year = 2026
    lines = ["---", f"name: {name}", f'contact_id: "{rng.getrandbits(128):032x}"',
             f'phone: "+44 20 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}"',
             f"email: person{i}@example.org"]
    if i % 3 == 0:
        lines += ["tags:", "  - friends", "  - book-club  # since 2024"]
    else:
        lines.append(f"tags: [{rng.choice(['family', 'friends', 'work'])}]")
    if i % 4 == 0:
        lines.append(f"every: {rng.choice(['14d', '30d', '2m', '1y'])}")
    if i % 7 == 0:
        lines.append(f"birthday: 19{rng.randint(50, 99)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}")
    lines += ["company: Example & Co   # unknown keys are kept", f"added: 2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "---", ""]
    for _ in range(rng.randint(1, 3)):
        lines += [sentence(rng, rng.randint(8, 30)), ""]
    lines += ["## Interactions", ""]
    day = 330
    for _ in range(entries):
        day -= rng.randint(1, 15)
        d = max(day, 1)
        month, dom = min(12, d // 28 + 1), d % 28 + 1
        date = f"{year if day > 0 else year - 1}-{month:02d}-{dom:02d}"
        time = f" {rng.randint(8, 21):02d}:{rng.choice(['00', '15', '30', '45'])}" if rng.random() < 0.2 else ""
        kind = rng.choice(TYPES)
        head = f"- {date}{time}:" if kind == "note" else f"- {date}{time} {kind}:"
        lines.append(f"{head} {sentence(rng, rng.randint(4, 16))}")
        if rng.random() < 0.15:
            lines.append(f"  {sentence(rng, rng.randint(4, 12))}")
    return name, "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--people", type=int, default=10000)
    ap.add_argument("--entries", type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(42)
    os.makedirs(os.path.join(args.dir, "people"), exist_ok=True)
    os.makedirs(os.path.join(args.dir, ".crm"), exist_ok=True)
    with open(os.path.join(args.dir, ".crm", "config.yaml"), "w") as f:
        f.write("every: 90d\ntag_every:\n  family: 14d\n  friends: 30d\n")
    for i in range(args.people):
        _, text = person(rng, i, args.entries)
        with open(os.path.join(args.dir, "people", f"person-{i:06d}.md"), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
