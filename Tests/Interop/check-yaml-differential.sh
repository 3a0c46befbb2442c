#!/usr/bin/env bash
# Differential test of the front-matter reader: generated front matter (fixed seeds) read by
# `crm show --json` must equal PyYAML with a YAML 1.2 core resolver, or be reported by `crm check`.
# Needs $CRM (the built crm binary) and PyYAML. Last line per seed:
# `yaml differential: N agreeing, M reported (…), K failed`. Another seed: SEEDS="1 2 3" (each seed about a minute).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
status=0
for seed in ${SEEDS:-20261130}; do
    python3 "$here/yaml_differential.py" --crm "$CRM" --seed "$seed" --count 1000 || status=1
done
exit $status
