import CRMFormat

/// How the facts cache stores a timeline: interactions, open items, follow-ups, horizon.
extension Timeline {
    package func encode(to w: inout ByteWriter) {
        w.array(interactions) { $1.encode(to: &$0) }
        w.array(open) { $1.encode(to: &$0) }
        w.array(followUps) { $0.string($1) }
        w.optional(horizon) { $1.encode(to: &$0) }
    }

    package init(from r: inout ByteReader) throws(ByteReader.Malformed) {
        let interactions = try r.array { r throws(ByteReader.Malformed) in try Interaction(from: &r, open: false) }
        let open = try r.array { r throws(ByteReader.Malformed) in try Interaction(from: &r, open: true) }
        let followUps = try r.array { r throws(ByteReader.Malformed) in try r.string() }
        self.init(interactions: interactions, open: open, followUps: followUps,
                  horizon: try r.optional { r throws(ByteReader.Malformed) in try Day(from: &r) })
    }
}
