import Foundation
import Testing

/// Issue #30, finding 18: names of only invisible characters (zero-width spaces, the Hangul
/// filler, no-break spaces, bidirectional marks) were accepted, and made people nobody can see
/// in a listing or pick by name.
@Suite struct InvisibleNameTests {
    static let invisible = ["\u{200B}\u{200B}", " \u{3164} ", "\u{2060}\u{FEFF}", "\u{200E}\u{00A0}\u{200D}"]
    static let message = "name has no visible character (only spaces and invisible characters such as U+200B)"

    @Test func addRenameAndSetRefuseANameWithNoVisibleCharacter() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let before = vault.read("people/margaret-holloway.md")
        for name in Self.invisible {
            for arguments in [["add", name], ["rename", "margaret", name], ["set", "margaret", "name=\(name)"]] {
                let result = try CRM.run(["--vault", vault.path] + arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.stderr.hasPrefix("crm: error: \(Self.message)\n"), "\(arguments): \(result.stderr)")
            }
        }
        #expect(vault.read("people/margaret-holloway.md") == before)
        // Invisible characters beside visible ones are the name's own.
        let zoe = try vault.crm("add", "Zo\u{00EB}\u{200D} \u{200B}Lee")
        #expect(zoe.status == 0, "\(zoe.stderr)")
    }

    @Test func importSkipsACardOrRowWhoseNameHasNoVisibleCharacter() throws {
        let vault = try TemporaryVault()
        try vault.write("contacts.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\u{200B}\u{3164}\r\nEMAIL:z@example.org\r\nEND:VCARD\r\n")
        let result = try vault.crm("import", vault.path + "/contacts.vcf")
        #expect(result.stdout.contains("Skipped the card at \(vault.path)/contacts.vcf:1: its name has no visible character\n"), "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/people").isEmpty)
    }
}
