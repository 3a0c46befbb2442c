import CRMFormat
import CRMVault

extension CalendarAlarm {
    /// The `TRIGGER` value for an event starting at `start`: the lead before a timed one (`-PT15M`,
    /// `-PT1H`, `-P2D`, `-P1W`), 09:00 on the day of an all-day one (`PT9H`).
    package func trigger(for start: ICalendarEvent.Start) -> String {
        switch start {
        case .allDay: return "PT9H"
        case .timed:
            switch unit {
            case .minutes: return "-PT\(amount)M"
            case .hours: return "-PT\(amount)H"
            case .days: return "-P\(amount)D"
            case .weeks: return "-P\(amount)W"
            }
        }
    }
}

extension ICalendarEvent {
    /// This event with `alarm` (none when nil), its description the event's summary.
    package func alarmed(by alarm: CalendarAlarm?) -> ICalendarEvent {
        var event = self
        event.alarm = alarm
        return event
    }
}
