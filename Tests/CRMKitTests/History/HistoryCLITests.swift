import Foundation
import Testing

/// `crm history` on a copy of the example vault, as a user runs it: an Android call log written
/// from the "SMS Backup & Restore" format's description (`<calls>` of `<call number duration date
/// type contact_name/>`, dates in milliseconds since 1970), in the vault's folder, read only.
@Suite struct HistoryCLITests {
    /// The clock and zone of every run: calls are dated in UTC, and today is after them all.
    static let environment = ["CRM_TODAY": "2026-12-02", "TZ": "UTC"]

    /// One `<call/>` element, as the app writes it (attributes it writes but `crm` does not read
    /// included).
    static func call(_ number: String, _ seconds: Int, _ date: Int64, type: Int, name: String = "(Unknown)") -> String {
        "  <call number=\"\(number)\" duration=\"\(seconds)\" date=\"\(date)\" type=\"\(type)\" presentation=\"1\" "
            + "subscription_id=\"1\" readable_date=\"\" contact_name=\"\(name)\" />\n"
    }

    static func calls(_ elements: String...) -> String {
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<!--File Created By SMS Backup & Restore v10.20.002 on 02/12/2026 09:00:00-->\n"
            + "<?xml-stylesheet type=\"text/xsl\" href=\"calls.xsl\"?>\n<calls count=\"\(elements.count)\">\n" + elements.joined() + "</calls>\n"
    }

    /// Margaret twice on 29 November (once written as a UK number without its calling code), a
    /// missed call from her the day after, José, Theo by his contact name only (the number is no
    /// one's), Priya, a number no one has, "Lenny" (the alias of two people), and a contact name with an
    /// escape sequence; one element spans lines.
    static let callLog = calls(
        call("+44 20 7946 0123", 1200, 1_795_946_400_000, type: 2, name: "Margaret"),
        call("020 7946 0123", 840, 1_795_975_200_000, type: 1, name: "Margaret"),
        call("+442079460123", 0, 1_796_029_200_000, type: 3, name: "Margaret"),
        "  <call number=\"+34600000123\"\n        duration=\"300\" date=\"1795608000000\"\n        type=\"2\" contact_name=\"Jos&#233; N&#250;&#241;ez\" />\n",
        call("+49 30 901820", 125, 1_795_768_200_000, type: 1, name: "Theo Vance"),
        call("+15550142", 3000, 1_795_690_800_000, type: 2, name: "Priya"),
        call("+44 7700 900123", 60, 1_795_291_200_000, type: 1, name: "Sam &amp; Co"),
        call("+44 7700 900999", 30, 1_795_345_200_000, type: 2, name: "Lenny"),
        call("+44 7700 900666", 45, 1_795_438_800_000, type: 1, name: "Evil\u{1B}[31mRed")
    )

    /// A copy of the example vault with `default_region: GB`, a second person called Lenny, and
    /// `calls.xml` beside it (its runs start in the vault's folder; the file is only read).
    static func vault(region: String? = "GB") throws -> TemporaryVault {
        let vault = try TemporaryVault(copyingExample: true)
        if let region {
            try vault.write(".crm/config.yaml", vault.read(".crm/config.yaml") + "default_region: \(region)\n")
        }
        try vault.write("people/lena-park.md", "---\nname: Lena Park\naliases: [Lenny]\n---\n")
        try vault.write("calls.xml", callLog)
        vault.runsIn = vault.url
        vault.readOnly = ["calls.xml"]
        vault.environment = environment
        return vault
    }

    static func json(_ result: CRMResult) throws -> Any { try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) }

    @Test func aCallLogLogsOneEntryPerPersonAndDayForExactlyTheMatchedPeople() throws {
        let vault = try Self.vault()
        let before = vault.files()
        let result = try vault.crm("history", "calls.xml")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Logged call with José Núñez on 2026-11-25: 1 call, 5 min (call log) (people/jose-nunez.md)
            Logged call with Margaret Holloway on 2026-11-29: 2 calls, 34 min (call log) (people/margaret-holloway.md)
            Logged call with Priya Raman on 2026-11-26: 1 call, 50 min (call log) (people/priya-raman.md)
            Logged call with Theo Vance on 2026-11-27: 1 call, 2 min (call log) (people/theo-vance.md)
            Logged 4 entries for 4 people from 8 events in 1 file
            Not matched, not logged (2):
              +44 7700 900123 (Sam & Co): 1 call
              +44 7700 900666 (Evil\\e[31mRed): 1 call
            Matching several people, not logged (1):
              +44 7700 900999 (Lenny): 1 call; could be Lena Marsh (lena-marsh), Lena Park (lena-park)

            """, "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}"), "a contact name's escape sequence reached the terminal")
        #expect(vault.read("people/margaret-holloway.md").contains("""
            - 2026-11-29 call: 2 calls, 34 min (call log)
            - 2026-11-28 call: Talked about the winter tournament.
            """))
        #expect(vault.read("people/jose-nunez.md").contains("- 2026-11-25 call: 1 call, 5 min (call log)\n"))
        #expect(vault.read("people/theo-vance.md").contains("- 2026-11-27 call: 1 call, 2 min (call log)\n"))
        let changed = vault.files().filter { before[$0.key] != $0.value }.keys.sorted()
        #expect(changed == ["people/jose-nunez.md", "people/margaret-holloway.md", "people/priya-raman.md", "people/theo-vance.md"])
    }

    @Test func theImportMovesLastAndDue() throws {
        let vault = try Self.vault()
        let dueBefore = try vault.crm("due").stdout
        #expect(dueBefore.contains("Priya Raman") && dueBefore.contains("Theo Vance"), "\(dueBefore)")
        #expect(try vault.crm("history", "calls.xml").status == 0)
        let list = try #require(try Self.json(vault.crm("list", "--json")) as? [[String: Any]])
        let last = Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0["last"] as? String ?? "-") })
        #expect(last["jose-nunez"] == "2026-11-25")
        #expect(last["theo-vance"] == "2026-11-27")
        #expect(last["margaret-holloway"] == "2026-11-29")
        #expect(last["priya-raman"] == "2026-11-26")
        let dueAfter = try vault.crm("due").stdout
        #expect(!dueAfter.contains("Priya Raman") && !dueAfter.contains("Theo Vance"), "\(dueAfter)")
        #expect(dueAfter.contains("Oliver Finch"), "\(dueAfter)")
    }

    @Test func aSecondRunLogsNothingAndAnOverlappingFileOnlyTheNewDays() throws {
        let vault = try Self.vault()
        #expect(try vault.crm("history", "calls.xml").status == 0)
        let once = vault.files()
        let again = try vault.crm("history", "calls.xml")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("Logged 0 entries for 0 people from 8 events in 1 file; 4 days imported before left as they are\n"),
                "\(again.stdout)")
        #expect(vault.files() == once)
        // A newer export: the same calls of the 29th and a new one on 1 December.
        try vault.write("newer.xml", Self.calls(
            Self.call("+44 20 7946 0123", 1200, 1_795_946_400_000, type: 2),
            Self.call("+44 20 7946 0123", 600, 1_796_116_500_000, type: 1)))
        let newer = try vault.crm("history", "newer.xml")
        #expect(newer.stdout.hasPrefix("""
            Logged call with Margaret Holloway on 2026-12-01: 1 call, 10 min (call log) (people/margaret-holloway.md)
            Logged 1 entry for 1 person from 2 events in 1 file; 1 day imported before left as they are

            """), "\(newer.stdout)")
        let margaret = vault.read("people/margaret-holloway.md")
        #expect(margaret.contains("- 2026-12-01 call: 1 call, 10 min (call log)\n- 2026-11-29 call: 2 calls, 34 min (call log)\n"), "\(margaret)")
    }

    /// Last month's backup and this month's, given in one run: the calls both hold count once
    /// (with their minutes), those only the newer holds are added, and two calls at one moment
    /// (a conference call logged twice) stay two. A party no one matches is counted once too.
    @Test func overlappingFilesInOneRunCountEachCallOnce() throws {
        let vault = try Self.vault()
        try vault.write("newer.xml", Self.calls(
            Self.call("+44 20 7946 0123", 1200, 1_795_946_400_000, type: 2),
            Self.call("020 7946 0123", 840, 1_795_975_200_000, type: 1),
            Self.call("+44 20 7946 0123", 300, 1_795_975_800_000, type: 1),
            Self.call("+34600000123", 300, 1_795_608_000_000, type: 2),
            Self.call("+34600000123", 300, 1_795_608_000_000, type: 2),
            Self.call("+44 7700 900123", 60, 1_795_291_200_000, type: 1, name: "Sam &amp; Co")))
        let result = try vault.crm("history", "calls.xml", "newer.xml")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Logged call with Margaret Holloway on 2026-11-29: 3 calls, 39 min (call log)"), "\(result.stdout)")
        #expect(result.stdout.contains("Logged call with José Núñez on 2026-11-25: 2 calls, 10 min (call log)"), "\(result.stdout)")
        #expect(result.stdout.contains("  +44 7700 900123 (Sam & Co): 1 call\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Logged 4 entries for 4 people from 14 events in 2 files\n"), "\(result.stdout)")
    }

    @Test func dryRunShowsATableAndWritesNoByte() throws {
        let vault = try Self.vault()
        let before = vault.files()
        let result = try vault.crm("history", "calls.xml", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.files() == before)
        #expect(result.stdout.hasPrefix("""
            PERSON             DATE        TYPE  NOTE
            José Núñez         2026-11-25  call  1 call, 5 min (call log)
            Margaret Holloway  2026-11-29  call  2 calls, 34 min (call log)
            Priya Raman        2026-11-26  call  1 call, 50 min (call log)
            Theo Vance         2026-11-27  call  1 call, 2 min (call log)
            Would log 4 entries for 4 people from 8 events in 1 file; nothing was written (--dry-run)
            Not matched, not logged (2):

            """), "\(result.stdout)")
    }

    @Test func sinceCountsOnlyFromItsDay() throws {
        let vault = try Self.vault()
        let result = try vault.crm("history", "calls.xml", "--since", "2026-11-26")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("""
            Logged call with Margaret Holloway on 2026-11-29: 2 calls, 34 min (call log) (people/margaret-holloway.md)
            Logged call with Priya Raman on 2026-11-26: 1 call, 50 min (call log) (people/priya-raman.md)
            Logged call with Theo Vance on 2026-11-27: 1 call, 2 min (call log) (people/theo-vance.md)
            Logged 3 entries for 3 people from 4 events in 1 file; 4 events before --since passed over
            """), "\(result.stdout)")
        #expect(!vault.read("people/jose-nunez.md").contains("(call log)"))
    }

    @Test func jsonGivesTheEntriesAndThePartiesNotLogged() throws {
        let vault = try Self.vault()
        let result = try vault.crm("history", "calls.xml", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try Self.json(result) as? [String: Any])
        #expect(object["dry_run"] as? Bool == false)
        let logged = try #require(object["logged"] as? [[String: Any]])
        #expect(logged.map { $0["id"] as? String } == ["jose-nunez", "margaret-holloway", "priya-raman", "theo-vance"])
        #expect(logged[1]["date"] as? String == "2026-11-29")
        #expect(logged[1]["type"] as? String == "call")
        #expect(logged[1]["note"] as? String == "2 calls, 34 min (call log)")
        let unmatched = try #require(object["unmatched"] as? [[String: Any]])
        #expect(unmatched.map { $0["party"] as? String } == ["+44 7700 900123 (Sam & Co)", "+44 7700 900666 (Evil\u{1B}[31mRed)"])
        #expect((unmatched[0]["events"] as? [String: Int]) == ["call": 1])
        let ambiguous = try #require(object["ambiguous"] as? [[String: Any]])
        #expect(ambiguous.first?["people"] as? [String] == ["Lena Marsh (lena-marsh)", "Lena Park (lena-park)"])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.first?["source"] as? String == "call log")
        #expect(files.first?["events"] as? Int == 8)
    }

    @Test func aLocalNumberMatchesThroughDefaultRegionOnly() throws {
        let without = try Self.vault(region: nil)
        let unsure = try without.crm("history", "calls.xml", "--dry-run")
        #expect(unsure.stdout.contains("Margaret Holloway  2026-11-29  call  1 call, 20 min (call log)"), "\(unsure.stdout)")
        #expect(unsure.stdout.contains("  020 7946 0123 (Margaret): 1 call\n"), "\(unsure.stdout)")
        let elsewhere = try Self.vault(region: "US")
        #expect(try elsewhere.crm("history", "calls.xml", "--dry-run").stdout.contains("  020 7946 0123 (Margaret): 1 call\n"))
        let gb = try Self.vault(region: "GB")
        let sure = try gb.crm("history", "calls.xml", "--dry-run")
        #expect(sure.stdout.contains("Margaret Holloway  2026-11-29  call  2 calls, 34 min (call log)"), "\(sure.stdout)")
        #expect(!sure.stdout.contains("020 7946 0123"))
    }

    @Test func anUnknownDefaultRegionIsAnErrorOfCheck() throws {
        let vault = try Self.vault(region: "XX")
        let check = try vault.crm("check")
        #expect(check.status != 0)
        #expect(check.stdout.contains(".crm/config.yaml:8:17: error: default_region must be a country's two-letter code (ISO 3166), e.g. GB, US, DE, not 'XX'"),
                "\(check.stdout)\(check.stderr)")
    }

    @Test func aFileOfAnotherKindOrBrokenXMLWritesNothing() throws {
        let vault = try Self.vault()
        try vault.write("notes.txt", "Just some notes\n")
        let before = vault.files()
        let other = try vault.crm("history", "notes.txt")
        #expect(other.status != 0)
        #expect(other.stderr.contains("notes.txt: not a history file crm reads"), "\(other.stderr)")
        try vault.write("broken.xml", Self.calls(Self.call("+44 20 7946 0123", 60, 1_795_946_400_000, type: 1))
            .replacingOccurrences(of: "type=\"1\"", with: "type=1"))
        let broken = try vault.crm("history", "calls.xml", "broken.xml")
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("broken.xml:5:"), "\(broken.stderr)")
        #expect(broken.stderr.contains("the value of 'type' is not in quotes; nothing was imported"), "\(broken.stderr)")
        #expect(vault.files().filter { !["notes.txt", "broken.xml"].contains($0.key) } == before.filter { $0.key != "notes.txt" })
    }

    // MARK: Messages

    /// Margaret's texts of 30 November (three, one of them over two lines, the body holding a
    /// word no file may ever get), a group MMS sent to Priya and José, a received MMS from
    /// José, and a draft to Theo (not sent: not counted).
    static let messages = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <smses count="6">
          <sms protocol="0" address="+44 20 7946 0123" date="1796029200000" type="1" subject="null" body="Rosebud &amp; the sled" toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" date_sent="0" readable_date="" contact_name="Margaret" />
          <sms protocol="0" address="020 7946 0123" date="1796032800000" type="2" subject="null"
               body="Rosebud, again&#10;on two lines" read="1" status="-1" contact_name="Margaret" />
          <sms address="+442079460123" date="1796036400000" type="2" body="ok" contact_name="Margaret" />
          <mms date="1795946400000" msg_box="2" address="+15550142~+34600000123" contact_name="Priya, José" read="1">
            <parts><part seq="0" ct="text/plain" text="Rosebud in a group" /></parts>
            <addrs>
              <addr address="insert-address-token" type="137" charset="106" />
              <addr address="+15550142" type="151" charset="106" />
              <addr address="+34600000123" type="151" charset="106" />
            </addrs>
          </mms>
          <mms date="1795950000000" msg_box="1" address="+34600000123" contact_name="José">
            <addrs>
              <addr address="+34600000123" type="137" charset="106" />
              <addr address="+447700900000" type="151" charset="106" />
            </addrs>
          </mms>
          <sms address="+49 30 901820" date="1796036400000" type="3" body="Rosebud draft" contact_name="Theo Vance" />
        </smses>
        """

    @Test func messagesAreCountedPerPersonAndDayAndTheirTextIsNeverKept() throws {
        let vault = try Self.vault()
        try vault.write("sms.xml", Self.messages)
        vault.readOnly.append("sms.xml")
        let dry = try vault.crm("history", "sms.xml", "--dry-run")
        #expect(dry.stdout.hasPrefix("""
            PERSON             DATE        TYPE     NOTE
            José Núñez         2026-11-29  message  2 messages (SMS)
            Margaret Holloway  2026-11-30  message  3 messages (SMS)
            Priya Raman        2026-11-29  message  1 message (SMS)
            Would log 3 entries for 3 people from 5 events in 1 file; nothing was written (--dry-run)

            """), "\(dry.stdout)")
        let json = try vault.crm("history", "sms.xml", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        #expect(vault.read("people/margaret-holloway.md").contains("- 2026-11-30 message: 3 messages (SMS)\n"))
        // Priya's file has CRLF line ends, which the entry takes.
        #expect(vault.read("people/priya-raman.md").contains("- 2026-11-29 message: 1 message (SMS)\r\n"))
        for (file, data) in vault.files() where file != "sms.xml" {
            #expect(!String(decoding: data, as: UTF8.self).contains("Rosebud"), "\(file) holds a message's text")
        }
        for output in [dry.stdout, dry.stderr, json.stdout, json.stderr] { #expect(!output.contains("Rosebud")) }
    }

    @Test func callsAndMessagesOfOneDayAreTwoEntries() throws {
        let vault = try Self.vault()
        try vault.write("sms.xml", Self.messages)
        let result = try vault.crm("history", "calls.xml", "sms.xml")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(vault.read("people/priya-raman.md").contains(
            "- 2026-11-29 message: 1 message (SMS)\r\n- 2026-11-26 call: 1 call, 50 min (call log)\r\n"), "\(vault.read("people/priya-raman.md"))")
        #expect(try vault.crm("history", "sms.xml", "calls.xml").stdout.hasPrefix("Logged 0 entries"))
    }
}
