import CRMFormat

/// How the facts cache stores a tally: the count of interactions, then the packed bytes (length,
/// bytes), checked as they are read: a damaged record is dropped, never counted.
extension InteractionTally {
    package func encode(to w: inout ByteWriter) {
        w.int(count)
        w.int(bytes.count)
        w.raw(bytes[...])
    }

    package init(from r: inout ByteReader) throws(ByteReader.Malformed) {
        typealias Malformed = ByteReader.Malformed
        let count = try r.int()
        let range = try r.skip(try r.int())
        guard count >= 0, count <= range.count else { throw Malformed() }
        var packed = ByteReader(r.bytes, range: range)
        let types = try packed.int()
        guard types >= 0, types <= range.count else { throw Malformed() }
        for _ in 0..<types { _ = try packed.skip(try packed.int()) }
        var day = 0
        for _ in 0..<count {
            let (next, overflow) = day.addingReportingOverflow(try packed.int())
            day = next
            guard !overflow, Day.numbers.contains(day), (0..<types).contains(try packed.int()) else { throw Malformed() }
        }
        guard packed.isAtEnd else { throw Malformed() }
        self.init(count: count, bytes: Array(r.bytes[range]))
    }
}
