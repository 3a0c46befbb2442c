import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit

/// Which reader `crm history` gives a file, from its first bytes (and for Telegram, its name).
@Suite struct HistoryFormatDetectionTests {
    static func source(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = try HistorySampleFile(name, bytes)
        return try HistoryFormat.reader(path: file.path, shown: name, today: day("2026-12-02")).reader.source
    }

    @Test func eachExportIsKnownByHowItStarts() throws {
        #expect(try Self.source("chat.txt", Array("12/31/23, 9:41 PM - Ada: Hi\n".utf8)) == "WhatsApp")
        #expect(try Self.source("_chat.txt", Array("\u{FEFF}\u{200E}[31.12.23, 21:41:05] Ada: Hi\r\n".utf8)) == "WhatsApp")
        #expect(try Self.source("chat.zip", ZipSample.archive([("_chat.txt", Array("[31.12.23, 21:41:05] Ada: Hi\n".utf8), false)])) == "WhatsApp")
        #expect(try Self.source("result.json", Array("{\n \"about\": \"Here is the data you requested.\"\n}".utf8)) == "Telegram")
        #expect(try Self.source("export.json", Array("{\"name\": \"Ada\", \"type\": \"personal_chat\", \"messages\": []}".utf8)) == "Telegram")
        #expect(try Self.source("cal.ics", Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)) == "calendar")
        #expect(try Self.source("mail.mbox", Array("From a@example.org Mon Jan  1 10:00:00 2024\nFrom: a@example.org\n\n".utf8)) == "mail")
        #expect(try Self.source("calls.xml", Array("<?xml version='1.0' ?>\n<calls count=\"0\">\n</calls>\n".utf8)) == "call log")
        for (name, text) in [("notes.txt", "Dear Ada,\n"), ("data.json", "{\"rows\": []}"), ("cards.vcf", "BEGIN:VCARD\r\n")] {
            #expect(throws: VaultError.self) { try Self.source(name, Array(text.utf8)) }
        }
    }
}
