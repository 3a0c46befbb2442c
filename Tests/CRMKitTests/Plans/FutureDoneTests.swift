import Foundation
import Testing

/// A ticked item dated after today reads as planned: `check` warns and `show` says so
/// (CRM_TODAY=2026-11-29).
@Suite struct FutureDoneTests {
    func vault(_ log: String) throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada Lovelace\n---\n\n## Interactions\n\n" + log)
        return vault
    }

    static let warning = "people/ada.md:7:1: warning: item ticked done but dated 2026-12-05, after today: it counts as contact only from "
        + "that day, and reads as planned until then; write the day it was done (or untick it) [done-after-today]\n"

    /// The sample: `- [x]` dated after today read as planned without a word.
    @Test func checkWarnsAndShowSaysIt() throws {
        let vault = try vault("- [x] 2026-12-05 visit: Dinner.\n- 2026-11-20 call: Cards.\n")
        // Twice: once read from the file, once from the facts cache.
        for _ in 0..<2 {
            let check = try vault.crm("check")
            #expect(check.stdout == Self.warning)
            #expect(check.status == 0)
        }
        let show = try vault.crm("show", "ada").stdout
        #expect(show.contains("  1  2026-12-05        visit  Dinner. (ticked done, but dated after today)\n"), "\(show)")
        // On its day it is an interaction like any other.
        let then = try vault.crm("check", environment: ["CRM_TODAY": "2026-12-05"])
        #expect(then.stdout.isEmpty)
        #expect(!(try vault.crm("show", "ada", environment: ["CRM_TODAY": "2026-12-05"]).stdout.contains("ticked done")))
    }

    @Test(arguments: ["- [X] 2026-12-05 call: Dinner.\n", "* [x] [[2026-12-05]] Dinner.\n", "- [x] 2026-12-05 10:00: Dinner.\n  Bring cards.\n"])
    func everyWayOfWritingATickedItem(_ log: String) throws {
        let vault = try vault(log)
        #expect(try vault.crm("check").stdout == Self.warning, "\(log)")
    }

    @Test func doneWithADateAfterTodayWritesItAndWarns() throws {
        let vault = try vault("- [ ] 2026-11-20 visit: Dinner.\n")
        let done = try vault.crm("done", "ada", "--date", "2026-12-05")
        #expect(done.status == 0)
        #expect(done.stderr == "crm: warning: 2026-12-05 is after today: a done item counts as contact only from its day on "
                + "('crm check' warns until then)\n")
        #expect(try vault.crm("check").stdout == Self.warning)
    }

    /// A follow-up ticked by hand in an editor has no day: it is no interaction, and `check` says so.
    @Test func aFollowUpTickedWithoutADateIsReported() throws {
        let vault = try vault("- [x] Lend her the book.\n- 2026-11-20 call: Cards.\n")
        #expect(try vault.crm("check").stdout == "people/ada.md:7:1: warning: follow-up ticked without a date counts as no interaction; "
                + "write the day it was done: - [x] YYYY-MM-DD: Lend her the book. [undated-done]\n")
        let list = try vault.crm("list", "--json").stdout
        #expect(list.contains("\"interactions\": 1"), "\(list)")
    }

    @Test(arguments: ["- [x] 2026-11-29 call: Today.\n", "- 2026-12-05 call: A plain entry ahead is planned.\n",
                      "- [ ] 2026-12-05 call: An open plan.\n", "- [x] 2026-11-01 call: Done.\n"])
    func whatIsNoProblem(_ log: String) throws {
        let vault = try vault(log)
        #expect(try vault.crm("check").stdout.isEmpty, "\(log)")
    }
}
