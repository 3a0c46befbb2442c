import CRMKit
import Foundation

extension Context {
    /// The `DTSTAMP` of an event added now: the current time, or 00:00 UTC of `$CRM_TODAY` when it
    /// is set, so scripted runs write the same bytes.
    func calendarStamp() throws -> Date {
        if let fixed = environment["CRM_TODAY"], !fixed.isEmpty {
            return ICalendarEvent.stamp(midnightUTCOf: try today())
        }
        return Date()
    }

    /// Adds `event` to the calendar that `--calendar=TARGET`, else `$CRM_CALENDAR`, else `calendar:`
    /// in the vault's config names (a relative `calendar:` is inside the vault). Returns the file
    /// written; when no event can be added it prints one warning saying why and returns nil.
    func addToCalendar(_ event: ICalendarEvent, vault: Vault) -> String? {
        func skipped(_ reason: String) -> String? {
            warn("no calendar event added: " + reason)
            return nil
        }
        let path: String
        if let inline = arguments.value("--calendar") {
            guard !inline.isEmpty else { return skipped("--calendar= names no calendar") }
            path = inline
        } else if let fromEnvironment = environment["CRM_CALENDAR"], !fromEnvironment.isEmpty {
            path = fromEnvironment
        } else if let configured = vault.config.calendar, !configured.isEmpty {
            path = configured.hasPrefix("/") || configured == "~" || configured.hasPrefix("~/") ? configured : vault.root + "/" + configured
        } else {
            return skipped("no calendar set; use --calendar=TARGET, set CRM_CALENDAR, or add 'calendar:' to .crm/config.yaml")
        }
        do {
            return try CalendarTarget(path: path, home: environment["HOME"]).add(event)
        } catch {
            return skipped(error.description)
        }
    }
}
