import CRMFormat
import CRMVault

/// What `crm history` asks for: the history files to read, the first day to count, and whether
/// to write. `Vault.importHistory(_:progress:)` does it and returns a `HistoryOutcome`.
package struct HistoryRequest: Sendable {
    /// A file to read: where it is, and how the user named it (for messages).
    package struct File: Sendable {
        package var path: String
        package var shown: String
        package init(path: String, shown: String) { (self.path, self.shown) = (path, shown) }
    }

    package var files: [File]
    /// The user's date: a calendar's events from it on are not history.
    package var today: Day
    /// Events before this day are passed over (`--since`).
    package var since: Day?
    /// Say what would be logged; write nothing (`--dry-run`).
    package var dryRun: Bool

    package init(files: [File], today: Day, since: Day? = nil, dryRun: Bool = false) {
        (self.files, self.today, self.since, self.dryRun) = (files, today, since, dryRun)
    }
}

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

extension Vault {
    /// Does `request`: reads every file (`HistoryFormat`), one event at a time, matching each
    /// party (`HistoryMatcher`) and counting, per person, day, channel and source, the events
    /// and a call's seconds; then writes one entry per count into the person's log (see
    /// `HistoryTally.note`), where the log's order puts it, all of a person's entries in one
    /// write of their file under the vault lock. A day already imported from the same source
    /// (an entry of that day and type whose note ends with `(source)`) is left as it is, so
    /// importing a file again, or one that overlaps it, adds only the days not imported yet.
    /// Nothing is written when a file cannot be read, or with `dryRun`. `progress` is handed
    /// the file being read and how far it is, now and then.
    package func importHistory(_ request: HistoryRequest,
                               progress: ((_ file: String, _ done: Int64, _ total: Int64) -> Void)? = nil) throws -> HistoryOutcome {
        // Everyone's keys and phones, from one read of every file.
        let read = scan { file in let person = file.person; return (keys: PersonKeys(document: person.document, id: person.id), phones: person.document.phones) }.rows
        let people = read.map(\.keys)
        let phones = Dictionary(read.map { ($0.keys.id, $0.phones) }, uniquingKeysWith: { a, _ in a })
        var matcher = HistoryMatcher(people: people, phones: phones, region: config.defaultRegion)
        let files = try request.files.flatMap(HistoryFormat.files)
        var tally = HistoryTally(files: files.count)
        var outcome = HistoryOutcome(dryRun: request.dryRun)

        for file in files {
            let (format, opened) = try HistoryFormat.reader(path: file.path, shown: file.shown, today: request.today)
            var reader = opened
            var counted = 0
            do {
                while let event = try reader.next() {
                    if counted & 0xFFF == 0, let progress { let (done, total) = reader.progress; progress(file.shown, done, total) }
                    if let since = request.since, event.day < since { outcome.beforeSince += 1; continue }
                    counted += 1
                    for party in event.parties where !party.isEmpty {
                        tally.add(event, party: party, match: matcher.match(party), source: reader.source)
                    }
                }
            } catch {
                throw VaultError("\(file.shown):\(error.line):\(error.column): error: \(error.message); nothing was imported")
            }
            tally.endFile()
            outcome.warnings += reader.warnings.map { "\(file.shown):\($0.line):\($0.column): warning: \($0.message)" }
            outcome.files.append(.init(shown: file.shown, format: format.name, source: reader.source, events: counted))
        }

        outcome.unmatched = tally.unmatched
        outcome.ambiguous = tally.ambiguous(labels: { $0.map { people[$0] }.labels(reading: self) })
        let (byPerson, unlisted) = tally.entries(types: config.types)
        outcome.warnings += unlisted
        let order = byPerson.keys.sorted { (people[$0].sortName, people[$0].id) < (people[$1].sortName, people[$1].id) }
        if !request.dryRun { try refuseReadOnly(order.map { people[$0].path }) }
        for index in order {
            let keys = people[index]
            let person = try load(path: keys.path)
            let wanted = byPerson[index]!
            var added: [Interaction] = []
            var skipped = 0
            /// The person's file with the entries not imported before, each where the log's order puts it.
            func adding(to document: PersonDocument) throws -> [UInt8] {
                let imported = HistoryTally.importedDays(in: document)
                let new = wanted.filter { !imported.contains(HistoryTally.ImportedDay($0)) }
                (added, skipped) = (try new.map { try loggedEntry($0, of: person, with: []).entry }, wanted.count - new.count)
                return try document.inserting(all: added)
            }
            if request.dryRun {
                try ReadProblems.refuseUnreadable(person, doing: "not changed")
                _ = try adding(to: person.document)
            } else {
                let change = "history: \(HistoryOutcome.count(wanted.count, "day")) with \(keys.name)"
                try update(person, change: change) { try adding(to: $0) }
            }
            outcome.alreadyLogged += skipped
            outcome.entries += added.map {
                .init(id: keys.id, name: keys.name, path: keys.path, date: $0.date, type: $0.type, note: $0.note)
            }
        }
        return outcome
    }
}
