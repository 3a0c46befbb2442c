#!/usr/bin/env bash
# A real Neovim as crm lsp's client, set up as docs/editors.md's "Neovim 0.7" block says (taken
# from the file, run as written, with crm on the PATH): check_neovim.lua, run headless with
# --clean, opens a person file of a copy of example-vault/ and checks what Neovim shows (a dead
# link with its rule, completion after [[pri, hover, definition), applies a completion, the code
# action "Log an interaction today" and a rename, and writes the buffers; this script then checks the files on disk against what
# `crm rename` makes of the same vault. Fails on any missed expectation, and after
# 60 seconds rather than hang. Needs $CRM (the built crm) and nvim ≥ 0.7.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
command -v nvim >/dev/null || { echo "nvim is needed (apt-get install neovim)"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$here/../../example-vault" "$work/vault"
rm -rf "$work/vault/.crm/cache"
printf -- '- 2025-10-01 call: Asked [[Nobody Here]] about the flat.\n' >>"$work/vault/people/lena-marsh.md"
cp -R "$work/vault" "$work/before"

# The set-up docs/editors.md gives for Neovim 0.7: the Lua block under its heading.
awk '/^### Neovim 0.7$/ { on = 1; next } on && /^```lua$/ { copy = 1; next } copy && /^```$/ { exit } copy { print }' \
    "$here/../../docs/editors.md" >"$work/init.lua"
grep -q 'vim.lsp.start_client' "$work/init.lua" || { echo "FAILED: no Neovim 0.7 set-up found in docs/editors.md"; exit 1; }
mkdir "$work/bin"
ln -s "$CRM" "$work/bin/crm"

export PATH="$work/bin:$PATH" VAULT="$work/vault" CRM_TODAY=2026-11-29 HOME="$work" XDG_STATE_HOME="$work/state"
status=0
(cd "$work" && timeout 60 nvim --headless --clean -c "luafile $work/init.lua" -c "luafile $here/check_neovim.lua") </dev/null 2>"$work/nvim.stderr" || status=$?
[ "$status" = 0 ] || { echo "--- Neovim's messages:"; cat "$work/nvim.stderr"; echo; }
if [ "$status" = 124 ]; then echo "FAILED: Neovim did not finish within 60 seconds"; exit 1; fi
if [ "$status" != 0 ]; then echo "FAILED: Neovim's checks ended with status $status"; exit 1; fi

# What Neovim wrote: the completed link, today's entry, then what `crm rename` makes of them, and
# nothing else.
failed=0
lena="$work/vault/people/lena-marsh.md"
if grep -qxF 'Kept in Obsidian; the log links to daily notes. See [[priya-raman-okafor|Priya Raman-Okafor]]' "$lena"; then
    echo "ok: the completed link is on disk, renamed"
else
    echo "FAILED: the completed and renamed link is not on disk"; failed=1
fi
if grep -qxF -- '- 2025-10-01 call: Asked [[Nobody Here]] about the flat.' "$lena"; then
    echo "ok: the dead link is still there (the server never writes)"
else
    echo "FAILED: the dead link's line changed"; failed=1
fi
# The same from crm: the completion typed in, `crm log` (the action leaves the note to type),
# then `crm rename`.
sed -i 's/^Kept in Obsidian; the log links to daily notes\.$/& See [[priya-raman|Priya Raman]]/' "$work/before/people/lena-marsh.md"
"$CRM" --vault "$work/before" log lena-marsh NOTE >/dev/null
sed -i 's/^- 2026-11-29 call: NOTE$/- 2026-11-29 call:/' "$work/before/people/lena-marsh.md"
"$CRM" --vault "$work/before" rename priya-raman "Priya Raman-Okafor" >/dev/null
if diff -r -x .crm "$work/before" "$work/vault"; then
    echo "ok: the vault is what crm log and crm rename make of it (today's entry, Priya's file moved, every link changed)"
else
    echo "FAILED: the vault differs from what crm log and crm rename make"; failed=1
fi
exit "$failed"
