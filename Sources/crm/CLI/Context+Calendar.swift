import CRMKit

extension Context {
    /// Adds `event` to the calendar that `--calendar=TARGET`, else `$CRM_CALENDAR`, else `calendar:`
    /// in the vault's config (a relative `calendar:` is inside the vault), else in the person's
    /// own settings names, with the vault's
    /// alarm (`calendar_alarm:`). Returns the file
    /// written; when no event can be added it prints one warning saying why and returns nil.
    func addToCalendar(_ event: ICalendarEvent, vault: Vault) -> String? {
        func skipped(_ reason: String) -> String? {
            warn("no calendar event added: " + reason)
            return nil
        }
        do {
            let target = try CalendarTarget.configured(explicit: arguments.value("--calendar"), environment: environment, vault: vault, user: user)
            return try target.add(event.alarmed(by: vault.config.calendarAlarm))
        } catch {
            return skipped("\(error)")
        }
    }
}
