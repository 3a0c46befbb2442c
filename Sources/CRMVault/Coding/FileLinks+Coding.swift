import CRMFormat

/// How the facts cache stores the links of a person file (`PersonFacts.links`): its linked
/// entries (the entry as `Interaction` stores it, then whether it is open, then its links), its
/// mentions, `related` items, embeds and problems, each in file order.
extension FileLinks {
    package func encode(to w: inout ByteWriter) {
        w.array(entries) { w, entry in
            entry.interaction.encode(to: &w)
            w.bool(entry.interaction.checkbox == .open)
            LinkTarget.encode(entry.links, to: &w)
        }
        w.array(mentions) { w, line in
            w.int(line.line)
            w.string(line.text)
            LinkTarget.encode(line.links, to: &w)
        }
        w.array(related) { w, item in
            w.string(item.relation)
            w.optional(item.target) { $0.string($1) }
            w.string(item.name)
            w.int(item.line)
            w.int(item.column)
        }
        LinkTarget.encode(embeds, to: &w)
        w.array(problems) { $1.encode(to: &$0) }
    }

    package init(from r: inout ByteReader, path: String) throws(ByteReader.Malformed) {
        typealias Malformed = ByteReader.Malformed
        self.init()
        // Most files link nothing: five empty arrays (read as arrays, `crm show NAME` takes 11 %
        // more instructions at 10,000 people).
        if r.skipZeros(5) { return }
        entries = try r.array { r throws(Malformed) in
            var interaction = try Interaction(from: &r, open: false)
            if try r.bool() { interaction.checkbox = .open }
            return LinkedEntry(interaction: interaction, links: try LinkTarget.decode(&r))
        }
        mentions = try r.array { r throws(Malformed) in
            LinkedLine(line: try r.int(), text: try r.string(), links: try LinkTarget.decode(&r))
        }
        related = try r.array { r throws(Malformed) in
            RelatedItem(relation: try r.string(), target: try r.optional { r throws(Malformed) in try r.string() },
                        name: try r.string(), line: try r.int(), column: try r.int())
        }
        embeds = try LinkTarget.decode(&r)
        problems = try r.array { r throws(Malformed) in try Diagnostic(from: &r, path: path) }
    }
}

extension LinkTarget {
    static func encode(_ targets: [LinkTarget], to w: inout ByteWriter) {
        w.array(targets) { w, link in
            w.string(link.target)
            w.int(link.line)
            w.int(link.column)
        }
    }

    static func decode(_ r: inout ByteReader) throws(ByteReader.Malformed) -> [LinkTarget] {
        try r.array { r throws(ByteReader.Malformed) in LinkTarget(target: try r.string(), line: try r.int(), column: try r.int()) }
    }
}
