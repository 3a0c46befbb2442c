@testable import CRMKit
@testable import CRMLanguageServer
import Foundation
import Testing

/// `crm lsp`'s diagnostics: every `crm check` finding of the open document's text as the editor
/// holds it, with the rule as `code`, and hints on the front matter. Today is 2026-11-29, a Sunday.
@Suite struct LanguageServerDiagnosticsTests {
    /// A vault with Ada (due every 30 days, a birthday on Friday, a log linking Bob) and Bob,
    /// who has Ada's contact id (Ada's entry with him counts as his: he is due in 3 weeks too).
    static func vault(check: String = "") throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "types: [call, message, email, visit, note]\nheading: Interactions\nevery: 30d\njournal: Daily\n" + check)
        try vault.write("people/ada.md", Self.ada)
        try vault.write("people/bob.md", "---\nname: Bob\ncontact_id: C1\n---\n")
        return vault
    }

    static let ada = "---\nname: Ada Lovelace\ncontact_id: C1\nbirthday: 1815-12-04\n---\n\n## Interactions\n\n- 2026-11-20 call: 🎻 with [[Bob]]\n"

    static let hints = [
        #"{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":18}},"severity":4,"source":"crm","message":"due in 3 weeks"}"#,
        #"{"range":{"start":{"line":3,"character":0},"end":{"line":3,"character":20}},"severity":4,"source":"crm","message":"birthday on Friday (turns 211)"}"#,
    ]

    static func published(_ uri: String, _ diagnostics: [String]) -> String {
        #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":\#(LSPTranscript.quoted(uri)),"diagnostics":[\#(diagnostics.joined(separator: ","))]}}"#
    }

    static func deadLink(_ target: String, line: Int, from start: Int, to end: Int, severity: Int = 2) -> String {
        #"{"range":{"start":{"line":\#(line),"character":\#(start)},"end":{"line":\#(line),"character":\#(end)}},"severity":\#(severity),"code":"dead-link","source":"crm","message":"link [[\#(target)]] is dead: no person and no note of the vault is named '\#(target)'"}"#
    }

    @Test func theBufferIsCheckedNotTheFileAndEveryChangeAgain() throws {
        let vault = try Self.vault()
        let uri = "file://\(vault.path)/people/ada.md"
        var session = LSPTranscript()
        session.initialize(root: vault.path)
        // Unsaved: a link to nobody, after a character of two UTF-16 code units.
        session.open(uri, Self.ada.replacingOccurrences(of: "[[Bob]]", with: "[[Bob]] and [[Nobody]]"))
        // Incremental: " and [[Nobody]]" removed (UTF-16 columns 34 to 49).
        session.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":8,"character":34},"end":{"line":8,"character":49}},"text":""}]}}"#)
        // Two changes in one notice: a new entry typed, then one typed after it.
        session.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":3},"contentChanges":[{"range":{"start":{"line":9,"character":0},"end":{"line":9,"character":0}},"text":"- 2026-11-25 visit: tea with [[Ghost]]\n"},{"range":{"start":{"line":10,"character":0},"end":{"line":10,"character":0}},"text":"- 2026-11-26 note: 🎻\n"}]}}"#)
        // The whole text at once.
        session.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":4},"contentChanges":[{"text":"---\nname: Ada Lovelace\n---\nSee [[Zed]].\n"}]}}"#)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(Array(outcome.messages.dropFirst()), [
            Self.published(uri, [Self.deadLink("Nobody", line: 8, from: 39, to: 49)] + Self.hints),
            Self.published(uri, Self.hints),
            Self.published(uri, [Self.deadLink("Ghost", line: 9, from: 29, to: 38)] + Self.hints),
            // A link outside the log is a mention: never dead. No log: due at once.
            Self.published(uri, [#"{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":18}},"severity":4,"source":"crm","message":"due today"}"#]),
            #"{"jsonrpc":"2.0","id":99,"result":null}"#,
        ])
        // Nothing was written.
        #expect(vault.read("people/ada.md") == Self.ada)
    }

    @Test func utf8PositionsCountBytes() throws {
        let vault = try Self.vault()
        let uri = "file://\(vault.path)/people/ada.md"
        var session = LSPTranscript()
        session.initialize(root: vault.path, capabilities: #"{"general":{"positionEncodings":["utf-8"]}}"#)
        session.open(uri, Self.ada.replacingOccurrences(of: "[[Bob]]", with: "[[Bob]] and [[Nobody]]"))
        session.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":8,"character":36},"end":{"line":8,"character":51}},"text":""}]}}"#)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(Array(outcome.messages.dropFirst().prefix(2)), [
            Self.published(uri, [Self.deadLink("Nobody", line: 8, from: 41, to: 51)] + Self.hints),
            Self.published(uri, Self.hints),
        ])
    }

    @Test func aDuplicateContactIDPointsAtTheOtherFileWithTheVersion() throws {
        let vault = try Self.vault()
        let uri = "file://\(vault.path)/people/bob.md"
        var session = LSPTranscript()
        session.initialize(root: vault.path, capabilities: #"{"textDocument":{"publishDiagnostics":{"relatedInformation":true,"versionSupport":true}}}"#)
        session.open(uri, vault.read("people/bob.md"), version: 7)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(Array(outcome.messages.dropFirst()), [
            #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","version":7,"diagnostics":["#
                + #"{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":14}},"severity":2,"code":"duplicate-contact-id","source":"crm","#
                + #""message":"same contact_id as people/ada.md: two files for one contact?","relatedInformation":[{"location":{"uri":"file://\#(vault.path)/people/ada.md","range":{"start":{"line":2,"character":0},"end":{"line":2,"character":0}}},"message":"the other file"}]},"#
                + #"{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":9}},"severity":4,"source":"crm","message":"due in 3 weeks"}]}}"#,
            #"{"jsonrpc":"2.0","id":99,"result":null}"#,
        ])
    }

    @Test func theVaultsCheckSettingsApply() throws {
        let vault = try Self.vault(check: "check:\n  dead-link: error\n  duplicate-contact-id: off\n")
        var session = LSPTranscript()
        session.initialize(root: vault.path)
        session.open("file://\(vault.path)/people/bob.md", "---\nname: Bob\ncontact_id: C1\n---\n\n## Interactions\n\n- 2026-11-02 call: [[Nobody]]\n")
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(Array(outcome.messages.dropFirst().prefix(1)), [
            Self.published("file://\(vault.path)/people/bob.md", [
                Self.deadLink("Nobody", line: 7, from: 19, to: 29, severity: 1),
                #"{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":9}},"severity":4,"source":"crm","message":"due in 3 weeks"}"#,
            ]),
        ])
    }

    @Test func aDailyNotesDeadLinksAndClosingClearsThem() throws {
        let vault = try Self.vault()
        let uri = "file://\(vault.path)/Daily/2026-11-28.md"
        var session = LSPTranscript()
        session.initialize(root: vault.path)
        session.open(uri, "# Saturday\n\n- call with [[Ada Lovelace]]\n- tea with [[Nobody]]\n")
        session.send(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(Array(outcome.messages.dropFirst()), [
            Self.published(uri, [Self.deadLink("Nobody", line: 3, from: 11, to: 21)]),
            Self.published(uri, []),
            #"{"jsonrpc":"2.0","id":99,"result":null}"#,
        ])
    }

    @Test func filesOutsideTheVaultAndOtherNotesGetNothing() throws {
        let vault = try Self.vault()
        var session = LSPTranscript()
        session.initialize(root: vault.path)
        for uri in ["file:///nonexistent/people/x.md", "file://\(vault.path)/notes/ideas.md", "file://\(vault.path)/Daily/not-a-day.md",
                    "untitled:Untitled-1", "file://\(vault.path)/people/../../x/people/y.md"] {
            session.open(uri, "---\nname: X\n---\n\n## Interactions\n\n- 2026-11-02 call: [[Nobody]]\n")
            session.send(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
        }
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(Array(outcome.messages.dropFirst()), [#"{"jsonrpc":"2.0","id":99,"result":null}"#])
    }

    @Test func theVaultIsFoundFromTheFirstFileWithoutARoot() throws {
        let vault = try Self.vault()
        let uri = "file://\(vault.path)/people/bob.md"
        var session = LSPTranscript()
        session.initialize(root: nil)
        session.open(uri, "---\nname: Bob\n---\n\n## Interactions\n\n- 2026-11-02 call: [[Nobody]]\n")
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(Array(outcome.messages.dropFirst().prefix(1)), [
            Self.published(uri, [Self.deadLink("Nobody", line: 6, from: 19, to: 29),
                                 #"{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":9}},"severity":4,"source":"crm","message":"due in 3 weeks"}"#]),
        ])
    }

    /// A person file written on disk while a document is open (as `crm add` or a sync writes
    /// it): the open document's diagnostics are made again, and its dead link is alive.
    @Test func aFileWrittenFromOutsideIsSeenAtTheNextMessage() throws {
        let vault = try Self.vault()
        let uri = "file://\(vault.path)/people/bob.md"
        let server = LanguageServer(environment: ["CRM_TODAY": "2026-11-29"])
        func send(_ json: String) -> [JSON] { server.receive(Array(json.utf8)) }
        _ = send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://\#(vault.path)","capabilities":{}}}"#)
        let text = LSPTranscript.quoted("---\nname: Bob\n---\n\n## Interactions\n\n- 2026-11-02 call: [[Carol]]\n")
        let opened = send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"markdown","version":1,"text":\#(text)}}}"#)
        #expect(opened.first?.rendered(pretty: false).contains("dead-link") == true)
        try vault.write("people/carol.md", "---\nname: Carol\n---\n")
        let after = send(#"{"jsonrpc":"2.0","id":2,"method":"crm/unknown"}"#)
        try expectMessages(after, [
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"unknown method: crm/unknown"}}"#,
        ])
        let again = send(#"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[]}}"#)
        try expectMessages(again, [Self.published(uri, [
            #"{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":9}},"severity":4,"source":"crm","message":"due in 3 weeks"}"#,
        ])])
    }
}
