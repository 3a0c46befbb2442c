import CRMFormat
import CRMVault

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
