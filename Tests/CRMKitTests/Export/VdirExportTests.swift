import Foundation
import Testing
@testable import CRMKit

/// `crm export --format vdir -o DIR` as a user runs it, and the round trip through a phone:
/// cards edited in the folder come back with `crm refresh` and `crm import`. khard and vobject
/// read the folder in `Tests/Interop/check-vdir.sh`.
@Suite struct VdirExportTests {
    static let margaret = "3f2504e0-4f89-11d3-9a0c-0305e82c3301.vcf"   // UID:3F2504E0-4F89-11D3-9A0C-0305E82C3301

    /// The example vault and a folder beside it for the cards.
    static func setUp() throws -> (vault: TemporaryVault, dir: String) {
        let vault = try TemporaryVault(copyingExample: true)
        return (vault, vault.path + "/../" + URL(fileURLWithPath: vault.path).lastPathComponent + "-cards")
    }

    static func cards(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".vcf") }.sorted()
    }

    static func modified(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// Every file of `dir` dated an hour ago, so a rewrite shows in its modification time.
    static func backdate(_ dir: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: dir + "/" + name)
        }
    }

    @Test(arguments: [
        ("3F2504E0-4F89-11D3-9A0C-0305E82C3301", "3f2504e0-4f89-11d3-9a0c-0305e82c3301.vcf"),
        ("urn:uuid:165BCB4A-9264-55D8-A20E-BA628B3D7A83", "165bcb4a-9264-55d8-a20e-ba628b3d7a83.vcf"),
        ("abc/../42", "a3a9d3bf-3c39-5b0a-9b7b-5d1d5c2f4d6e.vcf"),
    ])
    func fileNamesComeFromTheUIDAlone(_ uid: String, _ name: String) {
        let made = VdirExport.fileName(uid: uid)
        if uid.contains("/") {
            #expect(made == VdirExport.fileName(uid: uid) && made != VdirExport.fileName(uid: uid.uppercased()))
            #expect(made.utf8.count == 40 && VdirExport.isCardName(made), "\(made)")
        } else {
            #expect(made == name)
        }
    }

    @Test func oneCardAPersonAndASecondExportTouchesNothing() throws {
        let (vault, dir) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try vault.crm("export", "--format", "vdir", "-o", dir)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(first.stdout == "Wrote 12 cards to \(dir) (0 unchanged)\n")
        let names = Self.cards(dir)
        #expect(names.count == 12 && names.contains(Self.margaret), "\(names)")
        let single = try vault.crm("export", "--format", "vcard").stdout
        let joined = try names.map { try String(contentsOfFile: dir + "/" + $0, encoding: .utf8) }
        #expect(Set(joined) == Set(single.components(separatedBy: "END:VCARD\r\n").dropLast().map { $0 + "END:VCARD\r\n" }),
                "each file holds one card of the vCard export")

        try Self.backdate(dir)
        let before = try names.map { try Self.modified(dir + "/" + $0) }
        let second = try vault.crm("export", "--format", "vdir", "-o", dir)
        #expect(second.stdout == "Wrote 0 cards to \(dir) (12 unchanged)\n")
        #expect(try names.map { try Self.modified(dir + "/" + $0) } == before, "no card rewritten")

        // One person changes: their card alone is rewritten.
        #expect(try vault.crm("set", "margaret", "email=mh@example.org").status == 0)
        let third = try vault.crm("export", "--format", "vdir", "-o", dir)
        #expect(third.stdout == "Wrote 1 card to \(dir) (11 unchanged)\n")
        let after = try names.map { try Self.modified(dir + "/" + $0) }
        #expect(zip(names, zip(before, after)).filter { $0.1.0 != $0.1.1 }.map(\.0) == [Self.margaret])
        #expect(try String(contentsOfFile: dir + "/" + Self.margaret, encoding: .utf8).contains("EMAIL;PREF=1:mh@example.org\r\n"))
    }

    @Test func onlyCardsCrmWroteAndNobodyChangedAreRemoved() throws {
        let (vault, dir) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let mine = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:made-on-the-phone\r\nFN:Someone New\r\nEND:VCARD\r\n"
        try mine.write(toFile: dir + "/phone-made.vcf", atomically: true, encoding: .utf8)
        #expect(try vault.crm("export", "--format", "vdir", "-o", dir).status == 0)
        // Margaret leaves the vault; so does Lena, whose card was edited meanwhile.
        let lena = try #require(Self.cards(dir).first { (try? String(contentsOfFile: dir + "/" + $0, encoding: .utf8))?.contains("FN:Lena Marsh") == true })
        let edited = try String(contentsOfFile: dir + "/" + lena, encoding: .utf8).replacingOccurrences(of: "END:VCARD", with: "NOTE:from the phone\r\nEND:VCARD")
        try edited.write(toFile: dir + "/" + lena, atomically: true, encoding: .utf8)
        #expect(try vault.crm("rm", "margaret", "--yes").status == 0)
        #expect(try vault.crm("rm", "lena", "--yes").status == 0)
        let export = try vault.crm("export", "--format", "vdir", "-o", dir)
        #expect(export.status == 0)
        #expect(export.stdout == "Wrote 0 cards to \(dir) (10 unchanged, 1 removed)\n", "\(export.stdout)")
        #expect(export.stderr == "\(dir)/\(lena):1:1: warning: kept: its person is no longer in the vault, but the card changed since crm wrote it\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + Self.margaret))
        #expect(try String(contentsOfFile: dir + "/" + lena, encoding: .utf8) == edited)
        #expect(try String(contentsOfFile: dir + "/phone-made.vcf", encoding: .utf8) == mine, "a card crm never wrote stays")
    }

    @Test func anEditOnThePhoneComesBackWithRefreshAndImportDoublesNobody() throws {
        let (vault, dir) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try vault.crm("add", "Zoe Quill", "--phone", "+1 555 0199").status == 0)   // no contact_id
        #expect(try vault.crm("export", "--format", "vdir", "-o", dir).status == 0)
        // The phone changes Margaret's number and Zoe's, and adds a nickname to Zoe.
        let path = dir + "/" + Self.margaret
        let card = try String(contentsOfFile: path, encoding: .utf8)
        try card.replacingOccurrences(of: "+44 20 7946 0123", with: "+44 7700 900321").write(toFile: path, atomically: true, encoding: .utf8)
        let zoe = try #require(Self.cards(dir).first { (try? String(contentsOfFile: dir + "/" + $0, encoding: .utf8))?.contains("FN:Zoe Quill") == true })
        let zoeCard = try String(contentsOfFile: dir + "/" + zoe, encoding: .utf8)
        try zoeCard.replacingOccurrences(of: "+1 555 0199", with: "+1 555 0142").replacingOccurrences(of: "N:Quill;Zoe;;;\r\n", with: "N:Quill;Zoe;;;\r\nNICKNAME:Zed\r\n")
            .write(toFile: dir + "/" + zoe, atomically: true, encoding: .utf8)

        // Exporting first would lose the phone's edits: those cards are left as they are.
        let early = try vault.crm("export", "--format", "vdir", "-o", dir)
        #expect(early.status == 0)
        #expect(early.stderr.contains("\(path):1:1: warning: not replaced: changed since crm wrote it, and it has phone +44 7700 900321 that people/margaret-holloway.md has not; run 'crm refresh --contacts \(dir)' first\n"), "\(early.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("+44 7700 900321"))

        let refresh = try vault.crm("refresh", "--contacts", dir)
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stdout.contains("Updated Margaret Holloway") && refresh.stdout.contains("Updated Zoe Quill"), "\(refresh.stdout)")
        #expect(vault.read("people/margaret-holloway.md").contains("phone: [\"+44 7700 900321\", \"+44 20 7946 0123\"]")
                    || vault.read("people/margaret-holloway.md").contains("+44 7700 900321"))
        #expect(vault.read("people/zoe-quill.md").contains("aliases: [Zed]"), "\(vault.read("people/zoe-quill.md"))")

        let imported = try vault.crm("import", dir, "--dry-run")
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("Would add 0 of 13 contacts"), "\(imported.stdout)")
        let after = try vault.crm("export", "--format", "vdir", "-o", dir)
        #expect(after.stderr.isEmpty, "\(after.stderr)")
        #expect(after.stdout.hasPrefix("Wrote 2 cards"), "\(after.stdout)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("TEL;VALUE=text;PREF=1:+44 7700 900321\r\n"))
    }

    /// A card made on the phone reaches the folder under the phone's own name (DAVx5 and
    /// vdirsyncer name files as they like). Imported, its person's card is written back into that
    /// file, never beside it: two files of one UID are two people in khard and on the phone. Its
    /// ANNIVERSARY comes in as `dates: anniversary:` and goes out again.
    @Test func aCardMadeOnThePhoneKeepsItsFileAndItsAnniversary() throws {
        let (vault, dir) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try vault.crm("export", "--format", "vdir", "-o", dir).status == 0)
        let uid = "urn:uuid:11111111-2222-3333-4444-555555555555"
        try "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(uid)\r\nFN:Nina Berg\r\nTEL:+46 70 123 45 67\r\nANNIVERSARY:20150620\r\nEND:VCARD\r\n"
            .write(toFile: dir + "/Nina Berg.vcf", atomically: true, encoding: .utf8)
        let imported = try vault.crm("import", dir)
        #expect(imported.status == 0)
        #expect(!imported.stderr.contains("ANNIVERSARY"), "\(imported.stderr)")
        #expect(vault.read("people/nina-berg.md").contains("\ndates:\n  anniversary: 2015-06-20\n---\n"), "\(vault.read("people/nina-berg.md"))")
        #expect(try vault.crm("show", "nina-berg").stdout.contains("anniversary"))

        #expect(try vault.crm("set", "nina-berg", "email=nina@example.org").status == 0)
        let export = try vault.crm("export", "--format", "vdir", "-o", dir)
        #expect(export.stdout == "Wrote 1 card to \(dir) (12 unchanged)\n", "\(export.stdout)\(export.stderr)")
        #expect(Self.cards(dir).count == 13)
        #expect(!Self.cards(dir).contains(VdirExport.fileName(uid: uid)))
        let card = try String(contentsOfFile: dir + "/Nina Berg.vcf", encoding: .utf8)
        #expect(card.contains("EMAIL;PREF=1:nina@example.org\r\n") && card.contains("ANNIVERSARY:20150620\r\n"), "\(card)")
        #expect(try vault.crm("export", "--format", "vdir", "-o", dir).stdout == "Wrote 0 cards to \(dir) (13 unchanged)\n")
    }

    /// Two exports into one folder at once (a cron job and a hand-run) run one after the other:
    /// every card written whole, the manifest naming each once.
    @Test func twoExportsAtOnceRunOneAfterTheOther() throws {
        let (vault, dir) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        nonisolated(unsafe) var results = [CRMResult?](repeating: nil, count: 4)
        let arguments = ["--vault", vault.path, "export", "--format", "vdir", "-o", dir]
        DispatchQueue.concurrentPerform(iterations: 4) { index in results[index] = try? CRM.run(arguments) }
        let finished = results.compactMap { $0 }
        #expect(finished.count == 4)
        #expect(finished.allSatisfy { $0.status == 0 }, "\(finished.map(\.stderr))")
        #expect(finished.filter { $0.stdout.hasPrefix("Wrote 12 cards") }.count == 1, "\(finished.map(\.stdout))")
        let manifest = try String(contentsOfFile: dir + "/" + VdirExport.manifestName, encoding: .utf8)
        #expect(manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 12)
    }

    @Test func nothingIsWrittenThroughALinkOutOfTheFolder() throws {
        let (vault, dir) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outside = try TemporaryVault()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "mine\n".write(toFile: outside.path + "/x.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/" + Self.margaret, withDestinationPath: outside.path + "/x.txt")
        let export = try vault.crm("export", "--format", "vdir", "-o", dir)
        #expect(export.status == 0)
        #expect(export.stderr.contains("\(dir)/\(Self.margaret):1:1: warning: not written: \(Self.margaret) is a symbolic link to \(outside.url.resolvingSymlinksInPath().path)/x.txt, outside the folder \(dir); not writing through it\n"), "\(export.stderr)")
        #expect(outside.read("x.txt") == "mine\n")
        #expect(Self.cards(dir).count == 12)
    }

    @Test func vdirNeedsAFolder() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("export", "--format", "vdir")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("crm: error: --format vdir writes a folder: give it with -o DIR\n"), "\(result.stderr)")
    }
}
