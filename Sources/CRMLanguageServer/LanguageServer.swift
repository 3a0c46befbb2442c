import CRMKit

/// `crm lsp`: the Language Server Protocol (3.17) over JSON-RPC 2.0, for the person files and
/// daily notes of a vault. One message in, the messages to send back out: the transport
/// (`run(input:output:environment:)`) only frames them.
///
/// Lifecycle as the protocol says it: requests before `initialize` are refused
/// (ServerNotInitialized), requests after `shutdown` too (InvalidRequest), and `exit` ends the
/// server with status 0 after `shutdown`, 1 without. Nothing the client sends ends it otherwise.
package final class LanguageServer {
    private enum Phase { case uninitialized, running, shutDown }

    private var phase = Phase.uninitialized
    /// The status to exit with, once `exit` came.
    package private(set) var exitStatus: Int32?
    /// The process environment: `CRM_TODAY` sets today, as for every command.
    private let environment: [String: String]

    var encoding = PositionEncoding.utf16
    /// What the client declared it takes.
    var relatedInformation = false
    var diagnosticVersions = false
    var hoverMarkdown = false
    var hierarchicalSymbols = false
    /// `workspace.workspaceEdit.resourceOperations`: the client renames and creates files an edit names.
    var renamesFiles = false
    var createsFiles = false
    private var preparesRename = false
    /// `workspace.workspaceEdit.documentChanges`: the client takes versioned edits.
    var documentChanges = false
    private var codeActionLiterals = false
    private var watchesFiles = false

    var workspace: Workspace?
    var documents: [String: TextDocument] = [:]
    private var nextRequestID = 1

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// Whether `shutdown` came (the end of the input then exits with 0).
    package var hasShutDown: Bool { phase == .shutDown }

    /// Today, as the clock and `CRM_TODAY` say, read for each message.
    var today: Day {
        ((try? Clock(environment: environment)) ?? (try! Clock(environment: [:]))).today
    }

    /// What to answer to the body of one framed message.
    package func receive(_ body: [UInt8]) -> [JSON] {
        let json: JSON
        do { json = try JSONParser.parse(body) } catch {
            return [Outgoing.error(id: .null, .parseError("the message is not JSON: \(error.description)"))]
        }
        switch Incoming(json) {
        case .invalid(let id, let reason): return [Outgoing.error(id: id, .invalidRequest(reason))]
        case .response: return []
        case .notification(let method, let params): return notification(method, params)
        case .request(let id, let method, let params):
            var sent: [JSON] = []
            let answer: JSON
            switch request(method, params, sending: &sent) {
            case .success(let result): answer = Outgoing.response(id: id, result: result)
            case .failure(let error): answer = Outgoing.error(id: id, error)
            }
            return [answer] + sent
        }
    }

    /// What to answer to a frame whose header could not be read.
    package func malformedFrame(_ reason: String) -> [JSON] {
        [Outgoing.error(id: .null, .parseError("the message's header cannot be read: \(reason)"))]
    }

    // MARK: Requests

    private func request(_ method: String, _ params: JSON, sending sent: inout [JSON]) -> Result<JSON, ResponseError> {
        switch phase {
        case .uninitialized where method != "initialize": return .failure(.serverNotInitialized)
        case .running where method == "initialize": return .failure(.invalidRequest("the server is initialized already"))
        case .shutDown: return .failure(.invalidRequest("the server is shut down: only 'exit' is taken"))
        default: break
        }
        switch method {
        case "initialize": return .success(initialize(params))
        case "shutdown":
            phase = .shutDown
            return .success(.null)
        case "textDocument/rename":
            guard params.isObject else { return .failure(.invalidParams("\(method) takes an object of parameters")) }
            sent += refreshed()
            return rename(params, sending: &sent)
        default:
            break
        }
        let answer: ((JSON) -> JSON)? = switch method {
        case "textDocument/completion": completion
        case "textDocument/hover": hover
        case "textDocument/definition": definition
        case "textDocument/references": references
        case "textDocument/prepareRename": prepareRename
        case "textDocument/codeAction": codeActions
        case "textDocument/documentSymbol": documentSymbols
        case "workspace/symbol": workspaceSymbols
        default: nil
        }
        guard let answer else { return .failure(.methodNotFound(method)) }
        guard params.isObject else { return .failure(.invalidParams("\(method) takes an object of parameters")) }
        // What changed on disk first: the answer is made from it, and the open documents' problems follow.
        sent += refreshed()
        return .success(answer(params))
    }

    private func initialize(_ params: JSON) -> JSON {
        phase = .running
        let capabilities = params["capabilities"]
        encoding = PositionEncoding(offered: capabilities?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue))
        let diagnostics = capabilities?["textDocument"]?["publishDiagnostics"]
        relatedInformation = diagnostics?["relatedInformation"]?.boolValue == true
        diagnosticVersions = diagnostics?["versionSupport"]?.boolValue == true
        watchesFiles = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
        hoverMarkdown = capabilities?["textDocument"]?["hover"]?["contentFormat"]?.arrayValue?.contains(.string("markdown")) == true
        hierarchicalSymbols = capabilities?["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue == true
        let resourceOperations = capabilities?["workspace"]?["workspaceEdit"]?["resourceOperations"]?.arrayValue ?? []
        renamesFiles = resourceOperations.contains(.string("rename"))
        createsFiles = resourceOperations.contains(.string("create"))
        preparesRename = capabilities?["textDocument"]?["rename"]?["prepareSupport"]?.boolValue == true
        documentChanges = capabilities?["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue == true
        codeActionLiterals = capabilities?["textDocument"]?["codeAction"]?["codeActionLiteralSupport"] != nil
        // The vault: from the workspace folders, the root URI or the root path, the first that is in one.
        let folders = (params["workspaceFolders"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue }
        let roots = folders.compactMap(FileURI.path) + [params["rootUri"]?.stringValue.flatMap(FileURI.path), params["rootPath"]?.stringValue].compactMap { $0 }
        workspace = roots.lazy.compactMap(Workspace.init(locatingFrom:)).first
        let sync: JSON = .object([("openClose", .bool(true)), ("change", .number(2))])
        return .object([
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                ("textDocumentSync", sync),
                ("completionProvider", .object([("triggerCharacters", .array([.string("[")]))])),
                ("hoverProvider", .bool(true)),
                ("definitionProvider", .bool(true)),
                ("referencesProvider", .bool(true)),
                ("documentSymbolProvider", .bool(true)),
                ("workspaceSymbolProvider", .bool(true)),
                // Options (`prepareProvider`) only to a client that says it sends `prepareRename`.
                ("renameProvider", preparesRename ? .object([("prepareProvider", .bool(true))]) : .bool(true)),
                // The kinds, to a client that takes code actions as literals (and so knows kinds).
                ("codeActionProvider", codeActionLiterals ? .object([("codeActionKinds", .array(Self.codeActionKinds.map(JSON.string)))]) : .bool(true)),
            ])),
            ("serverInfo", .object([("name", .string("crm"))])),
        ])
    }

    // MARK: Notifications

    private func notification(_ method: String, _ params: JSON) -> [JSON] {
        if method == "exit" {
            exitStatus = phase == .shutDown ? 0 : 1
            return []
        }
        // Before `initialize` and after `shutdown`, notifications are dropped.
        guard phase == .running else { return [] }
        switch method {
        case "initialized": return initialized()
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else { return [] }
            documents[uri] = TextDocument(uri: uri, version: item["version"]?.intValue, text: text)
            if workspace == nil, let path = FileURI.path(uri) { workspace = Workspace(locatingFrom: FileSystem.parentDirectory(of: path)) }
            return refreshed(except: uri) + diagnostics(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri],
                  let changes = params["contentChanges"]?.arrayValue else { return [] }
            for change in changes {
                guard let text = change["text"]?.stringValue else { continue }
                document.replace(change["range"].flatMap(TextRange.init), with: text, encoding)
            }
            document.version = params["textDocument"]?["version"]?.intValue ?? document.version
            documents[uri] = document
            return refreshed(except: uri) + diagnostics(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil,
                  let path = path(of: uri), let workspace, VaultCheck.kind(of: path, in: workspace.vault) != nil else { return [] }
            // Its problems go with it.
            return [Outgoing.notification("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))]
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            workspace?.isStale = true
            return refreshed()
        default:
            // `$/cancelRequest`, `$/setTrace` and any other notification: nothing to do.
            return []
        }
    }

    /// After `initialized`: asks to be told of changes to the vault's Markdown files and config
    /// when the client can watch files.
    private func initialized() -> [JSON] {
        guard watchesFiles, workspace != nil else { return [] }
        let watchers: JSON = .array([.object([("globPattern", .string("**/*.md"))]), .object([("globPattern", .string("**/.crm/config.yaml"))])])
        let registration: JSON = .object([("id", .string("crm-watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
                                          ("registerOptions", .object([("watchers", watchers)]))])
        defer { nextRequestID += 1 }
        return [Outgoing.request(id: nextRequestID, "client/registerCapability", .object([("registrations", .array([registration]))]))]
    }

    // MARK: Documents

    /// The path of the document at `uri` relative to the vault; nil outside it.
    func path(of uri: String) -> String? {
        guard let workspace, let absolute = FileURI.path(uri) else { return nil }
        return workspace.relativePath(of: absolute)
    }

    /// What the vault holds now, read again when it changed.
    func snapshot() -> Workspace.Snapshot? {
        workspace?.current(today: today).snapshot
    }

    /// When the vault changed on disk: the diagnostics of every open document again (a link
    /// that was dead may name someone now).
    private func refreshed(except uri: String? = nil) -> [JSON] {
        guard let workspace, workspace.current(today: today).changed else { return [] }
        return documents.keys.sorted().filter { $0 != uri }.flatMap(diagnostics)
    }
}

extension LanguageServer {
    /// Serves one client on `input` and `output` until `exit` or the end of the input; returns
    /// the exit status (0 after `shutdown`, 1 without).
    package static func run(input: Int32, output: Int32, environment: [String: String]) -> Int32 {
        let server = LanguageServer(environment: environment)
        var reader = FrameReader(input: input)
        let writer = FrameWriter(output: output)
        while true {
            let replies: [JSON]
            switch reader.next() {
            case .message(let body): replies = server.receive(body)
            case .malformed(let reason): replies = server.malformedFrame(reason)
            case .end: return server.hasShutDown ? 0 : 1
            }
            for reply in replies where !writer.write(reply) { return server.hasShutDown ? 0 : 1 }
            if let status = server.exitStatus { return status }
        }
    }
}
