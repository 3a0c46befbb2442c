import CRMFormat
import CRMVault

/// Reads a vCard `BDAY` into `YYYY-MM-DD`, or `--MM-DD` when the year is unknown.
enum VCardBirthday {
    /// Apple's placeholder year for a birthday without a year.
    private static let appleNoYear = 1604

    /// The birthday in `value`, or `nil` when it is not a whole date.
    ///
    /// Reads `1985-04-12`, `19850412`, `--0412`, `--04-12` and date-times (`1985-04-12T00:00:00Z`,
    /// whose date is taken as written). The year is dropped when it is `omitYear`
    /// (`X-APPLE-OMIT-YEAR`) or 1604. A `VALUE=text` birthday, a year alone or a month alone is
    /// `nil`.
    static func parse(_ value: String, valueType: String?, omitYear: String?) -> String? {
        guard valueType != "text" else { return nil }
        let date = value.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let digits: Substring
        let hasYear: Bool
        if date.hasPrefix("--") {
            digits = date.dropFirst(2)
            hasYear = false
        } else {
            digits = date
            hasYear = true
        }
        let fields = digits.contains("-")
            ? digits.split(separator: "-", omittingEmptySubsequences: false)
            : split(digits, hasYear: hasYear)
        guard fields.count == (hasYear ? 3 : 2),
              fields.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } })
        else { return nil }
        let numbers = fields.compactMap { Int($0) }
        var year: Int?
        if hasYear {
            guard fields[0].count == 4 else { return nil }
            year = numbers[0] == appleNoYear || String(fields[0]) == omitYear ? nil : numbers[0]
        }
        let month = numbers[numbers.count - 2]
        let day = numbers[numbers.count - 1]
        guard fields[fields.count - 2].count == 2, fields[fields.count - 1].count == 2,
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let monthDay = "\(fields[fields.count - 2])-\(fields[fields.count - 1])"
        guard year != nil else { return "--" + monthDay }
        return "\(fields[0])-\(monthDay)"
    }

    /// Splits the basic format: `YYYYMMDD`, or `MMDD` after `--`.
    private static func split(_ digits: Substring, hasYear: Bool) -> [Substring] {
        guard digits.count == (hasYear ? 8 : 4) else { return [] }
        var fields: [Substring] = []
        var start = digits.startIndex
        for width in hasYear ? [4, 2, 2] : [2, 2] {
            let end = digits.index(start, offsetBy: width)
            fields.append(digits[start..<end])
            start = end
        }
        return fields
    }

    private static func daysIn(month: Int, year: Int?) -> Int {
        switch month {
        case 2:
            guard let year else { return 29 }
            return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
