#!/usr/bin/env bash
# `crm browse` in a real terminal: tmux at a fixed size, keys sent with send-keys, the screen
# read with capture-pane, waiting for text on it (never for a time). Filters, opens, logs and
# saves (the file gains exactly one line), hands a link to a recording $CRM_OPENER, runs an
# editor that reads the terminal (it must be in the terminal's foreground), adds a
# contact with the picker, logs one interaction with two people marked (the line `crm log
# --with` writes), follows a resize, picks with `crm add --from`, and gives the terminal
# back as it was (`stty -g` before and after) after q and after SIGTERM.
# Needs $CRM (the built crm binary) and tmux. Last line: `browse interop: N passed, M failed`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
command -v tmux >/dev/null || { echo "tmux is needed (apt-get install tmux)"; exit 1; }
work="$(mktemp -d)"
socket=""
tm() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'for s in first second third; do tmux -L "crm-browse-$$-$s" kill-server 2>/dev/null || true; done; rm -rf "$work"' EXIT
cp -R "$here/../../example-vault" "$work/vault"
rm -rf "$work/vault/.crm/cache"
cp "$here/../../docs/examples/contacts.vcf" "$work/contacts.vcf"
printf '#!/bin/sh\nprintf "%%s\\n" "$1" >> "%s/opened.txt"\n' "$work" >"$work/opener"
chmod +x "$work/opener"
# An editor that asks on the terminal: only a program in the terminal's foreground can read it.
printf '#!/bin/sh\nprintf "in the editor: "\nread -r answer\nprintf -- "- 2026-11-27 visit: %%s\\n" "$answer" >> "$1"\n' >"$work/editor"
chmod +x "$work/editor"
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

# Waits for TEXT on the screen: looks again every tenth of a second, for at most ten seconds.
wait_for() {
    local i
    for i in $(seq 1 100); do
        if tm capture-pane -p -t app | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "--- the screen, waiting for: $1"
    tm capture-pane -p -t app
    return 1
}
check() { if wait_for "$2"; then pass "$1"; else fail "$1"; fi; }

# Waits for the run NAME to end: its status file written.
ended() {
    local i
    for i in $(seq 1 100); do
        if [ -s "$work/$1.status" ]; then return 0; fi
        sleep 0.1
    done
    return 1
}

# A pane running ARGS…: the terminal's settings before and after, and crm's pid and status.
start() {
    local name=$1
    shift
    cat >"$work/$name.sh" <<SCRIPT
cd "$work"
stty -g > "$work/$name.before"
export CRM_TODAY=2026-11-29 HOME="$work" CRM_CONTACTS="~/contacts.vcf" CRM_OPENER="$work/opener" EDITOR="$work/editor" LANG=C.UTF-8
sh -c 'echo \$\$ > "$work/$name.pid"; exec "\$0" "\$@"' "$CRM" "\$@"
status=\$?
stty -g > "$work/$name.after"   # before the status: a run has ended when its status is written
echo \$status > "$work/$name.status"
echo "PANE DONE"
read -r _ || true   # the pane stays, its screen readable, until the server is killed
SCRIPT
    [ -z "$socket" ] || tm kill-server 2>/dev/null || true
    socket="crm-browse-$$-$name"   # a server of its own for each run
    tm new-session -d -s app -x 80 -y 24 "bash $work/$name.sh $*"
}
same_settings() {
    if [ -s "$work/$1.before" ] && cmp -s "$work/$1.before" "$work/$1.after"; then pass "$2: stty -g after equals before"
    else fail "$2: stty -g before '$(cat "$work/$1.before" 2>/dev/null)' after '$(cat "$work/$1.after" 2>/dev/null)'"; fi
}

# 1. `crm` alone on a terminal in a vault: the app. Filter, open, log, save.
start first --vault vault
check "crm alone starts the people list" "by due date"
tm send-keys -t app / l e n n y
check "the filter finds Lena by her alias" "1 of 12 match"
tm send-keys -t app Enter Enter
check "Enter opens her page" "Lena Marsh  people/lena-marsh.md"
before=$(wc -l <"$work/vault/people/lena-marsh.md")
tm send-keys -t app l
check "l opens the log sheet" "Log an interaction with Lena Marsh"
tm send-keys -t app -l "Walked along the canal."
tm send-keys -t app C-s
check "Ctrl-S saves" "Logged call with Lena Marsh on 2026-11-29"
after=$(wc -l <"$work/vault/people/lena-marsh.md")
if [ "$after" -eq $((before + 1)) ] && grep -qxF -- "- 2026-11-29 call: Walked along the canal." "$work/vault/people/lena-marsh.md"; then
    pass "the file gained exactly one line"
else
    fail "the file went from $before to $after lines"
fi
check "the page shows the entry at once" "Walked along the canal."
tm send-keys -t app M
check "M hands the link to the opener" "Opened mailto:lena.marsh@example.net"
if [ "$(cat "$work/opened.txt")" = "mailto:lena.marsh@example.net" ]; then pass "the opener got mailto:lena.marsh@example.net"
else fail "the opener got '$(cat "$work/opened.txt" 2>/dev/null)'"; fi
tm send-keys -t app e
check "e runs the editor on the terminal" "in the editor:"
tm send-keys -t app -l "Typed in the editor."
tm send-keys -t app Enter
check "back from the editor, the file is checked (the new line is out of order)" "people/lena-marsh.md:25:1: warning: entry out of order"
check "and read again" "Typed in the editor."
tm resize-window -t app -x 40 -y 12
check "a resize lays the page out again (40x12)" "l log  p plan  x done  q back  ? help"
tm resize-window -t app -x 30 -y 10
check "smaller than 40x12 says so" "Too small (needs 40x12)"
tm resize-window -t app -x 100 -y 30
check "larger again" "c call  m message  M email"
tm send-keys -t app q a
check "a opens the contact picker" "Add a person from ~/contacts.vcf"
tm send-keys -t app -l "babbage"
check "typing filters the contacts" "1 of 3"
tm send-keys -t app Enter
check "Enter adds the contact and opens the page" "Charles Babbage  people/charles-babbage.md"
if grep -qx 'contact_id: "7C9E6679-7425-40DE-944B-E07FC1F90AE7"' "$work/vault/people/charles-babbage.md" 2>/dev/null ||
   grep -q '^contact_id:' "$work/vault/people/charles-babbage.md"; then pass "the new file holds the contact id"
else fail "no contact id in people/charles-babbage.md"; fi
tm send-keys -t app q
check "q goes back to the list, its filter kept" "1 of 13 match"
tm send-keys -t app Escape
check "Esc clears the filter" "by due date"
# Space marks people; l logs one interaction with all of them, as crm log FIRST --with OTHER does.
theo_before=$(cat "$work/vault/people/theo-vance.md")
priya_before=$(wc -l <"$work/vault/people/priya-raman.md")
tm send-keys -t app /
tm send-keys -t app -l "priya"
check "the filter finds Priya" "1 of 13 match"
tm send-keys -t app Enter Space
check "Space marks her" "1 marked"
tm send-keys -t app / C-u
tm send-keys -t app -l "theo"
check "the filter finds Theo" "Theo Vance"
tm send-keys -t app Enter Space Escape
check "Space marks him too" "2 marked"
tm send-keys -t app l
check "l opens one sheet for everyone marked" "Log an interaction with Priya Raman and Theo Vance"
tm send-keys -t app -l "Lunch by the river."
tm send-keys -t app C-s
check "Ctrl-S saves one shared entry" "Logged call with Priya Raman and Theo Vance on 2026-11-29"
cp -R "$here/../../example-vault" "$work/cli-vault"
rm -rf "$work/cli-vault/.crm/cache"
CRM_TODAY=2026-11-29 "$CRM" --vault "$work/cli-vault" log priya-raman --with theo-vance "Lunch by the river." >/dev/null
# Priya's file (CRLF line endings, kept) is byte for byte what crm log --with makes of it.
if [ "$(wc -l <"$work/vault/people/priya-raman.md")" -eq $((priya_before + 1)) ] &&
   cmp -s "$work/vault/people/priya-raman.md" "$work/cli-vault/people/priya-raman.md"; then
    pass "Priya's file gained exactly the line crm log --with writes"
else
    fail "Priya's file went from $priya_before to $(wc -l <"$work/vault/people/priya-raman.md") lines; against crm log --with: $(diff "$work/cli-vault/people/priya-raman.md" "$work/vault/people/priya-raman.md" | tr -d '\r' | tr '\n' ' ')"
fi
if [ "$(cat "$work/vault/people/theo-vance.md")" = "$theo_before" ]; then pass "Theo's file is untouched"
else fail "Theo's file changed"; fi
tm send-keys -t app q
if ended first; then pass "q quits from the list"; else fail "q quits from the list"; fi
[ "$(cat "$work/first.status")" = 0 ] && pass "exit status 0" || fail "exit status $(cat "$work/first.status")"
same_settings first "after q"

# 2. SIGTERM while a screen is open: the terminal is given back all the same.
start second --vault vault browse
check "crm browse starts" "by due date"
tm send-keys -t app t
check "t shows Today" "Today · Sunday 29 November"
kill -TERM "$(cat "$work/second.pid")"
if ended second; then pass "SIGTERM ends it"; else fail "SIGTERM ends it"; fi
same_settings second "after SIGTERM"

# 3. `crm add --from` on a terminal picks with the same picker.
start third --vault vault add --from contacts.vcf ada
check "add --from opens the picker with the query" "Pick a contact from contacts.vcf"
tm send-keys -t app Down Enter
if ended third && grep -qx '  - "+44 20 7946 0101"\|name: Ada Byron King' "$work/vault/people/ada-byron-king.md"; then
    pass "Enter adds the contact picked"
else
    fail "Enter adds the contact picked"
fi
check "and says so" "Added Ada Byron King (people/ada-byron-king.md) from contacts.vcf"
same_settings third "after add --from"

echo "browse interop: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
