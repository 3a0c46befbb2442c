import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// Cadence arithmetic and the due-date rules of `crm due`, on the library.
@Suite struct CadenceAndScheduleTests {
    private func day(_ text: String) -> Day { Day(text)! }

    @Test(arguments: [
        ("2026-01-31", "1m", "2026-02-28"),   // clamps to the end of a common February
        ("2028-01-31", "1m", "2028-02-29"),   // and of a leap February
        ("2028-02-29", "1y", "2029-02-28"),
        ("2028-02-29", "4y", "2032-02-29"),
        ("2026-03-31", "1m", "2026-04-30"),
        ("2026-08-31", "6m", "2027-02-28"),
        ("2026-12-15", "1m", "2027-01-15"),
        ("2026-11-29", "2w", "2026-12-13"),
        ("2026-12-25", "10d", "2027-01-04"),
        ("2028-02-28", "1d", "2028-02-29"),
        ("2026-11-12", "90d", "2027-02-10"),
    ])
    func steps(_ start: String, _ cadence: String, _ expected: String) throws {
        let step = try #require(Cadence(cadence))
        #expect(step.step(from: day(start)).description == expected)
    }

    @Test func monthStepsDoNotDrift() {
        // Two steps of 1m from 31 January clamp in February; one step of 2m does not.
        let oneMonth = Cadence("1m")!
        #expect(oneMonth.step(from: oneMonth.step(from: day("2026-01-31"))).description == "2026-03-28")
        #expect(Cadence("2m")!.step(from: day("2026-01-31")).description == "2026-03-31")
    }

    @Test(arguments: ["10d", "2w", "3m", "1y", "9999d"])
    func validCadences(_ text: String) { #expect(Cadence(text)?.description == text) }

    @Test(arguments: ["", "d", "10", "0d", "-1d", "+1d", "10x", "1.5w", "10 d", " 10d", "10days", "30 days", "10000d"])
    func invalidCadences(_ text: String) { #expect(Cadence(text) == nil) }

    // MARK: DueSchedule

    static let config = VaultConfig(bytes: Array("""
    every: 90d
    tag_every:
      family: 14d
      friends: 30d
      monthly: 1m

    """.utf8), path: ".crm/config.yaml")

    private func schedule(_ frontMatter: String, log: [String] = [], today: String = "2026-11-29",
                          config: VaultConfig = CadenceAndScheduleTests.config) -> DueSchedule {
        var text = "---\nname: Test Person\n" + frontMatter + "---\n"
        if !log.isEmpty { text += "\n## Interactions\n\n" + log.map { $0 + "\n" }.joined() }
        let document = PersonDocument(bytes: Array(text.utf8), path: "people/test.md")
        return DueSchedule(document: document, config: config, today: day(today))
    }

    @Test func personCadenceWinsOverTagsAndVault() {
        let s = schedule("every: 10d\ntags: [family]\n", log: ["- 2026-11-20 call: hi"])
        #expect(s.cadence?.description == "10d")
        #expect(s.cadenceSource == .person)
        #expect(s.due?.description == "2026-11-30")
    }

    @Test func shortestTagCadenceWins() {
        let s = schedule("tags: [friends, family]\n", log: ["- 2026-11-20 call: hi"])
        #expect(s.cadence?.description == "14d")
        #expect(s.cadenceSource == .tag)
        #expect(s.due?.description == "2026-12-04")
        // 30d is shorter than 1m.
        #expect(schedule("tags: [monthly, friends]\n").cadence?.description == "30d")
    }

    @Test func vaultCadenceWhenNoTagHasOne() {
        let s = schedule("tags: [work]\n", log: ["- 2026-08-14 email: x"])
        #expect(s.cadence?.description == "90d")
        #expect(s.cadenceSource == .vault)
        #expect(s.due?.description == "2026-11-12")
        #expect(s.due?.days(until: day("2026-11-29")) == 17)
    }

    @Test func noCadenceAnywhereMeansNoDueDate() {
        let s = schedule("", log: ["- 2026-08-14 email: x"], config: VaultConfig())
        #expect(s.cadence == nil)
        #expect(s.due == nil)
        #expect(s.due?.days(until: day("2026-11-29")) == nil)
    }

    @Test func dueFromTheLatestEntryWhateverTheOrder() {
        let s = schedule("every: 1m\n", log: ["- 2026-01-15 call: a", "- 2026-01-31 call: b", "- 2026-01-20 call: c"])
        #expect(s.last?.date.description == "2026-01-31")
        #expect(s.due?.description == "2026-02-28")
    }

    @Test func neverContactedWithAddedIsDueAfterOneCadence() {
        let s = schedule("added: 2026-11-25\n")
        #expect(s.last == nil)
        #expect(s.datedDue?.description == "2027-02-23")
        #expect(s.due?.description == "2027-02-23")
    }

    @Test func neverContactedWithoutAddedIsDueAtOnce() {
        let s = schedule("tags: [family]\n", today: "2026-11-29")
        #expect(s.datedDue == nil)
        #expect(s.due?.description == "2026-11-29")
        #expect(s.due?.days(until: day("2026-11-29")) == 0)
    }

    @Test func laterSnoozeMovesTheDueDate() {
        let s = schedule("tags: [friends]\nsnooze: 2026-12-15\n", log: ["- 2026-10-30 call: x"])
        #expect(s.due?.description == "2026-12-15")
        #expect(s.isSnoozed)
    }

    @Test func earlierSnoozeChangesNothing() {
        let s = schedule("tags: [friends]\nsnooze: 2026-11-01\n", log: ["- 2026-10-30 call: x"])
        #expect(s.due?.description == "2026-11-29")
        #expect(!s.isSnoozed)
    }

    @Test func snoozeDelaysSomeoneDueAtOnce() {
        let s = schedule("snooze: 2026-12-24\n")
        #expect(s.due?.description == "2026-12-24")
        #expect(s.isSnoozed)
    }

    @Test func invalidEveryIsReportedNotReplacedByTagOrVaultCadence() throws {
        let s = schedule("tags: [family]\nevery: 30 days\n", log: ["- 2026-10-30 call: x"])
        #expect(s.cadence == nil)
        #expect(s.due == nil)
        let problem = try #require(s.problems.first)
        #expect(problem.description == "people/test.md:4:8: error: every: '30 days' is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y) [invalid-value]")
    }

    @Test func invalidSnoozeIsIgnoredAndReported() {
        let s = schedule("tags: [friends]\nsnooze: next week\n", log: ["- 2026-10-30 call: x"])
        #expect(s.due?.description == "2026-11-29")
        #expect(s.problems.map(\.description) == ["people/test.md:4:9: error: snooze: 'next week' is not a date (YYYY-MM-DD) [invalid-value]"])
    }

    @Test func invalidAddedIsIgnoredAndReported() {
        let s = schedule("added: 2026-02-30\n")
        #expect(s.due?.description == "2026-11-29")
        #expect(s.problems.map(\.message) == ["added: '2026-02-30' is not a date (YYYY-MM-DD)"])
    }

    @Test func emptyValuesAreNoValues() {
        let s = schedule("every:\nsnooze: ~\nadded: null\n", log: ["- 2026-11-20 call: x"])
        #expect(s.problems.isEmpty)
        #expect(s.cadence?.description == "90d")
    }

    @Test func fieldProblemsCoverBirthdaysAndNonScalars() {
        let text = "---\nname: X\nbirthday: 1990-02-30\nevery: [30d]\nadded: 2026-01-05\n---\n"
        let document = PersonDocument(bytes: Array(text.utf8), path: "people/x.md")
        #expect(document.fieldProblems.map(\.description) == [
            "people/x.md:3:11: error: birthday: '1990-02-30' is not a date (YYYY-MM-DD, or --MM-DD without the year) [invalid-value]",
            "people/x.md:4:8: error: every: the value is not a cadence: a number and d, w, m or y (10d, 2w, 3m, 1y) [invalid-value]",
        ])
        let fine = PersonDocument(bytes: Array("---\nname: Y\nbirthday: --02-29\n---\n".utf8), path: "people/y.md")
        #expect(fine.fieldProblems.isEmpty)
    }
}
