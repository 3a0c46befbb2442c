import Foundation
import Testing
@testable import CRMFormat

/// A file the tool cannot read as UTF-8 text with LF or CRLF line ends, or a path that is no file
/// at all, is said as what it is, at `path:1:1`, and never misread or written (docs/safety.md, "What
/// a file is, is said" and the lone carriage return): person files, daily notes, both settings files.
/// Every run has a deadline (`CRM.deadline`): a reader that opened a FIFO or `/dev/zero` would wait
/// or read forever.
@Suite struct WhatAFileIsTests {

    static let ada = "---\nname: Ada Lovelace\n---\n\nPrefers letters.\n\n## Interactions\n\n- 2026-11-01 call: Tea.\n"

    // MARK: Lone carriage returns

    @Test func aFileWhoseLinesEndInLoneCarriageReturnsIsRefusedNeverWritten() throws {
        let vault = try TemporaryVault()
        let mac = Array(Self.ada.replacingOccurrences(of: "\n", with: "\r").utf8)
        try vault.write("people/ada.md", mac)
        let reason = "its lines end in a lone carriage return (CR); save it with LF or CRLF line ends"
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout == "people/ada.md:1:1: error: file is not read: \(reason) [unreadable-file]\n")
        let list = try vault.crm("list")
        #expect(list.stderr == "people/ada.md:1:1: warning: not listed: file is not read: \(reason) [unreadable-file]\n")
        let log = try vault.crm("log", "ada", "call", "Again")
        #expect(log.status == 1)
        #expect(log.stderr.contains("people/ada.md:1:1: not changed: file is not read: \(reason)"), "\(log.stderr)")
        #expect(try vault.crm("set", "ada", "every=30d").status == 1)
        #expect(vault.bytes("people/ada.md") == mac)
    }

    /// A stray carriage return inside a line of a file with LF (or CRLF) line ends is text, as
    /// "Minimal diffs" says: the file is read and written as before.
    @Test func aStrayCarriageReturnInALineIsText() throws {
        #expect(TextProblem(Array("a\rb\nc\n".utf8)) == nil)
        #expect(TextProblem(Array("a\r\nb\r\n".utf8)) == nil)
        #expect(TextProblem(Array("one line\r".utf8)) == nil)
        #expect(TextProblem(Array("a\rb\rc\n".utf8))?.kind == .loneCarriageReturns)
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "Prefers letters.", with: "Prefers\rletters."))
        #expect(try vault.crm("check").status == 0)
        #expect(try vault.crm("log", "ada", "call", "Again").status == 0)
        #expect(vault.read("people/ada.md").contains("Prefers\rletters.\n"))
    }

    @Test func aDailyNoteOrSettingsWithLoneCarriageReturnsIsSaid() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: journal\n")
        try vault.write("people/ada.md", Self.ada)
        try vault.write("journal/2026-11-20.md", "- Tea with [[Ada Lovelace]]\r- Letters\r")
        let check = try vault.crm("check")
        #expect(check.stdout.contains("journal/2026-11-20.md:1:1: error: daily note is not read: its lines end in a lone carriage return (CR)"),
                "\(check.stdout)")
        try vault.write(".crm/config.yaml", "journal: journal\rheading: Log\r")
        let list = try vault.crm("list")
        #expect(list.status == 1)
        #expect(list.stderr == "crm: error: cannot read \(vault.path)/.crm/config.yaml: its lines end in a lone carriage return (CR); "
                + "save it with LF or CRLF line ends\n")
    }

    // MARK: Not a file

    /// A FIFO and a symbolic link to `/dev/zero` where person files are expected are named, never
    /// opened: `list` and `check` say what each is, writes refuse them.
    @Test func aFIFOOrADeviceIsNamedAndNeverOpened() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.ada)
        #expect(mkfifo(vault.path + "/people/pipe.md", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/people/zero.md", withDestinationPath: "/dev/zero")
        let list = try vault.crm("list")
        #expect(list.status == 0)
        #expect(list.stderr == "people/pipe.md:1:1: warning: not listed: cannot read people/pipe.md: it is a FIFO, not a file [unreadable-file]\n"
                + "people/zero.md:1:1: warning: not listed: cannot read people/zero.md: it is a device, not a file [unreadable-file]\n")
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout == "people/pipe.md:1:1: error: cannot read people/pipe.md: it is a FIFO, not a file [unreadable-file]\n"
                + "people/zero.md:1:1: error: cannot read people/zero.md: it is a device, not a file [unreadable-file]\n")
        for (id, what) in [("pipe", "a FIFO"), ("zero", "a device")] {
            let log = try vault.crm("log", id, "call", "Hello")
            #expect(log.status == 1)
            #expect(log.stderr.contains("people/\(id).md: it is \(what), not a file"), "\(log.stderr)")
            #expect(try vault.crm("show", id).stderr.contains("it is \(what), not a file"))
        }
        #expect(FileSystem.Kind(mode: S_IFSOCK) == .socket && FileSystem.Kind.socket.notAFile == "it is a socket, not a file")
    }

    /// A daily note that is a FIFO, and settings files that are a folder or a FIFO.
    @Test func aDailyNoteOrSettingsThatIsNoFileIsNamed() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: journal\n")
        try vault.write("people/ada.md", Self.ada)
        try FileManager.default.createDirectory(atPath: vault.path + "/journal", withIntermediateDirectories: true)
        #expect(mkfifo(vault.path + "/journal/2026-11-20.md", 0o644) == 0)
        let check = try vault.crm("check")
        #expect(check.stdout == "journal/2026-11-20.md:1:1: error: cannot read journal/2026-11-20.md: it is a FIFO, not a file [unreadable-file]\n")

        let home = vault.path + "/home"
        try FileManager.default.createDirectory(atPath: home + "/crm", withIntermediateDirectories: true)
        #expect(mkfifo(home + "/crm/config.yaml", 0o644) == 0)
        let user = try vault.crm("list", environment: ["XDG_CONFIG_HOME": home])
        #expect(user.stderr.hasPrefix("\(home)/crm/config.yaml:1:1: warning: cannot read your crm settings: it is a FIFO, not a file\n"),
                "\(user.stderr)")

        try FileManager.default.removeItem(atPath: vault.path + "/.crm/config.yaml")
        try FileManager.default.createDirectory(atPath: vault.path + "/.crm/config.yaml", withIntermediateDirectories: true)
        let folder = try vault.crm("list")
        #expect(folder.status == 1)
        #expect(folder.stderr == "crm: error: cannot read \(vault.path)/.crm/config.yaml: it is a folder, not a file\n")
    }

    // MARK: UTF-16 and UTF-32

    static func encoded(_ text: String, _ encoding: String.Encoding) -> [UInt8] { Array(text.data(using: encoding)!) }

    @Test(arguments: [(String.Encoding.utf16, 16), (.utf16LittleEndian, 16), (.utf16BigEndian, 16),
                      (.utf32, 32), (.utf32LittleEndian, 32), (.utf32BigEndian, 32)])
    func wideTextIsNamedAsWhatItIs(_ encoding: String.Encoding, _ bits: Int) throws {
        let bytes = Self.encoded(Self.ada, encoding)
        #expect(TextProblem(bytes)?.kind == .wideText(bits: bits), "\(encoding)")
        #expect(TextProblem(bytes)?.line == 1)
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", bytes)
        let check = try vault.crm("check")
        #expect(check.stdout == "people/ada.md:1:1: error: file is not read: it is UTF-\(bits) text: save it as UTF-8 [unreadable-file]\n")
        #expect(try vault.crm("log", "ada", "call", "Again").status == 1)
        #expect(vault.bytes("people/ada.md") == bytes)
    }

    /// NUL bytes that are no UTF-16 pattern are still a binary file; text with no zero byte is
    /// read as UTF-8.
    @Test func binaryIsStillBinary() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        #expect(TextProblem(png)?.kind == .nulBytes)
        #expect(TextProblem(Array("name: Zoë\n".utf8)) == nil)
        #expect(TextProblem(Array("a\0b\n".utf8))?.kind == .nulBytes)
    }

    /// Daily notes in UTF-16 were skipped without a word; the vault's settings and the person's
    /// own were read as garbled YAML.
    @Test func wideDailyNotesAndSettingsAreSaid() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: journal\n")
        try vault.write("people/ada.md", Self.ada)
        try vault.write("journal/2026-11-20.md", Self.encoded("- Tea with [[Ada Lovelace]]\n", .utf16))
        let check = try vault.crm("check")
        #expect(check.stdout == "journal/2026-11-20.md:1:1: error: daily note is not read: it is UTF-16 text: save it as UTF-8 [unreadable-file]\n")

        let home = vault.path + "/home"
        try vault.write("home/crm/config.yaml", Self.encoded("pager: less\n", .utf16LittleEndian))
        let user = try vault.crm("list", environment: ["XDG_CONFIG_HOME": home])
        #expect(user.stderr == "\(home)/crm/config.yaml:1:1: warning: cannot read your crm settings: it is UTF-16 text: save it as UTF-8\n")

        try vault.write(".crm/config.yaml", Self.encoded("journal: journal\n", .utf32))
        let list = try vault.crm("list")
        #expect(list.status == 1)
        #expect(list.stderr == "crm: error: cannot read \(vault.path)/.crm/config.yaml: it is UTF-32 text: save it as UTF-8\n")
    }

    @Test func aNamedPipeInPeopleIsReportedNotWaitedOn() throws {
        let vault = try TemporaryVault(copyingExample: true)
        #expect(mkfifo(vault.path + "/people/pipe.md", 0o644) == 0)
        let result = try vault.crm("list")
        #expect(result.status == 0)
        #expect(result.stderr.contains("people/pipe.md"))
        #expect(result.stdout.contains("Margaret Holloway"))
    }
}
