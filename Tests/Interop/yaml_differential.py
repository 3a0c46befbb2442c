#!/usr/bin/env python3
"""Differential test of the front-matter reader against PyYAML with a YAML 1.2 core resolver.

Usage:
    python3 Tests/Interop/yaml_differential.py --crm PATH/TO/crm [--seed N] [--count N] [--keep DIR]

Generates `--count` person files whose front matter mixes the YAML forms person files use: plain,
single- and double-quoted scalars (escapes, escaped line breaks, folding over empty lines, tabs),
block scalars (`|`, `>`, chomping and indentation indicators, more-indented and whitespace-only
lines), flow and block lists, nested mappings, values on the line below their key, comments
holding `:` and `#`, non-ASCII text. Each file is read by `crm show ID --json` and by PyYAML
(the YAML 1.2 core-schema loader of `pyyaml_check.py`: core ints, floats, bools and nulls only).

A file passes when `properties` equals PyYAML's mapping, or when `crm check` reports the file
(with `path:line:col`). It fails when crm reads something else and says nothing, or when PyYAML
refuses the file and crm says nothing. Prints each failure with its file, and a last line
`yaml differential: N agreeing, M reported, K failed`; exits 1 on any failure.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pyyaml_check import load_core12, same, show  # noqa: E402

import yaml  # noqa: E402

WORDS = ["ada", "Lovelace", "chess", "Zürich", "café", "東京", "naïve", "Øyvind", "ünïcödé", "x", "hello world",
         "a-b", "under_score", "dot.ted", "slash/ed", "paren(s)", "at@host", "C++", "100%", "€5", "emoji 🎉"]
PLAIN_SPECIAL = ["12", "-7", "+3", "0", "007", "0o17", "0o-7", "0x1F", "0x+1", "0xg", "1.5", "-2.5e3", ".5", "1e5",
                 "1_000", "true", "False", "NULL", "~", "null", "yes", "off", ".inf", "-.Inf", ".NaN", "2026-01-05",
                 "+44 20 7946 0018", "12:30", "a:b", "a#b", "key:value", "http://example.com/x?y=1#frag",
                 "1.2.3", "-", "--", "-x", "?x", ":x", "a - b", "a ? b", "x!", "x&y", "x*y", "x%y", "x@y", "x`y"]


class Gen:
    def __init__(self, rng):
        self.r = rng

    def word(self):
        return self.r.choice(WORDS)

    def comment(self):
        return self.r.choice(["# note", "# a: b", "# x # y", "#", "# ключ: значение", "#:#"])

    def trailing_comment(self):
        return " " + self.comment() if self.r.random() < 0.25 else ""

    def text(self, allow_colon=True):
        parts = [self.word() for _ in range(self.r.randint(1, 3))]
        if allow_colon and self.r.random() < 0.3:
            parts.insert(self.r.randint(0, len(parts)), self.r.choice([":", ": ", " #", "#", "'", '"', "\\", "\t"]))
        return " ".join(parts)

    def plain(self, indent, flow=False):
        r = self.r.random()
        if r < 0.35:
            return self.r.choice(PLAIN_SPECIAL)
        words = [self.word() for _ in range(self.r.randint(1, 4))]
        text = " ".join(words)
        if not flow and r > 0.85:   # multi-line plain scalar
            lines = [text]
            for _ in range(self.r.randint(1, 3)):
                if self.r.random() < 0.3:
                    lines.append("")
                lines.append(" " * (indent + self.r.randint(1, 3)) + " ".join(self.word() for _ in range(2)))
            return "\n".join(lines)
        return text

    def single(self, indent):
        text = self.text().replace("'", "''")
        if self.r.random() < 0.3:
            pad = " " * (indent + self.r.randint(1, 2))
            mid = "\n" + ("\n" if self.r.random() < 0.4 else "") + pad + self.r.choice(["\t", "", " "])
            return "'" + text + self.r.choice(["", " ", "\t"]) + mid + self.text().replace("'", "''") + "'"
        return "'" + text + "'"

    def double(self, indent):
        escapes = ["\\n", "\\t", "\\\\", '\\"', "\\x41", "\\u00e9", "\\U0001F600", "\\ ", "\\/", "\\0", "\\e", "\\_",
                   "\\N", "\\L", "\\P", "\\a", "\\b", "\\v", "\\f", "\\r", "\\\t"]
        parts = []
        for _ in range(self.r.randint(1, 4)):
            parts.append(self.text().replace("\\", "\\\\").replace('"', '\\"'))
            if self.r.random() < 0.5:
                parts.append(self.r.choice(escapes))
        body = "".join(parts)
        if self.r.random() < 0.4:
            pad = " " * (indent + self.r.randint(1, 2))
            breaks = self.r.choice(["\n", "\n\n", "\\\n", "\\\n\n", " \\\n", "\\ \n", "\t\n"])
            body += breaks + pad + self.r.choice(["", "\t", " "]) + self.r.choice(["", "\\", "x"])
            if body.endswith("\\"):
                body += "\n" + pad
            body += self.text().replace("\\", "\\\\").replace('"', '\\"')
        return '"' + body + '"'

    def block_scalar(self, indent):
        style = self.r.choice("|>")
        chomp = self.r.choice(["", "-", "+"])
        explicit = self.r.random() < 0.3
        step = self.r.randint(1, 3)
        header = style + (str(step) + chomp if explicit and self.r.random() < 0.5 else chomp + (str(step) if explicit else ""))
        content = indent + step
        lines = []
        if explicit and self.r.random() < 0.3:
            lines.append(" " * (content + 1) + "leading more-indented")
        for _ in range(self.r.randint(1, 5)):
            k = self.r.random()
            if k < 0.15:
                lines.append("")
            elif k < 0.25:
                lines.append(" " * (content + self.r.randint(0, 2)))   # whitespace-only line
            elif k < 0.4:
                lines.append(" " * (content + self.r.randint(1, 2)) + self.text())   # more indented
            elif k < 0.45:
                lines.append(" " * content + "\t" + self.text())
            else:
                lines.append(" " * content + self.text())
        if not explicit:
            # The indentation is taken from the first line of text: it must be the content's own,
            # and no empty line before it may hold more spaces.
            while lines and lines[0].strip(" ") == "":
                lines.pop(0)
            lines.insert(0, " " * content + self.text())
        if not any(l.strip() for l in lines):
            lines.append(" " * content + self.word())
        for _ in range(self.r.choice([0, 0, 1, 2])):
            lines.append("")
        return header + self.trailing_comment(), lines

    def flow_item(self, indent, depth):
        k = self.r.random()
        if k < 0.15 and depth < 2:
            return self.flow_list(indent, depth + 1)
        if k < 0.35:
            return self.single(indent).replace("\n", " ")
        if k < 0.55:
            return self.double(indent).replace("\\\n", "").replace("\n", " ")
        while True:
            p = self.plain(indent, flow=True)
            if not any(c in p for c in ",[]{}#") and not p.startswith(("-", "?", ":", "!", "&", "*", "%", "@", "`")) \
                    and ": " not in p and not p.endswith(":"):
                return p

    def flow_list(self, indent, depth=0):
        items = [self.flow_item(indent, depth) for _ in range(self.r.randint(0, 4))]
        if self.r.random() < 0.3 and items:
            pad = " " * (indent + self.r.randint(1, 3))
            sep = [("," + (" # c: d" if self.r.random() < 0.3 else "") + "\n" + pad) if self.r.random() < 0.5 else ", "
                   for _ in items[1:]]
            body = items[0] + "".join(s + i for s, i in zip(sep, items[1:]))
            return "[" + body + ("," if self.r.random() < 0.2 else "") + "]"
        return "[" + ", ".join(items) + ("," if items and self.r.random() < 0.1 else "") + "]"

    def inline_value(self, indent):
        """A value written after `key:` on the same line; returns (text, extra lines)."""
        k = self.r.random()
        if k < 0.3:
            return self.plain(indent), []
        if k < 0.45:
            return self.single(indent), []
        if k < 0.65:
            return self.double(indent), []
        if k < 0.8:
            header, lines = self.block_scalar(indent)
            return header, lines
        if k < 0.9:
            return self.flow_list(indent), []
        return "", []

    def mapping(self, indent, depth, count):
        lines = []
        used = set()
        for _ in range(count):
            key = self.r.choice(["k", "note", "clé", "ключ", "名前", "long key", "a.b", "x_y", "q"]) + str(self.r.randint(0, 99))
            if key in used:
                continue
            used.add(key)
            if self.r.random() < 0.1:
                key = self.r.choice(['"' + key + ' q"', "'" + key + "'"])
            if self.r.random() < 0.08:
                lines.append(" " * indent + self.comment())
            lines.extend(self.entry(" " * indent + key + ":", indent, depth))
        return lines

    def entry(self, head, indent, depth):
        k = self.r.random()
        if k < 0.12 and depth < 3:   # nested mapping
            return [head + self.trailing_comment()] + self.mapping(indent + self.r.randint(1, 3), depth + 1, self.r.randint(1, 3))
        if k < 0.3 and depth < 3:    # block list
            step = self.r.choice([0, 2, 2, 4]) if not head.lstrip().startswith("-") else self.r.choice([1, 2])
            return [head + self.trailing_comment()] + self.block_list(indent + step, depth + 1)
        if k < 0.4:                  # a value on the next line
            child = indent + self.r.randint(1, 3)
            text, more = self.inline_value(child)
            if not text:
                text = self.plain(child)
            return [head + self.trailing_comment(), " " * child + text] + more
        text, more = self.inline_value(indent)
        sep = " " if text else ""
        first = head + sep + text
        if text and not text.startswith(("|", ">")) and "\n" not in text:
            first += self.trailing_comment()
        return [first] + more

    def block_list(self, indent, depth):
        lines = []
        for _ in range(self.r.randint(1, 4)):
            k = self.r.random()
            dash = " " * indent + "-"
            if k < 0.15 and depth < 3:
                lines.extend(self.mapping_item(dash, indent, depth))
            elif k < 0.25 and depth < 3:
                lines.append(dash + self.trailing_comment())
                lines.extend(self.block_list(indent + self.r.randint(1, 3), depth + 1))
            else:
                text, more = self.inline_value(indent)
                if not text:
                    text = self.word()
                line = dash + " " + text
                if "\n" not in text and not text.startswith(("|", ">")):
                    line += self.trailing_comment()
                lines.append(line)
                lines.extend(more)
        return lines

    def mapping_item(self, dash, indent, depth):
        inner = self.mapping(indent + 2, depth + 1, self.r.randint(1, 3))
        if not inner:
            return [dash + " x"]
        first = inner[0]
        if first.lstrip().startswith("#"):
            return [dash + " " + self.word()]
        return [dash + " " + first[indent + 2:]] + inner[1:]

    MUTATIONS = ["\t", " ", "#", " #", ": ", ":", "&a ", "!t ", "*a", "? ", "{a: b}", "- ", "'", '"', "\\", "[", "]",
                 ",", "|", ">", "%", "@", "  "]

    def mutate(self, lines):
        """One small edit of one line: what a person typing might do. The result may be invalid."""
        i = self.r.randrange(1, len(lines))
        line = lines[i]
        k = self.r.random()
        if k < 0.2 and line.startswith(" "):
            lines[i] = line[1:]                      # one space less indentation
        elif k < 0.3:
            lines[i] = " " + line                    # one space more
        elif k < 0.4 and line:
            j = self.r.randrange(len(line))
            lines[i] = line[:j] + line[j + 1:]       # a character deleted
        else:
            j = self.r.randint(0, len(line))
            lines[i] = line[:j] + self.r.choice(self.MUTATIONS) + line[j:]
        return lines

    def front_matter(self, n):
        lines = ['name: "Person %d"' % n]
        lines += self.mapping(0, 0, self.r.randint(1, 8))
        if self.r.random() < 0.3:
            lines = self.mutate(lines)
        return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--crm", required=True)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--keep", help="write the vault here and keep it")
    ap.add_argument("--verbose", action="store_true", help="also list reported files that PyYAML reads")
    args = ap.parse_args(argv)

    gen = Gen(random.Random(args.seed))
    work = args.keep or tempfile.mkdtemp(prefix="crm-yaml-diff-")
    if args.keep and os.path.exists(work):
        shutil.rmtree(work)
    env = dict(os.environ, CRM_TODAY="2026-11-29", NO_COLOR="1")
    env.pop("CRM_VAULT", None)
    subprocess.run([args.crm, "init", work], env=env, check=True, stdout=subprocess.DEVNULL)
    cases = {}
    for n in range(args.count):
        ident = "case-%04d" % n
        yaml_text = gen.front_matter(n)
        with open(os.path.join(work, "people", ident + ".md"), "w", encoding="utf-8", newline="") as f:
            f.write("---\n" + yaml_text + "---\n")
        cases[ident] = yaml_text

    check = subprocess.run([args.crm, "--vault", work, "check"], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    reported = {}
    for line in check.stdout.decode("utf-8", "replace").splitlines():
        path = line.split(":", 1)[0]
        ident = os.path.basename(path)[:-3]
        reported.setdefault(ident, []).append(line)

    agreeing = reported_count = pyyaml_reads = failed = 0
    for ident, yaml_text in cases.items():
        try:
            # Keys as JSON has them: PyYAML's int key 16 is "16", as `crm show --json` writes it.
            expected = json.loads(json.dumps(load_core12(yaml_text)))
            pyyaml_error = None
        except yaml.YAMLError as e:
            expected, pyyaml_error = None, " ".join(str(e).split())
        if ident in reported:
            reported_count += 1
            if pyyaml_error is None:
                pyyaml_reads += 1
                if args.verbose:
                    print("REPORTED %s, which PyYAML reads: %s" % (ident, reported[ident][0]))
            continue
        out = subprocess.run([args.crm, "--vault", work, "show", ident, "--json"], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        props = None
        if out.returncode == 0:
            props = json.loads(out.stdout).get("properties")
        if pyyaml_error is None and same(props, expected):
            agreeing += 1
            continue
        failed += 1
        print("FAIL %s (seed %d): %s" % (ident, args.seed, "PyYAML refuses it: " + pyyaml_error if pyyaml_error
                                         else "crm reads %s, PyYAML %s" % (show(props), show(expected))))
        print("  " + "\n  ".join(repr(l) for l in yaml_text.split("\n")))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print("yaml differential: %d agreeing, %d reported (%d of them read by PyYAML), %d failed"
          % (agreeing, reported_count, pyyaml_reads, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
