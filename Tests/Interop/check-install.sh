#!/usr/bin/env bash
# `make install` into a temporary prefix, then use what it installed as a user would: run the
# binary (stripped, under a size bound, without ICU, linked without a Swift runtime on Linux) with
# the Swift toolchain off PATH (init, add, log, list, edit with a script as EDITOR, sync with git)
# and LD_LIBRARY_PATH cleared, read the manual page with man (and lint it with mandoc), and
# tab-complete person ids and tags with the installed bash, zsh and fish completions.
set -euo pipefail
cd "$(dirname "$0")/../.."

need() { command -v "$1" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$2" >/dev/null; }; }
need make make
need man man-db
need mandoc mandoc
need zsh zsh
need fish fish
need readelf binutils

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
fail() { echo "check-install: $*" >&2; exit 1; }
# The stripped binary is about 16 MB on x86_64 Linux (58 MB when it linked Foundation and ICU);
# the bound leaves room to grow.
max_size=$((24 * 1024 * 1024))

make install PREFIX="$prefix" >"$work/make.log" 2>&1 || { cat "$work/make.log"; fail "make install failed"; }
for file in bin/crm share/man/man1/crm.1 share/bash-completion/completions/crm \
            share/zsh/site-functions/_crm share/fish/vendor_completions.d/crm.fish; do
    [ -f "$prefix/$file" ] || fail "make install did not write $file"
done
crm="$prefix/bin/crm"

# The binary runs as on a machine without Swift: the toolchain's folders off PATH, no
# LD_LIBRARY_PATH, a clean environment. On Linux it needs no Swift runtime library and is
# stripped (no symbol table, no debug information).
no_swift_path=$(printf '%s\n' "$PATH" | tr ':' '\n' | while read -r dir; do
    if [ -n "$dir" ] && [ ! -e "$dir/swift" ] && [ ! -e "$dir/swiftc" ]; then printf '%s:' "$dir"; fi; done)
bare() { env -i HOME="$work" PATH="${no_swift_path%:}" LANG=C.UTF-8 "$@"; }
bare sh -c 'command -v swift' >/dev/null && fail "swift is still on the PATH the check runs crm with"
version=$(bare "$crm" --version)
[[ $version == "crm "* ]] || fail "crm --version printed '$version'"
bare "$crm" init "$work/bare-vault" >/dev/null || fail "crm init failed without Swift on PATH"
bare "$crm" --vault "$work/bare-vault" add "Ольга Петрова" --tag friends >/dev/null || fail "crm add failed without Swift on PATH"
[ "$(bare "$crm" --vault "$work/bare-vault" list --ids)" = "ольга-петрова" ] || fail "crm list failed without Swift on PATH"
CRM_TODAY=2026-11-30 bare "$crm" --vault "$work/bare-vault" log ольга "Tea at her place." >/dev/null || fail "crm log failed without Swift on PATH"
grep -q "Tea at her place." "$work/bare-vault/people/ольга-петрова.md" || fail "crm log did not write the entry"
# crm edit runs $EDITOR (a script here, with an option the shell splits) on the person's file.
printf '#!/bin/sh\n[ "$1" = --append ] || exit 3\nprintf -- "- 2026-11-30 Met at the library.\\n" >> "$2"\n' > "$work/editor"
chmod +x "$work/editor"
bare env EDITOR="$work/editor --append" "$crm" --vault "$work/bare-vault" edit ольга 2>"$work/edit.log" || { cat "$work/edit.log"; fail "crm edit failed without Swift on PATH"; }
[ ! -s "$work/edit.log" ] || { cat "$work/edit.log"; fail "crm edit found problems in the edited file"; }
grep -q "Met at the library." "$work/bare-vault/people/ольга-петрова.md" || fail "crm edit did not run the editor on the file"
# crm sync runs git: pull from and push to a bare clone.
if command -v git >/dev/null; then
    printf '[user]\n\tname = Check\n\temail = check@example.org\n[init]\n\tdefaultBranch = main\n' > "$work/.gitconfig"
    bare git init -q --bare "$work/remote.git"
    (cd "$work/bare-vault" && bare git init -q && bare git add -A && bare git commit -qm start &&
        bare git remote add origin "$work/remote.git" && bare git push -qu origin main) || fail "could not set up the git clone"
    (cd "$work/bare-vault" && bare "$crm" sync >"$work/sync.log") || { cat "$work/sync.log"; fail "crm sync failed without Swift on PATH"; }
    [ "$(bare git -C "$work/bare-vault" status --short)" = "" ] || fail "crm sync left changes uncommitted"
    [ "$(bare git -C "$work/remote.git" rev-parse main)" = "$(bare git -C "$work/bare-vault" rev-parse HEAD)" ] || fail "crm sync did not push"
fi
if [ "$(uname -s)" = Linux ]; then
    if ldd "$crm" | grep -Ei 'libswift|libFoundation|libdispatch'; then
        fail "the installed crm links Swift libraries dynamically"
    fi
    if readelf -S --wide "$crm" | grep -E '\.(debug_[a-z_]+|symtab)( |$)'; then
        fail "the installed crm is not stripped"
    fi
    # Foundation's ICU data (34 MB) is not linked in: the library and tool use FoundationEssentials.
    size=$(stat -c %s "$crm")
    [ "$size" -lt "$max_size" ] || fail "the installed crm is $size bytes, more than $max_size"
    if strings "$crm" | grep -q "icudt[0-9]*l"; then
        fail "the installed crm holds ICU"
    fi
    built="$(swift build -c release --static-swift-stdlib --show-bin-path)/crm"
    if [ -f "$built" ]; then
        echo "built $(du -h "$built" | cut -f1), installed stripped $(du -h "$crm" | cut -f1)"
        [ "$(stat -c %s "$crm")" -lt "$(stat -c %s "$built")" ] || fail "the installed crm is not smaller than the built one"
    fi
fi
echo "installed $version ($(du -h "$crm" | cut -f1)), runs without Swift on PATH or LD_LIBRARY_PATH"

# The manual: mandoc finds nothing to say, man renders it from the file and from the prefix.
page="$prefix/share/man/man1/crm.1"
lint=$(mandoc -T lint "$page" 2>&1) || true
[ -z "$lint" ] || { echo "$lint"; fail "mandoc -T lint reported problems"; }
MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q "crm - a private, plain-text personal CRM" || fail "man -l did not render the NAME section"
# With PREFIX/bin on PATH, man finds the page by itself (man-db looks in ../share/man of each PATH entry).
found=$(env -u MANPATH PATH="$prefix/bin:$PATH" man -w crm 2>/dev/null || true)
[ "$found" = "$page" ] || fail "'man crm' with PREFIX/bin on PATH found '$found', not $page"
echo "man page renders; mandoc -T lint is clean"

# Bash completion: a person id after 'crm --vault DIR show '.
vault="$work/vault"
"$crm" init "$vault" >/dev/null
"$crm" --vault "$vault" add "Ada Lovelace" --tag friends --tag "chess club" >/dev/null
"$crm" --vault "$vault" add "Grace Hopper" --tag navy >/dev/null
complete_words() {   # complete_words WORD… : what bash offers for the last word
    PATH="$prefix/bin:$PATH" bash --norc --noprofile -i -c '
        source "$0"
        COMP_WORDS=("${@}"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _crm; printf "%s\n" "${COMPREPLY[@]}"' \
        "$prefix/share/bash-completion/completions/crm" "$@" 2>/dev/null
}
got=$(complete_words crm --vault "$vault" show ad)
[ "$got" = ada-lovelace ] || fail "completing 'crm --vault DIR show ad' gave '$got', not ada-lovelace"
got=$(complete_words crm --vault = "$vault" show ad)
[ "$got" = ada-lovelace ] || fail "completing 'crm --vault=DIR show ad' gave '$got', not ada-lovelace"
got=$(complete_words crm --vault "$vault" log "" | sort | tr '\n' ' ')
[ "$got" = "ada-lovelace grace-hopper " ] || fail "completing 'crm --vault DIR log ' gave '$got'"
got=$(cd "$vault" && complete_words crm sh)
[ "$got" = show ] || fail "completing 'crm sh' gave '$got'"
got=$(complete_words crm --vault "$vault" list --tag "" | sort | tr '\n' '|')
[ "$got" = "chess\\ club|friends|navy|" ] || fail "completing 'crm --vault DIR list --tag ' gave '$got'"
echo "bash completes person ids, tags and commands"
zsh -n "$prefix/share/zsh/site-functions/_crm" || fail "zsh completion does not parse"
# zsh's completion builtins only work inside its line editor: stand-ins print what would be offered
# (PREFIX is the word typed; crm matches people itself, and -U keeps zsh from filtering again).
got=$(PATH="$prefix/bin:$PATH" zsh -f -c 'compadd() { while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift; print -l -- "$@" }
    _describe() { print -l -- ${(P)2%%:*} }; _files() { print FILES }
    words=(crm --vault "$1" show ad); CURRENT=5; PREFIX=ad; source "$0"' \
    "$prefix/share/zsh/site-functions/_crm" "$vault" | tr '\n' ' ')
[ "$got" = "ada-lovelace " ] || fail "zsh completing 'crm --vault DIR show ad' offered '$got'"
got=$(PATH="$prefix/bin:$PATH" fish --no-config -c "source $prefix/share/fish/vendor_completions.d/crm.fish; complete -C 'crm --vault $vault show ad'")
[ "$got" = ada-lovelace ] || fail "fish completing 'crm --vault DIR show ad' gave '$got', not ada-lovelace"
got=$(PATH="$prefix/bin:$PATH" fish --no-config -c "source $prefix/share/fish/vendor_completions.d/crm.fish; complete -C 'crm --vault $vault list --tag n'" | cut -f1)
[ "$got" = navy ] || fail "fish completing 'crm --vault DIR list --tag n' gave '$got', not navy"
echo "zsh and fish complete person ids; fish completes tags"

mkdir -p "$prefix/share/man/man5" && touch "$prefix/share/man/man5/other.5"   # someone else's page
make uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -mindepth 1 | sort | tr '\n' ' ')
[ "$left" = "$prefix/share $prefix/share/man $prefix/share/man/man5 $prefix/share/man/man5/other.5 " ] \
    || fail "make uninstall left: $left"
echo "make uninstall removes every installed file and the folders it left empty, and keeps the others"
