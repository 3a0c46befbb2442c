import CRMFormat
import CRMVault

/// The counts a history import keeps, never what was said: for each matched person, day, channel
/// and source, how many events and how many seconds of calls; for each party not matched (or
/// matched by several people), how many events by channel.
///
/// A run of several files may be given an export and a newer one that holds it (last month's
/// backup and this month's): an event both hold counts once. So, with several files, each
/// matched event that says when it happened (`HistoryEvent.moment`) is counted by its moment, and
/// a moment counts the most events any one file has at it; events without a moment add up. A
/// single file needs none of this and keeps only the counts.
struct HistoryTally {
    private struct Key: Hashable {
        var person: Int
        var day: Day
        var channel: HistoryEvent.Channel
        var source: String
    }

    private var counts: [Key: (events: Int, seconds: Int)] = [:]
    private var unmatchedCounts: [HistoryEvent.Party: [String: Int]] = [:]
    private var ambiguousCounts: [HistoryEvent.Party: (people: [Int], events: [String: Int])] = [:]
    /// With several files: the events with a moment, of the files read before and of the one
    /// being read; matched ones by key, the others by party and channel.
    private var moments: MomentCounts<Key>?
    private var partyMoments: MomentCounts<PartyKey>?

    private struct PartyKey: Hashable {
        var party: HistoryEvent.Party
        var channel: String
    }

    /// A tally of `files` files.
    init(files: Int) {
        if files > 1 { (moments, partyMoments) = (MomentCounts(), MomentCounts()) }
    }

    mutating func add(_ event: HistoryEvent, party: HistoryEvent.Party, match: HistoryMatcher.Match, source: String) {
        switch match {
        case .person(let person):
            let key = Key(person: person, day: event.day, channel: event.channel, source: source)
            if moments != nil, let moment = event.moment { return moments!.add(key, at: moment, seconds: event.seconds) }
            let now = counts[key] ?? (0, 0)
            counts[key] = (now.events + 1, now.seconds + event.seconds)
        case .several, .none:
            if case .several(let people) = match, ambiguousCounts[party] == nil { ambiguousCounts[party] = (people, [:]) }
            if partyMoments != nil, let moment = event.moment {
                return partyMoments!.add(PartyKey(party: party, channel: event.channel.rawValue), at: moment, seconds: 0)
            }
            if case .several = match {
                ambiguousCounts[party]!.events[event.channel.rawValue, default: 0] += 1
            } else {
                unmatchedCounts[party, default: [:]][event.channel.rawValue, default: 0] += 1
            }
        }
    }

    /// A file has been read: its moments join those of the files before.
    mutating func endFile() {
        moments?.endFile()
        partyMoments?.endFile()
    }

    /// The events of each party not logged, by channel: those counted by moment too.
    private var partyCounts: (unmatched: [HistoryEvent.Party: [String: Int]], ambiguous: [HistoryEvent.Party: [String: Int]]) {
        var unmatched = unmatchedCounts, ambiguous = ambiguousCounts.mapValues(\.events)
        for (key, count) in partyMoments?.totals ?? [:] {
            if ambiguousCounts[key.party] != nil {
                ambiguous[key.party, default: [:]][key.channel, default: 0] += count.events
            } else {
                unmatched[key.party, default: [:]][key.channel, default: 0] += count.events
            }
        }
        return (unmatched, ambiguous)
    }

    /// How a party is named in messages: `+44 7700 900123 (Sam)`, `sam@example.org`, `Sam`.
    static func label(_ party: HistoryEvent.Party) -> String {
        let first = party.phone ?? party.email ?? party.name ?? ""
        if let name = party.name, name != first { return "\(first) (\(name))" }
        return first
    }

    /// The parties matched by no one, most events first.
    var unmatched: [HistoryOutcome.Party] {
        Self.sorted(partyCounts.unmatched.map { HistoryOutcome.Party(label: Self.label($0.key), events: $0.value) })
    }

    /// The parties matched by several people, each with those people as `labels` names them.
    func ambiguous(labels: ([Int]) -> [String]) -> [HistoryOutcome.Party] {
        Self.sorted(partyCounts.ambiguous.map {
            HistoryOutcome.Party(label: Self.label($0.key), events: $0.value, people: labels(ambiguousCounts[$0.key]!.people))
        })
    }

    private static func sorted(_ parties: [HistoryOutcome.Party]) -> [HistoryOutcome.Party] {
        parties.sorted { ($1.events.values.reduce(0, +), $0.label) < ($0.events.values.reduce(0, +), $1.label) }
    }

    /// The log type of a channel in a vault whose types are `types`: call, message and email are
    /// their own; a meeting is `meeting` where the vault lists it, else `visit` (being with
    /// someone, which every vault's standard types have).
    static func type(of channel: HistoryEvent.Channel, types: [String]) -> String {
        channel == .meeting && !types.contains("meeting") ? "visit" : channel.rawValue
    }

    /// An entry's note: the count, a call's or meeting's minutes, and the source in parentheses,
    /// which is how a later import knows the day was imported (`2 calls, 34 min (call log)`).
    static func note(channel: HistoryEvent.Channel, events: Int, seconds: Int, source: String) -> String {
        var note = HistoryOutcome.count(events, channel.rawValue)
        if seconds > 0 { note += ", \(max(1, (seconds + 30) / 60)) min" }
        return note + " (\(source))"
    }

    /// The entries for each person (by index), oldest first, and a warning for each channel
    /// whose type the vault's `types:` does not list (those entries are not logged).
    func entries(types: [String]) -> (byPerson: [Int: [Interaction]], unlisted: [String]) {
        var byPerson: [Int: [Interaction]] = [:]
        var unlisted: [String: Int] = [:]
        var counts = counts
        for (key, count) in moments?.totals ?? [:] {
            let now = counts[key] ?? (0, 0)
            counts[key] = (now.events + count.events, now.seconds + count.seconds)
        }
        for (key, count) in counts {
            let type = Self.type(of: key.channel, types: types)
            guard types.contains(type) else { unlisted[type, default: 0] += 1; continue }
            let note = Self.note(channel: key.channel, events: count.events, seconds: count.seconds, source: key.source)
            byPerson[key.person, default: []].append(Interaction(date: key.day, type: type, note: note))
        }
        for index in byPerson.keys {
            byPerson[index]!.sort { ($0.date, $0.type, $0.note) < ($1.date, $1.type, $1.note) }
        }
        let warnings = unlisted.sorted { $0.key < $1.key }.map {
            "the vault's types: do not list '\($0.key)'; \(HistoryOutcome.count($0.value, "entry", plural: "entries")) of that type not logged "
                + "(add it to types: in .crm/config.yaml)"
        }
        return (byPerson, warnings)
    }

    /// A day imported before: an entry's date, type and the source its note ends with.
    struct ImportedDay: Hashable {
        var date: Day
        var type: String
        var source: String

        init(_ entry: Interaction) {
            (date, type) = (entry.date, entry.type)
            source = Self.source(of: entry.note) ?? ""
        }

        /// `call log` of a note ending `(call log)`.
        static func source(of note: String) -> String? {
            let firstLine = note.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? note
            let trimmed = firstLine.trimmingSpaces
            guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return nil }
            return String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        }
    }

    /// The days `document`'s log holds imported entries for.
    static func importedDays(in document: PersonDocument) -> Set<ImportedDay> {
        Set(document.interactions.compactMap { entry in
            ImportedDay.source(of: entry.note) != nil ? ImportedDay(entry) : nil
        })
    }
}

/// Events of several files counted once where the files overlap (see `HistoryTally`): for each
/// key and moment, the most events (and their seconds) any one file has.
struct MomentCounts<Key: Hashable> {
    typealias Count = (events: Int, seconds: Int)
    private var merged: [Key: [Int64: Count]] = [:]
    private var file: [Key: [Int64: Count]] = [:]

    mutating func add(_ key: Key, at moment: Int64, seconds: Int) {
        let now = file[key]?[moment] ?? (0, 0)
        file[key, default: [:]][moment] = (now.events + 1, now.seconds + seconds)
    }

    /// The file being read is done: at each of its moments, the most events of any file so far.
    mutating func endFile() {
        for (key, counted) in file {
            for (moment, count) in counted where count.events > merged[key]?[moment]?.events ?? 0 {
                merged[key, default: [:]][moment] = count
            }
        }
        file = [:]
    }

    /// Each key's events and seconds, over its moments.
    var totals: [Key: Count] {
        merged.mapValues { $0.values.reduce((0, 0)) { ($0.events + $1.events, $0.seconds + $1.seconds) } }
    }
}
