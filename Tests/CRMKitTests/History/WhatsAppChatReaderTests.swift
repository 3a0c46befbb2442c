import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit

/// WhatsApp chat exports as WhatsApp's help describes them ("Export chat", without media): the
/// Android `.txt` in US English and in 24-hour day-first locales, iOS's `_chat.txt`, and the zip
/// iOS shares it in.
@Suite("History: WhatsApp chat exports")
struct WhatsAppChatReaderTests {
    static func events(_ text: String, name: String = "WhatsApp Chat with Ada Lovelace.txt") throws -> (events: [HistoryEvent], warnings: [HistoryFileWarning], order: WhatsAppChatReader.DateOrder) {
        let file = try HistorySampleFile(name, text)
        var reader = try WhatsAppChatReader(path: file.path)
        let events = try allEvents(&reader)
        return (events, reader.warnings, reader.order)
    }

    @Test("Android in US English: 12-hour times, month/day/year; system lines and continued lines are not messages")
    func androidUS() throws {
        let chat = """
        12/30/23, 9:41 PM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.
        12/30/23, 9:41 PM - Ada Lovelace: Are the punched cards ready?
        12/30/23, 9:45\u{202F}PM - Charles Babbage: Nearly. Two more sets:
        the Bernoulli table
        and the test deck
        12/31/23, 10:02 AM - Ada Lovelace: <Media omitted>
        1/2/24, 8:15 AM - Ada Lovelace: Happy new year!
        """
        let (events, warnings, order) = try Self.events(chat)
        #expect(order == .monthDayYear)
        #expect(warnings.isEmpty)
        #expect(events == [
            // Each moment is the day and the time as written (9:41 PM as 9:41), in seconds since 1970.
            HistoryEvent(channel: .message, day: day("2023-12-30"), parties: [.name("Ada Lovelace")], line: 2, moment: 1_703_929_260),
            HistoryEvent(channel: .message, day: day("2023-12-30"), parties: [.name("Charles Babbage")], line: 3, moment: 1_703_929_500),
            HistoryEvent(channel: .message, day: day("2023-12-31"), parties: [.name("Ada Lovelace")], line: 6, moment: 1_704_016_920),
            HistoryEvent(channel: .message, day: day("2024-01-02"), parties: [.name("Ada Lovelace")], line: 7, moment: 1_704_183_300),
        ])
    }

    @Test("Android with a 24-hour day-first locale; a sender not in the phone's contacts is a phone number")
    func android24Hour() throws {
        let chat = """
        02/01/2024, 21:41 - Ada Lovelace: Tea on Friday?
        02/01/2024, 21:43 - \u{202A}+44 7700 900123\u{202C}: Who is this?
        31/01/2024, 08:00 - Ada Lovelace: The engine works
        """
        let (events, warnings, order) = try Self.events(chat)
        #expect(order == .dayMonthYear)
        #expect(warnings.isEmpty)
        #expect(events.map(\.day) == [day("2024-01-02"), day("2024-01-02"), day("2024-01-31")])
        #expect(events.map(\.parties) == [[.name("Ada Lovelace")], [.phone("+44 7700 900123")], [.name("Ada Lovelace")]])
    }

    @Test("iOS: bracketed dates with seconds, U+200E before attachment lines, the `~ ` of a group member's own name")
    func iOS() throws {
        let chat = """
        \u{FEFF}[31.12.23, 21:41:05] Ada Lovelace: \u{200E}Messages and calls are end-to-end encrypted.
        [31.12.23, 21:41:05] Ada Lovelace: Did you see the notes?
        \u{200E}[01.01.24, 09:12:44] Charles Babbage: \u{200E}image omitted
        [01.01.24, 09:13:02] ~\u{202F}Mary Somerville: Lovely
        second line of the same message
        """
        let (events, warnings, order) = try Self.events(chat, name: "_chat.txt")
        #expect(order == .dayMonthYear)
        #expect(warnings.isEmpty)
        #expect(events.map(\.line) == [1, 2, 3, 4])
        #expect(events.map(\.day) == [day("2023-12-31"), day("2023-12-31"), day("2024-01-01"), day("2024-01-01")])
        #expect(events.map(\.parties) == [[.name("Ada Lovelace")], [.name("Ada Lovelace")], [.name("Charles Babbage")], [.name("Mary Somerville")]])
    }

    @Test("No date tells the day from the month: said at the first message, read as the file's form suggests")
    func ambiguous() throws {
        let dotted = try Self.events("03.04.24, 10:00 - Ada Lovelace: Hello\n05.04.24, 11:00 - Ada Lovelace: Again\n")
        #expect(dotted.order == .dayMonthYear)
        #expect(dotted.events.map(\.day) == [day("2024-04-03"), day("2024-04-05")])
        #expect(dotted.warnings == [HistoryFileWarning(line: 1, "no date in this chat tells the day from the month (none above 12); read as day/month/year")])

        let us = try Self.events("Intro line without a date\n3/4/24, 10:00 AM - Ada Lovelace: Hello\n")
        #expect(us.order == .monthDayYear)
        #expect(us.events.map(\.day) == [day("2024-03-04")])
        #expect(us.warnings == [HistoryFileWarning(line: 2, "no date in this chat tells the day from the month (none above 12); read as month/day/year")])
    }

    @Test("A date the settled order cannot read is said and not counted")
    func dateAgainstTheOrder() throws {
        let (events, warnings, _) = try Self.events("12/31/23, 9:41 PM - Ada Lovelace: Hi\n31/12/23, 9:42 PM - Ada Lovelace: Hi again\n")
        #expect(events.map(\.line) == [1])
        #expect(warnings == [HistoryFileWarning(line: 2, "not a date when read as month/day/year, as the rest of the chat is; message not counted")])
    }

    @Test("A file with no WhatsApp line is refused at line 1")
    func notAChat() throws {
        #expect(throws: HistoryFileError(line: 1, "not a WhatsApp chat: no line starts with a date and time as WhatsApp writes them (`31/12/2023, 21:41 - Name: text` or `[31.12.23, 21:41:05] Name: text`)")) {
            _ = try Self.events("Dear Ada,\nthe engine is ready.\n")
        }
    }

    /// Property: a chat of random dates written in one order is read back in that order, on the
    /// same days, and the warning comes exactly when no date has a number above 12.
    @Test("Property: the day/month order is found from the file", arguments: [11, 12, 13] as [UInt64])
    func dateOrderProperty(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<40 {
            let dayFirst = Bool.random(using: &random)
            let days = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                Day(dayNumber: Day(year: 2024, month: 1, day: 1)!.dayNumber + Int.random(in: 0..<366, using: &random))
            }
            let text = days.enumerated().map { index, d in
                let (a, b) = dayFirst ? (d.day, d.month) : (d.month, d.day)
                return dayFirst ? "\(a)/\(b)/24, 21:\(10 + index) - Ada Lovelace: message \(index)"
                    : "\(a)/\(b)/24, 9:\(10 + index) PM - Ada Lovelace: message \(index)"
            }.joined(separator: "\n")
            let settled = days.contains { $0.day > 12 }
            let (events, warnings, order) = try Self.events(text)
            #expect(order == (dayFirst ? .dayMonthYear : .monthDayYear), "\(text)")
            #expect(events.map(\.day) == days, "\(text)")
            #expect(warnings.count == (settled ? 0 : 1), "\(text)")
        }
    }

    @Test("iOS's zip: a stored _chat.txt is read inside it")
    func storedZip() throws {
        let chat = "[31.12.23, 21:41:05] Ada Lovelace: Hello\n[01.01.24, 09:00:00] Ada Lovelace: Again\n"
        let file = try HistorySampleFile("WhatsApp Chat - Ada Lovelace.zip", ZipSample.archive([
            ("00000012-PHOTO-2023-12-31-21-41-05.jpg", [0xFF, 0xD8, 0xFF, 0xE0], false),
            ("_chat.txt", Array(chat.utf8), false),
        ]))
        var reader = try WhatsAppChatReader(path: file.path)
        #expect(try allEvents(&reader).map(\.day) == [day("2023-12-31"), day("2024-01-01")])
    }

    @Test("A deflated _chat.txt is inflated; one whose CRC-32 is not the directory's is refused")
    func deflatedZip() throws {
        let chat = Array("[31.12.23, 21:41:05] Ada Lovelace: Hello\n".utf8)
        let file = try HistorySampleFile("WhatsApp Chat - Ada Lovelace.zip", ZipSample.archive([("_chat.txt", chat, true)]))
        var reader = try WhatsAppChatReader(path: file.path)
        #expect(try allEvents(&reader).map(\.day) == [day("2023-12-31")])
        var damaged = ZipSample.archive([("_chat.txt", chat, true)])
        damaged[50] ^= 0x01   // a byte of the text, inside its stored deflate block
        let broken = try HistorySampleFile("broken.zip", damaged)
        var brokenReader = try WhatsAppChatReader(path: broken.path)
        #expect(throws: HistoryFileError(line: 1, "_chat.txt in the zip is damaged: its size or CRC-32 is not what the zip's directory says")) {
            _ = try brokenReader.next()
        }
    }
}
