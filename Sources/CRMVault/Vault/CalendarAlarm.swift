import CRMFormat

/// The reminder every event the tool writes carries, so a phone or desktop calendar shows it in
/// time: an RFC 5545 `VALARM` with `ACTION:DISPLAY` and the event's summary as its `DESCRIPTION`.
///
/// A timed event's alarm goes off `lead` before it starts (`TRIGGER:-PT15M`); an all-day event's
/// at 09:00 on its day (`TRIGGER:PT9H`: RFC 5545 measures a relative trigger from the start of
/// the event, and a `DATE` event starts at midnight, so khal, Python's `icalendar` and phones read
/// nine hours after it). The lead is `calendar_alarm:` in `.crm/config.yaml`: a number and `m`,
/// `h`, `d` or `w` (`15m`, `1h`, `2d`), 15 minutes when not set; `none` writes no alarms.
package struct CalendarAlarm: Sendable, Hashable, CustomStringConvertible {
    package enum Unit: String, Sendable, Hashable {
        case minutes = "m", hours = "h", days = "d", weeks = "w"
    }

    /// How long before a timed event the alarm goes off: `amount` `unit`s.
    package let amount: Int
    package let unit: Unit

    /// 15 minutes before, as most calendars default to.
    package static let standard = CalendarAlarm(amount: 15, unit: .minutes)

    package init(amount: Int, unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// `15m`, `1h`, `2d`, `1w` (0 to 9999 of a unit); nil for anything else.
    package init?(_ text: String) {
        guard let last = text.last, let unit = Unit(rawValue: String(last)),
              case let digits = text.dropLast(), !digits.isEmpty, digits.count <= 4,
              digits.allSatisfy({ $0.isASCII && $0.isNumber }), let amount = Int(digits) else { return nil }
        self.init(amount: amount, unit: unit)
    }

    /// The value of `calendar_alarm:`: an alarm (`15m`), `.some(nil)` for `none`, nil when it is neither.
    package static func setting(_ text: String) -> CalendarAlarm?? {
        text == "none" ? .some(nil) : CalendarAlarm(text).map { .some($0) }
    }

    /// The text a message uses for the values `calendar_alarm:` takes.
    package static let form = "a lead such as 15m, 1h or 2d (minutes, hours, days, weeks), or none"

    /// `15m`.
    package var description: String { "\(amount)\(unit.rawValue)" }
}
