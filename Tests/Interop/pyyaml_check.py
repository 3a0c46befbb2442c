#!/usr/bin/env python3
"""Check the `crm` binary's YAML front matter against PyYAML.

Usage:
    python3 Tests/Interop/pyyaml_check.py --crm PATH/TO/crm --fixtures Tests/CRMKitTests/Fixtures
    python3 Tests/Interop/pyyaml_check.py --pyyaml-only --fixtures Tests/CRMKitTests/Fixtures

Needs only Python 3 and PyYAML.

(a) Writing: in a fresh vault (`crm init`, `crm add "Test Person"`), `crm set` each tricky value
    into `phone` (a known key) and `company` (an unknown key), then check that
      - PyYAML's `yaml.safe_load` (YAML 1.1) and a YAML 1.2 core-schema loader both read back
        exactly the same string (not a number, bool, date or null),
      - only one line of the file changed (for values without a line break),
      - `crm show --json` gives `properties[key] == value`.
(b) Reading: for every `expected/NAME.properties.json`, copy `people/NAME.md` into a fresh
    vault, run `crm show NAME --json` and compare its `properties` with the expected JSON and
    with what the YAML 1.2 core-schema loader below reads from the same file. `show` must not
    change the file.

`--pyyaml-only` runs only the PyYAML half of (b): expected JSON against the loader (a check of
the fixtures themselves; no `crm` needed).

Prints one line per failure and a last line `pyyaml interop: N passed, M failed`;
exits 1 when anything failed, 2 on a usage error.
"""

import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:  # pragma: no cover
    sys.stderr.write("pyyaml_check: PyYAML is required (pip install pyyaml, or apt install python3-yaml)\n")
    sys.exit(2)


# --------------------------------------------------------------------------------------------
# A YAML 1.2 core-schema loader on top of PyYAML's parser.

class Core12Loader(yaml.SafeLoader):
    """SafeLoader with the YAML 1.2 core schema's implicit types instead of YAML 1.1's:
    null `~ null Null NULL` and empty; bool `true True TRUE false False FALSE`;
    int `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`; float (incl. .inf/.nan); no timestamps,
    no `yes/no/on/off`, no sexagesimal, no `_` in numbers. Infinities and NaN are returned
    as their source text (`".inf"`) since JSON has no such numbers."""


Core12Loader.yaml_implicit_resolvers = {}
Core12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
Core12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
Core12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    list("-+0123456789"))
Core12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
               r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+0123456789."))


def _construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def _construct_float(loader, node):
    text = loader.construct_scalar(node)
    if "inf" in text.lower() or "nan" in text.lower():
        return text
    return float(text)


Core12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
Core12Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)


def load_core12(text):
    data = yaml.load(text, Loader=Core12Loader)
    return {} if data is None else data


# --------------------------------------------------------------------------------------------
# Files

def split_lines(data):
    """Lines of a UTF-8 file without BOM and line endings."""
    text = data.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def front_matter_text(data):
    """The front matter (docs/format.md: first line `---`, up to the next `---` or `...`, each
    maybe followed by spaces or tabs), or None."""
    lines = split_lines(data)
    if not lines or lines[0].rstrip(" \t") != "---":
        return None
    for i in range(1, len(lines)):
        if lines[i].rstrip(" \t") in ("---", "..."):
            return "\n".join(lines[1:i]) + "\n"
    return None


def same(a, b):
    """Deep equality that tells bools from numbers and accepts 1000 == 1000.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def diff_keys(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        keys = sorted(set(a) | set(b), key=str)
        return [k for k in keys if k not in a or k not in b or not same(a[k], b[k])]
    return ["<whole document>"]


def show(value):
    return json.dumps(value, ensure_ascii=False)


# --------------------------------------------------------------------------------------------
# Running crm

class Runner:
    def __init__(self, crm):
        self.crm = crm
        self.env = dict(os.environ)
        self.env.pop("CRM_VAULT", None)
        self.env.pop("CRM_CALENDAR", None)
        self.env["CRM_TODAY"] = "2026-11-29"
        self.env["NO_COLOR"] = "1"
        self.env.pop("VISUAL", None)
        self.env.pop("EDITOR", None)

    def run(self, *args):
        try:
            p = subprocess.run([self.crm] + list(args), env=self.env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            return 127, "", str(e)
        return (p.returncode, p.stdout.decode("utf-8", "replace"),
                p.stderr.decode("utf-8", "replace"))


def one_line_text(error):
    return " ".join(str(error).split())


def first_line(text):
    text = text.strip()
    return text.splitlines()[0] if text else "(no output)"


class Report:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self):
        self.passed += 1

    def fail(self, message):
        self.failed += 1
        print("FAIL " + message.replace("\n", "\\n"))
        sys.stdout.flush()


# --------------------------------------------------------------------------------------------
# (a) values written by `crm set`

TRICKY_VALUES = [
    "+442079460018", "0123", "yes", "no", "off", "On", "~", "null", "true", "12:30",
    "2026-01-05", "1_000", "1e3", ".5", "0x1F", "a: b", "#x", "a #b", "- a", "[x", "{x",
    "@x", "`x", "%x", "|x", ">x", "!x", "&x", "*x", " leading", "trailing ", "it's",
    'say "hi"', "tab\there", "back\\slash", "José Núñez", "山田花子", "emoji 🎉",
    "line\nbreak", "-", "?", ":",
]
SET_KEYS = ["phone", "company"]


def check_writes(runner, report, workdir):
    vault = os.path.join(workdir, "write-vault")
    code, out, err = runner.run("init", vault)
    if code != 0:
        report.fail("(a) crm init %s: exit %d: %s" % (vault, code, first_line(err)))
        return
    code, out, err = runner.run("--vault", vault, "add", "Test Person")
    path = os.path.join(vault, "people", "test-person.md")
    if code != 0 or not os.path.isfile(path):
        report.fail("(a) crm add \"Test Person\": exit %d, people/test-person.md %s: %s"
                    % (code, "exists" if os.path.isfile(path) else "missing", first_line(err)))
        return
    with open(path, "rb") as f:
        pristine = f.read()
    for key in SET_KEYS:
        for value in TRICKY_VALUES:
            restore_if_broken(path, pristine)
            check_one_write(runner, report, vault, path, key, value)
        restore_if_broken(path, pristine)
        check_empty_refused(runner, report, vault, path, key)


def restore_if_broken(path, pristine):
    """After a failed check the file may not load any more: start the next one from the file
    as `crm add` wrote it, so that one bad value does not fail every later check."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        fm = front_matter_text(data)
        if fm is not None and isinstance(yaml.safe_load(fm), dict):
            return
    except (UnicodeDecodeError, yaml.YAMLError):
        pass
    with open(path, "wb") as f:
        f.write(pristine)


def check_empty_refused(runner, report, vault, path, key):
    """`crm set x KEY=` gives no value: refused (exit 2, pointing to `crm unset`), file untouched."""
    with open(path, "rb") as f:
        before = f.read()
    code, out, err = runner.run("--vault", vault, "set", "test-person", "%s=" % key)
    with open(path, "rb") as f:
        after = f.read()
    if code != 2 or "unset" not in err or before != after:
        report.fail("(a) set %s=: expected exit 2 naming unset and the file unchanged, got exit %d%s: %s"
                    % (key, code, "" if before == after else ", file changed", first_line(err)))
    else:
        report.ok()


def check_one_write(runner, report, vault, path, key, value):
    label = "(a) set %s=%s" % (key, show(value))
    with open(path, "rb") as f:
        before = f.read()
    code, out, err = runner.run("--vault", vault, "set", "test-person", "%s=%s" % (key, value))
    if code != 0:
        report.fail("%s: exit %d: %s" % (label, code, first_line(err)))
        return
    with open(path, "rb") as f:
        after = f.read()
    problems = []
    try:
        fm = front_matter_text(after)
    except UnicodeDecodeError:
        fm = None
        problems.append("file is not UTF-8")
    if fm is None:
        problems.append("no front matter after set")
    else:
        for loader_name, load in (("PyYAML safe_load", yaml.safe_load),
                                  ("YAML 1.2 core", load_core12)):
            try:
                data = load(fm)
            except yaml.YAMLError as e:
                problems.append("%s: %s" % (loader_name, one_line_text(e)))
                continue
            got = data.get(key, "<missing>") if isinstance(data, dict) else "<not a mapping>"
            if not (isinstance(got, str) and got == value):
                problems.append("%s reads %s=%r (%s)" % (loader_name, key, got, type(got).__name__))
    if before == after:
        problems.append("file not changed")
    elif "\n" not in value:
        old, new = split_lines(before), split_lines(after)
        changed = [op for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
                   if op[0] != "equal"]
        one_line = (len(changed) == 1 and changed[0][2] - changed[0][1] in (0, 1)
                    and changed[0][4] - changed[0][3] == 1)
        if not one_line:
            n_old = sum(op[2] - op[1] for op in changed)
            n_new = sum(op[4] - op[3] for op in changed)
            problems.append("changed %d line(s) into %d line(s), expected one line" % (n_old, n_new))
    if before.startswith(b"\xef\xbb\xbf") != after.startswith(b"\xef\xbb\xbf") or \
            (b"\r\n" in before) != (b"\r\n" in after):
        problems.append("BOM or line endings changed")
    code, out, err = runner.run("--vault", vault, "show", "test-person", "--json")
    if code != 0:
        problems.append("show --json: exit %d: %s" % (code, first_line(err)))
    else:
        try:
            doc = json.loads(out)
            props = doc.get("properties") if isinstance(doc, dict) else None
            got = props.get(key, "<missing>") if isinstance(props, dict) else "<no properties>"
            if not (isinstance(got, str) and got == value):
                problems.append("show --json properties.%s = %s" % (key, show(got)))
        except ValueError as e:
            problems.append("show --json: not JSON: %s" % e)
    if problems:
        report.fail("%s: %s" % (label, "; ".join(problems)))
    else:
        report.ok()


# --------------------------------------------------------------------------------------------
# (b) properties read by `crm show`

def fixture_names(fixtures):
    expected = os.path.join(fixtures, "expected")
    suffix = ".properties.json"
    return sorted(n[: -len(suffix)] for n in os.listdir(expected) if n.endswith(suffix))


def check_reads(runner, report, fixtures, workdir):
    for i, name in enumerate(fixture_names(fixtures)):
        label = "(b) %s" % name
        src = os.path.join(fixtures, "people", name + ".md")
        with open(os.path.join(fixtures, "expected", name + ".properties.json"), encoding="utf-8") as f:
            expected = json.load(f)
        with open(src, "rb") as f:
            data = f.read()
        problems = []
        pyyaml = pyyaml_properties(data, problems)
        if pyyaml is not None and not same(pyyaml, expected):
            problems.append("PyYAML (1.2 core) disagrees with expected on %s" % diff_keys(pyyaml, expected))
        if runner is not None:
            vault = os.path.join(workdir, "read-vault-%d" % i)
            code, out, err = runner.run("init", vault)
            if code != 0:
                problems.append("crm init: exit %d: %s" % (code, first_line(err)))
            else:
                dest = os.path.join(vault, "people", name + ".md")
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                shutil.copyfile(src, dest)
                code, out, err = runner.run("--vault", vault, "show", name, "--json")
                if code != 0:
                    problems.append("show --json: exit %d: %s" % (code, first_line(err)))
                else:
                    try:
                        doc = json.loads(out)
                    except ValueError as e:
                        doc = None
                        problems.append("show --json: not JSON: %s" % e)
                    props = doc.get("properties") if isinstance(doc, dict) else None
                    if doc is not None and not same(props, expected):
                        problems.append("crm properties differ from expected on %s"
                                        % diff_keys(props, expected))
                        for k in diff_keys(props, expected)[:5]:
                            if isinstance(props, dict) and isinstance(expected, dict):
                                problems.append("  %s: crm %s, expected %s"
                                                % (k, show(props.get(k, "<missing>")),
                                                   show(expected.get(k, "<missing>"))))
                    if doc is not None and pyyaml is not None and not same(props, pyyaml):
                        problems.append("crm properties differ from PyYAML on %s"
                                        % diff_keys(props, pyyaml))
                with open(dest, "rb") as f:
                    if f.read() != data:
                        problems.append("show changed the file")
        if problems:
            report.fail("%s: %s" % (label, "; ".join(problems)))
        else:
            report.ok()


def pyyaml_properties(data, problems):
    try:
        fm = front_matter_text(data)
    except UnicodeDecodeError:
        problems.append("fixture is not UTF-8")
        return None
    if fm is None:
        problems.append("fixture has no front matter")
        return None
    try:
        return load_core12(fm)
    except yaml.YAMLError as e:
        problems.append("PyYAML cannot load the front matter: %s" % one_line_text(e))
        return None


# --------------------------------------------------------------------------------------------

def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    default_fixtures = os.path.normpath(os.path.join(here, "..", "CRMKitTests", "Fixtures"))
    ap = argparse.ArgumentParser(description="Check crm's front matter against PyYAML.")
    ap.add_argument("--crm", help="path to the crm binary")
    ap.add_argument("--fixtures", default=default_fixtures,
                    help="fixtures folder holding people/ and expected/ (default: %(default)s)")
    ap.add_argument("--pyyaml-only", action="store_true",
                    help="only check expected/*.properties.json against PyYAML; no crm needed")
    ap.add_argument("--keep", action="store_true", help="keep the temporary vaults")
    args = ap.parse_args(argv)
    if not args.pyyaml_only and not args.crm:
        ap.error("--crm PATH is required (or --pyyaml-only)")
    if not os.path.isdir(os.path.join(args.fixtures, "expected")):
        ap.error("no expected/ folder in %s" % args.fixtures)
    runner = None
    if not args.pyyaml_only:
        crm = os.path.abspath(args.crm)
        if not (os.path.isfile(crm) and os.access(crm, os.X_OK)):
            ap.error("not an executable file: %s" % args.crm)
        runner = Runner(crm)

    report = Report()
    workdir = tempfile.mkdtemp(prefix="crm-pyyaml-")
    try:
        if runner is not None:
            check_writes(runner, report, workdir)
        check_reads(runner, report, args.fixtures, workdir)
    finally:
        if args.keep:
            print("vaults kept in %s" % workdir)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print("pyyaml interop: %d passed, %d failed" % (report.passed, report.failed))
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
