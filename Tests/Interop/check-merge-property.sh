#!/usr/bin/env bash
# The merge property test at length: 4000 random two-sided edits of random person files merged by
# the library (three-way and two-way), and 120 of them by a real `git merge` running the crm merge
# driver. Every line either side wrote must be kept once, in its section; every version of an
# entry edited in place (a typo fixed, the note extended, a time added, ticked on one side or both)
# kept, none twice outside conflict marks, and every conflict reported. Fixed seed; a few minutes
# on two cores. `swift test` runs a short version of the same test.
set -euo pipefail
cd "$(dirname "$0")/../.."
CRM_MERGE_CASES="${CRM_MERGE_CASES:-4000}" CRM_MERGE_GIT_CASES="${CRM_MERGE_GIT_CASES:-120}" \
    swift test --skip-build --filter 'MergePropertyTests'
