import Foundation
import Testing

/// Days to come (`tomorrow`, `+3d`, weekday names) are taken by `plan` and `snooze` only; where a
/// date says when something happened they are usage errors (CRM_TODAY=2026-11-29, a Sunday).
@Suite struct DateTenseCLITests {
    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\n---\n\n## Interactions\n\n- [ ] 2026-12-05 visit: Dinner.\n- 2026-11-20 call: Cards.\n")
        return vault
    }

    @Test(arguments: [
        ["log", "ada", "met", "--date", "friday"], ["log", "ada", "met", "--date", "tomorrow"], ["log", "ada", "met", "--date", "+3d"],
        ["done", "ada", "--date", "friday"], ["summary", "--since", "monday"], ["summary", "--until", "+1w"],
    ])
    func aDayToComeIsAUsageErrorWhereADateSaysWhenSomethingHappened(arguments: [String]) throws {
        let vault = try vault()
        let before = vault.read("people/ada.md")
        let result = try CRM.run(["--vault", vault.path] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("names a day to come, which is not taken here; use YYYY-MM-DD, today, yesterday, or an offset back like -3d"),
                "\(result.stderr)")
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
        #expect(try CRM.run(["log", "--help"]).stdout.contains("a day to come: crm plan"))
        #expect(try CRM.run(["plan", "--help"]).stdout.contains("a weekday (friday: the next one)"))
    }
}
