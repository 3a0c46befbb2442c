import CRMFormat

/// Every interaction of one person (plain and ticked entries, whatever their date; open items are
/// plans, kept in `Timeline.open`) as its day and type, packed into a few bytes each: what
/// `crm summary` counts. The facts cache keeps it, so a summary reads only the files that changed.
///
/// What happened and what is planned depends on the day asked about (an entry dated after today
/// is planned until its day comes), so this holds days, not statuses.
package struct InteractionTally: Sendable, Equatable {
    /// How many interactions it holds.
    package let count: Int
    /// The types, each once in order of first use (a count, then each as length and UTF-8), then
    /// each interaction in file order: its day number less the previous one's (the first: less
    /// 0), zig-zag coded, and its type's place among the types; all variable-length integers.
    let bytes: [UInt8]

    /// The interactions among `entries` (open items are left out).
    package init<Entries: Sequence<Interaction>>(_ entries: Entries) {
        self.init { body in for entry in entries where entry.isInteraction { body(entry.date, entry.type) } }
    }

    /// The interactions `forEach` gives, each as its day and type, in file order.
    init(_ forEach: ((Day, String) -> Void) -> Void) {
        var types: [String] = []
        var packed = ByteWriter(capacity: 64)
        var count = 0, previous = 0
        forEach { date, entryType in
            let type = types.firstIndex(of: entryType) ?? types.count
            if type == types.count { types.append(entryType) }
            let day = date.dayNumber
            packed.int(day - previous)
            packed.int(type)
            previous = day
            count += 1
        }
        var header = ByteWriter(capacity: types.reduce(packed.bytes.count + 2) { $0 + $1.utf8.count + 2 })
        header.array(types) { $0.string($1) }
        header.raw(packed.bytes[...])
        self.init(count: count, bytes: header.bytes)
    }

    init(count: Int, bytes: [UInt8]) {
        self.count = count
        self.bytes = bytes
    }

    /// No interactions.
    package static let empty = InteractionTally([Interaction]())

    /// The interactions' types, each once, in order of first use.
    package var types: [String] {
        var reader = ByteReader(bytes)
        return (try? reader.array { r throws(ByteReader.Malformed) in try r.string() }) ?? []
    }

    /// Calls `body` with each interaction's day number and the place of its type in `types`, in
    /// file order.
    /// How many interactions are dated from day number `first` through `last`.
    package func count(from first: Int, through last: Int) -> Int {
        var count = 0
        forEach { day, _ in if day >= first && day <= last { count += 1 } }
        return count
    }

    package func forEach(_ body: (_ dayNumber: Int, _ type: Int) -> Void) {
        var reader = ByteReader(bytes)
        do {
            for _ in 0..<(try reader.int()) { _ = try reader.skip(try reader.int()) }
            var day = 0
            for _ in 0..<count {
                day += try reader.int()
                body(day, try reader.int())
            }
        } catch {
            // Not reached: the bytes were written by `init` or checked as the cache was read.
        }
    }
}

extension InteractionLog {
    /// The log's interactions, each as its day and type (see `InteractionTally`).
    var tally: InteractionTally { InteractionTally(forEachInteraction) }
}
