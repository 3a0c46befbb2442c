import CRMFormat
import CRMVault

/// The counts a history import keeps, never what was said: for each matched person, day, channel
/// and source, how many events and how many seconds of calls; for each party not matched (or
/// matched by several people), how many events by channel.
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

    mutating func add(_ event: HistoryEvent, party: HistoryEvent.Party, match: HistoryMatcher.Match, source: String) {
        switch match {
        case .person(let person):
            let key = Key(person: person, day: event.day, channel: event.channel, source: source)
            let now = counts[key] ?? (0, 0)
            counts[key] = (now.events + 1, now.seconds + event.seconds)
        case .several(let people):
            ambiguousCounts[party, default: (people, [:])].events[event.channel.rawValue, default: 0] += 1
        case .none:
            unmatchedCounts[party, default: [:]][event.channel.rawValue, default: 0] += 1
        }
    }

    /// How a party is named in messages: `+44 7700 900123 (Sam)`, `sam@example.org`, `Sam`.
    static func label(_ party: HistoryEvent.Party) -> String {
        let first = party.phone ?? party.email ?? party.name ?? ""
        if let name = party.name, name != first { return "\(first) (\(name))" }
        return first
    }

    /// The parties matched by no one, most events first.
    var unmatched: [HistoryOutcome.Party] {
        Self.sorted(unmatchedCounts.map { HistoryOutcome.Party(label: Self.label($0.key), events: $0.value) })
    }

    /// The parties matched by several people, each with those people as `labels` names them.
    func ambiguous(labels: ([Int]) -> [String]) -> [HistoryOutcome.Party] {
        Self.sorted(ambiguousCounts.map {
            HistoryOutcome.Party(label: Self.label($0.key), events: $0.value.events, people: labels($0.value.people))
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
