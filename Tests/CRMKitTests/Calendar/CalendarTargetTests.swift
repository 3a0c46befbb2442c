import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Calendar targets: vdir folders and .ics files")
struct CalendarTargetTests {
    private func mode(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    private func expectError(_ expected: CalendarTargetError, _ message: String, adding event: ICalendarEvent = Sample.allDay,
                             to target: CalendarTarget, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try target.add(event) }
        #expect(expected.description == message, sourceLocation: sourceLocation)
    }

    // MARK: vdir

    @Test func vdirGetsOneFileNamedByTheUID() throws {
        try withTemporaryFolder { folder throws in
            let written = try CalendarTarget(path: folder).add(Sample.timed)
            #expect(written == folder + "/" + Sample.timed.uid + ".ics")
            #expect(try fileNames(in: folder) == [Sample.timed.uid + ".ics"])
            #expect(try fileBytes(at: written) == (try Fixtures.calendar("timed-event.ics")))
        }
    }

    @Test func vdirPathWithTrailingSlash() throws {
        try withTemporaryFolder { folder throws in
            let written = try CalendarTarget(path: folder + "/").add(Sample.allDay)
            #expect(written == folder + "/" + Sample.allDay.uid + ".ics")
            #expect(try fileBytes(at: written) == (try Fixtures.calendar("all-day-event.ics")))
        }
    }

    @Test func vdirNeverOverwritesAnEventFile() throws {
        try withTemporaryFolder { folder throws in
            let existing = folder + "/" + Sample.allDay.uid + ".ics"
            try writeFile(Array("someone else's".utf8), to: existing)
            expectError(.eventFileExists(path: existing), "calendar event file \(existing) already exists",
                        to: CalendarTarget(path: folder))
            #expect(try fileBytes(at: existing) == Array("someone else's".utf8))
            #expect(try fileNames(in: folder) == [Sample.allDay.uid + ".ics"], "no temporary file left")
        }
    }

    @Test func vdirFileForAnUnsafeUIDIsNamedByItsHash() throws {
        try withTemporaryFolder { folder throws in
            var event = Sample.allDay
            event.uid = "../escape/ü@example.org"
            let written = try CalendarTarget(path: folder).add(event)
            #expect(written == folder + "/" + EventUID.stable(event.uid) + ".ics")
            #expect(try fileNames(in: folder) == [EventUID.stable(event.uid) + ".ics"])
        }
    }

    @Test func vdirKeepsFileNameSafeUIDs() throws {
        try withTemporaryFolder { folder throws in
            var event = Sample.allDay
            event.uid = "Event_1.2+3@example-host"
            #expect(try CalendarTarget(path: folder).add(event) == folder + "/Event_1.2+3@example-host.ics")
        }
    }

    @Test func tildeExpandsToHome() throws {
        try withTemporaryFolder { home throws in
            try FileManager.default.createDirectory(atPath: home + "/calendars/personal", withIntermediateDirectories: true)
            let written = try CalendarTarget(path: "~/calendars/personal", home: home).add(Sample.allDay)
            #expect(written == home + "/calendars/personal/" + Sample.allDay.uid + ".ics")
            let file = try CalendarTarget(path: "~/calendars/birthdays.ics", home: home).add(Sample.birthdays[0])
            #expect(file == home + "/calendars/birthdays.ics")
        }
    }

    // MARK: .ics file

    @Test func missingICSFileIsCreatedWithAWholeCalendar() throws {
        try withTemporaryFolder { folder throws in
            let target = CalendarTarget(path: folder + "/birthdays.ics")
            for event in Sample.birthdays {
                #expect(try target.add(event) == folder + "/birthdays.ics")
            }
            #expect(try fileBytes(at: folder + "/birthdays.ics") == (try Fixtures.calendar("birthdays.ics")))
            #expect(try fileNames(in: folder) == ["birthdays.ics"])
            #expect(try mode(of: folder + "/birthdays.ics") & 0o600 == 0o600)
        }
    }

    @Test func eventGoesBeforeTheLastEndKeepingEveryOtherByte() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/personal.ics"
            try writeFile(try Fixtures.calendar("existing.ics"), to: path)
            try CalendarTarget(path: path).add(Sample.allDay)
            #expect(try fileBytes(at: path) == (try Fixtures.calendar("existing-with-event.ics")))
        }
    }

    @Test func fileWithLFLineEndsGetsLFLines() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/lf.ICS"
            try writeFile(try Fixtures.calendar("existing-lf.ics"), to: path)
            try CalendarTarget(path: path).add(Sample.allDay)
            #expect(try fileBytes(at: path) == (try Fixtures.calendar("existing-lf-with-event.ics")))
        }
    }

    @Test func textAroundTheCalendarIsKept() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/two.ics"
            let first = "begin:vcalendar\r\nVERSION:2.0\r\nend:vcalendar\r\n"
            let second = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR  \r\n\r\n"
            try writeFile(Array((first + second).utf8), to: path)
            try CalendarTarget(path: path).add(Sample.allDay)
            let expected = first + "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + Sample.allDay.rendered + "END:VCALENDAR  \r\n\r\n"
            #expect(try fileBytes(at: path) == Array(expected.utf8))
        }
    }

    @Test func fileModeIsKept() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/private.ics"
            try writeFile(try Fixtures.calendar("existing.ics"), to: path)
            #expect(chmod(path, 0o640) == 0)
            try CalendarTarget(path: path).add(Sample.allDay)
            #expect(try mode(of: path) == 0o640)
            #expect(try fileNames(in: folder) == ["private.ics"], "no temporary file left")
        }
    }

    @Test func emptyFileGetsAWholeCalendar() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/empty.ics"
            try writeFile([], to: path)
            try CalendarTarget(path: path).add(Sample.allDay)
            #expect(try fileBytes(at: path) == (try Fixtures.calendar("all-day-event.ics")))
        }
    }

    @Test func symbolicLinkToAnICSFileStaysALink() throws {
        try withTemporaryFolder { folder throws in
            try writeFile(try Fixtures.calendar("existing.ics"), to: folder + "/real.ics")
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.ics", withDestinationPath: "real.ics")
            let written = try CalendarTarget(path: folder + "/link.ics").add(Sample.allDay)
            #expect(written == folder + "/link.ics")   // named as given, as a new file is; written through the link
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.ics") == "real.ics")
            #expect(try fileBytes(at: folder + "/real.ics") == (try Fixtures.calendar("existing-with-event.ics")))
        }
    }

    @Test func folderNamedLikeAnICSFileIsAVdir() throws {
        try withTemporaryFolder { folder throws in
            try FileManager.default.createDirectory(atPath: folder + "/cal.ics", withIntermediateDirectories: false)
            #expect(try CalendarTarget(path: folder + "/cal.ics").add(Sample.allDay)
                == folder + "/cal.ics/" + Sample.allDay.uid + ".ics")
        }
    }

    // MARK: unusable targets

    @Test func missingFolder() throws {
        try withTemporaryFolder { home throws in
            expectError(.folderMissing(path: "~/x"), "calendar folder ~/x does not exist",
                        to: CalendarTarget(path: "~/x", home: home))
        }
    }

    @Test func missingFolderForAnICSFile() throws {
        try withTemporaryFolder { home throws in
            expectError(.folderMissing(path: "~/nowhere/deeper"), "calendar folder ~/nowhere/deeper does not exist",
                        to: CalendarTarget(path: "~/nowhere/deeper/cal.ics", home: home))
            #expect(try fileNames(in: home).isEmpty)
        }
    }

    @Test func fileInPlaceOfAFolder() throws {
        try withTemporaryFolder { home throws in
            try writeFile(Array("x".utf8), to: home + "/notes.txt")
            expectError(.folderMissing(path: "~/notes.txt"), "calendar folder ~/notes.txt does not exist",
                        to: CalendarTarget(path: "~/notes.txt/cal.ics", home: home))
            expectError(.folderMissing(path: "~/notes.txt/sub"), "calendar folder ~/notes.txt/sub does not exist",
                        to: CalendarTarget(path: "~/notes.txt/sub", home: home))
        }
    }

    @Test func regularFileThatIsNotICS() throws {
        try withTemporaryFolder { home throws in
            try writeFile(Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8), to: home + "/calendar.txt")
            expectError(.notACalendar(path: "~/calendar.txt"), "calendar ~/calendar.txt is neither a folder nor an .ics file",
                        to: CalendarTarget(path: "~/calendar.txt", home: home))
            #expect(try fileBytes(at: home + "/calendar.txt") == Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8))
        }
    }

    @Test func nonRegularFileWithICSName() throws {
        try withTemporaryFolder { folder throws in
            #expect(mkfifo(folder + "/pipe.ics", 0o600) == 0)
            expectError(.notACalendar(path: folder + "/pipe.ics"), "calendar \(folder)/pipe.ics is neither a folder nor an .ics file",
                        to: CalendarTarget(path: folder + "/pipe.ics"))
        }
    }

    @Test(arguments: [
        "not a calendar at all\n",
        "BEGIN:VEVENT\r\nEND:VEVENT\r\n",
        "END:VCALENDAR\r\nBEGIN:VCALENDAR\r\n",
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n",
        "X-BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    ])
    func icsFileWithoutAVCalendar(_ content: String) throws {
        try withTemporaryFolder { home throws in
            try writeFile(Array(content.utf8), to: home + "/broken.ics")
            expectError(.noVCalendar(path: "~/broken.ics"), "calendar file ~/broken.ics has no VCALENDAR to add the event to",
                        to: CalendarTarget(path: "~/broken.ics", home: home))
            #expect(try fileBytes(at: home + "/broken.ics") == Array(content.utf8))
            #expect(try fileNames(in: home) == ["broken.ics"])
        }
    }

    @Test(arguments: [nil, ""])
    func homeNotSet(_ home: String?) {
        expectError(.homeNotSet(path: "~/calendars"), "cannot find calendar ~/calendars: HOME is not set",
                    to: CalendarTarget(path: "~/calendars", home: home))
    }

    @Test func folderTheSystemWillNotWriteTo() {
        // sysfs refuses new files even to root.
        expectError(.inaccessible(path: "/sys", reason: "Permission denied"), "cannot write calendar /sys: Permission denied",
                    to: CalendarTarget(path: "/sys"))
        expectError(.inaccessible(path: "/sys/crm.ics", reason: "Permission denied"),
                    "cannot write calendar /sys/crm.ics: Permission denied",
                    to: CalendarTarget(path: "/sys/crm.ics"))
    }

    @Test(.enabled(if: geteuid() != 0, "root may write to any folder"))
    func readOnlyFolder() throws {
        try withTemporaryFolder { folder throws in
            #expect(chmod(folder, 0o500) == 0)
            defer { chmod(folder, 0o700) }
            expectError(.inaccessible(path: folder, reason: "Permission denied"), "cannot write calendar \(folder): Permission denied",
                        to: CalendarTarget(path: folder))
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root may read any file"))
    func unreadableICSFile() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/secret.ics"
            try writeFile(try Fixtures.calendar("existing.ics"), to: path)
            #expect(chmod(path, 0o200) == 0)
            expectError(.inaccessible(path: path, reason: "Permission denied"), "cannot write calendar \(path): Permission denied",
                        to: CalendarTarget(path: path))
        }
    }
}
