@testable import CRMKit
import Foundation
import Testing

/// `crm lsp`'s lifecycle and its answers to input that is not what the protocol says: each
/// transcript is the exact messages the built server writes.
@Suite struct LanguageServerLifecycleTests {
    static let initialized = #"{"jsonrpc":"2.0","id":1,"result":{"capabilities":\#(LSPTranscript.capabilities(encoding: "utf-16")),"serverInfo":{"name":"crm"}}}"#

    @Test func initializeShutdownExitEndsWithStatusZero() throws {
        var session = LSPTranscript()
        session.initialize(root: nil)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(outcome.messages, [Self.initialized, #"{"jsonrpc":"2.0","id":99,"result":null}"#])
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "")
    }

    @Test func exitWithoutShutdownEndsWithStatusOne() throws {
        var session = LSPTranscript()
        session.initialize(root: nil)
        session.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        // Anything after `exit` is not read.
        session.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        let outcome = try session.run()
        try expectMessages(outcome.messages, [Self.initialized])
        #expect(outcome.status == 1)
    }

    @Test func theEndOfTheInputEndsWithStatusZeroOnlyAfterShutdown() throws {
        var shutDown = LSPTranscript()
        shutDown.initialize(root: nil)
        shutDown.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        #expect(try shutDown.run().status == 0)
        var running = LSPTranscript()
        running.initialize(root: nil)
        #expect(try running.run().status == 1)
    }

    @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() throws {
        var session = LSPTranscript()
        session.send(#"{"jsonrpc":"2.0","id":"early","method":"shutdown"}"#)
        session.open("file:///tmp/people/x.md", "---\nname: X\n---\n")
        session.initialize(root: nil)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(outcome.messages, [
            #"{"jsonrpc":"2.0","id":"early","error":{"code":-32002,"message":"the server is not initialized: send 'initialize' first"}}"#,
            Self.initialized,
            #"{"jsonrpc":"2.0","id":99,"result":null}"#,
        ])
        #expect(outcome.status == 0)
    }

    @Test func malformedFramesAndJSONAreAnsweredAndTheServerGoesOn() throws {
        var session = LSPTranscript()
        session.sendRaw("Content-Length: many\r\n\r\n")
        session.sendRaw("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n")
        session.sendRaw("no colon here\r\nContent-Length: 2\r\n\r\n{}")
        session.send("{not json")
        session.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}"#)
        session.send("[1, 2]")
        session.send(#"{"jsonrpc":"2.0","id":5}"#)
        session.send(#"{"jsonrpc":"1.0","id":6,"method":"shutdown"}"#)
        session.send(#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#)
        session.send(#"{"jsonrpc":"2.0","id":7,"method":"shutdown","params":"yes"}"#)
        session.send(#"{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"capabilities":{}}}"#)
        session.shutdownAndExit()
        let outcome = try session.run()
        func error(_ id: String, _ code: Int, _ message: String) -> String {
            #"{"jsonrpc":"2.0","id":\#(id),"error":{"code":\#(code),"message":\#(LSPTranscript.quoted(message))}}"#
        }
        try expectMessages(outcome.messages, [
            error("null", -32700, "the message's header cannot be read: Content-Length is not a number"),
            error("null", -32700, "the message's header cannot be read: no Content-Length header"),
            error("null", -32700, "the message's header cannot be read: header line without ':'"),
            error("null", -32700, "the message is not JSON: a string key expected at byte 1"),
            error("null", -32700, "the message is not JSON: unexpected end at byte 74"),
            error("null", -32600, "a message is a JSON object"),
            error("5", -32600, "no \"method\""),
            error("6", -32600, "\"jsonrpc\" must be \"2.0\""),
            error("null", -32600, "id must be an integer or a string"),
            error("7", -32600, "\"params\" must be an object or an array"),
            #"{"jsonrpc":"2.0","id":8,"result":{"capabilities":\#(LSPTranscript.capabilities(encoding: "utf-16")),"serverInfo":{"name":"crm"}}}"#,
            #"{"jsonrpc":"2.0","id":99,"result":null}"#,
        ])
        #expect(outcome.status == 0)
    }

    @Test func unknownMethodsAreNotFoundForRequestsAndIgnoredForNotifications() throws {
        var session = LSPTranscript()
        session.initialize(root: nil)
        session.send(#"{"jsonrpc":"2.0","id":2,"method":"crm/unknown","params":{}}"#)
        session.send(#"{"jsonrpc":"2.0","method":"crm/unknown","params":{}}"#)
        session.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#)
        session.send(#"{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}"#)
        // A client's answer to a request of the server's is taken without a word.
        session.send(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
        session.send(#"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"capabilities":{}}}"#)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(outcome.messages, [
            Self.initialized,
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"unknown method: crm/unknown"}}"#,
            #"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"the server is initialized already"}}"#,
            #"{"jsonrpc":"2.0","id":99,"result":null}"#,
        ])
    }

    @Test func requestsAfterShutdownAreInvalid() throws {
        var session = LSPTranscript()
        session.initialize(root: nil)
        session.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        session.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        session.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let outcome = try session.run()
        try expectMessages(outcome.messages, [
            Self.initialized,
            #"{"jsonrpc":"2.0","id":2,"result":null}"#,
            #"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"the server is shut down: only 'exit' is taken"}}"#,
        ])
        #expect(outcome.status == 0)
    }

    @Test func utf8PositionsWhenTheClientOffersThem() throws {
        var session = LSPTranscript()
        session.initialize(root: nil, capabilities: #"{"general":{"positionEncodings":["utf-8","utf-16"]}}"#)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(outcome.messages, [
            #"{"jsonrpc":"2.0","id":1,"result":{"capabilities":\#(LSPTranscript.capabilities(encoding: "utf-8")),"serverInfo":{"name":"crm"}}}"#,
            #"{"jsonrpc":"2.0","id":99,"result":null}"#,
        ])
    }

    @Test func watchedFilesAreAskedForWhenTheClientCanRegisterThem() throws {
        let vault = try TemporaryVault()
        var session = LSPTranscript()
        session.initialize(root: vault.path, capabilities: #"{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}"#)
        session.shutdownAndExit()
        let outcome = try session.run()
        try expectMessages(outcome.messages, [
            Self.initialized,
            #"{"jsonrpc":"2.0","id":1,"method":"client/registerCapability","params":{"registrations":[{"id":"crm-watched-files","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"**/*.md"},{"globPattern":"**/.crm/config.yaml"}]}}]}}"#,
            #"{"jsonrpc":"2.0","id":99,"result":null}"#,
        ])
    }
}
