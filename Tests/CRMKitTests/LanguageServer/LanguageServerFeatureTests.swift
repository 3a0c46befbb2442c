@testable import CRMKit
@testable import CRMLanguageServer
import Foundation
import Testing

/// `crm lsp`'s answers about people: completion, hover, definition, references and symbols,
/// each an exact transcript of the built server on a small vault. Today is Sunday 2026-11-29.
@Suite struct LanguageServerFeatureTests {
    static let ada = """
        ---
        name: Ada Lovelace
        aliases: [Countess]
        email: ada@example.org
        tags: [math, friends]
        birthday: 1815-12-04
        related:
          - "[[bob|partner: Bob]]"
        ---

        ## Interactions

        - 2026-11-20 call: 🎻 with [[Bob]]
        - 2026-10-02 visit: tea

        """

    /// Ada (who links Bob from her log and her `related:`), Bob, a daily note with Ada and a note
    /// that mentions Bob.
    static func vault() throws -> TemporaryVault {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "types: [call, message, email, visit, note]\nheading: Interactions\nevery: 30d\njournal: Daily\n")
        try vault.write("people/ada.md", ada)
        try vault.write("people/bob.md", "---\nname: Bob\ntags: [Chess]\n---\n")
        try vault.write("Daily/2026-11-28.md", "- call with [[Ada Lovelace]]\n")
        try vault.write("notes/idea.md", "Ask [[bob]] about it.\n")
        return vault
    }

    /// `initialize` with `capabilities`, `documents` opened, `requests` sent (ids from 2), then
    /// shutdown: the answers to the requests alone.
    static func answers(_ vault: TemporaryVault, capabilities: String = "{}", open documents: [(String, String)],
                        _ requests: [(method: String, params: String)]) throws -> [JSON] {
        var session = LSPTranscript()
        session.initialize(root: vault.path, capabilities: capabilities)
        for (path, text) in documents { session.open("file://\(vault.path)/\(path)", text) }
        for (index, request) in requests.enumerated() {
            session.send(#"{"jsonrpc":"2.0","id":\#(index + 2),"method":"\#(request.method)","params":\#(request.params)}"#)
        }
        session.shutdownAndExit()
        let outcome = try session.run()
        #expect(outcome.status == 0)
        return outcome.messages.filter { message in
            if case .number(let id)? = message["id"], let number = Int(id) { return (2..<(2 + requests.count)).contains(number) }
            return false
        }
    }

    static func at(_ vault: TemporaryVault, _ path: String, _ line: Int, _ character: Int, _ more: String = "") -> String {
        #"{"textDocument":{"uri":"file://\#(vault.path)/\#(path)"},"position":{"line":\#(line),"character":\#(character)}\#(more)}"#
    }

    static func result(_ id: Int, _ result: String) -> String { #"{"jsonrpc":"2.0","id":\#(id),"result":\#(result)}"# }

    static func range(_ line: Int, _ start: Int, _ end: Int, endLine: Int? = nil) -> String {
        #"{"start":{"line":\#(line),"character":\#(start)},"end":{"line":\#(endLine ?? line),"character":\#(end)}}"#
    }

    @Test func completionOfPeopleAfterTwoBrackets() throws {
        let vault = try Self.vault()
        let cleo = "---\nname: Cleo\n---\n\n## Interactions\n\n- 2026-11-29 call: with [[\n- 2026-11-28 call: with [[coun]]\n- 2026-11-27 call: [[ada|Ad\n"
        let answers = try Self.answers(vault, open: [("people/cleo.md", cleo)], [
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 6, 26)),
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 7, 30)),
            // After `|` is the link's text, not a person.
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 8, 27)),
        ])
        let ada = #""label":"Ada Lovelace","kind":18,"detail":"last contact yesterday · due in 4 weeks · math, friends","sortText":"0000","#
        try expectMessages(answers, [
            Self.result(2, #"{"isIncomplete":false,"items":[{\#(ada)"filterText":"Ada Lovelace ada lovelace ada countess ada@example.org","textEdit":{"range":\#(Self.range(6, 26, 26)),"newText":"ada|Ada Lovelace]]"}},"#
                + #"{"label":"Bob","kind":18,"detail":"last contact 9 days ago · due in 3 weeks · Chess","sortText":"0001","filterText":"Bob bob bob","textEdit":{"range":\#(Self.range(6, 26, 26)),"newText":"bob|Bob]]"}}]}"#),
            Self.result(3, #"{"isIncomplete":false,"items":[{\#(ada)"filterText":"coun Ada Lovelace ada lovelace ada countess ada@example.org","textEdit":{"range":\#(Self.range(7, 26, 32)),"newText":"ada|Ada Lovelace]]"}}]}"#),
            Self.result(4, "null"),
        ])
    }

    /// More people than one list holds: the first 50 in name order (namesakes by id), marked
    /// incomplete; typed text from the start of a word ranks above text inside a word; and each
    /// person is in the list once their name is typed.
    @Test func completionCapsTheListAndEveryPersonStaysReachable() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "types: [call]\n")
        var names = (0..<60).map { "Pat \($0 < 10 ? "0" : "")\($0) Okafor" }
        names += ["Abe Blee 2", "Zia Lee 2", "Sam Lee", "Sam Lee", "Émile Zola"]
        for (index, name) in names.enumerated() {
            let id = name == "Sam Lee" && names[..<index].contains(name) ? "sam-lee-2" : Slug.make(name)
            try vault.write("people/\(id).md", "---\nname: \(name)\naliases: [\"Alias \(index)\"]\n---\n")
        }
        let typed = ["", "lee 2", "emile", "alias 61"] + names
        let cleo = "---\nname: Cleo\n---\n\n" + typed.map { "[[" + $0 + "\n" }.joined()
        let answers = try Self.answers(vault, open: [("people/cleo.md", cleo)],
                                       typed.enumerated().map { ("textDocument/completion", Self.at(vault, "people/cleo.md", 4 + $0, 2 + $1.utf16.count)) })
        func labels(_ answer: JSON) -> [String] { answer["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? [] }
        func incomplete(_ answer: JSON) -> Bool? { answer["result"]?["isIncomplete"]?.boolValue }
        try #require(answers.count == typed.count)
        #expect(labels(answers[0]) == ["Abe Blee 2", "Émile Zola"] + names[..<48])
        #expect(incomplete(answers[0]) == true)
        // "Zia Lee 2" has a word starting "lee 2"; in "Abe Blee 2" it is inside a word.
        #expect(labels(answers[1]) == ["Zia Lee 2", "Abe Blee 2"])
        #expect(incomplete(answers[1]) == false)
        #expect(labels(answers[2]) == ["Émile Zola"])
        #expect(answers[2]["result"]?["items"]?.arrayValue?.first?["filterText"] == .string("emile Émile Zola emile zola emile-zola alias 64"))
        #expect(labels(answers[3]) == ["Zia Lee 2"])
        for (name, answer) in zip(names, answers.dropFirst(4)) {
            #expect(labels(answer).contains(name), "\(name): \(labels(answer))")
        }
        // The namesakes, by id.
        #expect(answers[4 + 62]["result"]?["items"]?.arrayValue?.compactMap { $0["textEdit"]?["newText"]?.stringValue }
                == ["sam-lee|Sam Lee]]", "sam-lee-2|Sam Lee]]"])
    }

    @Test func completionOfDatesTypesKeysTagsAndRelations() throws {
        let vault = try Self.vault()
        let cleo = "---\nname: Cleo\nbi\ntags: [ch\nrelated:\n  - \"fr\n---\n\n## Interactions\n\n- \n- 2026-11-28 ca\n- [ ] 2026-12-01 10:00 \n"
        let answers = try Self.answers(vault, open: [("people/cleo.md", cleo)], [
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 10, 2)),
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 11, 15)),
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 12, 23)),
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 2, 2)),
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 3, 9)),
            ("textDocument/completion", Self.at(vault, "people/cleo.md", 5, 7)),
        ])
        try expectMessages(answers, [
            #"{"jsonrpc":"2.0","id":2,"result":{"isIncomplete":false,"items":[{"label":"2026-11-29","kind":12,"detail":"today · Sunday","sortText":"0000","textEdit":{"range":{"start":{"line":10,"character":2},"end":{"line":10,"character":2}},"newText":"2026-11-29 "}},{"label":"2026-11-28","kind":12,"detail":"yesterday · Saturday","sortText":"0001","textEdit":{"range":{"start":{"line":10,"character":2},"end":{"line":10,"character":2}},"newText":"2026-11-28 "}}]}}"#,
            #"{"jsonrpc":"2.0","id":3,"result":{"isIncomplete":false,"items":[{"label":"call","kind":14,"sortText":"0000","textEdit":{"range":{"start":{"line":11,"character":13},"end":{"line":11,"character":15}},"newText":"call: "}},{"label":"message","kind":14,"sortText":"0001","textEdit":{"range":{"start":{"line":11,"character":13},"end":{"line":11,"character":15}},"newText":"message: "}},{"label":"email","kind":14,"sortText":"0002","textEdit":{"range":{"start":{"line":11,"character":13},"end":{"line":11,"character":15}},"newText":"email: "}},{"label":"visit","kind":14,"sortText":"0003","textEdit":{"range":{"start":{"line":11,"character":13},"end":{"line":11,"character":15}},"newText":"visit: "}},{"label":"note","kind":14,"sortText":"0004","textEdit":{"range":{"start":{"line":11,"character":13},"end":{"line":11,"character":15}},"newText":"note: "}}]}}"#,
            #"{"jsonrpc":"2.0","id":4,"result":{"isIncomplete":false,"items":[{"label":"call","kind":14,"sortText":"0000","textEdit":{"range":{"start":{"line":12,"character":23},"end":{"line":12,"character":23}},"newText":"call: "}},{"label":"message","kind":14,"sortText":"0001","textEdit":{"range":{"start":{"line":12,"character":23},"end":{"line":12,"character":23}},"newText":"message: "}},{"label":"email","kind":14,"sortText":"0002","textEdit":{"range":{"start":{"line":12,"character":23},"end":{"line":12,"character":23}},"newText":"email: "}},{"label":"visit","kind":14,"sortText":"0003","textEdit":{"range":{"start":{"line":12,"character":23},"end":{"line":12,"character":23}},"newText":"visit: "}},{"label":"note","kind":14,"sortText":"0004","textEdit":{"range":{"start":{"line":12,"character":23},"end":{"line":12,"character":23}},"newText":"note: "}}]}}"#,
            #"{"jsonrpc":"2.0","id":5,"result":{"isIncomplete":false,"items":[{"label":"contact_id","kind":10,"sortText":"0000","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"contact_id: "}},{"label":"phone","kind":10,"sortText":"0001","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"phone: "}},{"label":"email","kind":10,"sortText":"0002","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"email: "}},{"label":"birthday","kind":10,"sortText":"0003","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"birthday: "}},{"label":"aliases","kind":10,"sortText":"0004","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"aliases: "}},{"label":"every","kind":10,"sortText":"0005","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"every: "}},{"label":"snooze","kind":10,"sortText":"0006","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"snooze: "}},{"label":"added","kind":10,"sortText":"0007","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"added: "}},{"label":"connected","kind":10,"sortText":"0008","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"connected: "}},{"label":"linkedin","kind":10,"sortText":"0009","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"linkedin: "}},{"label":"related","kind":10,"sortText":"0010","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"related: "}},{"label":"dates","kind":10,"sortText":"0011","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"dates: "}},{"label":"deceased","kind":10,"sortText":"0012","textEdit":{"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":2}},"newText":"deceased: "}}]}}"#,
            #"{"jsonrpc":"2.0","id":6,"result":{"isIncomplete":false,"items":[{"label":"Chess","kind":20,"sortText":"0000","textEdit":{"range":{"start":{"line":3,"character":7},"end":{"line":3,"character":9}},"newText":"Chess"}}]}}"#,
            #"{"jsonrpc":"2.0","id":7,"result":{"isIncomplete":false,"items":[{"label":"partner","kind":14,"sortText":"0000","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"partner: "}},{"label":"spouse","kind":14,"sortText":"0001","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"spouse: "}},{"label":"parent","kind":14,"sortText":"0002","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"parent: "}},{"label":"child","kind":14,"sortText":"0003","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"child: "}},{"label":"sibling","kind":14,"sortText":"0004","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"sibling: "}},{"label":"friend","kind":14,"sortText":"0005","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"friend: "}},{"label":"colleague","kind":14,"sortText":"0006","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"colleague: "}},{"label":"manager","kind":14,"sortText":"0007","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"manager: "}},{"label":"report","kind":14,"sortText":"0008","textEdit":{"range":{"start":{"line":5,"character":5},"end":{"line":5,"character":7}},"newText":"report: "}}]}}"#,
        ])
    }

    @Test func hoverDefinitionReferencesAndSymbols() throws {
        let vault = try Self.vault()
        let answers = try Self.answers(vault, capabilities: #"{"textDocument":{"hover":{"contentFormat":["markdown","plaintext"]},"documentSymbol":{"hierarchicalDocumentSymbolSupport":true}}}"#,
                                       open: [("people/ada.md", Self.ada), ("people/bob.md", vault.read("people/bob.md"))], [
            ("textDocument/hover", Self.at(vault, "people/ada.md", 12, 30)),
            ("textDocument/hover", Self.at(vault, "people/ada.md", 12, 5)),
            ("textDocument/hover", Self.at(vault, "people/ada.md", 1, 3)),
            ("textDocument/definition", Self.at(vault, "people/ada.md", 12, 30)),
            ("textDocument/references", Self.at(vault, "people/bob.md", 1, 2, #","context":{"includeDeclaration":true}"#)),
            ("textDocument/documentSymbol", #"{"textDocument":{"uri":"file://\#(vault.path)/people/ada.md"}}"#),
            ("workspace/symbol", #"{"query":"count"}"#),
        ])
        try expectMessages(answers, [
            #"{"jsonrpc":"2.0","id":2,"result":{"contents":{"kind":"markdown","value":"**Bob** · people/bob.md\n\n- tags: Chess\n- every: 30d (from the vault)\n- last: 2026-11-20 (9 days ago) · people/ada.md:13\n- due: 2026-12-20 (in 3 weeks)\n- related: partner: Ada Lovelace"},"range":{"start":{"line":12,"character":27},"end":{"line":12,"character":34}}}}"#,
            #"{"jsonrpc":"2.0","id":3,"result":{"contents":{"kind":"markdown","value":"Friday 20 November · 9 days ago"},"range":{"start":{"line":12,"character":2},"end":{"line":12,"character":12}}}}"#,
            #"{"jsonrpc":"2.0","id":4,"result":{"contents":{"kind":"markdown","value":"**Ada Lovelace** · people/ada.md\n\n- email: ada@example.org\n- birthday: 1815-12-04\n- tags: math, friends\n- aliases: Countess\n- every: 30d (from the vault)\n- last: 2026-11-28 (yesterday) · Daily/2026-11-28.md:1\n- due: 2026-12-28 (in 4 weeks)\n- related: partner: Bob"},"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":18}}}}"#,
            #"{"jsonrpc":"2.0","id":5,"result":{"uri":"file://\#(vault.path)/people/bob.md","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}}}"#,
            #"{"jsonrpc":"2.0","id":6,"result":[{"uri":"file://\#(vault.path)/people/bob.md","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}},{"uri":"file://\#(vault.path)/people/ada.md","range":{"start":{"line":7,"character":5},"end":{"line":7,"character":25}}},{"uri":"file://\#(vault.path)/people/ada.md","range":{"start":{"line":12,"character":27},"end":{"line":12,"character":34}}},{"uri":"file://\#(vault.path)/notes/idea.md","range":{"start":{"line":0,"character":4},"end":{"line":0,"character":11}}}]}"#,
            #"{"jsonrpc":"2.0","id":7,"result":[{"name":"2026","kind":3,"range":{"start":{"line":12,"character":0},"end":{"line":13,"character":23}},"selectionRange":{"start":{"line":12,"character":0},"end":{"line":12,"character":0}},"children":[{"name":"November 2026","kind":3,"range":{"start":{"line":12,"character":0},"end":{"line":12,"character":34}},"selectionRange":{"start":{"line":12,"character":0},"end":{"line":12,"character":0}},"children":[{"name":"2026-11-20 call: 🎻 with [[Bob]]","kind":24,"range":{"start":{"line":12,"character":0},"end":{"line":12,"character":34}},"selectionRange":{"start":{"line":12,"character":0},"end":{"line":12,"character":34}}}]},{"name":"October 2026","kind":3,"range":{"start":{"line":13,"character":0},"end":{"line":13,"character":23}},"selectionRange":{"start":{"line":13,"character":0},"end":{"line":13,"character":0}},"children":[{"name":"2026-10-02 visit: tea","kind":24,"range":{"start":{"line":13,"character":0},"end":{"line":13,"character":23}},"selectionRange":{"start":{"line":13,"character":0},"end":{"line":13,"character":23}}}]}]}]}"#,
            #"{"jsonrpc":"2.0","id":8,"result":[{"name":"Ada Lovelace","kind":19,"location":{"uri":"file://\#(vault.path)/people/ada.md","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}},"containerName":"ada"}]}"#,
        ])
    }

    /// A number typed as the workspace symbol query finds the people one of whose phones holds
    /// it, however either is written (spaces, dashes, a trunk `0` or a `+` and calling code);
    /// a query that is no number, or too short a one, looks at names only.
    @Test func workspaceSymbolsFindPeopleByPhone() throws {
        let vault = try Self.vault()
        try vault.write("people/cleo.md", "---\nname: Cleo\nphone: [\"+44 20 7946 0018\", \"555-0100\"]\n---\n")
        try vault.write("people/dan.md", "---\nname: Dan\nphone: \"(020) 7946-0999\"\n---\n")
        let queries = ["020 7946", "7946-0018", "+44 20 79", "555", "0100", "12", "Cleo 7946"]
        let answers = try Self.answers(vault, open: [], queries.map { ("workspace/symbol", #"{"query":"\#($0)"}"#) })
        let names = answers.map { $0["result"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? ["?"] }
        #expect(names == [["Cleo", "Dan"], ["Cleo"], ["Cleo"], ["Cleo"], ["Cleo"], [], []], "\(names)")
    }

    /// A person file written on disk by another program is completed at the next request, with
    /// no notice from the client: the stamps of the vault's folders changed.
    @Test func aPersonAddedOnDiskIsCompletedAtOnce() throws {
        let vault = try Self.vault()
        let server = LanguageServer(environment: ["CRM_TODAY": "2026-11-29"])
        func send(_ json: String) -> [JSON] { server.receive(Array(json.utf8)) }
        _ = send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://\#(vault.path)","capabilities":{}}}"#)
        let text = LSPTranscript.quoted("---\nname: Bob\n---\n\n## Interactions\n\n- 2026-11-02 call: [[Carol\n")
        _ = send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://\#(vault.path)/people/bob.md","version":1,"text":\#(text)}}}"#)
        let request = #"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":\#(Self.at(vault, "people/bob.md", 6, 26))}"#
        #expect(send(request).first?["result"]?["items"]?.arrayValue?.count == 0)
        try vault.write("people/carol.md", "---\nname: Carol\n---\n")
        let answer = send(request)
        #expect(answer.first?["result"]?["items"]?.arrayValue?.map { $0["label"] } == [.string("Carol")])
        // Bob's open file is checked again after the answer.
        #expect(answer.dropFirst().map { $0["method"] } == [.string("textDocument/publishDiagnostics")])
    }
}
