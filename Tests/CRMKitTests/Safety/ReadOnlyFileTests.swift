import Foundation
import Testing

/// A person file whose mode gives its owner no write bit (`chmod 444`) is changed by no command,
/// even one run as root, whom the system lets write anything: the mode bits are what count, as an
/// editor warns. The command names the file, exits 1 and does nothing else it would leave half done.
@Suite struct ReadOnlyFileTests {
    static let tahani = """
    ---
    name: Tahani Al-Jamil
    phone: "+1 555 0100"
    contact_id: T-1
    ---

    ## Interactions

    - [ ] 2026-12-05 visit: Dinner
    - 2026-11-20 call: Lunch
    * 2026-10-01 Call: Tea
    - [ ] Send the photos

    """

    static let refused = "crm: error: people/tahani.md is read-only (mode 0444); not changed\n"

    /// A vault with Tahani's file read-only, and a contacts file in which her phone changed (for `refresh`).
    func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write("people/tahani.md", Self.tahani)
        try vault.write("cards.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:T-1\r\nFN:Tahani Al-Jamil\r\nTEL:+1 555 0199\r\nEND:VCARD\r\n")
        try chmod(vault, "people/tahani.md", 0o444)
        return vault
    }

    func chmod(_ vault: TemporaryVault, _ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: vault.url.appendingPathComponent(path).path)
    }

    func mode(_ vault: TemporaryVault, _ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: vault.url.appendingPathComponent(path).path)[.posixPermissions] as! Int
    }

    /// Everything under `.crm/trash/` (an `unlog` that went ahead would leave its entry there).
    func trash(_ vault: TemporaryVault) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: vault.url.appendingPathComponent(".crm/trash").path)) ?? []
    }

    @Test(arguments: [
        ["log", "tahani", "Hello"],
        ["log", "tahani", "Hello", "--calendar=CALENDAR"],
        ["plan", "tahani", "Brunch", "--date", "2026-12-10"],
        ["done", "tahani"],
        ["done", "tahani", "photos", "--date", "2026-11-28"],
        ["set", "tahani", "every=30d"],
        ["unset", "tahani", "phone"],
        ["rename", "tahani", "Tahani Jamil"],
        ["fmt", "tahani"],
        ["fmt"],
        ["snooze", "tahani", "2026-12-20"],
        ["unlog", "tahani", "1"],
        ["refresh", "--contacts", "CARDS"],
        ["resolve"],
    ])
    func everyCommandThatWritesAPersonRefusesAReadOnlyFile(_ arguments: [String]) throws {
        let vault = try vault()
        let calendar = vault.url.appendingPathComponent("calendar")
        try FileManager.default.createDirectory(at: calendar, withIntermediateDirectories: true)
        if arguments == ["resolve"] {
            try vault.write("people/tahani.sync-conflict-20261128-101500-ABCDEFG.md",
                            Self.tahani.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-25 call: Copy\n"))
        }
        let given = arguments.map { $0 == "CALENDAR" ? calendar.path : $0 == "--calendar=CALENDAR" ? "--calendar=" + calendar.path
            : $0 == "CARDS" ? vault.path + "/cards.vcf" : $0 }
        let before = vault.bytes("people/tahani.md")
        let result = try CRM.run(["--vault", vault.path] + given)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr == Self.refused)
        #expect(vault.bytes("people/tahani.md") == before)
        #expect(try mode(vault, "people/tahani.md") == 0o444)
        #expect(!vault.exists("people/tahani-jamil.md"), "rename moved nothing")
        #expect(trash(vault).isEmpty, "unlog and resolve put nothing in the trash")
        #expect(try FileManager.default.contentsOfDirectory(atPath: calendar.path).isEmpty, "no calendar event")
        #expect(arguments != ["resolve"] || vault.exists("people/tahani.sync-conflict-20261128-101500-ABCDEFG.md"))
    }

    @Test func restoringAnEntryIntoAReadOnlyFileIsRefusedAndTheTrashKeepsIt() throws {
        let vault = try vault()
        try chmod(vault, "people/tahani.md", 0o644)
        #expect(try vault.crm("unlog", "tahani", "1").status == 0)
        try chmod(vault, "people/tahani.md", 0o444)
        let before = vault.bytes("people/tahani.md")
        let result = try vault.crm("restore", "tahani")
        #expect(result.status == 1)
        #expect(result.stderr == Self.refused)
        #expect(vault.bytes("people/tahani.md") == before)
        #expect(trash(vault).count == 1)
    }

    @Test func aRunOverSeveralFilesWritesNoneWhenOneIsReadOnly() throws {
        let vault = try vault()
        let messy = "---\nname: Ada\n---\n\n## Interactions\n\n* 2026-10-01 Call: Tea\n"
        try vault.write("people/ada.md", messy)
        let result = try vault.crm("fmt")
        #expect(result.status == 1)
        #expect(result.stderr == Self.refused)
        #expect(vault.read("people/ada.md") == messy)
        // Made writable again, the same run goes through.
        try chmod(vault, "people/tahani.md", 0o644)
        #expect(try vault.crm("fmt").stdout == "formatted people/ada.md\nformatted people/tahani.md\n")
        #expect(try mode(vault, "people/tahani.md") == 0o644)
    }

    @Test func aFileWithTheOwnerWriteBitIsWrittenWhateverTheOtherBits() throws {
        let vault = try vault()
        try chmod(vault, "people/tahani.md", 0o600)
        #expect(try vault.crm("log", "tahani", "Hello").status == 0)
        #expect(try mode(vault, "people/tahani.md") == 0o600)
        #expect(vault.read("people/tahani.md").contains("- 2026-11-29 call: Hello\n"))
    }
}
