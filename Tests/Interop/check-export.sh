#!/usr/bin/env bash
# Interop of `crm export` with real readers: the vCard 4.0 file (N, NICKNAME, ORG, TITLE, NOTE, KIND too) read by Python's vobject and by
# khard (as a vdir address book), a round trip through `crm import` into an empty vault, and the
# CSV read by Python's csv module and by LibreOffice Calc. Every field is compared with `crm export --format json`.
# Needs $CRM (the built crm binary). Last line: `export interop: N passed, M failed`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check vobject khard pyyaml
if ! command -v soffice >/dev/null; then   # LibreOffice Calc without a GUI, about a minute
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui >/dev/null ||
        { apt-get update -qq && apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui >/dev/null; }
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
export CRM_TODAY=2026-11-29 NO_COLOR=1

# The example vault, and people whose values test quoting, escaping and folding.
cp -R "$here/../../example-vault" "$out/vault"
rm -rf "$out/vault/.crm/cache"
crm() { "$CRM" --vault "$out/vault" "$@" >/dev/null; }
crm add 'Doe, Jane; "JJ" Jr.' --phone '+1 (555) 010-0000' --phone '0123' --email 'jane+crm@example.org' \
    --email 'JANE@work.example' --birthday=--02-29 --tag 'a,b' --tag 'c;d' --contact-id 'urn:uuid:0d5c4f6e-1111-4222-8333-944455556666'
crm add 'Maria Dolores Núñez de la Concepción Fernández-Castañeda y Würthwein-Ölschläger' \
    --phone '+49 30 1234567' --birthday 1950-01-31 --email 'maría@exämple.de'
crm add 'Back\slash Person' --phone '+44 20 7946 0999 ext. 12' --contact-id 'B1A2C3D4-0000-4000-8000-ABCDEF012345'
crm add 'Zero Lead' --phone 0123 --phone +442079460018
crm add 'Ludwig van Beethoven' --birthday 1770-12-17
crm add '山田 太郎'
printf -- '---\nname: Plato\naliases: [Aristocles, "the broad, one"]\n---\n' >"$out/vault/people/plato.md"
printf -- "---\nname: Joe's Plumbing & Heating\ncompany: Joe's Plumbing & Heating\nposition: Owner\n---\n\nCalls back; \\\\ slow, \"good\".\nSecond line.\n" >"$out/vault/people/joe.md"
printf -- '---\nname: Lucía Fernández 🌍\ncompany: "Café; Núñez, S.L."\nposition: Chef\n---\n' >"$out/vault/people/lucia.md"
printf -- '---\nname: No Date\nbirthday: December\n---\n' >"$out/vault/people/no-date.md"

"$CRM" --vault "$out/vault" export --format json -o "$out/people.json" 2>/dev/null
"$CRM" --vault "$out/vault" export --format vcard -o "$out/people.vcf" 2>"$out/vcard.stderr"
"$CRM" --vault "$out/vault" export --format csv -o "$out/people.csv" 2>/dev/null

# khard reads a vdir: one card per .vcf file.
mkdir -p "$out/vdir"
python3 - "$out/people.vcf" "$out/vdir" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8", newline="").read()
for i, card in enumerate(text.split("BEGIN:VCARD")[1:]):
    open(f"{sys.argv[2]}/{i}.vcf", "w", encoding="utf-8", newline="").write("BEGIN:VCARD" + card)
PY
cat >"$out/khard.conf" <<CONF
[addressbooks]
[[export]]
path = $out/vdir
[general]
default_action = list
[contact table]
show_uids = yes
display = formatted_name
CONF

"$CRM" init "$out/empty" >/dev/null
"$CRM" --vault "$out/empty" import "$out/people.vcf" >/dev/null
"$CRM" --vault "$out/empty" export --format json -o "$out/roundtrip.json" 2>/dev/null

# LibreOffice Calc opens the CSV (comma, double quote, UTF-8, from line 1, column 4 `phones` as
# Text: as any spreadsheet, it reads a lone 0123 as the number 123 otherwise) and saves it as CSV.
mkdir -p "$out/libreoffice"
HOME="$out" soffice --headless --infilter="CSV:44,34,76,1,4/2" --convert-to "csv:Text - txt - csv (StarCalc):44,34,76,1" \
    --outdir "$out/libreoffice" "$out/people.csv" >/dev/null 2>&1

python3 "$here/check_export.py" "$out"
