import CRMKit

extension LanguageServer {
    /// `textDocument/publishDiagnostics` for the open document at `uri`: every problem `crm check`
    /// finds in its text as the editor holds it, and hints on its front matter (when the person
    /// is due, an upcoming birthday). Nothing for a document outside the vault, or one that is
    /// neither a person file nor a daily note.
    func diagnostics(_ uri: String) -> [JSON] {
        guard let document = documents[uri], let path = path(of: uri), let workspace, let snapshot = snapshot(),
              let found = VaultCheck.file(path, bytes: document.bytes, in: workspace.vault, others: snapshot.others, today: snapshot.today)
        else { return [] }
        var items = found.map { item in
            diagnostic(item.problem, in: document, related: item.elsewhere.map { place in
                [.object([
                    ("location", .object([("uri", .string(workspace.uri(of: place.path))),
                                          ("range", TextRange(start: Position(line: place.line - 1, character: 0),
                                                              end: Position(line: place.line - 1, character: 0)).json)])),
                    ("message", .string("the other file")),
                ])]
            })
        }
        if VaultCheck.kind(of: path, in: workspace.vault) == .person {
            items += hints(path: path, document: document, snapshot: snapshot, vault: workspace.vault)
        }
        var params: [(String, JSON)] = [("uri", .string(uri))]
        if diagnosticVersions, let version = document.version { params.append(("version", .number(version))) }
        params.append(("diagnostics", .array(items)))
        return [Outgoing.notification("textDocument/publishDiagnostics", .object(params))]
    }

    /// A problem as the protocol's `Diagnostic`: from its line and column to the end of the line.
    private func diagnostic(_ problem: Diagnostic, in document: TextDocument, related: [JSON]?) -> JSON {
        let start = document.position(line: problem.line, column: problem.column, encoding)
        var end = document.endOfLine(start.line, encoding)
        if end.character <= start.character { end = start }
        var members: [(String, JSON)] = [
            ("range", TextRange(start: start, end: end).json),
            ("severity", .number(problem.severity == .error ? 1 : 2)),
        ]
        if let rule = problem.rule { members.append(("code", .string(rule.id))) }
        members.append(("source", .string("crm")))
        members.append(("message", .string(problem.message)))
        if relatedInformation, let related { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    /// Hints on the front matter of a person file: on `name:`, when they are due ("due in 3
    /// days", "4 weeks overdue"); on `birthday:`, a birthday within a month ("birthday on
    /// Friday (turns 40)").
    private func hints(path: String, document: TextDocument, snapshot: Workspace.Snapshot, vault: Vault) -> [JSON] {
        let person = PersonDocument(bytes: document.bytes, path: path, settings: vault.logSettings)
        guard person.writeBlocker == nil, let frontMatter = person.frontMatter else { return [] }
        let today = snapshot.today
        var found: [JSON] = []
        func hint(_ key: String, _ message: String) {
            guard let pair = frontMatter.pair(key) else { return }
            let line = pair.lineIndex
            found.append(.object([
                ("range", TextRange(start: Position(line: line, character: 0), end: document.endOfLine(line, encoding)).json),
                ("severity", .number(4)),
                ("source", .string("crm")),
                ("message", .string(message)),
            ]))
        }
        let id = Person.id(forPath: path)
        let schedule = DueSchedule(document: person, config: vault.config, today: today,
                                   shared: snapshot.everyone.shared[id] ?? [])
        if let due = schedule.due {
            let words = dueWording(due, from: today, snoozed: schedule.isSnoozed)
            hint(FieldSchema.name.key, due < today ? words : "due " + words)
        }
        if person.deceased == nil, let birthday = person.birthday.flatMap(Birthday.init) {
            let next = birthday.next(onOrAfter: today)
            let days = today.days(until: next)
            let when = days == 0 ? "today" : days == 1 ? "tomorrow" : days < 7 ? "on " + weekdayName(next) : relative(next, from: today)
            if days <= 31 {
                hint(FieldSchema.birthday.key, "birthday " + when + (birthday.age(on: next).map { " (turns \($0))" } ?? ""))
            }
        }
        return found
    }
}
