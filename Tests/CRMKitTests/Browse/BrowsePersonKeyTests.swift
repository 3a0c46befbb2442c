import Foundation
import Testing
@testable import CRMBrowse
import CRMKit
import CRMTerminal

/// A person's page: its keys, and the writes they make, compared with the command line's.
@Suite struct BrowsePersonKeyTests {
    private func page(_ fixture: BrowseFixture) -> PersonPage? {
        if case .person(let page)? = fixture.state.top { return page }
        return nil
    }

    @Test func thePageShowsDetailsComingUpTheNumberedLogAndNotes() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        let lines = fixture.screen.lines
        #expect(lines[0] == "Lena Marsh  people/lena-marsh.md")
        #expect(lines.contains("  every    30d (from a tag)"))
        #expect(lines.contains("Coming up (2)"))
        #expect(lines.contains { $0.hasPrefix("> 2  2026-11-29 21:00  call     Hear how the Leeds viewing went.") })
        #expect(lines.contains("Interactions (4)"))
        #expect(lines.contains { $0.hasPrefix("  5  2026-10-11        message  Congratulated her on the new job.") })
    }

    @Test func theNumbersAreTheOnesCrmShowAndUnlogTake() throws {
        let fixture = try BrowseFixture()
        for query in ["lena", "oliver", "bea", "山田"] {
            fixture.open(query)
            guard let page = page(fixture) else { Issue.record("no page for \(query)"); continue }
            let shown = try CRM.run(["--vault", fixture.vault.path, "show", page.view.id, "--json"], environment: ["CRM_TODAY": "2026-11-29"])
            let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as! [String: Any]
            let lines = (json["interactions"] as! [[String: Any]]).map { $0["line"] as! Int }
            for entry in page.entries {
                guard let number = entry.number else { continue }
                #expect(lines[number - 1] == entry.line, "\(query) \(number)")
            }
            #expect(page.entries.compactMap(\.number).sorted() == Array(1...lines.count))
            fixture.press(.character("q"), .escape)
        }
    }

    @Test func jAndKSelectEntriesAndPageDownScrolls() throws {
        let fixture = try BrowseFixture(size: Size(columns: 40, rows: 12))
        fixture.open("lena")
        #expect(page(fixture)?.selectedEntry?.number == 2)
        fixture.press(.character("j"))
        #expect(page(fixture)?.selectedEntry?.number == 1)
        fixture.press(.down)
        #expect(page(fixture)?.selectedEntry?.number == 3)
        #expect(fixture.screen.lines.contains { $0.hasPrefix("> 3  2026-11-20 visit") })
        fixture.press(.character("k"), .up)
        #expect(page(fixture)?.selectedEntry?.number == 2)
        fixture.press(.character("G"))
        #expect(page(fixture)?.selectedEntry?.number == 6)
        #expect(fixture.screen.lines.contains { $0.hasPrefix("> 6  2025-11-21 19:30 visit") })
        fixture.press(.character("g"))
        #expect(page(fixture)?.selectedEntry?.number == 2)
        let top = page(fixture)?.scroll ?? 0
        fixture.press(.pageDown)
        let down = page(fixture)?.scroll ?? 0
        #expect(down > top)
        fixture.press(.pageUp)
        #expect((page(fixture)?.scroll ?? 0) < down)
    }

    @Test func qAndEscGoBack() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("q"))
        #expect(fixture.state.top == nil)
        fixture.open("lena")
        fixture.press(.escape)
        #expect(fixture.state.top == nil)
    }

    @Test func lOpensTheLogSheetWithTheNoteFocusedAndPThePlanSheet() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("l"))
        guard case .sheet(let sheet)? = fixture.state.top else { Issue.record("no sheet"); return }
        #expect(sheet.kind == .log && sheet.focus == .note && sheet.date.text == "today" && sheet.type == "call")
        #expect(fixture.screen.lines[0] == "Log an interaction with Lena Marsh")
        fixture.press(.escape, .character("p"))
        guard case .sheet(let plan)? = fixture.state.top else { Issue.record("no sheet"); return }
        #expect(plan.kind == .plan && plan.date.text == "tomorrow")
    }

    @Test func xTicksTheOpenItemSelected() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("j"))           // 1: 2026-12-10 visit, open
        fixture.press(.character("x"))
        #expect(fixture.read("people/lena-marsh.md").contains("- [x] [[2026-11-29]] visit: Look at flats in Leeds with her."))
        #expect(fixture.state.message?.text.hasPrefix("Done visit with Lena Marsh on 2026-11-29") == true)
        #expect(page(fixture)?.view.comingUp.count == 1)
        fixture.press(.character("G"), .character("x"))   // a done entry: nothing to tick
        #expect(fixture.state.message?.kind == .error)
    }

    @Test func xWritesTheLineCrmDoneWritesAndSaysWhatItPrints() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("j"), .character("x"))   // 1: 2026-12-10 visit, open: done today
        let crm = try BrowseFixture.crmPrinting(["done", "lena-marsh", "1"])
        #expect(fixture.read("people/lena-marsh.md") == crm.vault.read("people/lena-marsh.md"))
        #expect(crm.printed.contains("(planned for 2026-12-10)"))
        #expect(fixture.state.message == .info(BrowseFixture.message(crm.printed)))
    }

    @Test func uRemovesWhatCrmUnlogRemovesAndSaysWhatItPrints() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("j"), .character("j"), .character("u"), .character("y"))   // 3: 2026-11-20 visit
        let crm = try BrowseFixture.crmPrinting(["unlog", "lena-marsh", "3"])
        #expect(fixture.read("people/lena-marsh.md") == crm.vault.read("people/lena-marsh.md"))
        // The trash file is named for the second it was written: each message with its own name as TRASH.
        func named(_ text: String, in vault: URL) throws -> String {
            let names = try FileManager.default.contentsOfDirectory(atPath: vault.appendingPathComponent(".crm/trash").path)
                .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
            #expect(names.count == 1)
            return names.reduce(text) { $0.replacingOccurrences(of: $1, with: "TRASH") }
        }
        let printed = try named(BrowseFixture.message(crm.printed), in: crm.vault.url)
        #expect(printed.hasPrefix("Removed people/lena-marsh.md:") && printed.hasSuffix("crm restore TRASH"))
        #expect(try named(fixture.state.message?.text ?? "", in: fixture.vault) == printed)
    }

    @Test func uAsksThenRemovesTheEntryToTheTrash() throws {
        let fixture = try BrowseFixture()
        fixture.open("lena")
        fixture.press(.character("j"), .character("j"), .character("u"))   // 3: 2026-11-20 visit
        #expect(fixture.screen.lines[22].hasPrefix("Remove entry 3 to the trash? y/n  2026-11-20 visit: Book club"))
        fixture.press(.character("n"))
        #expect(fixture.read("people/lena-marsh.md").contains("Book club"))
        #expect(fixture.state.message?.text == "Nothing removed.")
        fixture.press(.character("u"), .character("y"))
        #expect(!fixture.read("people/lena-marsh.md").contains("Book club"))
        let trash = try FileManager.default.contentsOfDirectory(atPath: fixture.vault.appendingPathComponent(".crm/trash").path)
        #expect(trash.count == 1)
        #expect(fixture.state.message?.text.contains("crm restore") == true)
        #expect(page(fixture)?.view.history.count == 3)
    }

    @Test func eRunsTheEditorReadsTheFileAgainAndSaysWhatCheckSays() throws {
        let probe = try BrowseFixture()
        let editor = try probe.script("editor", "printf -- '- 2026-11-28 call: Added in the editor.\\n' >> \"$1\"")
        let fixture = try BrowseFixture(environment: ["EDITOR": editor])
        fixture.open("henrik")
        fixture.press(.character("e"))
        #expect(fixture.read("people/henrik-dahl.md").contains("Added in the editor."))
        #expect(page(fixture)?.view.history.first?.note == "Added in the editor.")
        #expect(fixture.state.message?.text == "people/henrik-dahl.md: no problems")
        let bad = try probe.script("bad-editor", "printf -- '- 2026-13-40 call: bad\\n' >> \"$1\"")
        let broken = try BrowseFixture(environment: ["VISUAL": bad, "EDITOR": "false"])
        broken.open("henrik")
        broken.press(.character("e"))
        #expect(broken.state.message?.kind == .error)
        #expect(broken.state.message?.text.hasPrefix("people/henrik-dahl.md:") == true)
    }

    @Test func cMAndCapitalMHandTelSmsAndMailtoLinksToTheOpener() throws {
        let probe = try BrowseFixture()
        let opener = try probe.recordingScript("opener", into: "opened.txt")
        let fixture = try BrowseFixture(environment: ["CRM_OPENER": opener])
        fixture.open("oliver")
        let phone = page(fixture)!.view.details.phones[0]
        let email = page(fixture)!.view.details.emails[0]
        fixture.press(.character("c"), .character("m"), .character("M"))
        let opened = try String(contentsOf: probe.home.appendingPathComponent("opened.txt"), encoding: .utf8)
        let digits = "+" + phone.filter(\.isNumber)
        #expect(opened == "tel:\(digits)\nsms:\(digits)\nmailto:\(email)\n")
        #expect(fixture.state.message?.text == "Opened mailto:\(email)")
    }

    @Test func withNoOpenerTheNumberOrAddressIsShown() throws {
        let fixture = try BrowseFixture(environment: ["CRM_OPENER": "", "PATH": "/nonexistent"])
        fixture.open("oliver")
        let phone = page(fixture)!.view.details.phones[0]
        fixture.press(.character("c"))
        #expect(fixture.state.message?.text == "\(phone) (no opener: set $CRM_OPENER, or opener: in ~/.config/crm/config.yaml)")
        fixture.press(.escape)
        fixture.open("noor")
        fixture.press(.character("M"))
        #expect(fixture.state.message?.text == "Noor Haddad has no email address")
    }

    @Test func theOpenerCanBeSetInTheUsersOwnSettings() throws {
        let probe = try BrowseFixture()
        let opener = try probe.recordingScript("opener", into: "opened.txt")
        let fixture = try BrowseFixture(environment: ["PATH": "/nonexistent"], userConfig: "opener: \(opener) --new-window\n")
        let environment = fixture.environment.filter { $0.key != "CRM_OPENER" }
        let session = try BrowseSession(vault: try Vault(root: fixture.vault.path), environment: environment,
                                        user: UserConfig.load(environment: environment), version: "0.1.0",
                                        size: fixture.size, outside: { try $0() })
        for key: Key in [.character("/")] + "noor".map(Key.character) + [.enter, .enter, .character("c")] { session.press(key) }
        // The setting's own argument, then the link as one argument.
        #expect(try String(contentsOf: probe.home.appendingPathComponent("opened.txt"), encoding: .utf8) == "--new-window\ntel:+971500000142\n")
    }

    /// Finding 1 of issue #30: `opener:` in the synced `.crm/config.yaml` was run by /bin/sh.
    @Test func anOpenerInTheVaultsConfigIsIgnoredAndSaidSo() throws {
        let probe = try BrowseFixture()
        let marker = probe.home.appendingPathComponent("ran").path
        let fixture = try BrowseFixture(environment: ["PATH": "/nonexistent"],
                                        config: "opener: touch \(marker); false\n")
        let environment = fixture.environment.filter { $0.key != "CRM_OPENER" }
        let session = try BrowseSession(vault: try Vault(root: fixture.vault.path), environment: environment,
                                        user: UserConfig.load(environment: environment), version: "0.1.0",
                                        size: fixture.size, outside: { try $0() })
        for key: Key in [.character("/")] + "noor".map(Key.character) + [.enter, .enter, .character("c")] { session.press(key) }
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(session.state.message?.text == "+971 50 000 0142 (no opener: set $CRM_OPENER, or opener: in ~/.config/crm/config.yaml)")
        let check = try CRM.run(["--vault", fixture.vault.path, "check"])
        #expect(check.stdout.contains(".crm/config.yaml:1:1: warning: opener names a program, and a vault's files never do"))
        #expect(check.stdout.contains("move it to your own ~/.config/crm/config.yaml"))
    }

    @Test func anOpenerSettingThatNeedsAShellIsRefusedNamingIt() throws {
        let probe = try BrowseFixture()
        let marker = probe.home.appendingPathComponent("ran").path
        let fixture = try BrowseFixture(environment: ["CRM_OPENER": "xdg-open $(touch \(marker))"])
        fixture.open("noor")
        fixture.press(.character("c"))
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(fixture.state.message?.text == "$CRM_OPENER ('xdg-open $(touch \(marker))') has '$', which only a shell reads; "
                + "crm starts programs without a shell: put the command in a script and name the script; +971 50 000 0142")
    }

    @Test func theDetailsComeFromTheAddressBookWhenTheContactIsThereSayingWhich() throws {
        let fixture = try BrowseFixture(environment: ["CRM_CONTACTS": "~/contacts.vcf"])
        fixture.open("margaret")
        #expect(page(fixture)?.view.origin.summary?.hasPrefix("snapshot from") == true)
        #expect(fixture.text.contains("in ~/contacts.vcf"))
    }

    @Test func aPageChangedOnDiskIsReadAgain() throws {
        let fixture = try BrowseFixture()
        fixture.open("henrik")
        #expect(fixture.session.poll(listing: false) == false)
        var text = fixture.read("people/henrik-dahl.md")
        text += "- 2026-11-27 visit: Written by syncthing meanwhile.\n"
        try fixture.write("people/henrik-dahl.md", text)
        #expect(fixture.session.poll(listing: true))
        #expect(page(fixture)?.view.history.contains { $0.note == "Written by syncthing meanwhile." } == true)
        #expect(fixture.state.message?.text == "people/henrik-dahl.md changed on disk; read again")
    }

    @Test func theListSeesPeopleAddedOnDisk() throws {
        let fixture = try BrowseFixture()
        _ = fixture.session.poll(listing: true)    // the first look takes the stamps
        try fixture.write("people/new-friend.md", "---\nname: New Friend\n---\n")
        #expect(fixture.session.poll(listing: true))
        #expect(fixture.state.listing.rows.contains { $0.name == "New Friend" })
    }
}
