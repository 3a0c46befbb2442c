import CRMFormat

/// What a PERSON argument (`PersonMatcher`) and the duplicate rule (`duplicate(name:contactID:excluding:)`) know a
/// person by. They are the first field of a facts-cache record, so they are read from the cache
/// without decoding the rest of it.
///
/// Held as the bytes the cache stores them in (the cache file's own, shared, not copied): a key
/// becomes a `String` only when asked for, so matching a name among 2,000 people compares bytes
/// and makes a string of nobody's name but the one it finds (keys decoded into strings: 1.7
/// times the instructions of `crm show NAME` at 10,000 people, twice those of `crm add`).
package struct PersonKeys: Sendable, Equatable {
    /// The bytes the keys stand in (a facts-cache file's, or their own), and where.
    private let bytes: [UInt8]
    private let range: Range<Int>

    package init(id: String, name: String, sortName: String, foldedAliases: [String], emails: [String], contactID: String?) {
        var w = ByteWriter()
        w.string(id)
        w.string(name)
        w.string(sortName)
        w.array(foldedAliases) { $0.string($1) }
        w.array(emails) { $0.string($1) }
        w.optional(contactID) { $0.string($1) }
        bytes = w.bytes
        range = 0..<bytes.count
    }

    /// What `document` knows the person by.
    package init(document: PersonDocument, id: String) {
        let name = document.name
        self.init(id: id, name: name, sortName: name.folded, foldedAliases: document.aliases.map(\.folded),
                  emails: document.emails.map { $0.lowercased() }, contactID: document.contactID)
    }

    /// The keys `init(id:…)` wrote where `r` stands, read as they are (nothing is decoded).
    init(from r: inout ByteReader) throws(ByteReader.Malformed) {
        let start = r.offset
        try Self.walk(&r) { _, _ in true }
        (bytes, range) = (r.bytes, start..<r.offset)
    }

    /// Equal when their bytes are: the same keys, written the same way.
    package static func == (a: PersonKeys, b: PersonKeys) -> Bool { a.bytes[a.range] == b.bytes[b.range] }

    /// Each key of the record, in the order `init(id:…)` writes them.
    package enum Key { case id, name, sortName, alias, email, contactID }

    /// Hands `body` each key and where its UTF-8 stands, in order, until it returns false: the
    /// one reading of the layout `init(id:…)` writes.
    private static func walk(_ r: inout ByteReader, _ body: (Key, Range<Int>) -> Bool) throws(ByteReader.Malformed) {
        guard body(.id, try r.skip(try r.int())), body(.name, try r.skip(try r.int())),
              body(.sortName, try r.skip(try r.int())) else { return }
        func list(_ key: Key) throws(ByteReader.Malformed) -> Bool {
            let count = try r.int()
            guard count >= 0 else { throw ByteReader.Malformed() }
            for _ in 0..<count { guard body(key, try r.skip(try r.int())) else { return false } }
            return true
        }
        guard try list(.alias), try list(.email) else { return }
        if try r.bool() { _ = body(.contactID, try r.skip(try r.int())) }
    }

    /// Whether a `wanted` key passes `test` (the keys were read when made: they are not malformed).
    private func contains(_ wanted: Key, where test: (Range<Int>) -> Bool) -> Bool {
        var found = false
        var r = ByteReader(bytes, range: range)
        try? Self.walk(&r) { key, range in
            if key == wanted, test(range) { found = true }
            return !found
        }
        return found
    }

    /// The first `wanted` key, as a string.
    private func first(_ wanted: Key) -> String? {
        var found: String?
        _ = contains(wanted) { found = string($0); return true }
        return found
    }

    /// Every `wanted` key, as strings.
    private func strings(_ wanted: Key) -> [String] {
        var found: [String] = []
        _ = contains(wanted) { found.append(string($0)); return false }
        return found
    }

    /// Hands `body` every key and its UTF-8 bytes, in order, without making a string of any.
    package func forEach(_ body: (Key, ArraySlice<UInt8>) -> Void) {
        var r = ByteReader(bytes, range: range)
        try? Self.walk(&r) { key, range in
            body(key, bytes[range])
            return true
        }
    }

    private func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Whether the sort name is `folded`, text folded as names are (`String.folded`): folded
    /// text is composed (NFC, see `TextFolding`), so equal bytes are equal strings.
    func isNamed(_ folded: String) -> Bool { contains(.sortName) { bytes[$0].elementsEqual(folded.utf8) } }

    /// Whether an alias is `folded` (see `isNamed`).
    func hasAlias(_ folded: String) -> Bool { contains(.alias) { bytes[$0].elementsEqual(folded.utf8) } }

    package var id: String {
        get { first(.id) ?? "" }
        set { self = PersonKeys(id: newValue, name: name, sortName: sortName, foldedAliases: foldedAliases, emails: emails, contactID: contactID) }
    }

    package var name: String {
        get { first(.name) ?? "" }
        set { self = PersonKeys(id: id, name: newValue, sortName: sortName, foldedAliases: foldedAliases, emails: emails, contactID: contactID) }
    }

    /// The name in lower case without accents (see `TextFolding`), for sorting and matching.
    package var sortName: String {
        get { first(.sortName) ?? "" }
        set { self = PersonKeys(id: id, name: name, sortName: newValue, foldedAliases: foldedAliases, emails: emails, contactID: contactID) }
    }

    /// Aliases in lower case without accents.
    package var foldedAliases: [String] { strings(.alias) }
    /// Emails in lower case.
    package var emails: [String] { strings(.email) }
    package var contactID: String? { first(.contactID) }

    /// The path relative to the vault (`people/<id>.md`).
    package var path: String { "people/" + id + ".md" }

    func encode(to w: inout ByteWriter) { w.raw(bytes[range]) }
}
