import Foundation
import Testing

/// `crm browse` and `crm` alone, run as a user runs them but without a terminal.
@Suite struct BrowseCLITests {
    @Test func browseWithoutATerminalIsAUsageError() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("browse")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("crm: error: 'crm browse' needs a terminal: standard input and output must both be one"))
        #expect(result.stderr.contains("usage: crm browse"))
    }

    @Test func crmAloneWithoutATerminalPrintsTheHelp() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm()
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: crm COMMAND"))
        #expect(result.stdout.contains("  browse "))
    }

    @Test func browseHasHelpWithExamples() throws {
        let result = try CRM.run(["browse", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("EXAMPLES:\n  crm browse\n"))
        #expect(result.stdout.contains("CRM_OPENER"))
        #expect(!result.stdout.contains("--json"))
        let json = try CRM.run(["browse", "--json"])
        #expect(json.status == 2)
    }

    @Test func addFromOffATerminalStillNeedsOneMatch() throws {
        let vault = try TemporaryVault()
        let cards = Fixtures.packageRoot.appendingPathComponent("docs/examples/contacts.vcf").path
        let result = try vault.crm("add", "--from", cards, "ada")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'ada' matches 2 contacts"))
    }
}
