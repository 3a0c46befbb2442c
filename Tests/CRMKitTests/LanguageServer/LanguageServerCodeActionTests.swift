@testable import CRMKit
import Foundation
import Testing

/// `crm lsp`'s code actions, each an exact transcript of the built server, and each edit,
/// applied to the file as an editor applies it, against what the command writes on a copy of
/// the same vault. Today is Sunday 2026-11-29.
@Suite struct LanguageServerCodeActionTests {
    typealias Feature = LanguageServerFeatureTests

    static let ada = """
        ---
        name: Ada Lovelace
        every: 30d
        ---

        ## Interactions

        - [ ] 2026-12-05 call: book the tickets
        - 2026-11-20 call: with [[Nobody Here]]
        - 2026-10-02 visit: tea

        """

    /// Ada (an open item, a dead link), a daily note with a dead link.
    static func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "types: [call, message, email, visit, note]\nheading: Interactions\nevery: 30d\njournal: Daily\n")
        try vault.write("people/ada-lovelace.md", ada)
        try vault.write("Daily/2026-11-28.md", "- call with [[Nobody Here]]\n")
        return vault
    }

    static func actions(_ vault: TemporaryVault, _ path: String, line: Int, character: Int = 0, diagnostics: String = "[]",
                        only: String? = nil) -> String {
        let context = #"{"diagnostics":\#(diagnostics)"# + (only.map { #","only":\#($0)"# } ?? "") + "}"
        return #"{"textDocument":{"uri":"file://\#(vault.path)/\#(path)"},"range":\#(Feature.range(line, character, character)),"context":\#(context)}"#
    }

    static func answers(_ vault: TemporaryVault, capabilities: String = "{}", open: [(String, String)], _ requests: [(method: String, params: String)]) throws -> [JSON] {
        var session = LSPTranscript()
        session.initialize(root: vault.path, capabilities: capabilities)
        for (path, text) in open { session.open("file://\(vault.path)/\(path)", text) }
        for (index, request) in requests.enumerated() {
            session.send(#"{"jsonrpc":"2.0","id":\#(index + 2),"method":"\#(request.method)","params":\#(request.params)}"#)
        }
        session.shutdownAndExit()
        let outcome = try session.run(environment: ["CRM_TODAY": "2026-11-29"])
        #expect(outcome.status == 0)
        return outcome.messages.filter { message in
            if case .number(let id)? = message["id"], let number = Int(id) { return (2..<(2 + requests.count)).contains(number) }
            return false
        }
    }

    /// The action titled `title` among the answer's, applied to `text`.
    static func applied(_ answer: JSON, _ title: String, to text: String) throws -> String {
        let action = try #require(answer["result"]?.arrayValue?.first { $0["title"] == .string(title) }, "no \(title)")
        let edit = try #require(action["edit"])
        var changes: [JSON]?
        if case .object(let files)? = edit["changes"] { changes = files.first?.1.arrayValue }
        let edits = try #require(changes ?? edit["documentChanges"]?.arrayValue?.first?["edits"]?.arrayValue)
        return String(decoding: try WorkspaceEditApplier.edited(Array(text.utf8), edits), as: UTF8.self)
    }

    static func edit(_ vault: TemporaryVault, _ path: String, _ line: Int, _ endLine: Int, _ text: String, version: Int? = nil) -> String {
        let edits = #"[{"range":\#(Feature.range(line, 0, 0, endLine: endLine)),"newText":\#(LSPTranscript.quoted(text))}]"#
        guard let version else { return #"{"changes":{"file://\#(vault.path)/\#(path)":\#(edits)}}"# }
        return #"{"documentChanges":[{"textDocument":{"uri":"file://\#(vault.path)/\#(path)","version":\#(version)},"edits":\#(edits)}]}"#
    }

    @Test func logTickAndSnoozeAreTheEditsTheirCommandsMake() throws {
        let vault = try Self.vault()
        let answers = try Self.answers(vault, open: [("people/ada-lovelace.md", Self.ada)], [
            ("textDocument/codeAction", Self.actions(vault, "people/ada-lovelace.md", line: 7)),
            ("textDocument/codeAction", Self.actions(vault, "people/ada-lovelace.md", line: 1, character: 3)),
            ("textDocument/codeAction", Self.actions(vault, "people/ada-lovelace.md", line: 7, only: #"["quickfix"]"#)),
        ])
        let log = #"{"title":"Log an interaction today","kind":"refactor.rewrite","edit":\#(Self.edit(vault, "people/ada-lovelace.md", 8, 8, "- 2026-11-29 call:\n"))}"#
        let snooze = #"{"title":"Snooze a week","kind":"refactor.rewrite","edit":\#(Self.edit(vault, "people/ada-lovelace.md", 3, 3, "snooze: 2026-12-06\n"))}"#
        // The item dated after today is done today (as crm done does), and stays where the log's order puts it.
        let tick = #"{"title":"Tick done","kind":"refactor.rewrite","edit":\#(Self.edit(vault, "people/ada-lovelace.md", 7, 8, "- [x] 2026-11-29 call: book the tickets\n"))}"#
        try expectMessages(answers, [Feature.result(2, "[\(log),\(tick),\(snooze)]"), Feature.result(3, "[\(log),\(snooze)]"), Feature.result(4, "[]")])

        // Each applied to the buffer is what the command writes.
        let done = try Self.vault(), snoozed = try Self.vault(), logged = try Self.vault()
        let today = ["CRM_TODAY": "2026-11-29"]
        #expect(try done.crm("done", "ada-lovelace", "book the tickets", environment: today).status == 0)
        #expect(try snoozed.crm("snooze", "ada-lovelace", "2026-12-06", environment: today).status == 0)
        #expect(try logged.crm("log", "ada-lovelace", "tea", environment: today).status == 0)
        #expect(try Self.applied(answers[0], "Tick done", to: Self.ada) == done.read("people/ada-lovelace.md"))
        #expect(try Self.applied(answers[0], "Snooze a week", to: Self.ada) == snoozed.read("people/ada-lovelace.md"))
        // An empty note, for the editor to type: the entry crm log writes, but for its note.
        #expect(try Self.applied(answers[0], "Log an interaction today", to: Self.ada).replacingOccurrences(of: "call:\n", with: "call: tea\n")
                == logged.read("people/ada-lovelace.md"))
    }

    static let createsFiles = #"{"workspace":{"workspaceEdit":{"documentChanges":true,"resourceOperations":["create"]}}}"#

    @Test func aDeadLinkOffersToCreateThePersonCrmAddWrites() throws {
        let vault = try Self.vault()
        let daily = "- call with [[Nobody Here]]\n"
        let requests = [("textDocument/codeAction", Self.actions(vault, "Daily/2026-11-28.md", line: 0, character: 16))]
        let answers = try Self.answers(vault, capabilities: Self.createsFiles, open: [("Daily/2026-11-28.md", daily)], requests)
        let uri = "file://\(vault.path)/people/nobody-here.md"
        let text = "---\nname: Nobody Here\nadded: 2026-11-29\n---\n\n## Interactions\n"
        try expectMessages(answers, [Feature.result(2, #"[{"title":"Create a person for Nobody Here","kind":"quickfix","edit":{"documentChanges":["#
            + #"{"kind":"create","uri":"\#(uri)","options":{"overwrite":false,"ignoreIfExists":false}},"#
            + #"{"textDocument":{"uri":"\#(uri)","version":null},"edits":[{"range":\#(Feature.range(0, 0, 0)),"newText":\#(LSPTranscript.quoted(text))}]}]}}]"#)])
        // Not to a client that cannot create files; not on a link that names someone.
        try expectMessages(try Self.answers(vault, open: [("Daily/2026-11-28.md", daily)], requests), [Feature.result(2, "[]")])
        try expectMessages(try Self.answers(vault, capabilities: Self.createsFiles, open: [("Daily/2026-11-28.md", "- call with [[Ada Lovelace]]\n")], requests),
                           [Feature.result(2, "[]")])
        // Applied, it is the file crm add writes.
        let added = try Self.vault()
        #expect(try added.crm("add", "Nobody Here", environment: ["CRM_TODAY": "2026-11-29"]).status == 0)
        try WorkspaceEditApplier.apply(try #require(answers[0]["result"]?.arrayValue?.first?["edit"]), in: vault.path)
        #expect(vault.bytes("people/nobody-here.md") == added.bytes("people/nobody-here.md"))
    }

    @Test func aProblemCrmFmtFixesOffersTheFileAsCrmFmtWritesIt() throws {
        let vault = try Self.vault()
        let bob = "---\nname: Bob\ntags: [yes]\n---\n\n## Interactions\n\n- 2026-11-20 call: one\n- 2026-10-01 call: two\n- 2026-11-25 call: three\n- 2026-09-01 call: four\n"
        try vault.write("people/bob.md", bob)
        let order = #"{"range":\#(Feature.range(9, 0, 24)),"severity":2,"code":"entry-out-of-order","source":"crm","message":"entry out of order"}"#
        let quote = #"{"range":\#(Feature.range(2, 6, 11)),"severity":2,"code":"ambiguous-value","source":"crm","message":"quote it"}"#
        var session = LSPTranscript()
        session.initialize(root: vault.path, capabilities: #"{"workspace":{"workspaceEdit":{"documentChanges":true}},"textDocument":{"codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["quickfix","refactor"]}}}}}"#)
        session.open("file://\(vault.path)/people/bob.md", bob, version: 4)
        for (id, diagnostics, only) in [(2, "[\(order)]", #"["quickfix"]"#), (3, "[\(order),\(quote)]", #"["quickfix"]"#), (4, "[\(order)]", #"["refactor"]"#)] {
            session.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/codeAction","params":\#(Self.actions(vault, "people/bob.md", line: 9, diagnostics: diagnostics, only: only))}"#)
        }
        session.shutdownAndExit()
        let answers = try session.run(environment: ["CRM_TODAY": "2026-11-29"]).messages.filter { $0["id"] != nil && $0["id"] != .number("99") }
        let formatted = "tags: [\"yes\"]\n---\n\n## Interactions\n\n- 2026-11-25 call: three\n- 2026-11-20 call: one\n- 2026-10-01 call: two\n"
        let edit = Self.edit(vault, "people/bob.md", 2, 10, formatted, version: 4)
        let log = #"{"title":"Log an interaction today","kind":"refactor.rewrite","edit":\#(Self.edit(vault, "people/bob.md", 7, 7, "- 2026-11-29 call:\n", version: 4))}"#
        let snooze = #"{"title":"Snooze a week","kind":"refactor.rewrite","edit":\#(Self.edit(vault, "people/bob.md", 3, 3, "snooze: 2026-12-06\n", version: 4))}"#
        let capabilities = LSPTranscript.capabilities(encoding: "utf-16")
            .replacingOccurrences(of: #""codeActionProvider":true"#, with: #""codeActionProvider":{"codeActionKinds":["quickfix","refactor.rewrite"]}"#)
        try expectMessages(answers, [
            Feature.result(1, #"{"capabilities":\#(capabilities),"serverInfo":{"name":"crm"}}"#),
            Feature.result(2, #"[{"title":"Sort the log as crm fmt does","kind":"quickfix","diagnostics":[\#(order)],"edit":\#(edit)}]"#),
            Feature.result(3, #"[{"title":"Format the file as crm fmt does","kind":"quickfix","diagnostics":[\#(order),\#(quote)],"edit":\#(edit)}]"#),
            Feature.result(4, "[\(log),\(snooze)]"),
        ])
        // Applied, it is the file crm fmt writes.
        #expect(try vault.crm("fmt").status == 0)
        #expect(try Self.applied(answers[1], "Sort the log as crm fmt does", to: bob) == vault.read("people/bob.md"))
    }

    /// Bo's file after a git merge stopped (diff3 style, the base in the markers): ours changed the
    /// phone, each side logged an entry. The merge rules settle it.
    static let conflicted = """
        ---
        name: Bo Chen
        <<<<<<< ours
        phone: "+44 20 7946 0001"
        ||||||| base
        phone: "+44 20 7946 0000"
        =======
        phone: "+44 20 7946 0000"
        >>>>>>> theirs
        ---

        ## Interactions

        <<<<<<< ours
        - 2026-11-20 call: hello
        ||||||| base
        =======
        - 2026-11-21 visit: tea
        >>>>>>> theirs
        - 2026-10-01 call: first

        """

    @Test func aConflictTheMergeRulesSettleIsResolvedAsCrmResolveDoes() throws {
        let vault = try Self.vault()
        try vault.write("people/bo-chen.md", Self.conflicted)
        // Both sides changed the phone differently: a person has to choose, so no action.
        let unsettled = Self.conflicted.replacingOccurrences(of: "=======\nphone: \"+44 20 7946 0000\"", with: "=======\nphone: \"+44 20 7946 0002\"")
        let answers = try Self.answers(vault, open: [("people/bo-chen.md", Self.conflicted), ("people/ada-lovelace.md", unsettled)], [
            ("textDocument/codeAction", Self.actions(vault, "people/bo-chen.md", line: 0, only: #"["quickfix"]"#)),
            ("textDocument/codeAction", Self.actions(vault, "people/ada-lovelace.md", line: 0, only: #"["quickfix"]"#)),
        ])
        let merged = "phone: \"+44 20 7946 0001\"\n---\n\n## Interactions\n\n- 2026-11-21 visit: tea\n- 2026-11-20 call: hello\n"
        let resolve = #"{"title":"Resolve the conflict as crm resolve does","kind":"quickfix","edit":\#(Self.edit(vault, "people/bo-chen.md", 2, 19, merged))}"#
        try expectMessages(answers, [Feature.result(2, "[\(resolve)]"), Feature.result(3, "[]")])
        // Applied, it is the file crm resolve writes.
        let resolved = try Self.vault()
        try resolved.write("people/bo-chen.md", Self.conflicted)
        #expect(try resolved.crm("resolve").status == 0)
        #expect(try Self.applied(answers[0], "Resolve the conflict as crm resolve does", to: Self.conflicted) == resolved.read("people/bo-chen.md"))
    }
}
