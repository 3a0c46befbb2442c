import Foundation
import Testing

/// `crm log --calendar` and `crm calendar` as a user runs them.
@Suite struct CalendarCLITests {
    /// A vdir folder inside the vault's temporary folder (removed with it).
    private func calendarFolder(in vault: TemporaryVault, _ name: String = "calendar") throws -> String {
        let folder = vault.path + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The text of the only file in `folder`, after checking there is exactly one `<UID>.ics`.
    private func onlyEvent(in folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let names = try fileNames(in: folder)
        try #require(names.count == 1, "one event file, got \(names)", sourceLocation: sourceLocation)
        let text = String(decoding: try fileBytes(at: folder + "/" + names[0]), as: UTF8.self)
        let uid = text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        #expect(names[0] == (uid ?? "?") + ".ics", "named by its UID", sourceLocation: sourceLocation)
        return text
    }

    private func expectOneWarning(_ result: CRMResult, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, sourceLocation: sourceLocation)
        #expect(result.stdout.hasPrefix("Logged "), sourceLocation: sourceLocation)
        #expect(!result.stdout.contains("Added the event"), sourceLocation: sourceLocation)
        #expect(result.stderr == "crm: warning: no calendar event added: \(reason)\n", sourceLocation: sourceLocation)
    }

    // MARK: crm log --calendar

    /// What `crm log` says of an entry dated 2026-12-05 when today is 2026-11-29.
    static let laterThanToday = "crm: warning: 2026-12-05 is after today: the entry counts as the last contact from its day on (to plan it instead: crm plan)\n"

    @Test func timedEntryGoesIntoTheVdirAsAnHourAtThatLocalTime() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let folder = try calendarFolder(in: vault)
        let result = try vault.crm("log", "margaret", "Dinner", "--type", "visit", "--date", "2026-12-05", "--time", "19:00",
                                   "--calendar=" + folder)
        #expect(result.status == 0)
        #expect(result.stderr == Self.laterThanToday)
        let text = try onlyEvent(in: folder)
        let eventFile = folder + "/" + (try fileNames(in: folder))[0]
        #expect(result.stdout == "Logged visit with Margaret Holloway on 2026-12-05 19:00 (people/margaret-holloway.md:17)\n"
            + "Added the event to \(eventFile)\n")
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.contains("DTSTART:20261205T190000"))
        #expect(lines.contains("DTEND:20261205T200000"))
        #expect(lines.contains("SUMMARY:Visit with Margaret Holloway"))
        #expect(lines.contains("DESCRIPTION:Dinner"))
        #expect(lines.contains("DTSTAMP:20261129T000000Z"))
        #expect(vault.read("people/margaret-holloway.md").contains("- 2026-12-05 19:00 visit: Dinner\n"))
    }

    @Test func dateOnlyEntryIsAnAllDayEvent() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let folder = try calendarFolder(in: vault)
        let result = try vault.crm("log", "margaret", "Sent", "the", "book", "--date", "yesterday", "--calendar=" + folder)
        #expect(result.status == 0)
        let lines = try onlyEvent(in: folder).components(separatedBy: "\r\n")
        #expect(lines.contains("DTSTART;VALUE=DATE:20261128"))
        #expect(lines.contains("DTEND;VALUE=DATE:20261129"))
        #expect(lines.contains("SUMMARY:Call with Margaret Holloway"))
        #expect(lines.contains("DESCRIPTION:Sent the book"))
    }

    /// A shared entry's note links the others (`[[id|Name]]` in the file); a calendar does not read
    /// wiki links, so the event says their names.
    @Test func theLinksOfASharedEntryAreNamesInTheEvent() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let folder = try calendarFolder(in: vault)
        let result = try vault.crm("log", "margaret", "Chess night", "--with", "priya", "--with", "lena",
                                   "--calendar=" + folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/margaret-holloway.md").contains("Chess night (with [[priya-raman|Priya Raman]] and [[lena-marsh|Lena Marsh]])"))
        let lines = try onlyEvent(in: folder).components(separatedBy: "\r\n")
        #expect(lines.contains("DESCRIPTION:Chess night (with Priya Raman and Lena Marsh)"), "\(lines)")
        #expect(lines.contains("SUMMARY:Call with Margaret Holloway\\, Priya Raman and Lena Marsh"))
    }

    @Test func longMultiLineNonASCIINoteIsTheDescriptionExactlyFoldedAndEscaped() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let folder = try calendarFolder(in: vault)
        let note = "Dinner at Café Müller, Zürich; talked about 日本語のメモ and ещё немного текста 🃏🃏🃏.\n"
            + "She keeps her drafts in C:\\Users\\margaret\\chess — ✓ done, next: the Bernoulli table."
        let result = try vault.crm("log", "margaret", "-", "--type", "visit", "--time", "08:05", "--calendar=" + folder, stdin: note)
        #expect(result.status == 0)
        let text = try onlyEvent(in: folder)
        let physical = text.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        let escaped = note.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
        #expect(unfolded.contains("DESCRIPTION:" + escaped))
        #expect(unfolded.contains("DTSTART:20261129T080500"))
    }

    @Test func icsFileGetsTheEventBeforeItsEndKeepingEveryOtherByte() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let existing = try Fixtures.calendar("existing.ics")
        try vault.write("personal.ics", existing)
        let result = try vault.crm("log", "margaret", "Dinner", "--date", "2026-12-05", "--time", "19:00",
                                   "--calendar=" + vault.path + "/personal.ics")
        #expect(result.status == 0)
        #expect(result.stderr == Self.laterThanToday)
        let after = vault.bytes("personal.ics")
        let end = Array("END:VCALENDAR\r\n".utf8)
        #expect(Array(after.prefix(existing.count - end.count)) == Array(existing.dropLast(end.count)))
        #expect(Array(after.suffix(end.count)) == end)
        let added = String(decoding: after.dropFirst(existing.count - end.count).dropLast(end.count), as: UTF8.self)
        #expect(added.hasPrefix("BEGIN:VEVENT\r\nUID:"))
        #expect(added.contains("\r\nDTSTART:20261205T190000\r\nDTEND:20261205T200000\r\nSUMMARY:Call with Margaret Holloway\r\nDESCRIPTION:Dinner\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call with Margaret Holloway\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n"))
        #expect(added.hasSuffix("END:VEVENT\r\n"))
    }

    @Test func missingICSFileIsCreated() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("log", "margaret", "Chess", "--calendar=" + vault.path + "/new.ics")
        #expect(result.status == 0)
        let text = vault.read("new.ics")
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//My Person CRM//crm//EN\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
    }

    @Test func plainCalendarUsesTheEnvironmentBeforeTheConfig() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let fromEnvironment = try calendarFolder(in: vault, "from-env")
        let fromConfig = try calendarFolder(in: vault, "from-config")
        try vault.write(".crm/config.yaml", vault.read(".crm/config.yaml") + "calendar: from-config\n")
        let result = try vault.crm("log", "margaret", "Chess", "--calendar", environment: ["CRM_CALENDAR": fromEnvironment])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try fileNames(in: fromEnvironment).count == 1)
        #expect(try fileNames(in: fromConfig).isEmpty)
    }

    @Test func plainCalendarUsesTheVaultsConfigInsideTheVaultOnly() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let inVault = try calendarFolder(in: vault, "calendars/personal")
        let config = vault.read(".crm/config.yaml")
        try vault.write(".crm/config.yaml", config + "calendar: calendars/personal\ncalendar_duration: 90\n")
        let first = try vault.crm("log", "margaret", "Chess", "--time", "19:00", "--calendar")
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        #expect(try onlyEvent(in: inVault).contains("\r\nDTSTART:20261129T190000\r\nDTEND:20261129T203000\r\n"))

        // A place outside the vault is a sync peer's choice of where this machine writes: ignored,
        // with the warning every command prints, and the log still written.
        let home = try calendarFolder(in: vault, "home")
        let inHome = try calendarFolder(in: vault, "home/cal")
        for outside in ["~/cal", inHome, "calendars/../../cal"] {
            try vault.write(".crm/config.yaml", config + "calendar: \(outside)\n")
            let second = try vault.crm("log", "margaret", "Chess", "--calendar", environment: ["HOME": home])
            #expect(second.status == 0)
            let line = config.split(separator: "\n").count + 1
            #expect(second.stderr == ".crm/config.yaml:\(line):11: warning: calendar: '\(outside)' is outside the vault, and a vault's "
                    + "files never choose where crm writes events outside it (anyone who syncs the vault could change it); ignored: "
                    + "set calendar: in your own ~/.config/crm/config.yaml (or $XDG_CONFIG_HOME/crm/config.yaml), or CRM_CALENDAR "
                    + "[config-outside]\n"
                    + "crm: warning: no calendar event added: no calendar set; use --calendar=TARGET, set CRM_CALENDAR, or add "
                    + "'calendar:' to .crm/config.yaml or to ~/.config/crm/config.yaml\n", "\(outside)")
            #expect(try fileNames(in: inHome).isEmpty)
        }
    }

    @Test func theVaultsCalendarIsNotWrittenThroughALinkOutOfTheVault() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let outside = try TemporaryVault()
        try FileManager.default.createDirectory(atPath: outside.path + "/cal", withIntermediateDirectories: true)
        try vault.write(".crm/config.yaml", vault.read(".crm/config.yaml") + "calendar: linked\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/linked", withDestinationPath: outside.path + "/cal")
        let folder = try vault.crm("log", "margaret", "Chess", "--calendar")
        #expect(folder.status == 0)
        #expect(folder.stderr.contains("no calendar event added: calendar: in .crm/config.yaml: linked is a symbolic link to "), "\(folder.stderr)")
        #expect(try fileNames(in: outside.path + "/cal").isEmpty)

        // A calendar file in a linked folder, and a file linked out of the vault.
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/dir", withDestinationPath: outside.path + "/cal")
        try outside.write("cal.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nEND:VCALENDAR\r\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/file.ics", withDestinationPath: outside.path + "/cal.ics")
        for target in ["dir/events.ics", "file.ics"] {
            try vault.write(".crm/config.yaml", "calendar: \(target)\n")
            let file = try vault.crm("log", "margaret", "Chess", "--calendar")
            #expect(file.status == 0)
            #expect(file.stderr.contains("no calendar event added: calendar: in .crm/config.yaml: "), "\(file.stderr)")
        }
        #expect(try fileNames(in: outside.path + "/cal").isEmpty)
        #expect(outside.read("cal.ics") == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nEND:VCALENDAR\r\n")
        // A link that stays inside the vault is followed, as for person files.
        try vault.write("real.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nEND:VCALENDAR\r\n")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/inside.ics", withDestinationPath: vault.path + "/real.ics")
        try vault.write(".crm/config.yaml", "calendar: inside.ics\n")
        let inside = try vault.crm("log", "margaret", "Chess", "--calendar")
        #expect(inside.stderr.isEmpty, "\(inside.stderr)")
        #expect(vault.read("real.ics").contains("SUMMARY:"))
    }

    @Test func noCalendarSetStillLogsWithOneWarning() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("log", "margaret", "Chess", "--calendar")
        expectOneWarning(result, "no calendar set; use --calendar=TARGET, set CRM_CALENDAR, or add 'calendar:' to .crm/config.yaml or to ~/.config/crm/config.yaml")
        #expect(vault.read("people/margaret-holloway.md").contains("- 2026-11-29 call: Chess\n"))
    }

    @Test func missingFolderStillLogsWithOneWarning() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("log", "margaret", "Chess", "--calendar=" + vault.path + "/nowhere")
        expectOneWarning(result, "calendar folder \(vault.path)/nowhere does not exist")
        #expect(vault.read("people/margaret-holloway.md").contains("- 2026-11-29 call: Chess\n"))
        #expect(!vault.exists("nowhere"))
    }

    @Test func plainTextFileStillLogsWithOneWarningAndIsLeftAlone() throws {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.write("notes.txt", "not a calendar\n")
        let result = try vault.crm("log", "margaret", "Chess", "--calendar", environment: ["CRM_CALENDAR": vault.path + "/notes.txt"])
        expectOneWarning(result, "calendar \(vault.path)/notes.txt is neither a folder nor an .ics file")
        #expect(vault.read("notes.txt") == "not a calendar\n")
        #expect(vault.read("people/margaret-holloway.md").contains("- 2026-11-29 call: Chess\n"))
    }

    @Test func icsFileWithoutACalendarStillLogsWithOneWarningAndIsLeftAlone() throws {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.write("broken.ics", "hello\n")
        let result = try vault.crm("log", "margaret", "Chess", "--calendar=" + vault.path + "/broken.ics")
        expectOneWarning(result, "calendar file \(vault.path)/broken.ics has no VCALENDAR to add the event to")
        #expect(vault.read("broken.ics") == "hello\n")
    }

    @Test func jsonNamesTheEventFileOrNull() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let folder = try calendarFolder(in: vault)
        let added = try vault.crm("log", "margaret", "Chess", "--calendar=" + folder, "--json")
        #expect(added.stdout.contains("\"calendar_event\": \"\(folder)/"))
        let skipped = try vault.crm("log", "margaret", "Chess", "--json")
        #expect(skipped.stdout.contains("\"calendar_event\": null"))
        #expect(skipped.stderr.isEmpty)
    }

    // MARK: crm calendar

    @Test func calendarOfTheExampleVaultMatchesTheGoldenFile() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let first = try vault.crm("calendar")
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        #expect(Array(first.stdout.utf8) == (try Fixtures.calendar("example-vault.ics")))
        let second = try vault.crm("calendar")
        #expect(second.stdout == first.stdout, "two runs on the same day give the same bytes")
    }

    @Test func outputFileHoldsTheSameBytes() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("calendar", "-o", vault.path + "/crm.ics")
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote 16 events to \(vault.path)/crm.ics\n")
        #expect(vault.bytes("crm.ics") == (try Fixtures.calendar("example-vault.ics")))
        #expect(try vault.crm("calendar", "--output=" + vault.path + "/crm.ics").status == 0)
        #expect(vault.bytes("crm.ics") == (try Fixtures.calendar("example-vault.ics")))
    }

    @Test func birthdaysOrDueAlone() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let birthdays = try vault.crm("calendar", "--birthdays").stdout
        #expect(birthdays.components(separatedBy: "BEGIN:VEVENT").count - 1 == 4)
        #expect(birthdays.contains("SUMMARY:山田 花子's birthday\r\nDESCRIPTION:Year of birth unknown.\r\n"))
        #expect(birthdays.contains("DTSTART;VALUE=DATE:19040412\r\nDTEND;VALUE=DATE:19040413\r\nRRULE:FREQ=YEARLY\r\n"))
        #expect(!birthdays.contains("Get in touch"))
        let due = try vault.crm("calendar", "--due").stdout
        #expect(due.components(separatedBy: "BEGIN:VEVENT").count - 1 == 12)
        #expect(due.contains("DTSTART;VALUE=DATE:20261228\r\nDTEND;VALUE=DATE:20261229\r\nSUMMARY:Get in touch with Margaret Holloway\r\n"))
        #expect(!due.contains("birthday"))
        let both = try vault.crm("calendar", "--birthdays", "--due").stdout
        #expect(both == (try vault.crm("calendar").stdout))
    }

    @Test func jsonListsTheEvents() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let result = try vault.crm("calendar", "--birthdays", "--json")
        #expect(result.status == 0)
        let events = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(events.map { $0["summary"] as? String } == [
            "Grandma Rose's birthday", "José Núñez's birthday", "Margaret Holloway's birthday", "山田 花子's birthday",
        ])
        #expect(events.map { $0["start"] as? String } == ["1941-02-03", "1979-07-23", "1988-03-14", "1904-04-12"])
        #expect(events.first?["uid"] as? String == "0eacc06f-985b-57bd-abab-7316dcd83981")
    }

    @Test func leapDayBirthdayRecursOnTheLastDayOfFebruary() throws {
        let vault = try TemporaryVault()
        #expect(try vault.crm("add", "Leap Person", "--birthday", "1996-02-29").status == 0)
        let text = try vault.crm("calendar", "--birthdays").stdout
        #expect(text.contains("DTSTART;VALUE=DATE:19960229\r\nDTEND;VALUE=DATE:19960301\r\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n"))
    }

    @Test func uidsFollowTheContactIDThroughARename() throws {
        let vault = try TemporaryVault(copyingExample: true)
        let uids = { (text: String) in text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") } }
        let before = uids(try vault.crm("calendar").stdout)
        #expect(try vault.crm("rename", "margaret", "Maggie Holloway").status == 0)
        #expect(try vault.crm("rename", "grandma", "Nana Rose").status == 0)
        let after = try vault.crm("calendar").stdout
        #expect(after.contains("SUMMARY:Maggie Holloway's birthday"))
        let changed = Set(before).symmetricDifference(Set(uids(after)))
        // Margaret has a contact_id: her UIDs stay. Grandma Rose has none: her id changed with her file.
        #expect(changed.count == 4)
        #expect(Set(before).intersection(Set(uids(after))).count == before.count - 2)
    }

    /// `--calendar=cal.ics` names the calendar the same way on every run (it was `cal.ics`, then
    /// the absolute path once the file existed).
    @Test func aCalendarFileIsNamedOneWayRunAfterRun() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ana.md", SamplePerson.every30Days("Ana Lima"))
        var answers: [String] = []
        for time in ["10:00", "11:00", "12:00"] {
            let result = try CRM.run(["log", "ana", "Coffee", "--date", "2026-11-29", "--time", time, "--calendar=cal.ics"], in: vault.url)
            #expect(result.status == 0, "\(result.stderr)")
            answers.append(String(result.stdout.split(separator: "\n").last ?? ""))
        }
        #expect(answers == Array(repeating: "Added the event to cal.ics", count: 3))
    }
}
