/// A date argument that could not be understood.
public struct DateInputError: Error, Sendable, CustomStringConvertible {
    package var input: String
    package var reason: String
    public var description: String { "invalid date '\(input)': \(reason)" }
}

extension Day {
    /// Which way a date option points, and so which relative forms it takes and what a weekday
    /// name means. Every form is relative to today; a `YYYY-MM-DD` date is taken as written.
    package enum InputTense: Sendable {
        /// When something happened (`log --date`, `done --date`, `summary --since`/`--until`):
        /// `YYYY-MM-DD`, `today`, `yesterday`, an offset back (`-3d`, `-2w`, `-1m`, `-1y`), or a
        /// weekday name: the last such day before today. Forms that name a day to come
        /// (`tomorrow`, `+3d`) are refused rather than guessed.
        case past
        /// When something is to happen (`plan --date`, `snooze`): `YYYY-MM-DD`, `today`,
        /// `tomorrow`, an offset ahead (`+3d`, `+2w`, or `2w` alone, `+1m`, `+1y`), or a weekday
        /// name: the next such day after today. The past forms are taken too (a plan for a day
        /// gone by is an overdue follow-up).
        case future

        /// The forms this tense takes, as help and error messages list them.
        package var forms: String {
            switch self {
            case .past: "YYYY-MM-DD, today, yesterday, -3d, -2w, -1m, or a weekday (friday: the last one before today)"
            case .future: "YYYY-MM-DD, today, tomorrow, +3d, +2w, +1m, or a weekday (friday: the next one after today)"
            }
        }
    }

    /// Parses a date given on the command line, with the forms `tense` takes. Weekday names are
    /// full or their first three letters, in any case (`Friday`, `fri`); today's own name means a
    /// week back (past) or a week ahead (future): `today` names today.
    package static func parseInput(_ text: String, today: Day, tense: InputTense) throws(DateInputError) -> Day {
        let lowered = text.lowercased()
        switch lowered {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow":
            guard tense == .future else { throw refusedAsToCome(text) }
            return today.adding(days: 1)
        default: break
        }
        if let day = Day(text) { return day }
        if let weekday = weekdayNumber(lowered) {
            switch tense {
            case .past:
                let back = (today.weekday - weekday + 7) % 7
                return today.adding(days: -(back == 0 ? 7 : back))
            case .future:
                let ahead = (weekday - today.weekday + 7) % 7
                return today.adding(days: ahead == 0 ? 7 : ahead)
            }
        }
        let sign = text.first
        let offset = sign == "-" || sign == "+" ? String(text.dropFirst()) : text
        guard let cadence = Cadence(offset) else { throw DateInputError(input: text, reason: "use " + tense.forms) }
        switch (sign, tense) {
        case ("-", _): return cadence.step(from: today, times: -1)
        case (_, .future): return cadence.step(from: today, times: 1)
        case ("+", .past): throw refusedAsToCome(text)
        case (_, .past):
            throw DateInputError(input: text, reason: "an offset back is written with '-' (-\(offset)); use " + tense.forms)
        }
    }

    private static func refusedAsToCome(_ text: String) -> DateInputError {
        DateInputError(input: text, reason: "it names a day to come, which is not taken here; use " + InputTense.past.forms)
    }

    /// `monday` … `sunday`, in `weekday` order.
    package static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The `weekday` a lower-case name gives: a full name or its first three letters.
    static func weekdayNumber(_ lowered: String) -> Int? {
        weekdayNames.firstIndex { $0 == lowered || (lowered.utf8.count == 3 && $0.hasPrefix(lowered)) }
    }

    /// The day of the week: 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday).
    package var weekday: Int { ((dayNumber % 7) + 7 + 3) % 7 }
}
