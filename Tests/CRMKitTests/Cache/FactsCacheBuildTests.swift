import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The facts cache belongs to one build of the tool: another build (a new parser, new messages)
/// reads every file again, with nothing for the user to delete.
@Suite struct FactsCacheBuildTests {
    @Test func aCacheWrittenByAnotherBuildOfTheToolIsNotUsed() throws {
        let copy = try TemporaryVault(copyingExample: true)
        let vault = try Vault(root: copy.path)
        #expect(FactsCache.build != nil)
        // A cache written by this test program, every name marked so its use shows.
        try FactsCache.saveMarked(vault)
        let names = vault.facts().rows.map(\.name)
        #expect(!names.isEmpty && names.allSatisfy { $0.hasPrefix("CACHED ") })   // this build reads it
        // The `crm` executable is another build: it reads the files themselves.
        for command in [["list", "--json"], ["due", "--json"], ["show", "henrik", "--json"], ["check"]] {
            let result = try CRM.run(["--vault", copy.path] + command)
            #expect(!result.stdout.contains("CACHED"), "\(command)")
        }
        #expect(try copy.crm("list").stdout.contains("Henrik Dahl"))
    }
}
