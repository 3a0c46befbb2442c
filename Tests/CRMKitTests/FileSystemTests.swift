import Testing
@testable import CRMKit

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
            #expect(try FileSystem.kind(of: "/dev/null") == .other)
            #expect { try FileSystem.kind(of: folder + "/missing") } throws: { ($0 as? FileSystemError)?.isMissing == true }
            #expect { try FileSystem.kind(of: folder + "/file/below") } throws: { ($0 as? FileSystemError)?.isMissing == true }
        }
    }

    @Test(arguments: [("cal.ics", "."), ("/cal.ics", "/"), ("a/b/cal.ics", "a/b"), ("~/x/cal.ics", "~/x")])
    func folderOfAPath(_ path: String, _ folder: String) {
        #expect(FileSystem.parentDirectory(of: path) == folder)
    }
}
