import CRMKit

extension LanguageServer {
    /// The kinds of code action the server returns, as `codeActionProvider` declares them.
    static let codeActionKinds = ["quickfix", "refactor.rewrite"]

    /// `textDocument/codeAction`: what `crm` would do at the place, each as the edit its command
    /// makes, made by the same library operation (the server writes nothing; the editor applies
    /// the edit). In a person file: "Log an interaction today" (an entry of the vault's first type
    /// dated today, where `crm log` puts it), "Tick done" on an open item's line (`crm done`),
    /// "Snooze a week" (`crm snooze`), and on a problem `crm fmt` fixes (an entry out of order, a
    /// value to quote) the file as `crm fmt` writes it; in a file with git conflict markers that the
    /// merge rules settle (nothing left for a person to choose), the file as `crm resolve` merges
    /// it. On a link that names nobody, in a person
    /// file or a daily note, "Create a person for NAME": the file `crm add NAME` writes, when the
    /// client creates files. An action the operation refuses is not offered.
    func codeActions(_ params: JSON) -> JSON {
        guard let start = TextRange(params["range"])?.start,
              let place = place(.object([("textDocument", params["textDocument"] ?? .null), ("position", start.json)])) else { return .null }
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        let diagnostics = params["context"]?["diagnostics"]?.arrayValue ?? []
        var actions: [JSON] = []
        func offer(_ title: String, _ kind: String, _ edit: JSON?, fixing: [JSON] = []) {
            guard let edit, only.map({ $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } }) ?? true else { return }
            var members: [(String, JSON)] = [("title", .string(title)), ("kind", .string(kind))]
            if !fixing.isEmpty { members.append(("diagnostics", .array(fixing))) }
            members.append(("edit", edit))
            actions.append(.object(members))
        }
        if let (name, edit) = newPerson(at: place) { offer("Create a person for \(name)", "quickfix", edit) }
        if place.kind == .person, let merged = mergedConflict(place) {
            offer("Resolve the conflict as crm resolve does", "quickfix", change(place.document, to: merged))
        }
        guard place.kind == .person, let facts = place.snapshot.facts(Person.id(forPath: place.path)) else { return .array(actions) }
        let vault = place.workspace.vault
        let person = Person(path: place.path, bytes: place.document.bytes, settings: vault.logSettings)
        let today = place.snapshot.today
        // One action for every problem `crm fmt` fixes: it fixes them all at once.
        let formatting = [CheckRule.entryOutOfOrder.id, CheckRule.ambiguousValue.id]
        let fixing = diagnostics.filter { $0["source"] == .string("crm") && formatting.contains($0["code"]?.stringValue ?? "") }
        if !fixing.isEmpty {
            let codes = Set(fixing.compactMap { $0["code"]?.stringValue })
            let title = codes.count > 1 ? "Format the file as crm fmt does"
                : codes.first == CheckRule.entryOutOfOrder.id ? "Sort the log as crm fmt does" : "Quote the value as crm fmt does"
            offer(title, "quickfix", change(place.document, to: person.document.formatted()), fixing: fixing)
        }
        let entry = Interaction(date: today, type: vault.config.types.first ?? "note", note: "")
        offer("Log an interaction today", "refactor.rewrite",
              change(place.document, to: try? vault.logging(LogRequest(person: facts.id, entry: entry), in: person).bytes))
        if let item = person.document.openItems.first(where: { $0.line == place.position.line + 1 }) {
            offer("Tick done", "refactor.rewrite",
                  change(place.document, to: try? vault.ticking(DoneRequest(person: facts.id, item: .open(item)), in: person, today: today).bytes))
        }
        offer("Snooze a week", "refactor.rewrite",
              change(place.document, to: try? vault.snoozing(person, until: today.adding(days: 7), today: today)))
        return .array(actions)
    }

    /// The edit that turns `document`'s text into `bytes`: one change, of the lines from the
    /// first that differs to the last; nil when there is nothing to change (or no text).
    private func change(_ document: TextDocument, to bytes: [UInt8]?) -> JSON? {
        guard let bytes, let edit = ByteEdit.difference(from: document.bytes, to: bytes, wholeLines: true) else { return nil }
        return workspaceEdit([(document.uri, document.version, [textEdit(edit, in: document)])])
    }

    /// Text edits by document as a `WorkspaceEdit`: versioned `documentChanges` when the client
    /// takes them, else `changes`.
    private func workspaceEdit(_ files: [(uri: String, version: Int?, edits: [JSON])]) -> JSON {
        guard documentChanges else { return .object([("changes", .object(files.map { ($0.uri, .array($0.edits)) }))]) }
        return .object([("documentChanges", .array(files.map { file in
            .object([("textDocument", .object([("uri", .string(file.uri)), ("version", file.version.map { .number($0) } ?? .null)])),
                     ("edits", .array(file.edits))])
        }))])
    }

    /// A person file's text with git conflict markers merged as `crm resolve` merges it (with the
    /// base the markers carry, else the one git keeps for a merge that stopped), when the merge
    /// settles everything: no value, notes line or entry left for a person to choose between.
    private func mergedConflict(_ place: Place) -> [UInt8]? {
        let bytes = place.document.bytes
        guard !ConflictMarkers.markerLines(in: bytes).isEmpty, !ConflictMarkers.hasOnlyMergeMarks(bytes) else { return nil }
        let vault = place.workspace.vault
        guard let merged = vault.mergingMarkers(bytes, path: place.path, gitBase: { Git(directory: vault.root).mergeBase(of: place.path) }),
              !merged.resolution.needsAttention else { return nil }
        return merged.bytes
    }

    /// On a link that names no person and no file of the vault (a dead link), when the client
    /// creates files: the name and the edit that creates the file `crm add NAME` writes.
    private func newPerson(at place: Place) -> (name: String, edit: JSON)? {
        guard createsFiles, let (target, _) = link(at: place), case .nobody = place.snapshot.others.resolver.resolve(target),
              !place.snapshot.others.notes.holdsFile(target), Day(target) == nil else { return nil }
        let vault = place.workspace.vault
        guard let file = try? vault.newFile(AddRequest(.typed(name: target)), today: place.snapshot.today) else { return nil }
        let uri = place.workspace.uri(of: file.path)
        let empty = TextDocument(uri: uri, version: nil, bytes: [])
        let insert = textEdit(ByteEdit(0..<0, file.bytes), in: empty)
        return (target, .object([("documentChanges", .array([
            .object([("kind", .string("create")), ("uri", .string(uri)), ("options", .object([("overwrite", .bool(false)), ("ignoreIfExists", .bool(false))]))]),
            .object([("textDocument", .object([("uri", .string(uri)), ("version", .null)])), ("edits", .array([insert]))]),
        ]))]))
    }
}
