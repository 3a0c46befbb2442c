import CRMFormat

/// A JSON-RPC 2.0 message from the client, as the server tells it apart.
enum Incoming: Equatable {
    case request(id: JSON, method: String, params: JSON)
    case notification(method: String, params: JSON)
    /// The client's answer to a request of the server's (`client/registerCapability`).
    case response
    /// Not a message: answered with `InvalidRequest` (`id` null when it has none that can be read).
    case invalid(id: JSON, reason: String)

    init(_ json: JSON) {
        guard json.isObject else { self = .invalid(id: .null, reason: "a message is a JSON object"); return }
        var id: JSON?
        if let given = json["id"] {
            switch given {
            case .string, .null: id = given
            case .number where given.intValue != nil: id = given
            default: self = .invalid(id: .null, reason: "id must be an integer or a string"); return
            }
        }
        guard json["jsonrpc"] == .string("2.0") else { self = .invalid(id: id ?? .null, reason: "\"jsonrpc\" must be \"2.0\""); return }
        guard let method = json["method"] else {
            if id != nil, json["result"] != nil || json["error"] != nil { self = .response; return }
            self = .invalid(id: id ?? .null, reason: "no \"method\"")
            return
        }
        guard let name = method.stringValue else { self = .invalid(id: id ?? .null, reason: "\"method\" must be a string"); return }
        let params = json["params"] ?? .null
        switch params {
        case .object, .array, .null: break
        default: self = .invalid(id: id ?? .null, reason: "\"params\" must be an object or an array"); return
        }
        if let id { self = .request(id: id, method: name, params: params) } else { self = .notification(method: name, params: params) }
    }
}

/// A JSON-RPC error the server answers with.
struct ResponseError: Error, Equatable {
    var code: Int
    var message: String

    static func parseError(_ message: String) -> ResponseError { ResponseError(code: -32700, message: message) }
    static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: -32600, message: message) }
    static func methodNotFound(_ method: String) -> ResponseError { ResponseError(code: -32601, message: "unknown method: \(method)") }
    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: -32602, message: message) }
    /// The request is valid but cannot be done (a name `crm rename` refuses): the message says why.
    static func requestFailed(_ message: String) -> ResponseError { ResponseError(code: -32803, message: message) }
    static let serverNotInitialized = ResponseError(code: -32002, message: "the server is not initialized: send 'initialize' first")
}

/// The messages the server sends.
enum Outgoing {
    static func response(id: JSON, result: JSON) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    static func error(id: JSON, _ error: ResponseError) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("id", id),
                 ("error", .object([("code", .number(error.code)), ("message", .string(error.message))]))])
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    static func request(id: Int, _ method: String, _ params: JSON) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("id", .number(id)), ("method", .string(method)), ("params", params)])
    }

    /// `window/showMessage`, for the user to read (type 3: info; 2: warning; 1: error).
    static func showMessage(_ message: String, type: Int = 3) -> JSON {
        notification("window/showMessage", .object([("type", .number(type)), ("message", .string(message))]))
    }

    /// `window/logMessage` (type 3: info; 2: warning; 1: error).
    static func log(_ message: String, type: Int = 3) -> JSON {
        notification("window/logMessage", .object([("type", .number(type)), ("message", .string(message))]))
    }
}
