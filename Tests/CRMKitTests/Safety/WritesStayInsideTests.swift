import CRMFormat
import Foundation
import Testing

/// A sync peer chooses every name in the vault, symbolic links included: no write may leave the
/// vault through one, and no walk may follow one out (docs/safety.md, "Writes stay inside the vault").
@Suite struct WritesStayInsideTests {
    /// A folder outside any vault, removed when the value is released.
    final class Outside {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crm-outside-\(UUID().uuidString)")
        var path: String { url.path }
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        func read(_ name: String) -> String? {
            FileManager.default.contents(atPath: url.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    static let outsider = """
        ---
        name: Outsider
        email: out@example.org
        ---

        ## Interactions

        - [ ] 2026-12-01 call: Plan something
        * 2026-11-20 call: Talked

        """

    @Test func noWriteCommandWritesThroughASymlinkedFolderUnderPeople() throws {
        let vault = try TemporaryVault()
        let outside = try Outside()
        try outside.write("outsider.md", Self.outsider)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/people/elsewhere", withDestinationPath: outside.path)
        let commands: [[String]] = [
            ["log", "elsewhere/outsider", "Hello"], ["plan", "elsewhere/outsider", "Lunch", "--date", "2026-12-03"],
            ["done", "elsewhere/outsider", "1"], ["unlog", "elsewhere/outsider", "2"], ["set", "elsewhere/outsider", "phone=123"],
            ["unset", "elsewhere/outsider", "email"], ["snooze", "elsewhere/outsider", "2026-12-24"],
            ["rename", "elsewhere/outsider", "Someone Else"], ["fmt", "elsewhere/outsider"], ["rm", "elsewhere/outsider", "--yes"],
            ["relate", "elsewhere/outsider", "elsewhere/outsider", "friend"],
        ]
        for command in commands {
            let result = try CRM.run(["--vault", vault.path] + command)
            #expect(result.status != 0, "\(command) exited 0")
            #expect(result.stderr.contains("people/elsewhere is a symbolic link to \(outside.url.resolvingSymlinksInPath().path); crm writes only in the vault's own folders")
                    || command[0] == "fmt" || command[0] == "relate", "\(command): \(result.stderr)")
            #expect(outside.read("outsider.md") == Self.outsider, "\(command) changed the file outside the vault")
        }
        #expect(FileManager.default.fileExists(atPath: outside.path + "/outsider.md"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["outsider.md"])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: vault.path + "/.crm/trash")) ?? [] == [])
    }

    @Test func aSymlinkedTrashOrPeopleFolderIsNotWrittenThrough() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        try vault.crm("log", "ada", "Tea")
        let outside = try Outside()
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/.crm/trash", withDestinationPath: outside.path)
        let unlog = try vault.crm("unlog", "ada", "1")
        #expect(unlog.status != 0)
        #expect(unlog.stderr.contains(".crm/trash is a symbolic link to"), "\(unlog.stderr)")
        #expect(try vault.crm("rm", "ada", "--yes").status != 0)
        #expect(vault.exists("people/ada-lovelace.md"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)

        let other = try TemporaryVault()
        try FileManager.default.removeItem(atPath: other.path + "/people")
        try FileManager.default.createSymbolicLink(atPath: other.path + "/people", withDestinationPath: outside.path)
        let add = try other.crm("add", "Bea Quill")
        #expect(add.status != 0)
        #expect(add.stderr.contains("people is a symbolic link to"), "\(add.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func restoreTakesOnlyPathsUnderPeople() throws {
        let vault = try TemporaryVault()
        let outside = try Outside()
        try vault.crm("add", "Ada Lovelace")
        try vault.crm("log", "ada", "Tea")
        try FileManager.default.createDirectory(atPath: vault.path + "/.crm/trash", withIntermediateDirectories: true)
        // `path:` climbing out of the vault.
        let escape = String(repeating: "../", count: 12) + String(outside.path.dropFirst()) + "/evil.md"
        try vault.write(".crm/trash/20261129-101500-ada-lovelace.entry.md",
                        "---\npath: people/\(escape)\nid: ada-lovelace\nline: 8\ndigest: 00\n---\n- 2026-11-28 call: Hi\n")
        let byPath = try vault.crm("restore", "20261129-101500-ada-lovelace.entry.md")
        #expect(byPath.status != 0)
        #expect(byPath.stderr.contains("which is not a file under people/; nothing was restored"), "\(byPath.stderr)")
        // A name whose folders (`--`) climb out: `people/family/../../x.md`.
        try FileManager.default.createDirectory(atPath: vault.path + "/people/family", withIntermediateDirectories: true)
        try vault.write(".crm/trash/20261129-101600-family--..--..--x.md", "---\nname: X\n---\n")
        let byName = try vault.crm("restore", "20261129-101600-family--..--..--x.md")
        #expect(byName.status != 0)
        #expect(byName.stderr.contains("which is not a file under people/; nothing was restored"), "\(byName.stderr)")
        #expect(!vault.exists("x.md"))
        #expect(outside.read("evil.md") == nil)
        #expect(vault.exists(".crm/trash/20261129-101600-family--..--..--x.md"))
    }

    @Test func aJournalFolderLinkedOutOfTheVaultIsNotWalked() throws {
        let vault = try TemporaryVault()
        try vault.crm("add", "Ada Lovelace")
        let outside = try Outside()
        try outside.write("2026-11-20.md", "- Tea with [[ada-lovelace]]\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Daily", withDestinationPath: outside.path)
        try vault.write(".crm/config.yaml", "journal: Daily\n")
        let show = try vault.crm("show", "ada")
        #expect(!show.stdout.contains("2026-11-20"), "\(show.stdout)")
        let check = try vault.crm("check")
        #expect(check.stdout.contains("Daily:1:1: warning: the journal folder is a symbolic link to \(outside.url.resolvingSymlinksInPath().path), outside the vault: its daily notes are not read"),
                "\(check.stdout)\(check.stderr)")
    }
}
