@testable import CRMKit
import Foundation
import Testing

/// A session with the built `crm lsp`: messages framed as a client frames them, piped in at once,
/// and the messages it wrote back, read from its output frame by frame.
struct LSPTranscript {
    /// What the server wrote, each message as JSON, and how it ended.
    struct Outcome {
        var messages: [JSON]
        var status: Int32
        var stderr: String
    }

    private var input: [UInt8] = []

    /// A message as a client sends it: `Content-Length`, an empty line, the JSON text.
    mutating func send(_ json: String) {
        input += Array("Content-Length: \(json.utf8.count)\r\n\r\n".utf8) + Array(json.utf8)
    }

    /// Bytes as they are, for input that is not a well-framed message.
    mutating func sendRaw(_ bytes: String) { input += Array(bytes.utf8) }

    mutating func initialize(root: String?, capabilities: String = "{}", id: Int = 1) {
        let rootURI = root.map { LSPTranscript.quoted("file://" + $0) } ?? "null"
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"initialize","params":{"processId":null,"rootUri":\#(rootURI),"capabilities":\#(capabilities)}}"#)
        send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    }

    mutating func open(_ uri: String, _ text: String, version: Int = 1) {
        send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(LSPTranscript.quoted(uri)),"languageId":"markdown","version":\#(version),"text":\#(LSPTranscript.quoted(text))}}}"#)
    }

    /// `shutdown` (id 99) and `exit`.
    mutating func shutdownAndExit() {
        send(#"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#)
        send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    }

    /// Runs `crm lsp` on everything sent.
    func run(in directory: URL? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let result = try CRM.run(["lsp"], in: directory, stdin: String(decoding: input, as: UTF8.self), environment: environment)
        return Outcome(messages: try LSPTranscript.frames(Array(result.stdout.utf8)), status: result.status, stderr: result.stderr)
    }

    /// The messages in `output`, each checked to be framed as the protocol says.
    static func frames(_ output: [UInt8]) throws -> [JSON] {
        var messages: [JSON] = []
        var rest = output[...]
        let separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }) else {
                Issue.record("output ends in a header: \(String(decoding: rest, as: UTF8.self))")
                break
            }
            let header = String(decoding: rest[..<end], as: UTF8.self)
            #expect(header.hasPrefix("Content-Length: "), "header: \(header)")
            let length = Int(header.dropFirst("Content-Length: ".count))!
            let body = rest[(end + 4)..<(end + 4 + length)]
            messages.append(try JSONParser.parse(Array(body)))
            rest = rest[(end + 4 + length)...]
        }
        return messages
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String { JSON.string(text).rendered(pretty: false) }

    /// The JSON `text` (an expected message) holds.
    static func json(_ text: String) throws -> JSON { try JSONParser.parse(Array(text.utf8)) }
}

/// Compares what the server sent with what is expected, one message at a time, showing both
/// as JSON text when they differ.
func expectMessages(_ messages: [JSON], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let wanted = try expected.map(LSPTranscript.json)
    #expect(messages.count == wanted.count, "\(messages.count) messages: \(messages.map { $0.rendered(pretty: false) })", sourceLocation: sourceLocation)
    for (got, want) in zip(messages, wanted) {
        #expect(got == want, "\n got: \(got.rendered(pretty: false))\nwant: \(want.rendered(pretty: false))", sourceLocation: sourceLocation)
    }
}

extension LSPTranscript {
    /// The server's capabilities as `initialize` answers them, positions in `encoding`.
    static func capabilities(encoding: String) -> String {
        #"{"positionEncoding":"\#(encoding)","textDocumentSync":{"openClose":true,"change":2},"completionProvider":{"triggerCharacters":["["]},"#
            + #""hoverProvider":true,"definitionProvider":true,"referencesProvider":true,"documentSymbolProvider":true,"workspaceSymbolProvider":true,"renameProvider":true,"codeActionProvider":true}"#
    }
}
