import CRMKit

extension LanguageServer {
    /// `textDocument/prepareRename`: on a link that names a person, or on a person file's
    /// `name:` value, the range and the person's name to edit; null anywhere else.
    func prepareRename(_ params: JSON) -> JSON {
        guard let place = place(params), let (id, range) = renamable(at: place), let facts = place.snapshot.facts(id) else { return .null }
        return .object([("range", range.json), ("placeholder", .string(facts.name))])
    }

    /// The person a rename at `place` renames, and the range an editor shows for it: a link
    /// whole, or the `name:` value.
    private func renamable(at place: Place) -> (id: String, range: TextRange)? {
        guard let (id, range) = person(at: place) else { return nil }
        guard link(at: place) == nil else { return (id, range) }
        // The value of `name:`, after the key and its spaces, to the end of the line.
        let bytes = place.document.line(range.start.line)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return (id, range) }
        var start = colon + 1
        while start < bytes.endIndex, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        var end = bytes.endIndex
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let line = range.start.line
        return (id, TextRange(start: Position(line: line, character: encoding.units(bytes[bytes.startIndex..<start])),
                              end: Position(line: line, character: encoding.units(bytes[bytes.startIndex..<end]))))
    }

    /// `textDocument/rename`: the changes `crm rename` makes, as a `WorkspaceEdit` the editor
    /// applies (the server writes nothing): the new `name:`, every link to the person across the
    /// vault, each file as the editor holds it when it is open, and the move of the file as a
    /// `RenameFile` when the client takes one. Without it, the edits alone and a message saying
    /// which file to move. A name `crm rename` refuses is refused in its words.
    func rename(_ params: JSON, sending sent: inout [JSON]) -> Result<JSON, ResponseError> {
        guard let newName = params["newName"]?.stringValue else { return .failure(.invalidParams("rename takes a newName")) }
        guard let place = place(params), let (id, _) = renamable(at: place), let person = loadPerson(id, workspace: place.workspace) else {
            return .failure(.requestFailed("there is no one to rename here: rename on a link to a person or on a person file's name:"))
        }
        let vault = place.workspace.vault
        let plan: RenamePlan
        do { plan = try vault.planRename(person, typed: newName) } catch {
            return .failure(.requestFailed("\(error)"))
        }
        let open = Dictionary(documents.values.compactMap { document in path(of: document.uri).map { ($0, document) } }, uniquingKeysWith: { a, _ in a })
        // The person's file first (its name), then each file whose links name them, then the
        // open documents the saved files do not say link them (their buffers may).
        var paths = [person.path]
        for path in plan.linkingPaths + open.keys.sorted() where !paths.contains(path) && path.hasSuffix(".md") { paths.append(path) }
        let linking = Set(plan.linkingPaths + [person.path])
        var files: [(uri: String, version: Int?, edits: [JSON])] = []
        for path in paths {
            let document: TextDocument
            if let buffer = open[path] {
                document = buffer
            } else {
                guard let bytes = try? FileSystem.readFile(place.workspace.root + "/" + path).bytes else {
                    if linking.contains(path) { sent.append(Outgoing.showMessage("links not updated in \(path): it cannot be read", type: 2)) }
                    continue
                }
                document = TextDocument(uri: place.workspace.uri(of: path), version: nil, bytes: bytes)
            }
            do {
                let edits = try plan.edits(ofFile: path, bytes: document.bytes).edits
                guard !edits.isEmpty else { continue }
                files.append((document.uri, document.version, edits.map { textEdit($0, in: document) }))
            } catch {
                if linking.contains(path) { sent.append(Outgoing.showMessage("links not updated in \(path): \(error)", type: 2)) }
            }
        }
        let moves = plan.moved.path != person.path
        let oldURI = open[person.path]?.uri ?? place.workspace.uri(of: person.path)
        if renamesFiles {
            var changes: [JSON] = files.map { file in
                .object([("textDocument", .object([("uri", .string(file.uri)), ("version", file.version.map { .number($0) } ?? .null)])),
                         ("edits", .array(file.edits))])
            }
            if moves {
                changes.append(.object([("kind", .string("rename")), ("oldUri", .string(oldURI)),
                                        ("newUri", .string(place.workspace.uri(of: plan.moved.path)))]))
            }
            return .success(.object([("documentChanges", .array(changes))]))
        }
        if moves {
            sent.append(Outgoing.showMessage(
                "The links now name \(plan.moved.path), and this editor cannot move files through crm lsp: rename \(person.path) to \(plan.moved.path) "
                    + "(or undo this and run: crm rename \(person.id) \"\(plan.name)\")"))
        }
        return .success(.object([("changes", .object(files.map { ($0.uri, .array($0.edits)) }))]))
    }

    /// A change to `document`'s bytes as the protocol's `TextEdit`.
    func textEdit(_ edit: ByteEdit, in document: TextDocument) -> JSON {
        let range = TextRange(start: document.position(ofOffset: edit.range.lowerBound, encoding),
                              end: document.position(ofOffset: edit.range.upperBound, encoding))
        return .object([("range", range.json), ("newText", .string(String(decoding: edit.bytes, as: UTF8.self)))])
    }
}
