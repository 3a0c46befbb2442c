/// How the facts cache stores a person's facts: every field of `PersonFacts.Fields` in
/// declaration order (`fieldProblems` sorted by key; diagnostics without their path, which is the
/// record's). A field added to `Fields` is added here, on both sides, with a cache version bump.
extension PersonFacts.Fields {
    func encode(to w: inout ByteWriter) {
        // `id` to `contactID` stay first: `PersonKeys` reads them alone and leaves the rest unread.
        w.string(id)
        w.string(name)
        w.string(sortName)
        w.array(tags) { $0.string($1) }
        w.array(foldedAliases) { $0.string($1) }
        w.array(emails) { $0.string($1) }
        w.optional(contactID) { $0.string($1) }
        w.optional(birthday) { $0.string($1) }
        w.optional(every) { $0.string($1.description) }
        w.optional(snooze) { $1.encode(to: &$0) }
        w.optional(added) { $1.encode(to: &$0) }
        timeline.encode(to: &w)
        tally.encode(to: &w)
        w.array(fieldProblems.sorted { $0.key < $1.key }) { w, pair in
            w.string(pair.key)
            pair.value.encode(to: &w)
        }
        w.array(problems) { $1.encode(to: &$0) }
        w.bool(isReadable)
        w.array(readProblems) { $1.encode(to: &$0) }
        w.int(nameLine)
        w.int(contactIDLine)
    }

    /// The facts `encode(to:)` wrote for the file at `path`.
    init(from r: inout ByteReader, path: String) throws(ByteReader.Malformed) {
        typealias Malformed = ByteReader.Malformed
        self.init(id: try r.string())
        name = try r.string()
        sortName = try r.string()
        tags = try r.array { r throws(Malformed) in try r.string() }
        foldedAliases = try r.array { r throws(Malformed) in try r.string() }
        emails = try r.array { r throws(Malformed) in try r.string() }
        contactID = try r.optional { r throws(Malformed) in try r.string() }
        birthday = try r.optional { r throws(Malformed) in try r.string() }
        every = try r.optional { r throws(Malformed) in
            guard let cadence = Cadence(try r.string()) else { throw Malformed() }
            return cadence
        }
        snooze = try r.optional { r throws(Malformed) in try Day(from: &r) }
        added = try r.optional { r throws(Malformed) in try Day(from: &r) }
        timeline = try Timeline(from: &r)
        tally = try InteractionTally(from: &r)
        let keyed = try r.array { r throws(Malformed) in (try r.string(), try Diagnostic(from: &r, path: path)) }
        fieldProblems = Dictionary(keyed, uniquingKeysWith: { a, _ in a })
        problems = try r.array { r throws(Malformed) in try Diagnostic(from: &r, path: path) }
        isReadable = try r.bool()
        readProblems = try r.array { r throws(Malformed) in try Diagnostic(from: &r, path: path) }
        nameLine = try r.int()
        contactIDLine = try r.int()
    }
}
