import CRMFormat

/// What `Vault.importHistory` did (or, with `--dry-run`, would do): the entries logged, the days
/// already imported, and the parties it could not be sure of, with what to tell the user.
package struct HistoryOutcome: Outcome {
    /// An entry logged (or to be logged) in a person's file.
    package struct Entry: Sendable, Equatable {
        package var id: String
        package var name: String
        package var path: String
        package var date: Day
        package var type: String
        package var note: String
    }

    /// A file read: how the user named it, its format, and how many events of it counted.
    package struct FileRead: Sendable, Equatable {
        package var shown: String
        package var format: String
        package var source: String
        package var events: Int
    }

    /// Someone a file names who is not logged: matched by no one, or by several people.
    package struct Party: Sendable, Equatable {
        /// How the file names them: `+44 7700 900123 (Sam)`, `sam@example.org`.
        package var label: String
        /// Events by channel: `["message": 14]`.
        package var events: [String: Int]
        /// For an ambiguous party, the people it could be (`Sam Lee (sam-lee)`); empty otherwise.
        package var people: [String] = []

        /// `14 messages, 2 calls`.
        package var counted: String {
            HistoryEvent.Channel.allCases.compactMap { channel in
                events[channel.rawValue].map { HistoryOutcome.count($0, channel.rawValue) }
            }.joined(separator: ", ")
        }
    }

    package var dryRun: Bool
    package var files: [FileRead] = []
    /// In the order written: person by person (by name), each one's days oldest first.
    package var entries: [Entry] = []
    /// Entries left out because that day was imported from that source before.
    package var alreadyLogged = 0
    /// Events before `--since`.
    package var beforeSince = 0
    package var unmatched: [Party] = []
    package var ambiguous: [Party] = []
    /// What the readers noticed (`path:line:col: warning: …`) and entries of a type the vault
    /// does not list.
    package var warnings: [String] = []

    /// `2 calls`, `1 message`.
    static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
    }

    package var lines: [OutcomeLine] {
        var lines = warnings.map(OutcomeLine.problem)
        if !dryRun {
            lines += entries.map { .said("Logged \($0.type) with \($0.name) on \($0.date): \($0.note) (\($0.path))") }
        }
        let people = Set(entries.map(\.id)).count
        let events = files.map(\.events).reduce(0, +)
        var summary = (dryRun ? "Would log " : "Logged ") + Self.count(entries.count, "entry", plural: "entries")
            + " for " + Self.count(people, "person", plural: "people")
            + " from " + Self.count(events, "event") + " in " + Self.count(files.count, "file")
        if alreadyLogged > 0 { summary += "; \(Self.count(alreadyLogged, "day")) imported before left as they are" }
        if beforeSince > 0 { summary += "; \(Self.count(beforeSince, "event")) before --since passed over" }
        if dryRun { summary += "; nothing was written (--dry-run)" }
        lines.append(.said(summary))
        if !unmatched.isEmpty {
            lines.append(.said("Not matched, not logged (\(unmatched.count)):"))
            lines += Self.listed(unmatched) { "  \($0.label): \($0.counted)" }
        }
        if !ambiguous.isEmpty {
            lines.append(.said("Matching several people, not logged (\(ambiguous.count)):"))
            lines += Self.listed(ambiguous) { "  \($0.label): \($0.counted); could be \($0.people.joined(separator: ", "))" }
        }
        return lines
    }

    /// How many parties of a list the text shows: a mailbox names thousands of senders, and the
    /// ones with most events come first (`--json` lists every one).
    static let partiesShown = 20

    /// The first `partiesShown` parties, one line each, and how many more there are.
    private static func listed(_ parties: [Party], _ line: (Party) -> String) -> [OutcomeLine] {
        var lines = parties.prefix(partiesShown).map { OutcomeLine.said(line($0)) }
        if parties.count > partiesShown {
            let rest = parties[partiesShown...].map { $0.events.values.reduce(0, +) }.reduce(0, +)
            lines.append(.said("  … and \(parties.count - partiesShown) more with \(count(rest, "event")) (--json lists every one)"))
        }
        return lines
    }

    /// `crm history --json`: `{"dry_run", "files": [{"file", "format", "source", "events"}],
    /// "logged": [{"id", "name", "path", "date", "type", "note"}], "already_logged",
    /// "before_since", "unmatched": [{"party", "events": {channel: n}}], "ambiguous": [{"party",
    /// "events", "people"}], "warnings"}`.
    package var json: JSON {
        func party(_ p: Party, people: Bool) -> JSON {
            var pairs: [(String, JSON)] = [("party", .string(p.label)),
                                            ("events", .object(p.events.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) }))]
            if people { pairs.append(("people", .array(p.people.map(JSON.string)))) }
            return .object(pairs)
        }
        return .object([
            ("dry_run", .bool(dryRun)),
            ("files", .array(files.map { .object([("file", .string($0.shown)), ("format", .string($0.format)),
                                                  ("source", .string($0.source)), ("events", .number($0.events))]) })),
            ("logged", .array(entries.map { .object([("id", .string($0.id)), ("name", .string($0.name)), ("path", .string($0.path)),
                                                     ("date", .string($0.date.description)), ("type", .string($0.type)),
                                                     ("note", .string($0.note))]) })),
            ("already_logged", .number(alreadyLogged)),
            ("before_since", .number(beforeSince)),
            ("unmatched", .array(unmatched.map { party($0, people: false) })),
            ("ambiguous", .array(ambiguous.map { party($0, people: true) })),
            ("warnings", .array(warnings.map(JSON.string))),
        ])
    }
}
