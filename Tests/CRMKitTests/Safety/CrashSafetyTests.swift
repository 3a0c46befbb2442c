import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// `crm` killed at any moment leaves every person file whole: the old version or the new one.
@Suite struct CrashSafetyTests {
    @Test func killingLogMidWriteLeavesOneWholeVersion() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let path = "people/margaret-holloway.md"
        var known = [vault.read(path)]
        var killed = 0
        for attempt in 0..<40 {
            let process = try CRM.start(["--vault", vault.path, "log", "margaret-holloway", "Attempt \(attempt)."])
            usleep(UInt32.random(in: 0...6_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            let now = vault.read(path)
            let previous = known.last!
            // Either nothing happened, or exactly this attempt's entry was added.
            let added = previous.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-29 call: Attempt \(attempt).\n")
            #expect(now == previous || now == added, "attempt \(attempt) left a torn file")
            if now != previous { known.append(now) }
            let doc = PersonDocument(bytes: Array(now.utf8), path: path)
            #expect(doc.diagnostics.isEmpty)
        }
        // Leftover temporary files are never people, and the next write cleans them up.
        #expect(try vault.crm("list", "--ids").stdout.split(separator: "\n").allSatisfy { !$0.contains("crm-tmp") })
        #expect(try vault.crm("log", "margaret-holloway", "After the storm.").status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: vault.url.appendingPathComponent("people").path)
            .filter { $0.hasPrefix(".crm-tmp-") }
        #expect(leftovers.isEmpty)
        #expect(killed > 0 || known.count == 41)
    }

    @Test func leftoverTemporaryFilesAreCleanedByTheNextWrite() throws {
        let vault = try TemporaryVault(copyingExample: true)
        // What a `crm log henrik` killed mid-write leaves.
        try vault.write("people/.crm-tmp-henrik-dahl.md", "---\nname: Half written\n")
        #expect(!(try vault.crm("list", "--ids").stdout.contains("crm-tmp")))
        #expect(try vault.crm("log", "henrik", "Cleanup run.").status == 0)
        #expect(!vault.exists("people/.crm-tmp-henrik-dahl.md"))
    }
}
