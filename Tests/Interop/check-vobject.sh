#!/usr/bin/env bash
# Interop with Python's vobject (PyPI): cards written by vobject's own serializer (its escaping,
# folding and parameter style) are imported with `crm import`, and every stored field is compared
# through `crm show ID --json` with what the generator expects. The source must not change.
# Then the charset cards (Tests/CRMKitTests/Fixtures/contacts/charsets, the project's own) and the
# parameter cards (…/contacts/parameters, one card per form of parameter) are read again by the
# vobject installed now: its reading must still be the one committed beside them, and the charset
# cards must still be what charset_cards.py writes. (The public vCard sets are not committed:
# the test suite has vobject read them when it runs, see Tests/README.md.)
# Needs $CRM (the built crm binary). Last line: `vobject interop: N passed, M failed`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check vobject==0.9.9
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

fixtures="$here/../CRMKitTests/Fixtures/contacts"
python3 "$here/vobject_expected.py" --check "$fixtures/charsets"
python3 "$here/vobject_expected.py" --check "$fixtures/parameters"
python3 "$here/charset_cards.py" "$out/charsets"
for card in "$out"/charsets/*.vcf; do
    cmp "$card" "$fixtures/charsets/$(basename "$card")"
done

python3 "$here/vobject_cards.py" "$out"
(cd "$out/vdir" && find . -type f | sort | xargs sha256sum) >"$out/before.sha256"
export CRM_TODAY=2026-11-29 NO_COLOR=1
"$CRM" init "$out/vault" >/dev/null
"$CRM" --vault "$out/vault" import "$out/vdir" --json >"$out/import.json" 2>"$out/import.stderr"
"$CRM" --vault "$out/vault" import "$out/vdir" --json >"$out/again.json" 2>>"$out/import.stderr"
(cd "$out/vdir" && find . -type f | sort | xargs sha256sum) >"$out/after.sha256"

python3 - "$out" "$CRM" <<'PY'
import json, subprocess, sys
out, crm = sys.argv[1], sys.argv[2]
passed = failed = 0
def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {what}")
def load(name):
    with open(f"{out}/{name}", encoding="utf-8") as f:
        return json.load(f)
expected, imported, again = load("expected.json"), load("import.json"), load("again.json")
stderr = open(f"{out}/import.stderr", encoding="utf-8").read()
check(stderr == "", f"crm import printed problems:\n{stderr}")
check(len(imported["added"]) == len(expected), f"added {len(imported['added'])} people, expected {len(expected)}")
check(again["added"] == [] and len(again["skipped"]) == len(expected), f"a second import added {again['added']}")
check(open(f"{out}/before.sha256").read() == open(f"{out}/after.sha256").read(), "the source files changed")
ids = {person["contact_id"]: person["id"] for person in imported["added"]}
for contact in expected:
    uid = contact["uid"]
    if uid not in ids:
        check(False, f"{uid}: not imported")
        continue
    shown = json.loads(subprocess.run([crm, "--vault", f"{out}/vault", "show", ids[uid], "--json"],
                                      check=True, capture_output=True, text=True).stdout)
    for field, actual in [("uid", shown["contact_id"]), ("name", shown["name"]), ("phones", shown["phones"]),
                          ("emails", shown["emails"]), ("birthday", shown["birthday"])]:
        check(actual == contact[field], f"{uid}: {field} is {actual!r}, expected {contact[field]!r}")
print(f"vobject interop: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
