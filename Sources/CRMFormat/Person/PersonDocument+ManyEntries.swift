
extension PersonDocument {
    /// The file with each of `interactions` added where `inserting(_:)` puts it (the log's
    /// order), in one pass: each new entry's place among the entries already there is found
    /// once, and the entries of one place are written together in the log's order. What an
    /// import of many days writes; adding them one by one would read the file again each time.
    package func inserting(all interactions: [Interaction]) throws(PersonFileError) -> [UInt8] {
        var document = self
        var rest = interactions[...]
        // A log without entries (or no log): the first goes in as `inserting` puts it.
        if let first = rest.first, document.log?.insertionLine(for: first) == nil {
            let bytes = try document.inserting(first).bytes
            rest = rest.dropFirst()
            guard !rest.isEmpty else { return bytes }
            document = PersonDocument(bytes: bytes, path: path, settings: settings)
        }
        guard !rest.isEmpty, let log = document.log else { return document.text.bytes }
        try document.refuseIfNotUnderstood(frontMatterEdit: false)
        var places: [Int: [Interaction]] = [:]
        for entry in rest {
            guard let line = log.insertionLine(for: entry) else { continue }
            places[line, default: []].append(entry)
        }
        let newestFirst = log.direction == .newestFirst
        var bytes = document.text.bytes
        // From the last place up, so the places above keep their line numbers.
        for line in places.keys.sorted(by: >) {
            let entries = places[line]!.sorted { newestFirst ? $0.isNewer(than: $1) : $1.isNewer(than: $0) }
            bytes = TextBuffer(bytes).splicing(line..<line, with: entries.flatMap(\.rendered))
        }
        return bytes
    }
}
