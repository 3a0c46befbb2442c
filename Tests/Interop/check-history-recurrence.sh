#!/usr/bin/env bash
# History import of recurring meetings: the days `crm history` counts for 400 seeded random
# RRULEs (daily, weekly, monthly, yearly; INTERVAL, COUNT, UNTIL, WKST, BYDAY, BYMONTHDAY,
# BYMONTH) are those python-dateutil's rrule gives. Needs $CRM, the built crm binary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
python3 -m pip install --quiet --disable-pip-version-check python-dateutil
python3 "$here/history_recurrence.py" --crm "$CRM" --rules 400 --seed 7
