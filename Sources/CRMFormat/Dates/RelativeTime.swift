// How dates are worded for people: one place for the text, the terminal app and the listings.
// `package`: the tool and the app use them, they are not part of the library's API.

/// "today", "yesterday", "3 days ago", "in 2 weeks": how far `day` is from `today`, for people.
package func relative(_ day: Day, from today: Day) -> String {
    let days = today.days(until: day)
    switch days {
    case 0: return "today"
    case -1: return "yesterday"
    case 1: return "tomorrow"
    default:
        // Joined with `+`, not interpolated: short results stay inline, and a listing makes 20,000.
        let span = span(abs(days))
        return days < 0 ? span + " ago" : "in " + span
    }
}

/// A number of days as the largest whole unit: "5 days", "3 weeks", "4 months", "2 years".
package func span(_ days: Int) -> String {
    days >= 0 && days < shortSpans.count ? shortSpans[days] : wordedSpan(days)
}

/// `span` of each number of days under two years, worded once: a listing asks for thousands.
private let shortSpans = (0..<730).map(wordedSpan)

private func wordedSpan(_ days: Int) -> String {
    func unit(_ n: Int, _ name: String) -> String { String(n) + " " + name + (n == 1 ? "" : "s") }
    switch days {
    case ..<14: return unit(days, "day")
    case ..<60: return unit(days / 7, "week")
    case ..<730: return unit(days / 30, "month")
    default: return unit(days / 365, "year")
    }
}

/// A due date as `crm due`, `list` and `show` word it: "3 weeks overdue" before `today`, else as
/// `relative` ("today", "in 5 days"), with " (snoozed)" after a date in the future that a snooze
/// set (`snoozed`).
package func dueWording(_ due: Day, from today: Day, snoozed: Bool = false) -> String {
    due < today ? overdueWording(due.days(until: today)) : relative(due, from: today) + (snoozed && due > today ? " (snoozed)" : "")
}

/// "12 days overdue", "3 weeks overdue".
package func overdueWording(_ days: Int) -> String { span(days) + " overdue" }

/// "Monday" … "Sunday".
package func weekdayName(_ day: Day) -> String {
    let name = Day.weekdayNames[day.weekday]
    return name.prefix(1).uppercased() + name.dropFirst()
}

private let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                          "October", "November", "December"]

/// "Today · Sunday 29 November", "Tomorrow · Monday 30 November", "Friday 4 December", with the
/// year when it is not this year's.
package func dayHeading(_ day: Day, today: Day) -> String {
    let offset = today.days(until: day)
    let prefix = offset == 0 ? "Today · " : offset == 1 ? "Tomorrow · " : ""
    return prefix + weekdayName(day) + " " + dayMonth(day, today: today)
}

/// "29 November", or "3 January 2027" in another year.
package func dayMonth(_ day: Day, today: Day) -> String {
    "\(day.day) \(monthNames[day.month - 1])" + (day.year == today.year ? "" : " \(day.year)")
}

/// A date as far as it is known, in words: "2 April 2025", "April 2025", "2025", or "2 April"
/// without the year.
package func spelledOut(_ date: PartialDate) -> String {
    var words: [String] = []
    if let day = date.day { words.append(String(day)) }
    if let month = date.month { words.append(monthNames[month - 1]) }
    if let year = date.year { words.append(String(year)) }
    return words.joined(separator: " ")
}
