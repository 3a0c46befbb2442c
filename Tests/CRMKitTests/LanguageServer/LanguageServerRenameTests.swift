@testable import CRMKit
import Foundation
import Testing

/// `crm lsp`'s rename: `prepareRename` and `rename` as exact transcripts of the built server,
/// and the edit it answers, applied to the files as an editor applies it, against what `crm
/// rename` writes on a copy of the same vault.
@Suite struct LanguageServerRenameTests {
    typealias Feature = LanguageServerFeatureTests

    static let ada = """
        ---
        name: Ada Lovelace
        aliases: [Countess]
        ---

        ## Interactions

        - 2026-11-20 call: 🎻 with [[bob]] and [[Countess]]

        """

    static let bob = """
        ---
        name: Bob
        related:
          - "[[ada-lovelace|friend: Ada Lovelace]]"
        ---

        ## Interactions

        - 2026-11-21 call: with [[Ada Lovelace]]

        """

    /// Ada (linked by her id, her name and her alias), Bob, a daily note and a note.
    static func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "types: [call, message, email, visit, note]\nheading: Interactions\nevery: 30d\njournal: Daily\n")
        try vault.write("people/ada-lovelace.md", ada)
        try vault.write("people/bob.md", bob)
        try vault.write("Daily/2026-11-28.md", "- call with [[ada-lovelace]]\n")
        try vault.write("notes/idea.md", "Ask 🎻 [[Ada Lovelace|her]] about it.\n")
        return vault
    }

    static let renamesFiles = #"{"workspace":{"workspaceEdit":{"documentChanges":true,"resourceOperations":["create","rename","delete"]}},"textDocument":{"rename":{"prepareSupport":true}}}"#

    @Test func prepareRenameOnALinkOrTheNameAndNowhereElse() throws {
        let vault = try Self.vault()
        var session = LSPTranscript()
        session.initialize(root: vault.path, capabilities: Self.renamesFiles)
        session.open("file://\(vault.path)/people/bob.md", Self.bob)
        session.open("file://\(vault.path)/people/ada-lovelace.md", Self.ada)
        for (id, path, line, character) in [(2, "people/bob.md", 8, 30), (3, "people/ada-lovelace.md", 1, 9), (4, "people/bob.md", 3, 12),
                                            (5, "people/ada-lovelace.md", 7, 5), (6, "people/bob.md", 1, 7)] {
            session.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/prepareRename","params":\#(Feature.at(vault, path, line, character))}"#)
        }
        session.shutdownAndExit()
        let outcome = try session.run(environment: ["CRM_TODAY": "2026-11-29"])
        let answers = outcome.messages.filter { $0["id"] != nil }
        let capabilities = LSPTranscript.capabilities(encoding: "utf-16").replacingOccurrences(of: #""renameProvider":true"#, with: #""renameProvider":{"prepareProvider":true}"#)
        try expectMessages(answers, [
            Feature.result(1, #"{"capabilities":\#(capabilities),"serverInfo":{"name":"crm"}}"#),
            // A link, whole; the name: value; a link in related:, quoted in its YAML string.
            Feature.result(2, #"{"range":\#(Feature.range(8, 24, 40)),"placeholder":"Ada Lovelace"}"#),
            Feature.result(3, #"{"range":\#(Feature.range(1, 6, 18)),"placeholder":"Ada Lovelace"}"#),
            Feature.result(4, #"{"range":\#(Feature.range(3, 5, 42)),"placeholder":"Ada Lovelace"}"#),
            // A log line's date: nothing to rename. Bob's own name: value.
            Feature.result(5, "null"),
            Feature.result(6, #"{"range":\#(Feature.range(1, 6, 9)),"placeholder":"Bob"}"#),
            Feature.result(99, "null"),
        ])
    }

    @Test func renameMovesTheFileWhenTheClientRenamesFiles() throws {
        let vault = try Self.vault()
        // Bob's buffer links Ada where the saved file does not: the buffer is what is edited, at its version.
        let bobBuffer = Self.bob + "- 2026-11-29 note: ask [[Countess|the countess]] and [[Ada Lovelace]]\n"
        let answers = try Feature.answers(vault, capabilities: Self.renamesFiles, open: [("people/bob.md", bobBuffer)], [
            ("textDocument/rename", Feature.at(vault, "people/bob.md", 8, 30, #","newName":"Ada King""#)),
        ])
        let root = "file://\(vault.path)"
        try expectMessages(answers, [
            Feature.result(2, #"{"documentChanges":["#
                + #"{"textDocument":{"uri":"\#(root)/people/ada-lovelace.md","version":null},"edits":[{"range":\#(Feature.range(1, 10, 18)),"newText":"King"}]},"#
                + #"{"textDocument":{"uri":"\#(root)/people/bob.md","version":1},"edits":["#
                + #"{"range":\#(Feature.range(3, 7, 19)),"newText":"ada-king"},{"range":\#(Feature.range(3, 20, 40)),"newText":"friend: Ada King"},"#
                + #"{"range":\#(Feature.range(8, 26, 38)),"newText":"Ada King"},{"range":\#(Feature.range(9, 55, 67)),"newText":"Ada King"}]},"#
                + #"{"textDocument":{"uri":"\#(root)/Daily/2026-11-28.md","version":null},"edits":[{"range":\#(Feature.range(0, 14, 26)),"newText":"ada-king"}]},"#
                + #"{"textDocument":{"uri":"\#(root)/notes/idea.md","version":null},"edits":[{"range":\#(Feature.range(0, 9, 21)),"newText":"Ada King"}]},"#
                + #"{"kind":"rename","oldUri":"\#(root)/people/ada-lovelace.md","newUri":"\#(root)/people/ada-king.md"}]}"#),
        ])
        // Nothing written: the server leaves the files to the editor.
        #expect(vault.read("people/ada-lovelace.md") == Self.ada)
        #expect(vault.read("people/bob.md") == Self.bob)
        #expect(!vault.exists("people/ada-king.md"))
    }

    @Test func withoutFileRenamesTheLinksChangeAndAMessageSaysWhichFileToMove() throws {
        let vault = try Self.vault()
        var session = LSPTranscript()
        session.initialize(root: vault.path)
        session.open("file://\(vault.path)/people/ada-lovelace.md", Self.ada)
        session.send(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/rename","params":\#(Feature.at(vault, "people/ada-lovelace.md", 1, 9, #","newName":"Ada King""#))}"#)
        session.shutdownAndExit()
        let outcome = try session.run(environment: ["CRM_TODAY": "2026-11-29"])
        let root = "file://\(vault.path)"
        try expectMessages(outcome.messages.filter { $0["method"] != .string("textDocument/publishDiagnostics") }.dropFirst().map { $0 }, [
            Feature.result(2, #"{"changes":{"#
                + #""\#(root)/people/ada-lovelace.md":[{"range":\#(Feature.range(1, 10, 18)),"newText":"King"}],"#
                + #""\#(root)/people/bob.md":[{"range":\#(Feature.range(3, 7, 19)),"newText":"ada-king"},{"range":\#(Feature.range(3, 20, 40)),"newText":"friend: Ada King"},{"range":\#(Feature.range(8, 26, 38)),"newText":"Ada King"}],"#
                + #""\#(root)/Daily/2026-11-28.md":[{"range":\#(Feature.range(0, 14, 26)),"newText":"ada-king"}],"#
                + #""\#(root)/notes/idea.md":[{"range":\#(Feature.range(0, 9, 21)),"newText":"Ada King"}]}}"#),
            #"{"jsonrpc":"2.0","method":"window/showMessage","params":{"type":3,"message":"The links now name people/ada-king.md, and this editor cannot move files through crm lsp: rename people/ada-lovelace.md to people/ada-king.md (or undo this and run: crm rename ada-lovelace \"Ada King\")"}}"#,
            Feature.result(99, "null"),
        ])
    }

    @Test func aNameCrmRenameRefusesIsRefusedInItsWords() throws {
        let vault = try Self.vault()
        let answers = try Feature.answers(vault, open: [("people/ada-lovelace.md", Self.ada)], [
            ("textDocument/rename", Feature.at(vault, "people/ada-lovelace.md", 1, 9, #","newName":"bob""#)),
            ("textDocument/rename", Feature.at(vault, "people/ada-lovelace.md", 1, 9, #","newName":"  ""#)),
            ("textDocument/rename", Feature.at(vault, "people/ada-lovelace.md", 7, 3, #","newName":"Ada King""#)),
        ])
        let refusals = try [vault.crm("rename", "ada-lovelace", "bob"), vault.crm("rename", "ada-lovelace", "  ")].map { result in
            #expect(result.status != 0)
            return String(result.stderr.prefix { $0 != "\n" }).replacingOccurrences(of: "crm: error: ", with: "")
        }
        try expectMessages(answers, [
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32803,"message":\#(LSPTranscript.quoted(refusals[0]))}}"#,
            #"{"jsonrpc":"2.0","id":3,"error":{"code":-32803,"message":\#(LSPTranscript.quoted(refusals[1]))}}"#,
            #"{"jsonrpc":"2.0","id":4,"error":{"code":-32803,"message":"there is no one to rename here: rename on a link to a person or on a person file's name:"}}"#,
        ])
    }

    // MARK: The oracle: crm rename

    /// A vault with every way of linking a person: by id, name, alias, file path, with a
    /// heading, embedded, in a table, in a front matter, from their own file, after characters
    /// UTF-16 counts twice, in a file with CR LF line ends.
    static func linkingVault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "journal: Daily\n")
        try vault.write("people/ada-lovelace.md", "---\nname: Ada Lovelace\naliases: [Countess]\nup: \"[[ada-lovelace#Notes]]\"\n---\n\nMe: [[Ada Lovelace]].\n\n## Interactions\n\n- 2026-11-20 call: 🎻🎻 with [[bob]]\n")
        try vault.write("people/bob.md", "---\r\nname: Bob\r\nrelated:\r\n  - \"[[Ada Lovelace|friend: Ada Lovelace]]\"\r\n---\r\n\r\n## Interactions\r\n\r\n- 2026-11-21 call: 𝄞 [[ada lovelace]] and ![[ada-lovelace]]\r\n")
        try vault.write("people/family/mom.md", "---\nname: Francesca Rossi\naliases: [Mom]\n---\n\n## Interactions\n\n- 2026-11-19 visit: with [[Countess]] and [[people/ada-lovelace.md]]\n")
        try vault.write("Daily/2026-11-28.md", "- call with [[Mom]] and [[ada-lovelace|Ada Lovelace]]\n\n| who | what |\n|---|---|\n| [[Ada Lovelace]] | tea |\n")
        try vault.write("notes/idea.md", "Ask é [[Ada Lovelace#Plans|her]] and [[mom]] about [[ada-lovelace]].\n")
        return vault
    }

    @Test(arguments: [("people/ada-lovelace.md", 1, 8, "Ada King"), ("people/family/mom.md", 1, 8, "Francesca Rossi-Bianchi"),
                      ("people/bob.md", 1, 7, "Robert Stone")])
    func theEditAppliedIsWhatCrmRenameWrites(path: String, line: Int, character: Int, newName: String) throws {
        let edited = try Self.linkingVault(), renamed = try Self.linkingVault()
        let text = edited.read(path)
        let person = Person.id(forPath: path)
        let edits = try [Self.renamesFiles, "{}"].map { capabilities in
            let answers = try Feature.answers(edited, capabilities: capabilities, open: [(path, text)], [
                ("textDocument/rename", Feature.at(edited, path, line, character, #","newName":\#(LSPTranscript.quoted(newName))"#)),
            ])
            return try #require(answers.first?["result"])
        }
        // Without file renames, the same text edits by file.
        let textEdits = (edits[0]["documentChanges"]?.arrayValue ?? []).compactMap { change in
            change["textDocument"]?["uri"].map { ($0.stringValue!, change["edits"]!) }
        }
        #expect(edits[1] == .object([("changes", .object(textEdits))]))
        try WorkspaceEditApplier.apply(edits[0], in: edited.path)
        let result = try renamed.crm("rename", person, newName)
        #expect(result.status == 0, "\(result.stderr)")
        let editedFiles = try Self.files(edited.path), renamedFiles = try Self.files(renamed.path)
        #expect(editedFiles.keys.sorted() == renamedFiles.keys.sorted())
        for (file, bytes) in renamedFiles {
            #expect(editedFiles[file] == bytes, "\(file):\n\(String(decoding: editedFiles[file] ?? [], as: UTF8.self))\nwant:\n\(String(decoding: bytes, as: UTF8.self))")
        }
        // It changed something in each file that links the person.
        #expect(editedFiles != (try Self.files(Self.linkingVault().path)))
    }

    /// Every file of the vault but `.crm/`, by path, with its bytes.
    static func files(_ root: String) throws -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.hasPrefix(".crm"), let data = FileManager.default.contents(atPath: root + "/" + relative) else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), isFolder.boolValue { continue }
            found[relative] = Array(data)
        }
        return found
    }
}

/// A `WorkspaceEdit` applied to files as an editor applies it: each text edit by its UTF-16
/// positions, edits of one document from the last to the first, a `rename` moving the file.
enum WorkspaceEditApplier {
    static func apply(_ edit: JSON, in root: String) throws {
        for change in edit["documentChanges"]?.arrayValue ?? [] {
            if change["kind"] == .string("rename") {
                let from = try #require(change["oldUri"]?.stringValue.map(path)), to = try #require(change["newUri"]?.stringValue.map(path))
                #expect(!FileManager.default.fileExists(atPath: to))
                try FileManager.default.moveItem(atPath: from, toPath: to)
                continue
            }
            if change["kind"] == .string("create") {
                let file = try #require(change["uri"]?.stringValue.map(path))
                #expect(!FileManager.default.fileExists(atPath: file))
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: file, contents: Data())
                continue
            }
            let file = try #require(change["textDocument"]?["uri"]?.stringValue.map(path))
            let bytes = Array(FileManager.default.contents(atPath: file) ?? Data())
            try Data(edited(bytes, try #require(change["edits"]?.arrayValue))).write(to: URL(fileURLWithPath: file))
        }
    }

    static func path(_ uri: String) -> String {
        URL(string: uri)!.path
    }

    /// `bytes` with `edits` (TextEdits, UTF-16 positions) made.
    static func edited(_ bytes: [UInt8], _ edits: [JSON]) throws -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        var lineStarts = [text.utf16.startIndex]
        var i = text.utf16.startIndex
        while i < text.utf16.endIndex {
            let unit = text.utf16[i]
            i = text.utf16.index(after: i)
            if unit == 0x0D, i < text.utf16.endIndex, text.utf16[i] == 0x0A { continue }
            if unit == 0x0A || unit == 0x0D { lineStarts.append(i) }
        }
        func offset(_ position: JSON?) throws -> Int {
            let line = try #require(position?["line"]?.intValue), character = try #require(position?["character"]?.intValue)
            let index = text.utf16.index(lineStarts[line], offsetBy: character)
            return text.utf16.distance(from: text.utf16.startIndex, to: index)
        }
        var units = Array(text.utf16)
        let ranges = try edits.map { (start: try offset($0["range"]?["start"]), end: try offset($0["range"]?["end"]), text: $0["newText"]?.stringValue ?? "") }
        for edit in ranges.sorted(by: { $0.start > $1.start }) {
            units.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf16))
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
