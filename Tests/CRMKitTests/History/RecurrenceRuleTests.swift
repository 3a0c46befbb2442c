@testable import CRMKit
import CRMFormat
import Testing

/// `RecurrenceRule`: the days of RFC 5545's own examples (§3.8.5.3) that fit its part of the
/// rules, and the rules it leaves alone.
@Suite("History: recurrence rules") struct RecurrenceRuleTests {
    static func days(_ rule: String, from start: String, before end: String = "2100-01-01") throws -> [String] {
        let rule = try #require(RecurrenceRule(rule), "\(rule)")
        return rule.days(from: Day(start)!, before: Day(end)!).map(\.description)
    }

    @Test func rfc5545Examples() throws {
        // Daily for 10 occurrences.
        #expect(try Self.days("FREQ=DAILY;COUNT=10", from: "1997-09-02").count == 10)
        // Every other day, until 2 December (the last on 1 December).
        #expect(try Self.days("FREQ=DAILY;INTERVAL=2;UNTIL=19971202T000000Z", from: "1997-09-02").last == "1997-12-01")
        // Weekly on Tuesday and Thursday for five weeks.
        #expect(try Self.days("FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", from: "1997-09-02") == [
            "1997-09-02", "1997-09-04", "1997-09-09", "1997-09-11", "1997-09-16", "1997-09-18",
            "1997-09-23", "1997-09-25", "1997-09-30", "1997-10-02"])
        // Every other week on Monday, Wednesday and Friday until 24 December, from Wednesday 1 September.
        #expect(try Self.days("FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", from: "1997-09-01").prefix(6) == [
            "1997-09-01", "1997-09-03", "1997-09-05", "1997-09-15", "1997-09-17", "1997-09-19"])
        // Monthly on the first Friday for ten occurrences.
        #expect(try Self.days("FREQ=MONTHLY;COUNT=10;BYDAY=1FR", from: "1997-09-05").prefix(4) == [
            "1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05"])
        // Monthly on the second-to-last Monday for six months.
        #expect(try Self.days("FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", from: "1997-09-22") == [
            "1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"])
        // Monthly on the third-to-the-last day of the month.
        #expect(try Self.days("FREQ=MONTHLY;BYMONTHDAY=-3", from: "1997-09-28").prefix(4) == [
            "1997-09-28", "1997-10-29", "1997-11-28", "1997-12-29"])
        // Every Friday the 13th (the start, 2 September, counts first as RFC 5545 says).
        #expect(try Self.days("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", from: "1997-09-02").prefix(4) == [
            "1997-09-02", "1998-02-13", "1998-03-13", "1998-11-13"])
        // Yearly in June and July for ten occurrences.
        #expect(try Self.days("FREQ=YEARLY;COUNT=10;BYMONTH=6,7", from: "1997-06-10").prefix(4) == [
            "1997-06-10", "1997-07-10", "1998-06-10", "1998-07-10"])
        // Monthly on the 31st: months without one are passed over.
        #expect(try Self.days("FREQ=MONTHLY;COUNT=4", from: "2024-01-31") == ["2024-01-31", "2024-03-31", "2024-05-31", "2024-07-31"])
        // Yearly on a day of the month without months: every month (found against python-dateutil).
        #expect(try Self.days("FREQ=YEARLY;BYMONTHDAY=11", from: "2021-02-11").prefix(3) == ["2021-02-11", "2021-03-11", "2021-04-11"])
        // None on or after the end.
        #expect(try Self.days("FREQ=WEEKLY", from: "2024-01-01", before: "2024-01-22") == ["2024-01-01", "2024-01-08", "2024-01-15"])
    }

    @Test func rulesNotExpandedAreNotRead() {
        for rule in ["FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1", "FREQ=HOURLY", "FREQ=YEARLY;BYWEEKNO=20", "FREQ=YEARLY;BYDAY=1MO",
                     "FREQ=WEEKLY;BYDAY=1MO", "FREQ=DAILY;BYMONTH=1", "INTERVAL=2", "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;UNTIL=2024",
                     "FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=2FR"] {
            #expect(RecurrenceRule(rule) == nil, "\(rule)")
        }
    }
}
