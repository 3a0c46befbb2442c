#!/usr/bin/env bash
# Calendar interop: what `crm log --calendar` and `crm calendar` write is read by python icalendar
# (same values), recurring_ical_events (birthdays recur yearly, 29 February included) and a real
# khal (events listed on the right days and times). Needs $CRM, the built crm binary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${CRM:?set CRM to the crm binary}"
python3 -m pip install --quiet --disable-pip-version-check icalendar recurring_ical_events khal
# khal reads local times in this zone; the events crm writes are floating, so any zone gives 19:00.
export TZ=Europe/Berlin
python3 "$here/check_calendar.py" --crm "$CRM" --fixtures "$here/../CRMKitTests/Fixtures/calendar"
