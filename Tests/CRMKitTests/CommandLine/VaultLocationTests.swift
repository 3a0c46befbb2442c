import Foundation
import Testing

/// A vault named by `--vault` or `$CRM_VAULT` that is not one: the message says what the path is
/// instead, and nothing is written there.
@Suite struct VaultLocationTests {
    func list(_ vault: String, fromEnvironment: Bool = false) throws -> CRMResult {
        fromEnvironment ? try CRM.run(["list"], environment: ["CRM_VAULT": vault]) : try CRM.run(["--vault", vault, "list"])
    }

    @Test(arguments: [false, true])
    func aFileGivenAsTheVaultIsSaidToBeAFileAndTheVaultItIsInNamed(_ fromEnvironment: Bool) throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n")
        let file = vault.path + "/people/ada.md"
        let result = try list(file, fromEnvironment: fromEnvironment)
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: vault folder '\(file)' (from \(fromEnvironment ? "CRM_VAULT" : "--vault")) is a file, "
                + "not a folder; name the folder that holds people/ and .crm/ ('\(vault.path)' is the vault this file is in)\n")
    }

    @Test func aFileOutsideAnyVaultIsSaidToBeAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crm-not-a-vault-\(UUID().uuidString).txt")
        try Data("notes\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try list(file.path)
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: vault folder '\(file.path)' (from --vault) is a file, not a folder; "
                + "name the folder that holds people/ and .crm/\n")
    }

    @Test func aFolderWithoutPeopleOrCrmIsNotAVaultAndNothingIsWrittenThere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crm-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CRM.run(["--vault", folder.path, "add", "Ada Lovelace"])
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: vault folder '\(folder.path)' (from --vault) is not a vault: it holds neither "
                + ".crm/ nor people/; 'crm init \(folder.path)' makes it one\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // `crm init` makes it one, and then it is used.
        #expect(try CRM.run(["init", folder.path]).status == 0)
        #expect(try CRM.run(["--vault", folder.path, "add", "Ada Lovelace"]).status == 0)
    }

    @Test func aPathThroughAFileIsSaidToBe() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\n---\n")
        let through = vault.path + "/people/ada.md/more"
        #expect(try list(through).stderr == "crm: error: vault folder '\(through)' (from --vault) is not a folder: a part of the path is a file\n")
    }

    @Test func initOfAFileSaysItIsOneAndCreatesNothing() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crm-init-file-\(UUID().uuidString)")
        try Data("notes\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CRM.run(["init", file.path])
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: '\(file.path)' is a file, not a folder; nothing was created\n")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == "notes\n")
    }

    @Test func aMissingFolderIsSaidNotToExist() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("crm-missing-\(UUID().uuidString)").path
        #expect(try list(missing).stderr == "crm: error: vault folder '\(missing)' does not exist (from --vault)\n")
        #expect(try list(missing, fromEnvironment: true).stderr == "crm: error: vault folder '\(missing)' does not exist (from CRM_VAULT)\n")
    }

    @Test func aPeopleThatIsAFileIsSaidToBeOne() throws {
        let vault = try TemporaryVault()
        try FileManager.default.removeItem(at: vault.url.appendingPathComponent("people"))
        try vault.write("people", "not a folder\n")
        let result = try list(vault.path)
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: '\(vault.path)/people' is not a folder: a vault keeps its person files in the folder people/\n")
    }

    @Test(.enabled(if: getuid() != 0, "root reads any folder"))
    func anUnreadableFolderIsSaidToBe() throws {
        let vault = try TemporaryVault()
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: vault.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: vault.path) }
        let result = try list(vault.path)
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: cannot read vault folder '\(vault.path)' (from --vault): Permission denied\n")
    }
}
