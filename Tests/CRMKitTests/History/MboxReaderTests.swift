import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit

/// mbox files (RFC 4155) of messages from RFC 5322's appendix A: only From, To, Cc and Date are
/// read; bodies are stepped over.
@Suite("History: mbox mail")
struct MboxReaderTests {
    static let mailbox = """
    From john.q.public@example.com Tue Jul  1 08:52:37 2003
    From: "Joe Q. Public" <john.q.public@example.com>
    To: Mary Smith <mary@x.test>, jdoe@example.org, Who? <one@y.test>
    Cc: <boss@nil.test>, "Giant; \\"Big\\" Box" <sysservices@example.net>
    Date: Tue, 1 Jul 2003 10:52:37 +0200
    Message-ID: <5678.21-Nov-1997@example.com>

    Hi everyone.
    >From the desk of Joe: this line is body text.

    From pete@silly.test Fri Feb 14 03:02:54 1969
    From: Pete(A nice \\) chap) <pete(his account)@silly.test(his host)>
    To:A Group(Some people)
         :Chris Jones <c@(Chris's host.)public.example>,
             joe@example.org,
      John <jdoe@one.test> (my dear friend); (the end of the group)
    Cc:(Empty list)(start)Hidden recipients  :(nobody(that I know))  ;
    Date: Thu,
          13
            Feb
              1969
          23:32
                   -0330 (Newfoundland Time)
    Subject: From: To: Cc: are read from the headers only

    To: someone@body.example
    From here on the body mentions addresses: nobody@body.example

    From mary@x.test Sat Dec 31 21:41:05 2023
    From: Mary Smith <mary@x.test>
    To: John Doe <jdoe@example.org>
    Subject: No date

    Body.

    From mary@x.test Sat Dec 31 21:41:05 2023
    From: Mary Smith <mary@x.test>
    To: John Doe <jdoe@example.org>
    Date: the last day of the year

    Body.
    """

    @Test("Addresses of From, To and Cc (display names, quotes, comments, groups, folded lines); the Date's offset moves the day; bodies are not read")
    func headers() throws {
        let file = try HistorySampleFile("All mail Including Spam and Trash.mbox", Self.mailbox)
        var reader = try MboxReader(path: file.path, zone: zone(hours: 0))
        let events = try allEvents(&reader)
        #expect(events == [
            HistoryEvent(channel: .email, day: day("2003-07-01"), parties: [
                .email("john.q.public@example.com"), .email("mary@x.test"), .email("jdoe@example.org"), .email("one@y.test"),
                .email("boss@nil.test"), .email("sysservices@example.net"),
            ], line: 1, moment: 1_057_049_557),   // 2003-07-01T08:52:37Z
            // 23:32 at -03:30 is 03:02 UTC the next day.
            HistoryEvent(channel: .email, day: day("1969-02-14"), parties: [
                .email("pete@silly.test"), .email("c@public.example"), .email("joe@example.org"), .email("jdoe@one.test"),
            ], line: 11, moment: -27_723_480),   // 1969-02-14T03:02:00Z
        ])
        #expect(reader.warnings == [
            HistoryFileWarning(line: 29, "a message without a Date header; not counted"),
            HistoryFileWarning(line: 36, "a Date header this reader cannot read (`Sat, 31 Dec 2023 21:41:05 +0000`); message not counted"),
        ])
    }

    @Test("The day is the user's: the same message on another day west of UTC")
    func userZone() throws {
        let file = try HistorySampleFile("mail.mbox", Self.mailbox)
        var reader = try MboxReader(path: file.path, zone: zone(hours: -5))
        #expect(try allEvents(&reader).map(\.day) == [day("2003-07-01"), day("1969-02-13")])
    }

    @Test("Dates in the obsolete forms: two-digit years, zone names, no seconds, no day of the week")
    func obsoleteDates() {
        let cases: [(String, Int64?)] = [
            ("Tue, 1 Jul 2003 10:52:37 +0200", 1_057_049_557),
            ("1 Jul 03 10:52 GMT", 1_057_056_720),
            ("Tue, 01 Jul 2003 03:52:37 PDT", 1_057_056_757),
            ("Mon, 31 Dec 2023 23:59:59 -0000", 1_704_067_199),
            ("31 Foo 2023 10:00 +0000", nil),
            ("yesterday", nil),
        ]
        for (text, epoch) in cases {
            #expect(MailDate.epochSeconds(Array(text.utf8)) == epoch, "\(text)")
        }
    }

    @Test("A file that does not start with a From line is not an mbox")
    func notAnMbox() throws {
        let file = try HistorySampleFile("notes.mbox", "Subject: hello\n\nbody\n")
        var reader = try MboxReader(path: file.path)
        #expect(throws: HistoryFileError(line: 1, "not an mbox: a message must start with a `From ` line")) {
            _ = try allEvents(&reader)
        }
    }

    @Test("A message whose headers reach the end of the file is counted; a From line inside a body only after a blank line")
    func edges() throws {
        let text = "From a@example.org Mon Jan  1 10:00:00 2024\nFrom: a@example.org\nDate: Mon, 1 Jan 2024 10:00:00 +0000\n\nFrom b@example.org about the plan\nFrom here on\n\nFrom c@example.org Tue Jan  2 10:00:00 2024\nFrom: c@example.org\nDate: Tue, 2 Jan 2024 10:00:00 +0000"
        let file = try HistorySampleFile("mail.mbox", text)
        var reader = try MboxReader(path: file.path, zone: zone(hours: 0))
        let events = try allEvents(&reader)
        // The `From b@…` line after the blank line is taken as a separator, as RFC 4155 reads it:
        // its "message" has no Date and is said.
        #expect(events.map(\.parties) == [[.email("a@example.org")], [.email("c@example.org")]])
        #expect(events.map(\.line) == [1, 8])
        #expect(reader.warnings == [HistoryFileWarning(line: 5, "a message without a Date header; not counted")])
    }
}
