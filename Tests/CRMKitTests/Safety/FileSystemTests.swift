import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

@Suite("Atomic file writes")
struct FileSystemTests {
    @Test func replaceWritesWhenTheFileIsUnchanged() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/cal.ics"
            try writeFile(Array("old".utf8), to: path)
            let original = try FileSystem.readFile(path)
            #expect(original.bytes == Array("old".utf8))
            #expect(try FileSystem.replace(path, with: Array("new".utf8), ifUnchangedSince: original.stamp))
            #expect(try fileBytes(at: path) == Array("new".utf8))
            #expect(try fileNames(in: folder) == ["cal.ics"])
        }
    }

    @Test func replaceRefusesAFileChangedSinceItWasRead() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/cal.ics"
            try writeFile(Array("old".utf8), to: path)
            let original = try FileSystem.readFile(path)
            try writeFile(Array("someone else's edit".utf8), to: path)
            #expect(try !FileSystem.replace(path, with: Array("new".utf8), ifUnchangedSince: original.stamp))
            #expect(try fileBytes(at: path) == Array("someone else's edit".utf8))
            #expect(try fileNames(in: folder) == ["cal.ics"], "no temporary file left")
        }
    }

    @Test func readFileReadsWholeFilesOfEverySize() throws {
        try withTemporaryFolder { folder throws in
            for size in [0, 1, 4095, 4096, 65536, 65537, 300_000] {
                let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
                try writeFile(bytes, to: folder + "/f.md")
                #expect(try FileSystem.readFile(folder + "/f.md").bytes == bytes, "size \(size)")
            }
        }
    }

    #if os(Linux)
    @Test func readFileReadsOnPastTheSizeAFileReports() throws {
        // /proc files report a size of 0 yet have contents, as a file that grew while read would.
        let expected = Array((CommandLine.arguments.joined(separator: "\0") + "\0").utf8)
        #expect(try FileSystem.readFile("/proc/self/cmdline").bytes == expected)
    }
    #endif

    @Test func createRefusesAnExistingFile() throws {
        try withTemporaryFolder { folder throws in
            let path = folder + "/event.ics"
            try FileSystem.create(path, with: Array("first".utf8))
            #expect(throws: FileSystemError.self) { try FileSystem.create(path, with: Array("second".utf8)) }
            #expect(try fileBytes(at: path) == Array("first".utf8))
            #expect(try fileNames(in: folder) == ["event.ics"], "no temporary file left")
        }
    }

    @Test func kindOfAPath() throws {
        try withTemporaryFolder { folder throws in
            try writeFile([], to: folder + "/file")
            #expect(try FileSystem.kind(of: folder) == .directory)
            #expect(try FileSystem.kind(of: folder + "/file") == .regularFile)
            #expect(try FileSystem.kind(of: "/dev/null") == .device)
            #expect { try FileSystem.kind(of: folder + "/missing") } throws: { ($0 as? FileSystemError)?.isMissing == true }
            #expect { try FileSystem.kind(of: folder + "/file/below") } throws: { ($0 as? FileSystemError)?.isMissing == true }
        }
    }

    @Test(arguments: [("cal.ics", "."), ("/cal.ics", "/"), ("a/b/cal.ics", "a/b"), ("~/x/cal.ics", "~/x")])
    func folderOfAPath(_ path: String, _ folder: String) {
        #expect(FileSystem.parentDirectory(of: path) == folder)
    }
}
