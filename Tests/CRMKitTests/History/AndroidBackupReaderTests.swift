import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit

/// The readers of "SMS Backup & Restore"'s `calls.xml` and `sms.xml`, on samples written from
/// the app's description of its fields: XML references, tags across lines, what counts as being
/// in touch, and an MMS's sender and recipients.
@Suite struct AndroidBackupReaderTests {
    /// A file holding `text`, removed when the value is released.
    final class SampleFile {
        let path: String
        init(_ text: String) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).xml").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static let utc = TimeZone(identifier: "UTC")!

    static func events(_ reader: inout some HistoryReader) throws -> [HistoryEvent] {
        var events: [HistoryEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    @Test func callsAnsweredAndLongerThanNothingAreEvents() throws {
        let file = try SampleFile("""
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <calls count="6">
              <call number="+447700900001" duration="61" date="1795946400000" type="1" contact_name="A &amp; B" />
              <call number="+447700900002" duration="0" date="1795946400000" type="2" contact_name="(Unknown)" />
              <call number="+447700900003" duration="0" date="1795946400000" type="3" contact_name="Missed" />
              <call number="+447700900004" duration="12" date="1795946400000" type="5" contact_name="Rejected" />
              <call number="+447700900005" duration="30" date="1795946400000" type="7" contact_name="null" />
              <call number="" duration="30" date="1795946400000" type="1" contact_name="(Unknown)" />
            </calls>
            """)
        var reader = try AndroidCallLogReader(path: file.path, zone: Self.utc)
        let events = try Self.events(&reader)
        #expect(events.map(\.parties) == [[.init(phone: "+447700900001", name: "A & B")], [.phone("+447700900005")]])
        #expect(events.map(\.seconds) == [61, 30])
        #expect(events.map(\.line) == [3, 7])
        #expect(events.allSatisfy { $0.day == Day("2026-11-29") && $0.channel == .call })
        #expect(reader.progress.done == reader.progress.total && reader.progress.total > 0)
    }

    @Test func theDayIsTheUsersOwn() throws {
        // 23:30 UTC on 28 November is 29 November in Tokyo.
        let file = try SampleFile("<calls><call number=\"1234567\" duration=\"5\" date=\"1795908600000\" type=\"1\"/></calls>")
        var utc = try AndroidCallLogReader(path: file.path, zone: Self.utc)
        var tokyo = try AndroidCallLogReader(path: file.path, zone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(try Self.events(&utc).map(\.day) == [Day("2026-11-28")])
        #expect(try Self.events(&tokyo).map(\.day) == [Day("2026-11-29")])
    }

    @Test func referencesAndTagsAcrossLines() throws {
        let file = try SampleFile("""
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <!-- a comment with <call number="1"> in it
                 across lines -->
            <smses count="3">
              <sms protocol="0" address="+44 7700 900010" date="1795946400000" type="1" subject="null"
                   body="Line one&#10;line &quot;two&quot; &lt;3 &amp; more" toa="null" sc_toa="null"
                   service_center="null" read="1" status="-1" locked="0" date_sent="0"
                   readable_date="" contact_name="Ren&#233;e &#55357;&#56832;" />
              <sms address='+44 7700 900011' date='1795946400000' type='3' body='a draft' contact_name='Draft' />
              <sms address="+44 7700 900012" date="1795975200000" type="2" body="multi
            line body, as written" contact_name="(Unknown)"/>
            </smses>
            """)
        var reader = try AndroidMessagesReader(path: file.path, zone: Self.utc)
        let events = try Self.events(&reader)
        #expect(events.map(\.parties) == [[.init(phone: "+44 7700 900010", name: "Renée 😀")], [.phone("+44 7700 900012")]])
        #expect(events.map(\.line) == [5, 10])
        #expect(events.map(\.channel) == [.message, .message])
    }

    @Test func anMMSIsWithItsSenderOrItsRecipients() throws {
        let file = try SampleFile("""
            <smses count="3">
              <mms date="1795946400000" msg_box="1" address="+447700900020~+447700900099" contact_name="Kim, Lee" read="1">
                <parts>
                  <part seq="0" ct="text/plain" name="null" text="Photo from the trip" />
                  <part seq="1" ct="image/jpeg" name="IMG.jpg" data="/9j/4AAQSkZJRgABAQ==" />
                </parts>
                <addrs>
                  <addr address="+447700900020" type="137" charset="106" />
                  <addr address="+447700900099" type="151" charset="106" />
                </addrs>
              </mms>
              <mms date="1795975200000" msg_box="2" address="+447700900021~+447700900022" contact_name="Ana, Bo">
                <addrs>
                  <addr address="insert-address-token" type="137" charset="106" />
                  <addr address="+447700900021" type="151" charset="106" />
                  <addr address="+447700900022" type="130" charset="106" />
                </addrs>
              </mms>
              <mms date="1795975200000" msg_box="2" address="+447700900023" contact_name="Cy"></mms>
              <mms date="1795975200000" msg_box="3" address="+447700900024" contact_name="A draft"></mms>
            </smses>
            """)
        var reader = try AndroidMessagesReader(path: file.path, zone: Self.utc)
        let events = try Self.events(&reader)
        #expect(events.map(\.parties) == [
            [.phone("+447700900020")],
            [.phone("+447700900021"), .phone("+447700900022")],
            [.init(phone: "+447700900023", name: "Cy")],
        ])
        #expect(events.map(\.line) == [2, 12, 19])
    }

    @Test func whatIsNotXMLIsSaidWithItsLineAndColumn() throws {
        let cases: [(String, String, Int, Int)] = [
            ("<calls>\n  <call number=\"1\" date=1 />\n", "the value of 'date' is not in quotes", 2, 25),
            ("<calls>\n  <call number=\"1\" date />\n", "the attribute 'date' has no '=' and value", 2, 25),
            ("<calls>\n  <call number=\"1\n", "the file ends inside this tag", 2, 3),
            ("<calls><call number=\"a &nbsp; b\" date=\"1\" type=\"1\" duration=\"5\"/>", "number: a '&' that starts no XML reference ('&amp;', '&#10;')", 1, 8),
        ]
        for (text, message, line, column) in cases {
            let file = try SampleFile(text)
            var reader = try AndroidCallLogReader(path: file.path, zone: Self.utc)
            #expect(throws: HistoryFileError(line: line, column: column, message)) { try Self.events(&reader) }
        }
    }

    @Test func detectionPicksTheReaderByTheFirstBytes() throws {
        let calls = try SampleFile("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<calls count=\"0\">\n</calls>\n")
        let sms = try SampleFile("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"0\">\n</smses>\n")
        #expect(try HistoryFormat.reader(path: calls.path, shown: "calls.xml", today: Day(year: 2026, month: 12, day: 2)!).reader.source == "call log")
        #expect(try HistoryFormat.reader(path: sms.path, shown: "sms.xml", today: Day(year: 2026, month: 12, day: 2)!).reader.source == "SMS")
        let other = try SampleFile("name,phone\n")
        #expect(throws: VaultError.self) { try HistoryFormat.reader(path: other.path, shown: "other.csv", today: Day(year: 2026, month: 12, day: 2)!) }
    }

    @Test func phoneNumbersTakeTheRegionsCallingCode() {
        #expect(PhoneNumber.international("+44 20 7946 0123", region: nil) == "442079460123")
        #expect(PhoneNumber.international("0044 20 7946 0123", region: nil) == "442079460123")
        #expect(PhoneNumber.international("020 7946 0123", region: "GB") == "442079460123")
        #expect(PhoneNumber.international("020 7946 0123", region: nil) == nil)
        #expect(PhoneNumber.international("(555) 010-0173", region: "US") == "15550100173")
        #expect(PhoneNumber.international("1 555 010 0173", region: "us") == "15550100173")
        #expect(PhoneNumber.international("06 1234 5678", region: "IT") == "390612345678")
        #expect(PhoneNumber.international("8 912 345 67 89", region: "RU") == "79123456789")
        #expect(PhoneNumber.international("VODAFONE", region: "GB") == nil)
        #expect(CallingCodes.code(of: "gb") == "44")
        #expect(CallingCodes.code(of: "XX") == nil)
    }
}
