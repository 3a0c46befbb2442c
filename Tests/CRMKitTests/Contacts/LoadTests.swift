import Foundation
import Testing
import CRMKit

@Suite("Loading files and folders")
struct LoadTests {
    @Test("A missing path throws an error that names it")
    func missing() {
        let path = NSTemporaryDirectory() + "no-such-contacts-\(UUID().uuidString).vcf"
        #expect {
            try ContactBook.load(path)
        } throws: { error in
            "\(error)" == "\(path): cannot read contacts: no such file or folder"
        }
    }

    @Test("A folder: .vcf files one level down read too, in path order; other files ignored")
    func subfolders() throws {
        let root = NSTemporaryDirectory() + "vcard-load-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = FileManager.default
        for folder in ["work", "work/deeper", ".hidden"] {
            try files.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        let cards = [
            "b.VCF": "Bea", "a.vcf": "Ada", "work/c.vcf": "Cy", "work/deeper/d.vcf": "Dee",
            ".hidden/e.vcf": "Eve", "f.vcf.tmp": "Fay", "notes.txt": "Gus",
        ]
        for (name, person) in cards {
            try Data(card("FN:" + person)).write(to: URL(fileURLWithPath: root + "/" + name))
        }
        try Data("no card".utf8).write(to: URL(fileURLWithPath: root + "/work/empty.vcf"))
        let book = try ContactBook.load(root + "/")
        #expect(book.contacts.map(\.name) == ["Ada", "Bea", "Cy"])
        #expect(book.contacts.map(\.path) == [root + "/a.vcf", root + "/b.VCF", root + "/work/c.vcf"])
        #expect(book.diagnostics.map(\.description) == ["\(root)/work/empty.vcf:1:1: warning: no vCard in this file"])
    }

    @Test("A folder without .vcf files is a warning, not an error")
    func emptyFolder() throws {
        let root = NSTemporaryDirectory() + "vcard-load-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("Friends".utf8).write(to: URL(fileURLWithPath: root + "/displayname"))
        let book = try ContactBook.load(root)
        #expect(book.contacts == [])
        #expect(book.diagnostics.map(\.description) == ["\(root):1:1: warning: no .vcf file in this folder"])
    }

    @Test("A file is read whatever its extension; UIDs are checked across the files of a folder")
    func duplicateAcrossFiles() throws {
        let root = NSTemporaryDirectory() + "vcard-load-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data(card("UID:x", "FN:Ada")).write(to: URL(fileURLWithPath: root + "/1.vcf"))
        try Data(card("UID:x", "FN:Bob")).write(to: URL(fileURLWithPath: root + "/2.vcf"))
        try Data(card("FN:Cy")).write(to: URL(fileURLWithPath: root + "/export.txt"))
        #expect(try ContactBook.load(root + "/export.txt").contacts.map(\.name) == ["Cy"])
        let book = try ContactBook.load(root)
        #expect(book.diagnostics.map(\.description) == [
            "\(root)/2.vcf:1:1: warning: UID \"x\" is also used by the vCard at \(root)/1.vcf:1",
        ])
    }
}
