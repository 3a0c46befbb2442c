"""Where a person file's log starts and ends, as crm reads it and as a CommonMark reader does.

Random Markdown bodies (text, headings, log entries with continuation lines, code fences inside
entries' notes, closed or not, fences, HTML comments and indented code outside them, some holding
dated list items) are written into a vault; for each file, the log section markdown-it-py (a
CommonMark reader, PyPI) finds -- from the heading `Interactions` to the next heading of the same
or a higher level -- must be the one `crm show --json` reads: every entry's line inside it, and
`notes` equal to the lines outside it. And the entries crm reads are exactly the dated top-level
list items CommonMark finds in that section: none inside a code block or an HTML comment. Fixed seed.

Usage: markdown_outline.py CRM WORKDIR [CASES]. Last line: `markdown outline: N passed, M failed`.
"""
import json
import os
import random
import re
import subprocess
import sys

from markdown_it import MarkdownIt

crm, work = sys.argv[1], sys.argv[2]
cases = int(sys.argv[3]) if len(sys.argv) > 3 else 600
rng = random.Random(20261130)
env = dict(os.environ, CRM_TODAY="2026-11-29", NO_COLOR="1")


def block(n):
    """One random block of lines."""
    kind = rng.randrange(16)
    day = f"2026-09-{rng.randint(1, 28):02d}"
    if kind == 12:
        # A code block at the log's top level holding a dated list item: never an entry.
        fence = rng.choice(["```", "~~~", "````"])
        return [rng.choice(["", " "]) + fence, f"- {day} call: In code {n}.", fence + rng.choice(["", fence[0]])]
    if kind == 13:
        comment = ["<!--", f"- {day} call: In a comment {n}.", f"## In a comment {n}"]
        return comment + ([] if rng.randrange(4) == 0 else ["-->"])
    if kind == 14:
        return [f"<!-- - {day} call: In a one-line comment {n}. -->"]
    if kind == 15:
        return ["", f"Text {n}.", "", f"    - {day} call: Indented code {n}."]
    if kind == 0:
        return [f"Text {n}."]
    if kind == 11:
        # After an entry, a lazy continuation line of its paragraph; then an indented fence.
        return [f"Lazy text {n}.", rng.choice(["  ```", "   ```", " ```"]), f"  code {n}"]
    if kind == 1:
        return [""]
    if kind == 2:
        return [f"{'#' * rng.randint(1, 3)} Section {n}"]
    if kind == 3:
        return ["```", f"# code {n}", "```"]
    if kind == 4:
        return ["```"] if rng.randrange(3) == 0 else ["~~~", f"## in code {n}", "~~~"]
    # An entry with a note of a few continuation lines.
    lines = [f"- 2026-10-{rng.randint(1, 28):02d} call: Entry {n}."]
    for k in range(rng.randrange(5)):
        lines.append(rng.choice([f"  more {n}.{k}", "  ```", "  ~~~", f"  # not a heading {n}.{k}", "",
                                 f"    - nested {n}.{k}", "\t```", f"\tcode {n}.{k}"]))
    return lines


def body():
    lines = []
    for n in range(rng.randint(2, 8)):
        lines += block(n)
    # The heading goes before a line at the left margin (or last): an indented `# …` line is a
    # heading to CommonMark but left to the entry above it by crm, as its documentation says.
    at = rng.choice([i for i, line in enumerate(lines) if line[:1] not in ("", " ", "\t")] + [len(lines)])
    level = rng.randint(1, 3)
    return lines[:at] + ["", "#" * level + " Interactions", ""] + lines[at:]


md = MarkdownIt("commonmark")
os.makedirs(f"{work}/people", exist_ok=True)
subprocess.run([crm, "init", work], env=env, check=True, stdout=subprocess.DEVNULL)
passed = failed = skipped = 0
for case in range(cases):
    lines = ["---", f"name: Case {case}", "---"] + body()
    text = "\n".join(lines) + "\n"
    with open(f"{work}/people/case-{case}.md", "w") as f:
        f.write(text)
    # Headings as CommonMark reads them (0-based line, level, text), outside list items: a `#`
    # line in an entry's note is a heading inside that item, part of the note.
    tokens = md.parse(text)
    headings = [(t.map[0], int(t.tag[1]), tokens[i + 1].content.strip())
                for i, t in enumerate(tokens) if t.type == "heading_open" and t.level == 0 and t.map and t.map[0] >= 3]
    if any(lines[h[0]][:1] in (" ", "\t") for h in headings):
        # A heading indented by 1-3 spaces outside any list item: crm leaves such a line to the
        # entry above it (documented); CommonMark's reading differs there by design.
        skipped += 1
        continue
    log = next((h for h in headings if h[2].lower() == "interactions"), None)
    shown = json.loads(subprocess.run([crm, "--vault", work, "show", f"case-{case}", "--json"], env=env,
                                      check=True, capture_output=True, text=True).stdout)
    def trimmed(part):
        """The lines without blank lines at either end, as crm's notes are."""
        while part and not part[0].strip(" \t"):
            part.pop(0)
        while part and not part[-1].strip(" \t"):
            part.pop()
        return "\n".join(part)
    if log is None:
        start = end = None
        ok = shown["interactions"] == [] and shown["notes"] == trimmed(lines[3:])
    else:
        start = log[0]
        end = next((h[0] for h in headings if h[0] > start and h[1] <= log[1]), len(lines))
        outside = lines[3:start] + lines[end:]
        ok = all(start < e["line"] - 1 < end for e in shown["interactions"]) and shown["notes"] == trimmed(outside)
        # The dated top-level list items CommonMark sees in the log are the entries crm reads.
        items = [t.map[0] for t in tokens if t.type == "list_item_open" and t.level == 1 and t.map]
        dated = sorted(i for i in items if start < i < end and re.match(r"- \d{4}-\d\d-\d\d ", lines[i]))
        ok = ok and sorted(e["line"] - 1 for e in shown["interactions"]) == dated
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL case {case}: CommonMark log lines {start}..{end} (0-based)\n{text}\ncrm: notes={shown['notes']!r} "
              f"entries at {[e['line'] for e in shown['interactions']]}")
print(f"markdown outline: {passed} passed, {failed} failed ({skipped} with an indented heading skipped)")
sys.exit(1 if failed else 0)
