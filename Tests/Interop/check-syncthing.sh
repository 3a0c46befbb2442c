#!/usr/bin/env bash
# Interop: two real syncthing instances (Debian's package) on loopback only share a vault; the same
# person is edited on both while they are paused, so syncthing itself makes the conflict copy; then
# `crm resolve` must leave one file with every entry both sides wrote, and the copy in .crm/trash/.
# Needs $CRM (the built crm). Final line: "syncthing interop: N passed, M failed".
set -uo pipefail
CRM="${CRM:?set CRM to the crm binary}"
CRM="$(cd "$(dirname "$CRM")" && pwd)/$(basename "$CRM")"
export CRM_TODAY=2026-11-29 NO_COLOR=1
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { local what="$1"; shift; if "$@"; then ok "$what"; else fail "$what"; fi; }
finish() { echo "syncthing interop: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

if ! command -v syncthing >/dev/null || ! command -v curl >/dev/null; then
    apt-get update -qq && apt-get install -y -qq syncthing curl >/dev/null
fi
command -v syncthing >/dev/null || { fail "syncthing could not be installed"; finish; }

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null; done
    rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# wait_for SECONDS DESCRIPTION COMMAND…: polls COMMAND every 0.2 s until it succeeds or time runs out.
wait_for() {
    local limit=$(($(date +%s) + $1)) what="$2"
    shift 2
    until "$@" >/dev/null 2>&1; do
        if [ "$(date +%s)" -ge "$limit" ]; then fail "timed out waiting for $what"; return 1; fi
        sleep 0.2
    done
}

# api A|B METHOD PATH: the instance's REST API.
api() {
    local port key
    if [ "$1" = A ]; then port=$GUI_A key=KEY_A; else port=$GUI_B key=KEY_B; fi
    curl -sf -X "$2" -H "X-API-Key: ${key}-crm-interop" "http://127.0.0.1:$port$3"
}

# configure HOME GUIPORT LISTENPORT APIKEY PEERID PEERNAME PEERADDRESS FOLDERPATH
configure() {
    python3 - "$@" <<'PY'
import sys, copy, xml.etree.ElementTree as ET
home, gui, listen, key, peer, peer_name, peer_address, folder_path = sys.argv[1:]
path = home + "/config.xml"
tree = ET.parse(path)
root = tree.getroot()
own = root.find("device").get("id")
root.find("gui/address").text = "127.0.0.1:" + gui
root.find("gui/apikey").text = key
options = root.find("options")
for extra in options.findall("listenAddress")[1:]:
    options.remove(extra)
options.find("listenAddress").text = "tcp://127.0.0.1:" + listen
for name, value in [("globalAnnounceEnabled", "false"), ("localAnnounceEnabled", "false"), ("relaysEnabled", "false"),
                    ("natEnabled", "false"), ("crashReportingEnabled", "false"), ("startBrowser", "false"),
                    ("urAccepted", "-1"), ("autoUpgradeIntervalH", "0")]:
    options.find(name).text = value
device = copy.deepcopy(root.find("defaults/device"))
device.set("id", peer)
device.set("name", peer_name)
for address in device.findall("address"):
    device.remove(address)
ET.SubElement(device, "address").text = peer_address
root.insert(1, device)
folder = copy.deepcopy(root.find("defaults/folder"))
folder.set("id", "crm-vault")
folder.set("label", "vault")
folder.set("path", folder_path)
folder.set("fsWatcherEnabled", "false")
folder.set("rescanIntervalS", "3600")
for member in folder.findall("device"):
    folder.remove(member)
for member in (own, peer):
    ET.SubElement(folder, "device", {"id": member, "introducedBy": ""})
root.insert(0, folder)
tree.write(path)
PY
}

GUI_A=$(free_port); GUI_B=$(free_port); LISTEN_A=$(free_port); LISTEN_B=$(free_port)
for side in A B; do
    syncthing generate --home "$WORK/home-$side" --no-default-folder --skip-port-probing >/dev/null 2>&1
done
ID_A=$(syncthing serve --home "$WORK/home-A" --device-id)
ID_B=$(syncthing serve --home "$WORK/home-B" --device-id)
check "two device ids" test -n "$ID_A" -a -n "$ID_B" -a "$ID_A" != "$ID_B"

VAULT_A="$WORK/vault-A"
VAULT_B="$WORK/vault-B"
"$CRM" init "$VAULT_A" >/dev/null
mkdir -p "$VAULT_B"
cp "$VAULT_A/.stignore" "$VAULT_B/.stignore"   # .stignore is not synced; each device has its own
cat > "$VAULT_A/people/ada.md" <<'MD'
---
name: Ada Lovelace
phone: "+44 20 7946 0018"
---

Met through the Analytical Society.

## Interactions

- 2026-11-02 call: Talked about the engine.
- 2026-10-01 visit: Tea at her place.
MD

# Only A dials (B's address is "dynamic"): when both dial on loopback the hello exchange stalls.
configure "$WORK/home-A" "$GUI_A" "$LISTEN_A" KEY_A-crm-interop "$ID_B" B "tcp://127.0.0.1:$LISTEN_B" "$VAULT_A"
configure "$WORK/home-B" "$GUI_B" "$LISTEN_B" KEY_B-crm-interop "$ID_A" A dynamic "$VAULT_B"

start() {
    STNOUPGRADE=1 STNODEFAULTFOLDER=1 STMONITORED=1 \
        syncthing serve --home "$WORK/home-$1" --no-browser --no-restart --no-upgrade >"$WORK/log-$1" 2>&1 &
    PIDS+=($!)
}
start B
start A
wait_for 30 "the REST API of A" api A GET /rest/system/ping || finish
wait_for 30 "the REST API of B" api B GET /rest/system/ping || finish

connected() { api "$1" GET /rest/system/connections | python3 -c "import json, sys; sys.exit(0 if json.load(sys.stdin)['connections']['$2']['connected'] else 1)"; }
wait_for 60 "A and B to connect" connected A "$ID_B" || { tail -20 "$WORK/log-A"; finish; }
ok "A and B connected on loopback"

wait_for 60 "ada.md to reach B" test -f "$VAULT_B/people/ada.md" || finish
wait_for 30 "ada.md on B to equal A's" cmp -s "$VAULT_A/people/ada.md" "$VAULT_B/people/ada.md" || finish
ok "the person file synced to B"

# Pause, then edit the same person on both sides; B's edit is the newer one.
api A POST "/rest/system/pause?device=$ID_B" >/dev/null
api B POST "/rest/system/pause?device=$ID_A" >/dev/null
paused() { ! connected A "$ID_B"; }
wait_for 30 "the pause to disconnect A and B" paused || finish
"$CRM" --vault "$VAULT_A" log ada "Written on A while paused." --date 2026-11-20 --type call >/dev/null
"$CRM" --vault "$VAULT_A" set ada phone="+1 555 0100" >/dev/null
touch -d "-120 seconds" "$VAULT_A/people/ada.md"
"$CRM" --vault "$VAULT_B" log ada "Written on B while paused." --date 2026-11-25 --type visit >/dev/null
"$CRM" --vault "$VAULT_B" set ada phone="+1 555 0199" >/dev/null
api A POST "/rest/db/scan?folder=crm-vault" >/dev/null
api B POST "/rest/db/scan?folder=crm-vault" >/dev/null

# Resume the listener first, then the dialer.
api B POST "/rest/system/resume?device=$ID_A" >/dev/null
api A POST "/rest/system/resume?device=$ID_B" >/dev/null
copy_on_a() { compgen -G "$VAULT_A/people/ada.sync-conflict-*.md" >/dev/null; }
wait_for 90 "syncthing to make a conflict copy on A" copy_on_a || { tail -20 "$WORK/log-A"; finish; }
COPY=$(basename "$(compgen -G "$VAULT_A/people/ada.sync-conflict-*.md" | head -1)")
ok "syncthing made $COPY"
wait_for 30 "B's version in ada.md on A" grep -q "Written on B" "$VAULT_A/people/ada.md" || finish

# The conflict copy is not a person; check names it.
check "list shows Ada once" test "$("$CRM" --vault "$VAULT_A" list | grep -c 'Ada Lovelace')" -eq 1
check "check names the copy" bash -c "'$CRM' --vault '$VAULT_A' check | grep -q 'sync conflict copy of people/ada.md'"

"$CRM" --vault "$VAULT_A" resolve
ADA="$VAULT_A/people/ada.md"
for entry in "2026-11-25 visit: Written on B while paused." "2026-11-20 call: Written on A while paused." \
             "2026-11-02 call: Talked about the engine." "2026-10-01 visit: Tea at her place."; do
    check "entry kept: $entry" grep -qF -- "- $entry" "$ADA"
done
check "the newer phone stays" grep -qx 'phone: "+1 555 0199"' "$ADA"
check "the older phone is a conflict comment" grep -qx "# conflict: phone: \"+1 555 0100\" (from $COPY)" "$ADA"
check "the copy left people/" test ! -e "$VAULT_A/people/$COPY"
check "the copy is in .crm/trash/" bash -c "ls '$VAULT_A/.crm/trash/' | grep -qF -- '$COPY'"
check "resolve again finds nothing" bash -c "'$CRM' --vault '$VAULT_A' resolve | grep -qx 'No conflicts to resolve.'"

# The merged file and the copy's removal sync back to B.
api A POST "/rest/db/scan?folder=crm-vault" >/dev/null
wait_for 60 "the merged file on B" cmp -s "$ADA" "$VAULT_B/people/ada.md" && ok "B has the merged file"
wait_for 60 "the copy to leave B" test ! -e "$VAULT_B/people/$COPY" && ok "the copy is gone from B too"

api A POST /rest/system/shutdown >/dev/null
api B POST /rest/system/shutdown >/dev/null
finish
