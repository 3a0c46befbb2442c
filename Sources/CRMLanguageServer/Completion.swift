import CRMKit

/// The line around the cursor, as completion and hover read it.
struct CursorLine {
    /// The line's bytes before and after the cursor.
    let before: [UInt8]
    let after: ArraySlice<UInt8>
    let line: Int

    init(_ document: TextDocument, _ position: Position, _ encoding: PositionEncoding) {
        let bytes = document.line(position.line)
        let cursor = bytes.startIndex + encoding.byteOffset(position.character, in: bytes)
        before = Array(bytes[bytes.startIndex..<cursor])
        after = bytes[cursor...]
        line = position.line
    }

    /// The position `count` bytes before the cursor.
    func position(back count: Int, _ encoding: PositionEncoding) -> Position {
        Position(line: line, character: encoding.units(before[..<(before.count - count)]))
    }

    var cursor: Position { Position(line: line, character: 0) }

    /// The word of letters, digits, `-` and `_` just before the cursor (any bytes above ASCII too).
    var partialWord: [UInt8] {
        Array(before.reversed().prefix { $0 >= 0x80 || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.reversed())
    }
}

extension LanguageServer {
    /// The items completed at most at once after `[[`; more matches make the list incomplete,
    /// and the client asks again as more is typed.
    static let completionLimit = 50

    /// `textDocument/completion`: after `[[`, the vault's people; on a log line, today and
    /// yesterday as its date, then the vault's interaction types; in the front matter, the known
    /// keys, the vault's tags in `tags:` and relation words in `related:`.
    func completion(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri], let position = Position(params["position"]),
              let path = path(of: uri), let workspace, let kind = VaultCheck.kind(of: path, in: workspace.vault), let snapshot = snapshot()
        else { return .null }
        let cursor = CursorLine(document, position, encoding)
        if let open = Self.openLink(cursor.before) {
            return people(matching: Array(cursor.before[(open + 2)...]), cursor: cursor, position: position, snapshot: snapshot, workspace: workspace)
        }
        guard kind == .person else { return .null }
        let person = PersonDocument(bytes: document.bytes, path: path, settings: workspace.vault.logSettings)
        if let frontMatter = person.frontMatter, position.line > frontMatter.openLine, position.line < frontMatter.closeLine {
            return frontMatterCompletion(cursor, position: position, document: document, frontMatter: frontMatter, snapshot: snapshot)
        }
        if let log = person.log, position.line > log.headingLine, position.line < max(log.end, document.lineCount) {
            return logCompletion(cursor, position: position, snapshot: snapshot, types: workspace.vault.config.types)
        }
        return .null
    }

    /// The byte offset of the `[[` the cursor is inside (no `]]` after it), in `before`.
    static func openLink(_ before: [UInt8]) -> Int? {
        guard before.count >= 2 else { return nil }
        var i = before.count - 2
        while i >= 0 {
            if before[i] == UInt8(ascii: "]"), before[i + 1] == UInt8(ascii: "]") { return nil }
            if before[i] == UInt8(ascii: "["), before[i + 1] == UInt8(ascii: "[") {
                // The text shown after `|` is not the target.
                return before[(i + 2)...].contains(UInt8(ascii: "|")) ? nil : i
            }
            i -= 1
        }
        return nil
    }

    private func items(_ items: [JSON], incomplete: Bool = false) -> JSON {
        .object([("isIncomplete", .bool(incomplete)), ("items", .array(items))])
    }

    private func item(_ label: String, kind: Int, detail: String? = nil, range: TextRange, newText: String,
                      sortText: String? = nil, filterText: String? = nil) -> JSON {
        var members: [(String, JSON)] = [("label", .string(label)), ("kind", .number(kind))]
        if let detail { members.append(("detail", .string(detail))) }
        if let sortText { members.append(("sortText", .string(sortText))) }
        if let filterText { members.append(("filterText", .string(filterText))) }
        members.append(("textEdit", .object([("range", range.json), ("newText", .string(newText))])))
        return .object(members)
    }

    /// The people a link's target typed so far (`typed`) names part of: by name, id, alias or
    /// email, ignoring case and accents, ranked (see `PeopleIndex.matching`). Each inserts the
    /// canonical link `[[ID|Name]]` (the `]]` after the cursor, when the editor closed the link,
    /// replaced).
    private func people(matching typed: [UInt8], cursor: CursorLine, position: Position, snapshot: Workspace.Snapshot, workspace: Workspace) -> JSON {
        let query = String(decoding: typed, as: UTF8.self).trimmingSpaces.folded
        let (shown, more) = workspace.people(snapshot).matching(query, limit: Self.completionLimit)
        let start = cursor.position(back: typed.count, encoding)
        var end = position
        if cursor.after.starts(with: [UInt8(ascii: "]"), UInt8(ascii: "]")]) {
            end.character += encoding.units([UInt8(ascii: "]"), UInt8(ascii: "]")])
        }
        let range = TextRange(start: start, end: end)
        let listed = shown.enumerated().map { index, at in
            let facts = snapshot.everyone.facts[at]
            // The typed text first, so the client's own filter keeps every person the server chose.
            var keys = [facts.name, facts.name.folded, facts.id] + facts.foldedAliases + facts.emails
            if !query.isEmpty { keys.insert(String(decoding: typed, as: UTF8.self), at: 0) }
            return item(facts.name, kind: 18, detail: detail(facts, snapshot: snapshot, vault: workspace.vault), range: range,
                        newText: String(PersonLink.markup(facts.id, text: facts.name).dropFirst(2)), sortText: pad(index, 4),
                        filterText: keys.joined(separator: " "))
        }
        return items(listed, incomplete: more)
    }

    /// "last contact 27 days ago · due in 3 days · friends, climbing".
    func detail(_ facts: PersonFacts, snapshot: Workspace.Snapshot, vault: Vault) -> String {
        let today = snapshot.today
        let schedule = DueSchedule(facts: facts.including(snapshot.everyone.shared[facts.id] ?? [], today: today), config: vault.config, on: today)
        var parts = [schedule.last.map { "last contact " + relative($0.date, from: today) } ?? "never contacted"]
        if let due = schedule.due {
            let words = dueWording(due, from: today, snoozed: schedule.isSnoozed)
            parts.append(due < today ? words : "due " + words)
        }
        if !facts.tags.isEmpty { parts.append(facts.tags.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// On a log line: its date at the start (today or yesterday), then the interaction type after
    /// the date.
    private func logCompletion(_ cursor: CursorLine, position: Position, snapshot: Workspace.Snapshot, types: [String]) -> JSON {
        let before = cursor.before
        guard let bullet = before.first, bullet == UInt8(ascii: "-") || bullet == UInt8(ascii: "*") else { return .null }
        var rest = before.dropFirst()
        guard rest.first == UInt8(ascii: " ") || rest.isEmpty else { return .null }
        rest = rest.drop { $0 == UInt8(ascii: " ") }
        // An open or ticked item's box.
        if rest.count >= 4, rest.first == UInt8(ascii: "["), rest[rest.startIndex + 2] == UInt8(ascii: "]"), rest[rest.startIndex + 3] == UInt8(ascii: " ") {
            rest = rest.dropFirst(4)
        }
        let isDateSoFar = rest.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") } && rest.count < 10
        if isDateSoFar, cursor.after.allSatisfy({ $0 == UInt8(ascii: " ") }) {
            let today = snapshot.today
            let range = TextRange(start: cursor.position(back: rest.count, encoding), end: position)
            let typed = String(decoding: rest, as: UTF8.self)
            let days = [(today, "today"), (today.adding(days: -1), "yesterday")].filter { $0.0.description.hasPrefix(typed) }
            return items(days.enumerated().map { index, day in
                item(day.0.description, kind: 12, detail: day.1 + " · " + weekdayName(day.0), range: range,
                     newText: day.0.description + " ", sortText: pad(index, 4))
            })
        }
        // After the date (and a time): the type.
        guard rest.count > 11, Day(String(decoding: rest.prefix(10), as: UTF8.self)) != nil, rest[rest.startIndex + 10] == UInt8(ascii: " ") else { return .null }
        var afterDate = rest.dropFirst(11)
        if afterDate.count >= 6, TimeOfDay(String(decoding: afterDate.prefix(5), as: UTF8.self)) != nil, afterDate[afterDate.startIndex + 5] == UInt8(ascii: " ") {
            afterDate = afterDate.dropFirst(6)
        }
        guard afterDate.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }) else { return .null }
        let range = TextRange(start: cursor.position(back: afterDate.count, encoding), end: position)
        return items(types.enumerated().map { index, type in
            item(type, kind: 14, range: range, newText: type + ": ", sortText: pad(index, 4))
        })
    }

    /// In the front matter: a key at the start of a line, the vault's tags in `tags:`, relation
    /// words in a `related:` item.
    private func frontMatterCompletion(_ cursor: CursorLine, position: Position, document: TextDocument, frontMatter: FrontMatter,
                                       snapshot: Workspace.Snapshot) -> JSON {
        let before = cursor.before
        let word = cursor.partialWord
        let range = TextRange(start: cursor.position(back: word.count, encoding), end: position)
        if word.count == before.count {
            // A key: the known keys this front matter does not have yet.
            let present = Set(frontMatter.pairs.map(\.key))
            return items(FieldSchema.all.map(\.key).filter { !present.contains($0) }.enumerated().map { index, key in
                item(key, kind: 10, range: range, newText: key + ": ", sortText: pad(index, 4))
            })
        }
        // The key whose value this line is part of: its own, or the nearest above at the start of a line.
        var owner: String?
        for line in stride(from: position.line, to: frontMatter.openLine, by: -1) {
            let bytes = line == position.line ? before[...] : document.line(line)
            guard let first = bytes.first, first != UInt8(ascii: " "), first != UInt8(ascii: "-"), first != UInt8(ascii: "#") else { continue }
            owner = bytes.firstIndex(of: UInt8(ascii: ":")).map { String(decoding: bytes[bytes.startIndex..<$0], as: UTF8.self) }
            break
        }
        switch owner {
        case FieldSchema.tags.key:
            var spellings: [String: [String]] = [:]
            for facts in snapshot.everyone.facts { for tag in Set(facts.tags) { spellings[Tag.key(tag), default: []].append(tag) } }
            let typed = Tag.key(String(decoding: word, as: UTF8.self))
            let tags = spellings.filter { $0.key.hasPrefix(typed) }.map { Tag.preferredSpellings($0.value)[0] }.sorted { Tag.key($0) < Tag.key($1) }
            return items(tags.enumerated().map { index, tag in item(tag, kind: 20, range: range, newText: tag, sortText: pad(index, 4)) })
        case FieldSchema.related.key:
            // A relation at the start of an item: `  - ` or `  - "`.
            let item = before.drop { $0 == UInt8(ascii: " ") }
            guard item.starts(with: [UInt8(ascii: "-"), UInt8(ascii: " ")]) else { return .null }
            let start = item.dropFirst(2).drop { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
            guard start.count == word.count else { return .null }
            return items(Relationship.knownNames.enumerated().map { index, relation in
                self.item(relation, kind: 14, range: range, newText: relation + ": ", sortText: pad(index, 4))
            })
        default:
            return .null
        }
    }
}
