#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CRMFormat

/// Telegram Desktop's JSON export (Settings → Advanced → Export Telegram data, "Machine-readable
/// JSON"): the whole account's `result.json` (`{"chats": {"list": [chat, …]}}`, and
/// `left_chats`) or one chat's (`{"name", "type", "id", "messages": […]}`).
///
/// A personal chat's messages, from either side, are messages with the chat's name; a group's
/// are with each sender (`from`). Channels, bots and saved messages are not read. Service
/// messages are not messages; a `phone_call` service message is a call (`duration_seconds`),
/// unless it was missed or declined. The day is `date_unixtime` in the user's time zone, or the
/// `date` as written when an older export has no `date_unixtime`.
///
/// Read a token at a time (no message text is kept), so memory stays bounded; a chat whose
/// messages come before its name and type (Telegram writes them after) keeps its messages'
/// dates until the chat ends.
package struct TelegramExportReader: HistoryReader {
    package let source = "Telegram"
    package private(set) var warnings: [HistoryFileWarning] = []
    /// Bytes read of the file's, for a progress bar.
    package var progress: (done: Int64, total: Int64) { tokens.progress }
    private var tokens: JSONTokens
    private let zone: TimeZone
    private var stack: [Role] = []
    private var started = false
    private var chat = Chat()
    private var message = Message(line: 0)
    private var pending: [Message] = []
    private var ready: [HistoryEvent] = []

    private enum Role { case root, chats, chatList, chat, messages, message }
    // chatList and messages are arrays; the others objects. Values nobody reads are skipped whole.

    private struct Chat {
        var name: String?
        var nameSeen = false
        var type: String?
        var warned = false
    }

    private struct Message {
        var line: Int
        var type: String?
        var date: String?
        var unixTime: String?
        var from: String?
        var action: String?
        var duration: Int?
        var discardReason: String?
    }

    private static let groups: Set<String> = ["private_group", "private_supergroup", "public_supergroup"]
    private static let notRead: Set<String> = ["bot_chat", "saved_messages", "private_channel", "public_channel"]

    /// Opens the export at `path`; days are the user's in `zone`.
    package init(path: String, zone: TimeZone = .current) throws(FileSystemError) {
        tokens = JSONTokens(try HistoryLines(path: path))
        self.zone = zone
    }

    package mutating func next() throws(HistoryFileError) -> HistoryEvent? {
        while ready.isEmpty {
            guard try step() else { break }
        }
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    /// Reads one member or element; false at the end of the text.
    private mutating func step() throws(HistoryFileError) -> Bool {
        guard let role = stack.last else {
            guard !started else {
                guard try tokens.next() == nil else { throw tokens.error("text after the export's JSON object") }
                return false
            }
            started = true
            guard try tokens.next() == .beginObject else {
                throw tokens.error("not a Telegram export: the file does not start with a JSON object")
            }
            stack.append(.root)
            return true
        }
        guard let token = try tokens.next() else { throw tokens.error("the JSON ends inside an object or array") }
        if token == .comma { return true }
        if token == .endObject || token == .endArray {
            stack.removeLast()
            end(role)
            return true
        }
        if role == .chatList || role == .messages {
            try element(token, in: role)
            return true
        }
        guard case .string(let key) = token else { throw tokens.error("a member name expected") }
        guard try tokens.next() == .colon else { throw tokens.error("':' expected after \"\(key)\"") }
        guard let value = try tokens.next() else { throw tokens.error("the JSON ends after \"\(key)\":") }
        try member(key, value, in: role)
        return true
    }

    private mutating func member(_ key: String, _ value: JSONTokens.Token, in role: Role) throws(HistoryFileError) {
        switch (role, key, value) {
        case (.root, "chats", .beginObject), (.root, "left_chats", .beginObject): stack.append(.chats)
        case (.chats, "list", .beginArray): stack.append(.chatList)
        case (.root, "messages", .beginArray), (.chat, "messages", .beginArray): stack.append(.messages)
        case (.root, "name", _), (.chat, "name", _):
            chat.nameSeen = true
            if case .string(let name) = value { chat.name = name } else { try skip(value) }
        case (.root, "type", .string(let type)), (.chat, "type", .string(let type)): chat.type = type
        case (.message, _, _) where value.isScalar: record(key, value)
        default: try skip(value)
        }
    }

    private mutating func element(_ value: JSONTokens.Token, in role: Role) throws(HistoryFileError) {
        switch (role, value) {
        case (.chatList, .beginObject):
            chat = Chat()
            stack.append(.chat)
        case (.messages, .beginObject):
            message = Message(line: tokens.tokenLine)
            stack.append(.message)
        default: try skip(value)
        }
    }

    /// Steps over the rest of a value that started with `first`.
    private mutating func skip(_ first: JSONTokens.Token) throws(HistoryFileError) {
        guard first == .beginObject || first == .beginArray else { return }
        var depth = 1
        while depth > 0 {
            guard let token = try tokens.next() else { throw tokens.error("the JSON ends inside an object or array") }
            if token == .beginObject || token == .beginArray { depth += 1 }
            if token == .endObject || token == .endArray { depth -= 1 }
        }
    }

    private mutating func record(_ key: String, _ value: JSONTokens.Token) {
        let text: String? = switch value {
        case .string(let text), .number(let text): text
        default: nil
        }
        switch key {
        case "type": message.type = text
        case "date": message.date = text
        case "date_unixtime": message.unixTime = text
        case "from": message.from = text
        case "action": message.action = text
        case "duration_seconds": message.duration = text.flatMap { Int($0) }
        case "discard_reason": message.discardReason = text
        default: break
        }
    }

    private mutating func end(_ role: Role) {
        switch role {
        case .message:
            if chat.type != nil, chat.nameSeen { handOut(message) } else { pending.append(message) }
        case .chat, .root:
            for message in pending { handOut(message) }
            pending = []
            if role == .chat { chat = Chat() }
        default: break
        }
    }

    /// The event a message is, if it is one, into `ready`.
    private mutating func handOut(_ message: Message) {
        let type = chat.type ?? ""
        guard !Self.notRead.contains(type) else { return }
        let isCall = message.type == "service" && message.action == "phone_call"
        guard message.type == "message" || isCall else { return }
        let party: String
        if type == "personal_chat" {
            guard let name = chat.name, !name.isEmpty else {
                if !chat.warned {
                    warnings.append(HistoryFileWarning(line: message.line, "a personal chat without a name (a deleted account): its messages are not counted"))
                    chat.warned = true
                }
                return
            }
            party = name
        } else if Self.groups.contains(type) {
            guard !isCall else { return }
            guard let from = message.from, !from.isEmpty else {
                warnings.append(HistoryFileWarning(line: message.line, "a group message without a sender (`from`); not counted"))
                return
            }
            party = from
        } else {
            if !chat.warned {
                warnings.append(HistoryFileWarning(line: message.line, "a chat of type \"\(type)\", which this reader does not know; its messages are not counted"))
                chat.warned = true
            }
            return
        }
        if isCall, ["missed", "busy"].contains(message.discardReason ?? "") { return }
        guard let day = day(of: message) else {
            warnings.append(HistoryFileWarning(line: message.line, "a message without a date this reader can read (`date_unixtime` or `date`); not counted"))
            return
        }
        ready.append(HistoryEvent(channel: isCall ? .call : .message, day: day, parties: [.name(party)],
                                  seconds: isCall ? message.duration ?? 0 : 0, line: message.line,
                                  moment: message.unixTime.flatMap { Int64($0) } ?? message.date.map { Self.wallMoment($0, day: day) }))
    }

    /// `2026-11-25T10:01:30` as seconds since 1970 on the wall clock (the day's, when the time
    /// cannot be read).
    private static func wallMoment(_ date: String, day: Day) -> Int64 {
        let digits = Array(date.utf8.dropFirst(11).prefix(8))
        func number(_ at: Int) -> Int64 {
            guard at + 2 <= digits.count, digits[at..<at + 2].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return 0 }
            return Int64(digits[at] - 0x30) * 10 + Int64(digits[at + 1] - 0x30)
        }
        return Int64(day.dayNumber) * 86_400 + number(0) * 3600 + number(3) * 60 + number(6)
    }

    private func day(of message: Message) -> Day? {
        if let unix = message.unixTime.flatMap({ Int64($0) }) { return HistoryEvent.localDay(epochSeconds: unix, in: zone) }
        guard let date = message.date, date.utf8.count >= 10 else { return nil }
        return Day(utf8: date.utf8.prefix(10))
    }
}
