/// Finds the person a PERSON argument means, in this order: id; name (ignoring case and
/// accents); an alias; an email; `contact_id`; a unique part of a name or id.
enum PersonMatcher {
    static func match(_ query: String, in people: [PersonKeys]) throws(VaultError) -> PersonKeys {
        let folded = query.folded
        for (what, test) in stages(query) {
            let found = people.filter(test)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                let list = found.sorted { $0.id < $1.id }.map { "  \($0.id)  (\($0.name))" }.joined(separator: "\n")
                throw VaultError("'\(query)' matches \(found.count) people by \(what); say which:\n\(list)")
            }
        }
        let suggestion = SuggestionQuery(folded)
        let closest = people
            .compactMap { person in
                suggestion.distance(toName: person.sortName, id: person.id, aliases: person.foldedAliases).map { (person, $0) }
            }
            .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
            .prefix(3)
        var message = "no person matches '\(query)'"
        if !closest.isEmpty {
            message += "; did you mean " + closest.map { "\($0.0.name) (\($0.0.id))" }.joined(separator: ", ") + "?"
        }
        throw VaultError(message)
    }

    /// The same, among the people `people` lists, asked first for only those some stage passes
    /// (the only ones `match` can answer with): everyone is needed only to say "did you mean".
    /// `people` may leave out anyone `ruledOut` rules out by their keys' bytes without decoding them.
    static func match(_ query: String,
                      among people: (_ keeping: @escaping @Sendable (PersonKeys) -> Bool, _ ruledOut: KeyBytesFilter?) -> [PersonKeys])
        throws(VaultError) -> PersonKeys {
        let tests = stages(query).map(\.test)
        let candidates = people({ person in tests.contains { $0(person) } }, KeyBytesFilter(query))
        return try match(query, in: candidates.isEmpty ? people({ _ in true }, nil) : candidates)
    }

    /// The stages in order, each named for the message that lists the people it matched.
    private static func stages(_ query: String) -> [(what: String, test: @Sendable (PersonKeys) -> Bool)] {
        let folded = query.folded
        let email = query.lowercased()
        return [
            ("id", { $0.id == query }),
            ("name", { $0.sortName == folded }),
            ("alias", { $0.foldedAliases.contains(folded) }),
            ("email", { $0.emails.contains(email) }),
            ("contact id", { $0.contactID == query }),
            ("part of a name or id", { person in
                // Nothing is part of a name: the standard library's `contains("")` is true.
                !folded.isEmpty && (mayContain(person.sortName, folded) && person.sortName.contains(folded)
                    || mayContain(person.id, folded, lowerCasing: true) && person.id.folded.contains(folded))
            }),
        ]
    }

    /// False only when `text` (lower-cased first with `lowerCasing`) cannot contain `part`: `part`
    /// is ASCII and its bytes are not among `text`'s, where no letter of `text` could stand for an
    /// ASCII one (ASCII, or Greek, Cyrillic, kana, Han or Hangul, whose decompositions hold no
    /// ASCII). This spares most people the `contains` (which goes through Foundation) and the
    /// folding; it never decides a match.
    private static func mayContain(_ text: String, _ part: String, lowerCasing: Bool = false) -> Bool {
        guard !part.isEmpty, part.utf8.allSatisfy({ $0 < 0x80 }),
              text.unicodeScalars.allSatisfy({ $0.isASCII || holdsNoASCII($0) }) else { return true }
        var text = text, part = part
        return text.withUTF8 { text in
            part.withUTF8 { part in
                guard part.count <= text.count else { return false }
                func lower(_ byte: UInt8) -> UInt8 { lowerCasing && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
                return (0...(text.count - part.count)).contains { start in part.indices.allSatisfy { lower(text[start + $0]) == part[$0] } }
            }
        }
    }

    /// Whether `scalar` is a Greek, Cyrillic, kana, Han or Hangul letter: none decomposes into, or
    /// folds to, anything ASCII (unlike U+037E, the Greek question mark, which is `;`).
    fileprivate static func holdsNoASCII(_ scalar: Unicode.Scalar) -> Bool { holdsNoASCII(scalar.value) }

    fileprivate static func holdsNoASCII(_ value: UInt32) -> Bool {
        switch value {
        case 0x037E: false
        case 0x0370...0x03FF, 0x0400...0x052F, 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: true
        default: false
        }
    }
}

/// A query no person matched, compared with each person for "did you mean": with their name, id,
/// each word of their name, each alias and the start of their name as long as the query, in the
/// person's own letters and, when either is in another script, both spelt in Latin letters
/// (`Transliteration`). A name is suggested only when it is a few edits away: none for a query of
/// one or two letters, one for three or four, two up to eight, a third of the query beyond. So
/// `olga` suggests Ольга, and nothing that shares nothing with it.
struct SuggestionQuery {
    let folded: String
    /// The query in Latin letters; nil when it cannot be spelt in them.
    let latin: String?

    init(_ folded: String) {
        self.folded = folded
        latin = Transliteration.latin(folded)
    }

    /// The most edits a suggestion may be away from a query of `length` characters.
    static func allowedEdits(_ length: Int) -> Int {
        switch length {
        case ..<3: 0
        case ...4: 1
        case ...8: 2
        default: length / 3
        }
    }

    /// How far the query is from a person by their folded name, id and folded aliases, or nil
    /// when too far to suggest them.
    func distance(toName name: String, id: String, aliases: [String]) -> Int? {
        let words = [name, id.folded] + name.split(separator: " ").map(String.init) + aliases
        /// The fewest edits from `query` to one of `candidates`, when few enough.
        func closest(_ query: String, _ candidates: [String]) -> Int? {
            let distance = candidates.map { editDistance($0, query) }.min() ?? .max
            return distance <= Self.allowedEdits(query.count) ? distance : nil
        }
        let own = closest(folded, words + [String(name.prefix(folded.count))])
        // Across scripts: both spelt in Latin letters (nothing to do when both are ASCII already).
        guard let latin, !(latin == folded && words.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            return own
        }
        let spelt = words.compactMap(Transliteration.latin) + (Transliteration.latin(name).map { [String($0.prefix(latin.count))] } ?? [])
        return [own, closest(latin, spelt)].compactMap { $0 }.min()
    }
}

/// What a person's keys are compared with, all ASCII, applied where the keys stand in a
/// facts-cache record (see `PersonKeys(from:)`): a person it rules out passes none of the
/// comparisons, so their keys are never turned into Strings. Only keys whose every scalar is ASCII
/// or cannot stand for ASCII (see `holdsNoASCII`) are ruled on, where comparing bytes decides what
/// comparing Strings would; anything else is left to the comparisons themselves.
struct KeyBytesFilter: Sendable {
    /// Equal to the id, the folded name, an alias, an email or the contact id; `part`: in the
    /// folded name or the lower-cased id. Nil: not compared.
    private var id, sortName, alias, email, contactID, part: [UInt8]?

    /// For a PERSON argument (`PersonMatcher`'s stages); nil when the query, folded or as an
    /// email, is not all ASCII, or folds to nothing.
    init?(_ query: String) {
        let folded = query.folded, email = query.lowercased()
        guard !folded.isEmpty, [query, folded, email].allSatisfy(Self.isASCII) else { return nil }
        (id, contactID) = (Array(query.utf8), Array(query.utf8))
        (sortName, alias, part) = (Array(folded.utf8), Array(folded.utf8), Array(folded.utf8))
        self.email = Array(email.utf8)
    }

    /// For the duplicate rule (`Vault.duplicate`): the same folded name or contact id; nil when
    /// either is not all ASCII.
    init?(duplicateOf name: String, contactID: String?) {
        let folded = name.folded
        guard Self.isASCII(folded), contactID.map(Self.isASCII) ?? true else { return nil }
        sortName = Array(folded.utf8)
        self.contactID = contactID.map { Array($0.utf8) }
    }

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    /// Whether no comparison can pass for the keys `r` reads; throws when they are malformed.
    func rulesOut(_ r: inout ByteReader) throws(ByteReader.Malformed) -> Bool {
        typealias Malformed = ByteReader.Malformed
        let bytes = r.bytes
        func isPlain(_ key: Range<Int>) -> Bool { bytes.withUnsafeBufferPointer { Self.isPlain(UnsafeBufferPointer(rebasing: $0[key])) } }
        /// Whether `key` may equal `wanted`: its bytes are the same, or it is not plain enough to
        /// tell (`plain`, when already known).
        func mayEqual(_ key: Range<Int>, _ wanted: [UInt8]?, plain: Bool? = nil) -> Bool {
            guard let wanted else { return false }
            let same = key.count == wanted.count && bytes.withUnsafeBufferPointer { all in
                wanted.withUnsafeBufferPointer { Bytes.compare(UnsafeBufferPointer(rebasing: all[key]), $0) == 0 }
            }
            return same || !(plain ?? isPlain(key))
        }
        let id = try r.skip(try r.int())
        _ = try r.skip(try r.int())   // the name: compared as `sortName`
        let sortName = try r.skip(try r.int())
        try r.skipArray { r throws(Malformed) in _ = try r.skip(try r.int()) }
        let plainID = isPlain(id), plainSortName = isPlain(sortName)
        var keeps = mayEqual(id, self.id, plain: plainID) || mayEqual(sortName, self.sortName, plain: plainSortName) || part.map { part in
            !plainSortName || !plainID || bytes.withUnsafeBufferPointer { all in
                part.withUnsafeBufferPointer { part in
                    Self.contains(UnsafeBufferPointer(rebasing: all[sortName]), part)
                        || Self.contains(UnsafeBufferPointer(rebasing: all[id]), part, lowerCasing: true)
                }
            }
        } ?? false
        try r.skipArray { r throws(Malformed) in
            let alias = try r.skip(try r.int())
            keeps = keeps || mayEqual(alias, self.alias)
        }
        try r.skipArray { r throws(Malformed) in
            let email = try r.skip(try r.int())
            keeps = keeps || mayEqual(email, self.email)
        }
        if try r.bool() {
            let contactID = try r.skip(try r.int())
            keeps = keeps || mayEqual(contactID, self.contactID)
        }
        return !keeps
    }

    /// Whether every scalar of `text` (UTF-8) is ASCII or cannot stand for ASCII.
    private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if let start = UnsafeRawPointer(text.baseAddress) {   // eight ASCII bytes at a time first
            while i + 8 <= text.count, start.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        }
        while i < text.count {
            let lead = text[i]
            if lead < 0x80 { i += 1; continue }
            let count = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard count > 0, i + count <= text.count else { return false }
            var value = UInt32(lead) & (0xFF >> (count + 1))
            for k in 1..<count { value = value << 6 | UInt32(text[i + k] & 0x3F) }
            guard PersonMatcher.holdsNoASCII(value) else { return false }
            i += count
        }
        return true
    }

    /// Whether `part` stands in `text` (lower-cased first with `lowerCasing`), byte for byte.
    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ part: UnsafeBufferPointer<UInt8>, lowerCasing: Bool = false) -> Bool {
        guard part.count <= text.count else { return false }
        guard lowerCasing else { return Bytes.contains(part, in: text) }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        for start in 0...(text.count - part.count) {
            var k = 0
            while k < part.count, lower(text[start + k]) == part[k] { k += 1 }
            if k == part.count { return true }
        }
        return false
    }
}
