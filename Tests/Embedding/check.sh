#!/usr/bin/env bash
# Builds the app in Sources/embedding-check as another package would, against the public API of
# this checkout's CRMKit only, and runs it on a copy of example-vault/.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A package depends on another by path; the dependency's name is its folder's.
ln -s "$repo" "$work/MyPersonCRM"
mkdir -p "$work/app"
cp -R "$repo/Tests/Embedding/Sources" "$work/app/"
cat > "$work/app/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "EmbeddingCheck",
    dependencies: [.package(path: "$work/MyPersonCRM")],
    targets: [.executableTarget(name: "embedding-check", dependencies: [.product(name: "CRMKit", package: "MyPersonCRM")])]
)
SWIFT
swift build --package-path "$work/app" --scratch-path "$repo/.build/embedding" 2>&1 | tail -3
cp -R "$repo/example-vault" "$work/vault"
out="$(CRM_TODAY=2026-11-29 "$repo/.build/embedding/debug/embedding-check" "$work/vault")"
printf '%s\n' "$out"
expect() { grep -qF -- "$1" <<<"$out" || { echo "error: the app did not print '$1'" >&2; exit 1; }; }
expect "page: Lena Marsh"
expect "logged: people/lena-marsh.md:"
expect "added: people/ada-lovelace.md"
grep -qF -- "call: Talked about the trip" "$work/vault/people/lena-marsh.md" \
    || { echo "error: the call is not in people/lena-marsh.md" >&2; exit 1; }
grep -qF -- "ada@example.org" "$work/vault/people/ada-lovelace.md" \
    || { echo "error: people/ada-lovelace.md does not hold the card's email" >&2; exit 1; }
echo "embedding check passed: an app builds and runs on the public API alone"
