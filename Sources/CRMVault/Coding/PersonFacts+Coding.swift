import CRMFormat

/// How the facts cache stores a person's facts: the keys first (`PersonKeys.encode(to:)`, so
/// that matching a PERSON reads them alone), then the links (so that `VaultLinks` reads keys and
/// links alone), then every other field of `PersonFacts` in declaration order but `shared`, which
/// is not the file's (`fieldProblems` sorted by key; diagnostics without their path, which is the
/// record's). Each field is written and read here alone; a field added to `PersonFacts` is added
/// here, on both sides, with a cache version bump.
extension PersonFacts {
    func encode(to w: inout ByteWriter) {
        keys.encode(to: &w)
        links.encode(to: &w)
        w.array(tags) { $0.string($1) }
        w.optional(birthday) { $0.string($1) }
        w.optional(every) { $0.string($1.description) }
        w.optional(snooze) { $1.encode(to: &$0) }
        w.optional(added) { $1.encode(to: &$0) }
        w.array(dates) { w, date in
            w.string(date.name)
            w.string(date.date.description)
        }
        w.optional(deceased) { $0.string($1.description) }
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
        self.init(keys: try PersonKeys(from: &r))
        links = try FileLinks(from: &r, path: path)
        tags = try r.array { r throws(Malformed) in try r.string() }
        birthday = try r.optional { r throws(Malformed) in try r.string() }
        every = try r.optional { r throws(Malformed) in
            guard let cadence = Cadence(try r.string()) else { throw Malformed() }
            return cadence
        }
        snooze = try r.optional { r throws(Malformed) in try Day(from: &r) }
        added = try r.optional { r throws(Malformed) in try Day(from: &r) }
        dates = try r.array { r throws(Malformed) in
            let name = try r.string()
            guard let date = PartialDate(try r.string()) else { throw Malformed() }
            return NamedDate(name: name, date: date)
        }
        deceased = try r.optional { r throws(Malformed) in
            guard let date = PartialDate(try r.string()) else { throw Malformed() }
            return date
        }
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
