import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

@Suite("Day numbers and day arithmetic")
struct DayNumberTests {
    @Test(arguments: [
        (Day(year: 1970, month: 1, day: 1)!, 0),
        (Day(year: 2000, month: 3, day: 1)!, 11_017),
        (Day(year: 1969, month: 12, day: 31)!, -1),
        (Day(year: 1600, month: 2, day: 29)!, -135_081),
    ])
    func countsDaysSinceTheEpoch(_ day: Day, _ count: Int) {
        #expect(day.dayNumber == count)
        #expect(Day(dayNumber: count) == day)
    }

    @Test(arguments: [
        (Day(year: 1904, month: 2, day: 28)!, Day(year: 1904, month: 2, day: 29)!),
        (Day(year: 1904, month: 2, day: 29)!, Day(year: 1904, month: 3, day: 1)!),
        (Day(year: 1900, month: 2, day: 28)!, Day(year: 1900, month: 3, day: 1)!),
        (Day(year: 2000, month: 2, day: 28)!, Day(year: 2000, month: 2, day: 29)!),
        (Day(year: 2026, month: 12, day: 31)!, Day(year: 2027, month: 1, day: 1)!),
        (Day(year: 2026, month: 4, day: 30)!, Day(year: 2026, month: 5, day: 1)!),
    ])
    func nextDay(_ day: Day, _ next: Day) {
        #expect(day.adding(days: 1) == next)
        #expect(next.adding(days: -1) == day)
    }

    @Test func roundTripsEveryDayOfFourCenturies() {
        var expected = Day(year: 1900, month: 1, day: 1)!
        let daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for count in expected.dayNumber..<Day(year: 2300, month: 1, day: 1)!.dayNumber {
            #expect(Day(dayNumber: count) == expected)
            let isLeap = expected.year % 4 == 0 && (expected.year % 100 != 0 || expected.year % 400 == 0)
            let monthLength = expected.month == 2 && isLeap ? 29 : daysInMonth[expected.month - 1]
            if expected.day < monthLength {
                expected = Day(year: expected.year, month: expected.month, day: expected.day + 1)!
            } else if expected.month < 12 {
                expected = Day(year: expected.year, month: expected.month + 1, day: 1)!
            } else {
                expected = Day(year: expected.year + 1, month: 1, day: 1)!
            }
        }
    }
}
