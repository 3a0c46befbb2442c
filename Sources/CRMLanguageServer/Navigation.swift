import CRMKit

extension LanguageServer {
    /// What a request about a place in an open document of the vault needs.
    struct Place {
        let uri: String
        let path: String
        let document: TextDocument
        let position: Position
        let kind: VaultCheck.FileKind
        let workspace: Workspace
        let snapshot: Workspace.Snapshot
    }

    func place(_ params: JSON) -> Place? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri], let position = Position(params["position"]),
              let path = path(of: uri), let workspace, let kind = VaultCheck.kind(of: path, in: workspace.vault), let snapshot = snapshot()
        else { return nil }
        return Place(uri: uri, path: path, document: document, position: position, kind: kind, workspace: workspace, snapshot: snapshot)
    }

    /// The link under the cursor: its target and its range.
    func link(at place: Place) -> (target: String, range: TextRange)? {
        let bytes = place.document.line(place.position.line)
        let cursor = encoding.byteOffset(place.position.character, in: bytes)
        for link in PersonLink.scan(String(decoding: bytes, as: UTF8.self)) where link.span.contains(cursor) || link.span.upperBound == cursor {
            guard link.mayNamePerson else { return nil }
            let start = Position(line: place.position.line, character: encoding.units(bytes.prefix(link.span.lowerBound)))
            let end = Position(line: place.position.line, character: encoding.units(bytes.prefix(link.span.upperBound)))
            return (link.target, TextRange(start: start, end: end))
        }
        return nil
    }

    /// The person the cursor is on: a link's, or the file's own on its `name:` line; with the
    /// range of the link or the line.
    func person(at place: Place, ownName: Bool = true) -> (id: String, range: TextRange)? {
        if let (target, range) = link(at: place) {
            guard let id = place.snapshot.others.resolver.person(target) else { return nil }
            return (id, range)
        }
        guard ownName, place.kind == .person else { return nil }
        let document = PersonDocument(bytes: place.document.bytes, path: place.path, settings: place.workspace.vault.logSettings)
        guard let pair = document.frontMatter?.pair(FieldSchema.name.key), pair.lineIndex == place.position.line else { return nil }
        let line = place.position.line
        return (Person.id(forPath: place.path), TextRange(start: Position(line: line, character: 0), end: place.document.endOfLine(line, encoding)))
    }

    /// The person with `id` as the editor holds their file when it is open, else as it is on disk.
    func loadPerson(_ id: String, workspace: Workspace) -> Person? {
        guard let facts = snapshot()?.facts(id) else { return nil }
        if let open = documents.values.first(where: { path(of: $0.uri) == facts.path }) {
            return Person(path: facts.path, bytes: open.bytes, settings: workspace.vault.logSettings)
        }
        return try? workspace.vault.load(path: facts.path)
    }

    // MARK: Hover

    /// `textDocument/hover`: on a link or on `name:`, the person's card (as `crm show` words its
    /// details); on a log entry's date, its weekday and how long ago it is.
    func hover(_ params: JSON) -> JSON {
        guard let place = place(params) else { return .null }
        if let (id, range) = person(at: place) {
            guard let card = card(id, place: place) else { return .null }
            return hoverResult(card, range: range)
        }
        guard place.kind == .person, let (day, range) = logDate(at: place) else { return .null }
        let today = place.snapshot.today
        return hoverResult("\(weekdayName(day)) \(dayMonth(day, today: today)) · \(relative(day, from: today))", range: range)
    }

    private func hoverResult(_ text: String, range: TextRange) -> JSON {
        .object([("contents", .object([("kind", .string(hoverMarkdown ? "markdown" : "plaintext")), ("value", .string(text))])),
                 ("range", range.json)])
    }

    /// The date of the log entry under the cursor, and its range.
    private func logDate(at place: Place) -> (Day, TextRange)? {
        let bytes = place.document.line(place.position.line)
        let cursor = encoding.byteOffset(place.position.character, in: bytes)
        let document = PersonDocument(bytes: place.document.bytes, path: place.path, settings: place.workspace.vault.logSettings)
        guard let log = document.log, let entry = log.entriesWithoutNotes.first(where: { $0.line == place.position.line + 1 }) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let found = text.utf8.indices.first(where: { text.utf8[$0...].starts(with: entry.date.description.utf8) }) else { return nil }
        let start = text.utf8.distance(from: text.utf8.startIndex, to: found)
        guard (start...(start + 10)).contains(cursor) else { return nil }
        let line = place.position.line
        return (entry.date, TextRange(start: Position(line: line, character: encoding.units(bytes.prefix(start))),
                                      end: Position(line: line, character: encoding.units(bytes.prefix(start + 10)))))
    }

    /// The person's card: name and file, then `crm show`'s details (phone, email, birthday,
    /// tags, aliases, every, last with where it is written, next, due), then relationships.
    func card(_ id: String, place: Place) -> String? {
        guard let person = loadPerson(id, workspace: place.workspace),
              let view = try? PersonView(person: person, config: place.workspace.vault.config, today: place.snapshot.today,
                                         links: place.workspace.links()) else { return nil }
        var lines = ["**\(view.name)** · \(view.path)", ""]
        for field in view.fields {
            var value = field.value
            if field.key == "last", let entry = view.history.first, let line = entry.interaction?.line {
                value += " · " + (entry.elsewhere?.path ?? view.path) + ":\(line)"
            }
            lines.append("- \(field.key): \(value)")
        }
        if !view.related.isEmpty {
            lines.append("- related: " + view.related.map { "\($0.relation): \($0.name)" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Definition and references

    /// `textDocument/definition`: from a link, the file of the person it names.
    func definition(_ params: JSON) -> JSON {
        guard let place = place(params), let (id, _) = person(at: place, ownName: false),
              let facts = place.snapshot.facts(id) else { return .null }
        return location(place.workspace.uri(of: facts.path), TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))
    }

    private func location(_ uri: String, _ range: TextRange) -> JSON {
        .object([("uri", .string(uri)), ("range", range.json)])
    }

    /// `textDocument/references`: on a link or a person file's `name:`, every link to the person
    /// in the vault's saved files (other people's logs and `related:`, daily notes, notes), each
    /// file in line order, person files first; with `includeDeclaration`, the person's file first.
    func references(_ params: JSON) -> JSON {
        guard let place = place(params), let (id, _) = person(at: place), let facts = place.snapshot.facts(id) else { return .null }
        var found: [JSON] = []
        if params["context"]?["includeDeclaration"]?.boolValue == true {
            found.append(location(place.workspace.uri(of: facts.path), TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))))
        }
        var lines: [String: TextDocument] = [:]
        for reference in place.workspace.links().references(to: id) {
            if lines[reference.path] == nil {
                let open = documents.values.first { path(of: $0.uri) == reference.path }
                let bytes = open?.bytes ?? (try? FileSystem.readFile(place.workspace.root + "/" + reference.path).bytes) ?? []
                lines[reference.path] = TextDocument(uri: "", version: nil, text: String(decoding: bytes, as: UTF8.self))
            }
            let text = lines[reference.path]!
            let at = text.position(line: reference.line, column: reference.column, encoding)
            let bytes = text.line(reference.line - 1)
            let offset = encoding.byteOffset(at.character, in: bytes)
            // The link at the place (a `related:` item's place is its start, before any quote).
            let range = PersonLink.scan(String(decoding: bytes, as: UTF8.self)).first { $0.span.upperBound > offset }.map { link in
                TextRange(start: Position(line: at.line, character: encoding.units(bytes.prefix(link.span.lowerBound))),
                          end: Position(line: at.line, character: encoding.units(bytes.prefix(link.span.upperBound))))
            } ?? TextRange(start: at, end: text.endOfLine(at.line, encoding))
            found.append(location(place.workspace.uri(of: reference.path), range))
        }
        return .array(found)
    }

    // MARK: Symbols

    /// `textDocument/documentSymbol`: a person file's log by year and month, each entry under
    /// its month (a flat list naming the month of each entry when the client takes no tree).
    func documentSymbols(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri], let path = path(of: uri), let workspace,
              VaultCheck.kind(of: path, in: workspace.vault) == .person else { return .null }
        let person = PersonDocument(bytes: document.bytes, path: path, settings: workspace.vault.logSettings)
        guard let log = person.log else { return .array([]) }
        struct Leaf { let interaction: Interaction; let range: TextRange; let selection: TextRange }
        let leaves = log.entries.map { entry in
            let first = entry.line - 1, last = entry.line - 2 + entry.lineCount
            return Leaf(interaction: entry,
                        range: TextRange(start: Position(line: first, character: 0), end: document.endOfLine(last, encoding)),
                        selection: TextRange(start: Position(line: first, character: 0), end: document.endOfLine(first, encoding)))
        }
        func name(_ entry: Interaction) -> String {
            let note = entry.note.prefix { $0 != "\n" }
            return "\(entry.date) \(entry.type)" + (note.isEmpty ? "" : ": " + note.prefix(60))
        }
        func monthName(_ day: Day) -> String {
            // "1 November 2026" (a day of another year than `today` is written with its year), without the day.
            dayMonth(Day(year: day.year, month: day.month, day: 1)!, today: Day(year: day.year + 1, month: 1, day: 1)!)
                .split(separator: " ").dropFirst().joined(separator: " ")
        }
        guard hierarchicalSymbols else {
            return .array(leaves.map { leaf in
                .object([("name", .string(name(leaf.interaction))), ("kind", .number(24)),
                         ("location", location(uri, leaf.selection)), ("containerName", .string(monthName(leaf.interaction.date)))])
            })
        }
        func symbol(_ name: String, kind: Int, range: TextRange, selection: TextRange, children: [JSON]?) -> JSON {
            var members: [(String, JSON)] = [("name", .string(name)), ("kind", .number(kind)), ("range", range.json), ("selectionRange", selection.json)]
            if let children { members.append(("children", .array(children))) }
            return .object(members)
        }
        func span(_ group: [Leaf]) -> TextRange {
            TextRange(start: group.map(\.range.start).min { ($0.line, $0.character) < ($1.line, $1.character) }!,
                      end: group.map(\.range.end).max { ($0.line, $0.character) < ($1.line, $1.character) }!)
        }
        // Years and months in the order the log first reaches them.
        var years: [Int] = [], months: [Int: [Int]] = [:], byMonth: [Int: [Leaf]] = [:]
        for leaf in leaves {
            let (year, month) = (leaf.interaction.date.year, leaf.interaction.date.year * 100 + leaf.interaction.date.month)
            if months[year] == nil { years.append(year) }
            if byMonth[month] == nil { months[year, default: []].append(month) }
            byMonth[month, default: []].append(leaf)
        }
        return .array(years.map { year in
            let all = months[year]!.flatMap { byMonth[$0]! }
            return symbol(String(year), kind: 3, range: span(all), selection: span(all).startLine, children: months[year]!.map { month in
                let group = byMonth[month]!
                return symbol(monthName(group[0].interaction.date), kind: 3, range: span(group), selection: span(group).startLine,
                              children: group.map { symbol(name($0.interaction), kind: 24, range: $0.range, selection: $0.selection, children: nil) })
            })
        })
    }

    /// `workspace/symbol`: the people whose name, id, alias or email holds the query (ignoring
    /// case and accents), ranked as completion ranks them, then those one of whose phone numbers
    /// holds the query's digits when it is written as a number (`+44 20 7946`, `020-7946`: its
    /// digits, leading zeros left out, at least three); at most 100.
    func workspaceSymbols(_ params: JSON) -> JSON {
        guard let workspace, let snapshot = snapshot() else { return .array([]) }
        let typed = (params["query"]?.stringValue ?? "").trimmingSpaces
        var found = workspace.people(snapshot).matching(typed.folded, limit: 100).facts
        if let digits = Self.phoneDigits(typed) {
            let named = Set(found)
            found += workspace.people(withPhoneHolding: digits, snapshot).filter { !named.contains($0) }
        }
        return .array(found.prefix(100).map { at in
            let facts = snapshot.everyone.facts[at]
            return .object([("name", .string(facts.name)), ("kind", .number(19)),
                            ("location", location(workspace.uri(of: facts.path), TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))),
                            ("containerName", .string(facts.id))])
        })
    }
}

extension LanguageServer {
    /// The digits a symbol query looks for in phone numbers: the query's when it holds only
    /// digits, spaces, `+`, `-`, `.`, `(` and `)`, with leading zeros (a trunk prefix) left out;
    /// nil when it is no number or fewer than three digits remain.
    static func phoneDigits(_ query: String) -> String? {
        guard query.allSatisfy({ $0.isASCII && ($0.isNumber || " +-.()".contains($0)) }) else { return nil }
        let digits = String(PhoneNumber.digits(query).drop { $0 == "0" })
        return digits.count >= 3 ? digits : nil
    }
}

private extension TextRange {
    /// The first line of the range, as a selection.
    var startLine: TextRange { TextRange(start: start, end: start) }
}
