#!/usr/bin/env bash
# Interop with a CommonMark reader (markdown-it-py, PyPI): the log section crm reads in random
# person files -- entries whose notes open code fences, closed or not, headings, fences outside
# the log -- is the one CommonMark's headings give. Needs $CRM (the built crm binary).
# Last line: `markdown outline: N passed, M failed`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check markdown-it-py
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
python3 "$here/markdown_outline.py" "$CRM" "$out/vault" "${CASES:-600}"
