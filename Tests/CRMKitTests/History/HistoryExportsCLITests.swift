import Foundation
import Testing

/// `crm history` on a copy of the example vault with a WhatsApp chat, a Telegram export, a
/// calendar and a mailbox written from their formats' descriptions: what is logged, for exactly
/// the matched people, what is listed, and that a second run adds nothing.
@Suite struct HistoryExportsCLITests {
    static let environment = ["CRM_TODAY": "2026-12-02", "TZ": "UTC"]

    /// A WhatsApp chat as Android exports it in US English: the encryption notice, a message
    /// over two lines, a media line, and the user's own name (Sam Carter, no one in the vault).
    static let whatsApp = """
        11/28/26, 9:41 PM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.
        11/28/26, 9:41 PM - Margaret Holloway: Are you coming to the winter tournament?
        11/28/26, 9:45 PM - Sam Carter: Yes! I'll bring the clocks
        and the spare boards
        11/28/26, 9:47 PM - Margaret Holloway: <Media omitted>
        11/30/26, 8:15 AM - Margaret Holloway: Board 3 is yours

        """

    /// Telegram Desktop's result.json: a personal chat with José (a message each way and a call),
    /// a group where Priya and someone unknown write, and a channel.
    static let telegram = """
        {
         "about": "Here is the data you requested.",
         "chats": {
          "about": "This page lists all chats from this export.",
          "list": [
           {
            "name": "José Núñez",
            "type": "personal_chat",
            "id": 2000002,
            "messages": [
             {"id": 1, "type": "message", "date": "2026-11-26T18:00:00", "date_unixtime": "1795716000", "from": "José Núñez", "from_id": "user2000002", "text": "¿Mañana?"},
             {"id": 2, "type": "message", "date": "2026-11-26T18:05:00", "date_unixtime": "1795716300", "from": "Sam Carter", "from_id": "user1000001", "text": ["Sí, ", {"type": "bold", "text": "mañana"}]},
             {"id": 3, "type": "service", "date": "2026-11-27T19:30:00", "date_unixtime": "1795807800", "actor": "José Núñez", "actor_id": "user2000002", "action": "phone_call", "duration_seconds": 754, "discard_reason": "hangup", "text": ""}
            ]
           },
           {
            "name": "Chess Club",
            "type": "private_supergroup",
            "id": 3000003,
            "messages": [
             {"id": 1, "type": "service", "date": "2026-11-29T09:00:00", "date_unixtime": "1795942800", "actor": "Priya Raman", "actor_id": "user4000004", "action": "invite_members", "members": ["Sam Carter"], "text": ""},
             {"id": 2, "type": "message", "date": "2026-11-29T10:00:00", "date_unixtime": "1795946400", "from": "Priya Raman", "from_id": "user4000004", "text": "Welcome"},
             {"id": 3, "type": "message", "date": "2026-11-29T10:02:00", "date_unixtime": "1795946520", "from": "Grace Hopper", "from_id": "user5000005", "text": "Hello"}
            ]
           },
           {
            "name": "Chess News",
            "type": "public_channel",
            "id": 6000006,
            "messages": [{"id": 1, "type": "message", "date": "2026-11-30T09:00:00", "date_unixtime": "1796029200", "from": "Chess News", "text": "Issue 12"}]
           }
          ]
         }
        }

        """

    /// A calendar: a meeting Theo organised with Henrik and the user, a cancelled one, one to
    /// come, and a room.
    static let calendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Corp.//CalDAV Client//EN",
        "BEGIN:VEVENT", "UID:review-1@example.com", "DTSTAMP:20261120T090000Z",
        "DTSTART;TZID=Europe/Madrid:20261127T160000", "DTEND;TZID=Europe/Madrid:20261127T170000",
        "SUMMARY:Tournament planning", "ORGANIZER;CN=Theo Vance:mailto:theo@vance.example",
        "ATTENDEE;CN=Henrik Dahl;PARTSTAT=ACCEPTED:mailto:henrik@dahl.example",
        "ATTENDEE;CN=Sam Carter;PARTSTAT=ACCEPTED:mailto:sam@carter.example",
        "ATTENDEE;CUTYPE=ROOM;CN=Club room:mailto:room@club.example", "END:VEVENT",
        "BEGIN:VEVENT", "UID:cancelled@example.com", "DTSTART:20261126T100000Z", "STATUS:CANCELLED",
        "ATTENDEE;CN=Priya Raman:mailto:priya.raman@example.com", "END:VEVENT",
        "BEGIN:VEVENT", "UID:future@example.com", "DTSTART:20261205T100000Z",
        "ATTENDEE;CN=Priya Raman:mailto:priya.raman@example.com", "END:VEVENT",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    /// A mailbox as Gmail Takeout writes it: a mail from Anna to the user, and the user's reply
    /// to her and Noor's address no one has.
    static let mailbox = """
        From 1786543210987654321@xxx Mon Nov 30 08:12:00 +0000 2026
        X-GM-THRID: 1786543210987654321
        X-Gmail-Labels: Inbox
        From: =?UTF-8?B?0JDQvdC90LAg0KHQvtC60L7Qu9C+0LLQsA==?= <anna.sokolova@example.org>
        To: Sam Carter <sam@carter.example>
        Date: Mon, 30 Nov 2026 09:12:00 +0100
        Subject: Moscow open

        See the draw attached.
        >From the organisers: rounds start at ten.

        From 1786543210987654322@xxx Mon Nov 30 20:40:00 +0000 2026
        From: Sam Carter <sam@carter.example>
        To: anna.sokolova@example.org,
         "Someone" <someone@elsewhere.example>
        Date: Mon, 30 Nov 2026 20:40:00 +0000
        Subject: Re: Moscow open

        Thanks!

        """

    static func vault(_ files: [String: String]) throws -> TemporaryVault {
        let vault = try TemporaryVault(copyingExample: true)
        for (name, text) in files { try vault.write(name, text) }
        vault.runsIn = vault.url
        vault.readOnly = files.keys.sorted()
        vault.environment = environment
        return vault
    }
}

extension HistoryExportsCLITests {
    @Test func aWhatsAppChatLogsTheOtherSidesMessagesPerDay() throws {
        let vault = try Self.vault(["WhatsApp Chat with Margaret Holloway.txt": Self.whatsApp])
        let result = try vault.crm("history", "WhatsApp Chat with Margaret Holloway.txt")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Logged message with Margaret Holloway on 2026-11-28: 2 messages (WhatsApp) (people/margaret-holloway.md)
            Logged message with Margaret Holloway on 2026-11-30: 1 message (WhatsApp) (people/margaret-holloway.md)
            Logged 2 entries for 1 person from 4 events in 1 file
            Not matched, not logged (1):
              Sam Carter: 1 message

            """, "\(result.stdout)")
        #expect(vault.read("people/margaret-holloway.md").contains("- 2026-11-30 message: 1 message (WhatsApp)\n"))
    }

    /// The same chat exported twice, a week apart, and given in one run: each message counts
    /// once; the messages of another chat (a group) on one of those days count too.
    @Test func aChatExportedTwiceAndGivenInOneRunCountsEachMessageOnce() throws {
        let later = Self.whatsApp + "12/1/26, 8:15 AM - Margaret Holloway: And one more\n"
        let group = "11/30/26, 9:41 PM - Margaret Holloway: In the club chat\n11/30/26, 9:50 PM - Margaret Holloway: Again\n"
        let vault = try Self.vault(["old.txt": Self.whatsApp, "new.txt": later, "group.txt": group])
        let result = try vault.crm("history", "old.txt", "new.txt", "group.txt", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("""
            PERSON             DATE        TYPE     NOTE
            Margaret Holloway  2026-11-28  message  2 messages (WhatsApp)
            Margaret Holloway  2026-11-30  message  3 messages (WhatsApp)
            Margaret Holloway  2026-12-01  message  1 message (WhatsApp)

            """), "\(result.stdout)")
    }

    @Test func aTelegramExportLogsPersonalChatsGroupSendersAndCalls() throws {
        let vault = try Self.vault(["result.json": Self.telegram])
        let result = try vault.crm("history", "result.json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Logged message with José Núñez on 2026-11-26: 2 messages (Telegram) (people/jose-nunez.md)
            Logged call with José Núñez on 2026-11-27: 1 call, 13 min (Telegram) (people/jose-nunez.md)
            Logged message with Priya Raman on 2026-11-29: 1 message (Telegram) (people/priya-raman.md)
            Logged 3 entries for 2 people from 5 events in 1 file
            Not matched, not logged (1):
              Grace Hopper: 1 message

            """, "\(result.stdout)")
    }

    @Test func aCalendarLogsPastMeetingsWithTheirLengthAsVisits() throws {
        let vault = try Self.vault(["calendar.ics": Self.calendar])
        let result = try vault.crm("history", "calendar.ics")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Logged visit with Henrik Dahl on 2026-11-27: 1 meeting, 60 min (calendar) (people/henrik-dahl.md)
            Logged visit with Theo Vance on 2026-11-27: 1 meeting, 60 min (calendar) (people/theo-vance.md)
            Logged 2 entries for 2 people from 1 event in 1 file
            Not matched, not logged (1):
              sam@carter.example (Sam Carter): 1 meeting

            """, "\(result.stdout)")
        #expect(!vault.read("people/priya-raman.md").contains("(calendar)"), "a cancelled or future meeting was logged")
    }

    @Test func aFolderIsReadAsAVdirOfCalendarFiles() throws {
        let events = Self.calendar.components(separatedBy: "BEGIN:VEVENT")
        let header = events[0], footer = "END:VCALENDAR\r\n"
        let vault = try Self.vault([
            "calendar/review.ics": header + "BEGIN:VEVENT" + events[1].replacingOccurrences(of: footer, with: "") + footer,
            "calendar/cancelled.ics": header + "BEGIN:VEVENT" + events[2] + footer,
            "calendar/notes.txt": "not a calendar\n",
        ])
        let result = try vault.crm("history", "calendar", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Would log 2 entries for 2 people from 1 event in 2 files; nothing was written (--dry-run)\n"), "\(result.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("history", "calendar", "--dry-run", "--json").stdout.utf8)) as? [String: Any])
        #expect((json["files"] as? [[String: Any]])?.map { $0["file"] as? String } == ["calendar/cancelled.ics", "calendar/review.ics"])
        try FileManager.default.createDirectory(at: vault.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try vault.crm("history", "empty")
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("empty: a folder without .ics files"), "\(empty.stderr)")
    }

    @Test func anMboxLogsMailByAddressAndListsTheOthers() throws {
        let vault = try Self.vault(["mail.mbox": Self.mailbox])
        let result = try vault.crm("history", "mail.mbox")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Logged email with Анна Соколова on 2026-11-30: 2 emails (mail) (people/анна-соколова.md)
            Logged 1 entry for 1 person from 2 events in 1 file
            Not matched, not logged (2):
              sam@carter.example: 2 emails
              someone@elsewhere.example: 1 email

            """, "\(result.stdout)")
        #expect(!vault.read("people/анна-соколова.md").contains("Moscow"), "a subject or body was copied")
    }

    @Test func aMailboxOfManySendersListsThoseWithMostMailFirstAndCountsTheRest() throws {
        // Sender n (1…25) wrote n mails: the text lists the 20 with most, --json all 25.
        let mails = (1...25).flatMap { n in
            (0..<n).map { _ in "From x@xxx Mon Nov 30 08:00:00 +0000 2026\nFrom: sender\(n)@news.example\nDate: Mon, 30 Nov 2026 08:00:00 +0000\n\nHello.\n\n" }
        }
        let vault = try Self.vault(["mail.mbox": mails.joined()])
        let result = try vault.crm("history", "mail.mbox", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        let listed = result.stdout.split(separator: "\n").drop { !$0.hasPrefix("Not matched") }
        #expect(Array(listed) == ["Not matched, not logged (25):"] + (6...25).reversed().map { "  sender\($0)@news.example: \($0) emails" }
            + ["  … and 5 more with 15 events (--json lists every one)"], "\(result.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("history", "mail.mbox", "--dry-run", "--json").stdout.utf8)) as? [String: Any])
        #expect((json["unmatched"] as? [[String: Any]])?.count == 25)
    }

    @Test func everyFormatAtOnceChangesExactlyTheMatchedPeopleAndASecondRunNothing() throws {
        let vault = try Self.vault(["chat.txt": Self.whatsApp, "result.json": Self.telegram,
                                    "calendar.ics": Self.calendar, "mail.mbox": Self.mailbox])
        let before = vault.files()
        let first = try vault.crm("history", "chat.txt", "result.json", "calendar.ics", "mail.mbox")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Logged 8 entries for 6 people from 12 events in 4 files\n"), "\(first.stdout)")
        let changed = vault.files().filter { before[$0.key] != $0.value }.keys.sorted()
        #expect(changed == ["people/henrik-dahl.md", "people/jose-nunez.md", "people/margaret-holloway.md",
                            "people/priya-raman.md", "people/theo-vance.md", "people/анна-соколова.md"], "\(changed)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(vault.crm("list", "--json").stdout.utf8)) as? [[String: Any]])
        let last = Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0["last"] as? String ?? "-") })
        #expect(last["margaret-holloway"] == "2026-11-30")
        #expect(last["henrik-dahl"] == "2026-11-27")
        let once = vault.files()
        let again = try vault.crm("history", "chat.txt", "result.json", "calendar.ics", "mail.mbox")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("Logged 0 entries for 0 people from 12 events in 4 files; 8 days imported before left as they are\n"),
                "\(again.stdout)")
        #expect(vault.files() == once)
    }

    /// The zip an iPhone makes (the chat deflated, as Python's zipfile writes it too) and one
    /// that stores it are read as the chat; a damaged one is refused and nothing is written.
    @Test func aWhatsAppZipIsReadAsItsChatAndADamagedOneWritesNothing() throws {
        let vault = try Self.vault([:])
        let script = "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z: z.writestr('_chat.txt', sys.argv[2])"
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script, vault.url.appendingPathComponent("WhatsApp Chat - Margaret Holloway.zip").path, Self.whatsApp]
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0, "python3 failed")
        try vault.write("stored.zip", ZipSample.archive([("_chat.txt", Array(Self.whatsApp.utf8), false)]))
        for zip in ["WhatsApp Chat - Margaret Holloway.zip", "stored.zip"] {
            let read = try vault.crm("history", zip, "--dry-run")
            #expect(read.stdout.contains("Margaret Holloway  2026-11-28  message  2 messages (WhatsApp)"), "\(zip): \(read.stdout) \(read.stderr)")
        }
        var damaged = Array(try Data(contentsOf: vault.url.appendingPathComponent("stored.zip")))
        damaged[40] ^= 0x01
        try Data(damaged).write(to: vault.url.appendingPathComponent("damaged.zip"))
        let before = vault.files()
        let result = try vault.crm("history", "damaged.zip")
        #expect(result.status != 0)
        #expect(result.stderr.contains("damaged.zip:1:1: error: _chat.txt in the zip is damaged: its size or CRC-32 is not what the zip's directory says; nothing was imported"),
                "\(result.stderr)")
        #expect(vault.files() == before)
    }
}
