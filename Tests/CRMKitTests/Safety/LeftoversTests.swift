import Foundation
import Testing
@testable import CRMFormat

/// What a command cannot read is said, and what a killed one left is cleaned (docs/safety.md).
@Suite struct LeftoversTests {
    /// An unreadable folder under `people/` is a warning in `list` and `check`, not a silence.
    /// Root reads every folder, so as root the commands run as `nobody` (util-linux's setpriv).
    @Test func anUnreadableFolderIsAWarningInListAndCheck() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        try vault.write("people/private/bea-quill.md", "---\nname: Bea Quill\n---\n")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: vault.path + "/people/private")
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: vault.path + "/people/private") }
        var prefix: [String] = []
        if getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                print("skipped anUnreadableFolderIsAWarningInListAndCheck: running as root, and no /usr/bin/setpriv to run crm as nobody")
                return
            }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        }
        let list = try CRM.run(["--vault", vault.path, "list"], launcher: prefix)
        #expect(list.stdout.contains("Ada Lovelace"))
        #expect(list.stderr.contains("people/private:1:1: warning: not listed: cannot read this folder (Permission denied): the people in it are left out"), "\(list.stderr)")
        let check = try CRM.run(["--vault", vault.path, "check"], launcher: prefix)
        #expect(check.stdout.contains("people/private:1:1: warning: cannot read this folder (Permission denied)"), "\(check.stdout)")
    }

    /// Temporary files a killed write left are cleaned by the next write in their folder: one
    /// named for a file (only a write holding the vault lock makes those) at once, any other
    /// after an hour; a recent one of another process stays.
    @Test func theNextWriteCleansLeftoverTemporaryFiles() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        try vault.write("people/.crm-tmp-zed-young.md", "---\nname: Half writ")
        try vault.write("people/.crm-tmp-a1B2c3", "old")
        try vault.write("people/.crm-tmp-x9Y8z7", "being written")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: vault.path + "/people/.crm-tmp-a1B2c3")
        try vault.write(".crm/trash/.crm-tmp-20261129-101500-ada.entry.md", "---\npath: people/ada-lovelace.md")
        #expect(try vault.crm("log", "ada", "Tea").status == 0)
        #expect(!vault.exists("people/.crm-tmp-zed-young.md"))
        #expect(!vault.exists("people/.crm-tmp-a1B2c3"))
        #expect(vault.exists("people/.crm-tmp-x9Y8z7"))
        #expect(try vault.crm("unlog", "ada", "1").status == 0)
        #expect(!vault.exists(".crm/trash/.crm-tmp-20261129-101500-ada.entry.md"))
    }

    @Test func aLeftoverHardLinkToThePersonFileIsNeverWrittenThrough() throws {
        let vault = try TemporaryVault(copyingExample: true)
        // What a `crm add` killed between its link and its unlink leaves.
        #expect(link(vault.path + "/people/henrik-dahl.md", vault.path + "/people/.crm-tmp-henrik-dahl.md") == 0)
        let before = vault.read("people/henrik-dahl.md")
        #expect(try vault.crm("log", "henrik", "Once.", "--date", "2026-11-10").status == 0)
        let after = vault.read("people/henrik-dahl.md")
        #expect(after.components(separatedBy: "Once.").count == 2)
        #expect(after == before + "- 2026-11-10 call: Once.\n")
        #expect(!vault.exists("people/.crm-tmp-henrik-dahl.md"))
    }
}
