#!/usr/bin/env bash
# Contacts as a vdir (`crm export --format vdir -o DIR`), read by its peers: vobject (PyPI) reads
# every card, one per person, its UID the file's and the contact_id; khard (Debian's package,
# installed by .ci/run; skipped with one line when it is not installed) lists every card through a
# config whose address book is the folder. Then the round trip a phone makes: a card edited by
# vobject (a new number, as DAVx5 and vdirsyncer would bring it back) comes back with
# `crm refresh --contacts DIR`, a second export rewrites that card alone, and `crm import DIR`
# adds nobody. Needs $CRM (the built crm binary). Last line: `vdir interop: N passed, M failed`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check vobject==0.9.9
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
export CRM_TODAY=2026-11-29 NO_COLOR=1
cp -R "$here/../../example-vault" "$out/vault"
rm -rf "$out/vault/.crm/cache"
vault=(--vault "$out/vault")
"$CRM" "${vault[@]}" export --format vdir -o "$out/vdir" >"$out/first.txt"
people="$("$CRM" "${vault[@]}" list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')"

if command -v khard >/dev/null; then
    printf '[addressbooks]\n[[crm]]\npath = %s/vdir/\n[general]\ndefault_action = list\n' "$out" >"$out/khard.conf"
    khard -c "$out/khard.conf" list --parsable >"$out/khard.txt"
else
    echo "khard not installed: its listing is skipped (.ci/run installs it)"
fi

python3 - "$out" "$CRM" "$people" <<'PY'
import glob, json, os, shutil, subprocess, sys
import vobject
out, crm, people = sys.argv[1], sys.argv[2], int(sys.argv[3])
vault = ["--vault", f"{out}/vault"]
passed = failed = 0
def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {what}")
def run(*args):
    return subprocess.run([crm, *vault, *args], capture_output=True, text=True, check=False)

files = sorted(glob.glob(f"{out}/vdir/*.vcf"))
check(len(files) == people, f"{len(files)} cards for {people} people")
cards = {}
for path in files:
    with open(path, encoding="utf-8") as f:
        card = vobject.readOne(f.read())
    uid = card.uid.value
    cards[uid] = (path, card)
    name = os.path.basename(path)[:-4]
    bare = uid[9:] if uid.lower().startswith("urn:uuid:") else uid
    check(name == bare.lower() or len(name) == 36, f"{name} is not named for its UID {uid}")
listed = json.loads(run("list", "--json").stdout)
for person in listed:
    shown = json.loads(run("show", person["id"], "--json").stdout)
    uid = shown["contact_id"]
    if uid is not None:
        check(uid in cards and cards[uid][1].fn.value == shown["name"], f"no card for {person['id']} ({uid})")
if os.path.exists(f"{out}/khard.txt"):
    rows = [line for line in open(f"{out}/khard.txt", encoding="utf-8").read().splitlines() if line.strip()]
    check(len(rows) == people, f"khard lists {len(rows)} cards of {people}:\n" + "\n".join(rows))
    check({row.split("\t")[0] for row in rows} == set(cards), "khard does not list every card's UID")

# The phone gives someone a new number: vobject writes the card back as a phone's sync would.
target = next(p for p in listed if json.loads(run("show", p["id"], "--json").stdout)["phones"])
uid = json.loads(run("show", target["id"], "--json").stdout)["contact_id"] or next(
    u for u, (_, c) in cards.items() if c.fn.value == target["name"])
path, card = cards[uid]
card.tel.value = "+44 7700 900999"
with open(path, "w", encoding="utf-8", newline="") as f:
    f.write(card.serialize())
mtimes = {p: os.stat(p).st_mtime_ns for p in files}
again = run("export", "--format", "vdir", "-o", f"{out}/vdir")
check(again.returncode == 0 and "not replaced: changed since crm wrote it" in again.stderr,
      f"an edited card was overwritten before refresh:\n{again.stderr}")
refresh = run("refresh", "--contacts", f"{out}/vdir")
check(refresh.returncode == 0 and "+44 7700 900999" in refresh.stdout, f"refresh did not bring the number back:\n{refresh.stdout}{refresh.stderr}")
shown = json.loads(run("show", target["id"], "--json").stdout)
check(shown["phones"][0] == "+44 7700 900999", f"phones after refresh: {shown['phones']}")
third = run("export", "--format", "vdir", "-o", f"{out}/vdir")
check(third.returncode == 0 and third.stdout.startswith("Wrote 1 card "), f"the third export: {third.stdout}{third.stderr}")
changed = [p for p in files if os.stat(p).st_mtime_ns != mtimes[p]]
check(changed == [path], f"rewritten: {changed}")
with open(path, encoding="utf-8") as f:
    check(vobject.readOne(f.read()).tel.value == "+44 7700 900999", "the card lost the new number")
added = json.loads(run("import", f"{out}/vdir", "--json").stdout)
check(added.get("added", []) == [], f"import of the vdir added people: {added}")
check(len(json.loads(run("list", "--json").stdout)) == people, "import doubled someone")

# A contact made on the phone arrives under the phone's own file name, with an anniversary:
# import adds it once (its ANNIVERSARY as dates: anniversary:), and the export writes its card
# into that file, so khard lists it once.
new = vobject.vCard()
new.add("uid").value = "urn:uuid:11111111-2222-3333-4444-555555555555"
new.add("fn").value = "Nina Berg"
new.add("n").value = vobject.vcard.Name(family="Berg", given="Nina")
new.add("tel").value = "+46 70 123 45 67"
new.add("anniversary").value = "20150620"
with open(f"{out}/vdir/Nina Berg.vcf", "w", encoding="utf-8", newline="") as f:
    f.write(new.serialize())
added = json.loads(run("import", f"{out}/vdir", "--json").stdout)
check([a.get("name") for a in added.get("added", [])] == ["Nina Berg"], f"the phone's new contact: {added}")
nina = json.loads(run("show", "nina-berg", "--json").stdout)
check(nina.get("dates") == {"anniversary": "2015-06-20"}, f"dates after import: {nina.get('dates')}")
fourth = run("export", "--format", "vdir", "-o", f"{out}/vdir")
cards_now = sorted(glob.glob(f"{out}/vdir/*.vcf"))
check(len(cards_now) == people + 1, f"{len(cards_now)} cards for {people + 1} people after the phone's new contact")
uids = [vobject.readOne(open(p, encoding="utf-8").read()).uid.value for p in cards_now]
check(len(set(uids)) == len(uids), "two cards share a UID")
if shutil.which("khard"):
    listing = subprocess.run(["khard", "-c", f"{out}/khard.conf", "list", "--parsable"], capture_output=True, text=True)
    rows = [line for line in listing.stdout.splitlines() if line.strip()]
    check(len(rows) == people + 1, f"khard lists {len(rows)} cards of {people + 1}:\n" + "\n".join(rows))
print(f"vdir interop: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
