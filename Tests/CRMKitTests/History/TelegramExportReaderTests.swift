import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit

/// Telegram Desktop's JSON export as its format is laid out: the whole account's `result.json`
/// and one chat's.
@Suite("History: Telegram exports")
struct TelegramExportReaderTests {
    static let account = """
    {
     "about": "Here is the data you requested. Remember: Telegram is ad free, it doesn't use your data for ad targeting and doesn't sell it to others.",
     "personal_information": {
      "user_id": 1000001,
      "first_name": "Grace",
      "last_name": "Hopper"
     },
     "chats": {
      "about": "This page lists all chats from this export.",
      "list": [
       {
        "name": "Ada Lovelace",
        "type": "personal_chat",
        "id": 2000002,
        "messages": [
         {
          "id": 1,
          "type": "message",
          "date": "2023-12-31T21:41:05",
          "date_unixtime": "1704058865",
          "from": "Ada Lovelace",
          "from_id": "user2000002",
          "text": "Are the cards ready?",
          "text_entities": [{"type": "plain", "text": "Are the cards ready?"}]
         },
         {
          "id": 2,
          "type": "message",
          "date": "2023-12-31T23:50:00",
          "date_unixtime": "1704066600",
          "from": "Grace Hopper",
          "from_id": "user1000001",
          "text": ["See ", {"type": "link", "text": "https://example.org/}]"}, " {not json}"],
          "text_entities": []
         },
         {
          "id": 3,
          "type": "service",
          "date": "2024-01-02T10:00:00",
          "date_unixtime": "1704189600",
          "actor": "Ada Lovelace",
          "actor_id": "user2000002",
          "action": "phone_call",
          "duration_seconds": 754,
          "discard_reason": "hangup",
          "text": ""
         },
         {
          "id": 4,
          "type": "service",
          "date": "2024-01-03T10:00:00",
          "date_unixtime": "1704276000",
          "actor": "Ada Lovelace",
          "actor_id": "user2000002",
          "action": "phone_call",
          "discard_reason": "missed",
          "text": ""
         },
         {
          "id": 5,
          "type": "service",
          "date": "2024-01-03T11:00:00",
          "date_unixtime": "1704279600",
          "actor": "Ada Lovelace",
          "actor_id": "user2000002",
          "action": "pin_message",
          "message_id": 1,
          "text": ""
         }
        ]
       },
       {
        "name": "Analytical Society",
        "type": "private_supergroup",
        "id": 3000003,
        "messages": [
         {
          "id": 10,
          "type": "service",
          "date": "2024-01-04T09:00:00",
          "date_unixtime": "1704358800",
          "actor": "Charles Babbage",
          "actor_id": "user4000004",
          "action": "create_group",
          "title": "Analytical Society",
          "members": ["Charles Babbage", "Grace Hopper"],
          "text": ""
         },
         {
          "id": 11,
          "type": "message",
          "date": "2024-01-04T09:05:00",
          "date_unixtime": "1704359100",
          "from": "Charles Babbage",
          "from_id": "user4000004",
          "text": "Welcome"
         }
        ]
       },
       {
        "name": "Engine News",
        "type": "public_channel",
        "id": 5000005,
        "messages": [
         {"id": 1, "type": "message", "date": "2024-01-05T09:00:00", "date_unixtime": "1704445200", "from": "Engine News", "from_id": "channel5000005", "text": "Issue 1"}
        ]
       }
      ]
     }
    }
    """

    @Test("An account's result.json: personal chats by the chat's name (both sides), groups by sender, calls with their length; channels, service messages and missed calls not counted")
    func account() throws {
        let file = try HistorySampleFile("result.json", Self.account)
        var reader = try TelegramExportReader(path: file.path, zone: zone(hours: 0))
        let events = try allEvents(&reader)
        #expect(reader.warnings.isEmpty)
        #expect(events == [
            // Each moment is the message's date_unixtime.
            HistoryEvent(channel: .message, day: day("2023-12-31"), parties: [.name("Ada Lovelace")], line: 16, moment: 1_704_058_865),
            HistoryEvent(channel: .message, day: day("2023-12-31"), parties: [.name("Ada Lovelace")], line: 26, moment: 1_704_066_600),
            HistoryEvent(channel: .call, day: day("2024-01-02"), parties: [.name("Ada Lovelace")], seconds: 754, line: 36, moment: 1_704_189_600),
            HistoryEvent(channel: .message, day: day("2024-01-04"), parties: [.name("Charles Babbage")], line: 89, moment: 1_704_359_100),
        ])
    }

    @Test("date_unixtime is read in the user's time zone")
    func userZone() throws {
        let file = try HistorySampleFile("result.json", Self.account)
        var reader = try TelegramExportReader(path: file.path, zone: zone(hours: 3))
        // 2023-12-31 23:50 UTC is already 2024-01-01 at UTC+3.
        #expect(try allEvents(&reader).prefix(2).map(\.day) == [day("2024-01-01"), day("2024-01-01")])
    }

    @Test("One chat's export, written on one line, from an export without date_unixtime: the date as written")
    func singleChat() throws {
        let chat = #"{"name": "Ada Lovelace", "type": "personal_chat", "id": 2000002, "messages": [{"id": 1, "type": "message", "date": "2019-05-04T23:59:59", "from": "Ada Lovelace", "text": "Hello"}, {"id": 2, "type": "message", "date": "2019-05-05T00:00:01", "from": "Grace Hopper", "text": "Hi"}]}"#
        let file = try HistorySampleFile("result.json", chat)
        var reader = try TelegramExportReader(path: file.path, zone: zone(hours: -10))
        let events = try allEvents(&reader)
        #expect(events.map(\.day) == [day("2019-05-04"), day("2019-05-05")])
        #expect(events.map(\.parties) == [[.name("Ada Lovelace")], [.name("Ada Lovelace")]])
        // Without date_unixtime, the moment is the wall-clock time as written (seconds since 1970).
        #expect(events.map(\.moment) == [1_557_014_399, 1_557_014_401])
    }

    @Test("Messages written before the chat's name and type wait for them")
    func messagesBeforeName() throws {
        let chat = #"{"messages": [{"type": "message", "date_unixtime": "1704058865", "from": "Charles Babbage"}], "type": "private_group", "name": "Society"}"#
        let file = try HistorySampleFile("result.json", chat)
        var reader = try TelegramExportReader(path: file.path, zone: zone(hours: 0))
        #expect(try allEvents(&reader) == [HistoryEvent(channel: .message, day: day("2023-12-31"), parties: [.name("Charles Babbage")], line: 1,
                                                        moment: 1_704_058_865)])
    }

    @Test("A personal chat without a name (a deleted account) is said once and not counted")
    func deletedAccount() throws {
        let chat = """
        {"name": null, "type": "personal_chat", "id": 7, "messages": [
         {"type": "message", "date_unixtime": "1704058865", "from": null, "text": "a"},
         {"type": "message", "date_unixtime": "1704058866", "from": null, "text": "b"}
        ]}
        """
        let file = try HistorySampleFile("result.json", chat)
        var reader = try TelegramExportReader(path: file.path)
        #expect(try allEvents(&reader).isEmpty)
        #expect(reader.warnings == [HistoryFileWarning(line: 2, "a personal chat without a name (a deleted account): its messages are not counted")])
    }

    @Test("What is not a Telegram export, or broken JSON, is an error at its line and column")
    func broken() throws {
        for (text, error) in [
            ("[1, 2]", HistoryFileError(line: 1, column: 1, "not a Telegram export: the file does not start with a JSON object")),
            ("{\"name\": \"Ada\",\n \"type\": personal_chat}", HistoryFileError(line: 2, column: 10, "not JSON here: an unexpected character")),
            ("{\"chats\": {\"list\": [\n", HistoryFileError(line: 1, column: 20, "the JSON ends inside an object or array")),
            ("{\"name\": \"Ada\n\"}", HistoryFileError(line: 1, column: 10, "a string that does not end on its line")),
        ] {
            let file = try HistorySampleFile("result.json", text)
            var reader = try TelegramExportReader(path: file.path)
            #expect(throws: error) { _ = try allEvents(&reader) }
        }
    }

    /// A string is read as `JSONParser` reads one (`crm lsp`): what breaks JSON's rules is an
    /// error where it starts, not text read some other way (U+FFFD, the escaped letter itself).
    @Test("A malformed string is an error at its line and column, never text made up for it")
    func malformedStrings() throws {
        func broken(_ string: [UInt8]) -> [UInt8] { Array(#"{"name": "#.utf8) + string + Array("}\n".utf8) }
        for (bytes, column, reason) in [
            (broken(Array(#""A\ud800 x""#.utf8)), 12, "a lone surrogate in a \\u escape"),
            (broken(Array(#""\ud83c\u0041""#.utf8)), 11, "a lone surrogate in a \\u escape"),
            (broken(Array(#""\udfbb""#.utf8)), 11, "a lone surrogate in a \\u escape"),
            (broken(Array(#""\u+abc""#.utf8)), 13, "four hex digits expected"),
            (broken(Array(#""A\x""#.utf8)), 12, "unknown escape"),
            (broken(Array("\"A\tB\"".utf8)), 12, "control character in a string"),
            (broken([0x22, 0x41, 0xFF, 0x22]), 10, "string is not UTF-8"),
        ] {
            let file = try HistorySampleFile("result.json", bytes)
            var reader = try TelegramExportReader(path: file.path)
            #expect(throws: HistoryFileError(line: 1, column: column, "not JSON here: " + reason)) { _ = try allEvents(&reader) }
        }
    }
}
