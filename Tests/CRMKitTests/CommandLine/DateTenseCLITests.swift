import Foundation
import Testing

/// Days to come (`tomorrow`, `+3d`) are taken by `plan` and `snooze` only; where a date says when
/// something happened they are usage errors. A weekday name is the last such day before today
/// there, the next one after today where a day to come is meant (CRM_TODAY=2026-11-29, a Sunday).
@Suite struct DateTenseCLITests {
    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\n---\n\n## Interactions\n\n- [ ] 2026-12-05 visit: Dinner.\n- 2026-11-20 call: Cards.\n")
        return vault
    }

    @Test(arguments: [
        ["log", "ada", "met", "--date", "tomorrow"], ["log", "ada", "met", "--date", "+3d"],
        ["done", "ada", "--date", "Tomorrow"], ["summary", "--since", "+2w"], ["summary", "--until", "+1w"],
    ])
    func aDayToComeIsAUsageErrorWhereADateSaysWhenSomethingHappened(arguments: [String]) throws {
        let vault = try vault()
        let before = vault.read("people/ada.md")
        let result = try CRM.run(["--vault", vault.path] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("names a day to come, which is not taken here; use YYYY-MM-DD, today, yesterday, -3d, -2w, -1m, "
                                       + "or a weekday (friday: the last one before today)"), "\(result.stderr)")
        #expect(vault.read("people/ada.md") == before)
    }

    @Test func planAndSnoozeTakeDaysToCome() throws {
        let vault = try vault()
        let planned = try vault.crm("plan", "ada", "Lunch", "--date", "friday")
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(vault.read("people/ada.md").contains("- [ ] 2026-12-04 call: Lunch\n"))
        #expect(try vault.crm("snooze", "ada", "tomorrow").status == 0)
        #expect(vault.read("people/ada.md").contains("snooze: 2026-11-30"))
    }

    @Test func pastFormsStillWork() throws {
        let vault = try vault()
        #expect(try vault.crm("log", "ada", "met", "--date", "-3d").stdout.contains("on 2026-11-26"))
        #expect(try vault.crm("summary", "--since", "-1m").status == 0)
    }

    @Test func loggingADayAfterTodayWritesItAndWarns() throws {
        let vault = try vault()
        let result = try vault.crm("log", "ada", "Concert", "--date", "2026-12-10")
        #expect(result.status == 0)
        #expect(result.stderr == "crm: warning: 2026-12-10 is after today: the entry counts as the last contact from its day on (to plan it instead: crm plan)\n")
        #expect(vault.read("people/ada.md").contains("- 2026-12-10 call: Concert\n"))
        #expect(try vault.crm("log", "ada", "Today").stderr.isEmpty)
    }

    @Test func helpNamesTheFormsEachOptionTakes() throws {
        let log = try CRM.run(["log", "--help"]).stdout
        #expect(log.contains("a day to come: crm plan") && log.contains("a weekday (friday: the last one before today)"), "\(log)")
        #expect(try CRM.run(["plan", "--help"]).stdout.contains("a weekday (friday: the next one after today)"))
        for command in ["done", "summary"] {
            #expect(try CRM.run([command, "--help"]).stdout.contains("a weekday (friday: the last one before today)"), "\(command)")
        }
        #expect(try CRM.run(["snooze", "--help"]).stdout.contains("a weekday (friday: the next one after today)"))
    }

    /// `log ada x --date friday` on Sunday 2026-11-29: two days ago, the last Friday.
    @Test(arguments: [("friday", "2026-11-27"), ("FRI", "2026-11-27"), ("Sunday", "2026-11-22"), ("sun", "2026-11-22"),
                      ("monday", "2026-11-23"), ("sat", "2026-11-28"), ("Thursday", "2026-11-26")])
    func aWeekdayWhereAPastDayIsMeantIsTheLastOneBeforeToday(_ input: String, _ day: String) throws {
        let vault = try vault()
        let logged = try vault.crm("log", "ada", "x", "--date", input)
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stdout.contains("on \(day) "), "\(logged.stdout)")
        #expect(vault.read("people/ada.md").contains("- \(day) call: x\n"))
        let done = try vault.crm("done", "ada", "dinner", "--date", input, "--json")
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.contains("\"date\": \"\(day)\""), "\(done.stdout)")
        let summary = try vault.crm("summary", "--since", input, "--until", input, "--json")
        #expect(summary.stdout.contains("\"since\": \"\(day)\"") && summary.stdout.contains("\"until\": \"\(day)\""), "\(summary.stdout)")
    }

    /// Where a day to come is meant, the next one after today (a week ahead for today's own name).
    @Test(arguments: [("friday", "2026-12-04"), ("Fri", "2026-12-04"), ("sunday", "2026-12-06"), ("MON", "2026-11-30"),
                      ("tomorrow", "2026-11-30"), ("+3d", "2026-12-02"), ("2w", "2026-12-13"), ("+1m", "2026-12-29")])
    func aWeekdayWhereADayToComeIsMeantIsTheNextOneAfterToday(_ input: String, _ day: String) throws {
        let vault = try vault()
        let planned = try vault.crm("plan", "ada", "Lunch", "--date", input)
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(vault.read("people/ada.md").contains("- [ ] \(day) call: Lunch\n"))
        #expect(try vault.crm("snooze", "ada", input).status == 0)
        #expect(vault.read("people/ada.md").contains("snooze: \(day)\n"))
    }

    @Test(arguments: ["fridays", "fr", "frid", "next friday", "3d"])
    func otherWordsAreRefusedWithTheFormsListed(_ input: String) throws {
        let vault = try vault()
        let result = try vault.crm("log", "ada", "x", "--date", input)
        #expect(result.status == 2)
        #expect(result.stderr.contains("invalid date '\(input)'") && result.stderr.contains("or a weekday (friday: the last one before today)"),
                "\(result.stderr)")
    }
}
