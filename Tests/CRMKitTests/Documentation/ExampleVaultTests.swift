import Foundation
import Testing

/// `example-vault/`, which the README and the docs run their examples on: only what a person
/// wrote is in the repository, never what `crm` leaves on a machine.
@Suite struct ExampleVaultTests {
    @Test func theExampleVaultShipsNoMachineLocalState() throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", Fixtures.packageRoot.path, "ls-files", "example-vault", "--error-unmatch", "example-vault/.crm/config.yaml"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = Pipe()
        try git.run()
        let tracked = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        try #require(git.terminationStatus == 0, "not a git checkout")
        let files = tracked.split(separator: "\n")
        #expect(files.contains("example-vault/.crm/config.yaml"))
        #expect(!files.contains { $0.hasPrefix("example-vault/.crm/") && $0 != "example-vault/.crm/config.yaml" }, "\(files)")
        // And what the tool writes there is ignored.
        let ignored = Process()
        ignored.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ignored.arguments = ["git", "-C", Fixtures.packageRoot.path, "check-ignore", "--no-index",
                             "example-vault/.crm/cache/facts", "example-vault/.crm/trash/x.md", "example-vault/INDEX.md"]
        let ignoredOut = Pipe()
        ignored.standardOutput = ignoredOut
        try ignored.run()
        let listed = String(decoding: ignoredOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ignored.waitUntilExit()
        #expect(listed.split(separator: "\n").count == 3, "\(listed)")
    }
}
