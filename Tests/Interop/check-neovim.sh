#!/usr/bin/env bash
# A real Neovim as crm lsp's client: check_neovim.lua (run headless, with --clean) starts the
# server with vim.lsp.start_client on a copy of example-vault/, checks what Neovim shows
# (a dead link with its rule, completion after [[pri, hover, definition), applies edits and
# writes the buffers; this script then checks the files on disk. Fails on any missed
# expectation, and after 60 seconds rather than hang. Needs $CRM (the built crm) and nvim ≥ 0.7.
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

export CRM VAULT="$work/vault" CRM_TODAY=2026-11-29 HOME="$work" XDG_STATE_HOME="$work/state"
status=0
(cd "$work" && timeout 60 nvim --headless --clean -c "luafile $here/check_neovim.lua") </dev/null || status=$?
if [ "$status" = 124 ]; then echo "FAILED: Neovim did not finish within 60 seconds"; exit 1; fi
if [ "$status" != 0 ]; then echo "FAILED: Neovim's checks ended with status $status"; exit 1; fi

# What Neovim wrote: the completed link, and nothing else in any file.
failed=0
lena="$work/vault/people/lena-marsh.md"
if grep -qxF 'Kept in Obsidian; the log links to daily notes. See [[priya-raman|Priya Raman]]' "$lena"; then
    echo "ok: the completed link is on disk"
else
    echo "FAILED: the completed link is not on disk"; failed=1
fi
if grep -qxF -- '- 2025-10-01 call: Asked [[Nobody Here]] about the flat.' "$lena"; then
    echo "ok: the dead link is still there (the server never writes)"
else
    echo "FAILED: the dead link's line changed"; failed=1
fi
sed -i 's/^Kept in Obsidian; the log links to daily notes\. See \[\[priya-raman|Priya Raman\]\]$/Kept in Obsidian; the log links to daily notes./' "$lena"
if diff -r "$work/before" "$work/vault"; then
    echo "ok: no other change to the vault"
else
    echo "FAILED: the vault changed elsewhere"; failed=1
fi
exit "$failed"
