#!/usr/bin/env python3
"""What independent readers read from the public suites folder: the oracle the suite tests compare with.

Usage: python3 Tests/Interop/suite_readings.py SUITES

Prints one JSON object to standard output:
  {"vcf":   {PATH: [CARD, ...]},   every SUITES/vcf/**/*.vcf, each top-level card as
                                   vobject_expected.py reads it ({line, name, uid, phones,
                                   emails, birthday} or {line, vobject_error});
   "notes": {PATH: NOTE}}          every SUITES/notes/**/*.md, its front matter as PyYAML with a
                                   YAML 1.2 core resolver reads it (pyyaml_check.Core12Loader):
                                   {"properties": {...}}, {"error": why} when PyYAML refuses it,
                                   or {"front_matter": false} when the file has none.
PATH is relative to SUITES/vcf or SUITES/notes, with `/`. The Swift suite tests
(`PublicFixtureTests`, `ObsidianNoteTests`) run this script; nothing it prints is committed, so
the readings are always those of the files in the folder now.

Needs python3 with vobject and PyYAML (`pip install vobject==0.9.9 pyyaml`; CI pins vobject).
Exits 3 with one line on standard error when either is missing, 2 on a usage error.
"""
import json
import os
import sys

try:
    import vobject  # noqa: F401  (vobject_expected needs it)
    import yaml
except ImportError as missing:
    sys.stderr.write(f"suite_readings: {missing.name} is not installed (pip install vobject==0.9.9 pyyaml)\n")
    sys.exit(3)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pyyaml_check  # noqa: E402
import vobject_expected  # noqa: E402


def files(root, suffix):
    """Paths under root ending in suffix (any case), relative, with `/`, sorted."""
    found = []
    for folder, _dirs, names in os.walk(root):
        for name in names:
            if name.lower().endswith(suffix):
                found.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return sorted(found)


def json_key(key):
    """A mapping key as JSON names it: strings as they are, integers in decimal; anything else
    (null, booleans, floats, sequences) has no faithful JSON key."""
    if isinstance(key, str):
        return key
    if isinstance(key, int) and not isinstance(key, bool):
        return str(key)
    raise ValueError(f"a key that is not text: {key!r}")


def plain(value):
    """value (from the loader) as JSON-ready data; raises ValueError for what JSON cannot hold."""
    if isinstance(value, dict):
        return {json_key(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    raise ValueError(f"a value that is not JSON: {type(value).__name__}")


def note(path):
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = pyyaml_check.front_matter_text(data)
    except UnicodeDecodeError:
        return {"error": "not UTF-8"}
    if text is None:
        return {"front_matter": False}
    try:
        loaded = pyyaml_check.load_core12(text)
        if not isinstance(loaded, dict):
            return {"error": f"the front matter is a {type(loaded).__name__}, not a mapping"}
        return {"properties": plain(loaded)}
    except (yaml.YAMLError, ValueError, TypeError) as error:
        return {"error": " ".join(str(error).split())[:300]}


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: python3 suite_readings.py SUITES\n")
        sys.exit(2)
    suites = sys.argv[1]
    vcf, notes = os.path.join(suites, "vcf"), os.path.join(suites, "notes")
    readings = {
        "vcf": {p: vobject_expected.read_file(os.path.join(vcf, p)) for p in files(vcf, ".vcf")},
        "notes": {p: note(os.path.join(notes, p)) for p in files(notes, ".md")},
    }
    json.dump(readings, sys.stdout, ensure_ascii=False, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
