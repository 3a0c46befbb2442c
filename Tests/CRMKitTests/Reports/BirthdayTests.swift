import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Next birthdays and ages: across the new year and for 29 February.
@Suite struct BirthdayTests {
    @Test(arguments: [
        // birthday, today, next, age
        ("1990-01-05", "2026-12-20", "2027-01-05", 37 as Int?),   // across the new year
        ("1980-11-29", "2026-11-29", "2026-11-29", 46),           // today counts
        ("1980-11-28", "2026-11-29", "2027-11-28", 47),           // yesterday: next year
        ("2000-02-29", "2026-11-29", "2027-02-28", 27),           // 28 February in a common year
        ("2000-02-29", "2027-02-28", "2027-02-28", 27),
        ("2000-02-29", "2027-03-01", "2028-02-29", 28),           // 29 February in a leap year
        ("2000-02-29", "2028-02-29", "2028-02-29", 28),
        ("1941-02-03", "2026-11-29", "2027-02-03", 86),
        ("--04-12", "2026-11-29", "2027-04-12", nil),             // no year, no age
        ("--02-29", "2026-03-01", "2027-02-28", nil),
        ("2026-12-01", "2026-11-29", "2027-12-01", 1),            // not born yet: the first birthday
    ])
    func next(_ written: String, _ today: String, _ next: String, _ age: Int?) throws {
        let birthday = try #require(Birthday(written))
        let day = birthday.next(onOrAfter: Day(today)!)
        #expect(day.description == next)
        #expect(birthday.age(on: day) == age)
        #expect(birthday.description == written)
    }

    @Test(arguments: ["", "1990-02-30", "--13-01", "--02-30", "12/05/1990", "1990-1-5", "-04-12", "04-12"])
    func invalid(_ text: String) { #expect(Birthday(text) == nil) }
}
