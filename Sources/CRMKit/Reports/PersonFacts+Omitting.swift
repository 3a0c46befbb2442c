extension PersonFacts {
    /// Parts of a person's facts a command can do without. `Vault.facts` leaves them out of the
    /// facts it returns, so that a listing of 100,000 people holds only what it prints.
    public struct Omitted: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Every note but the last contact's on the day asked for (the newest interaction's
        /// without a day): those of later entries, open items and follow-ups are left empty.
        public static let notes = Omitted(rawValue: 1 << 0)
        /// The tally's days and types; its count stays (`interactionCount`).
        public static let tally = Omitted(rawValue: 1 << 1)
        /// `problems`, what `crm check` reports.
        public static let problems = Omitted(rawValue: 1 << 2)
        /// The log itself: no timeline at all (no last or next contact); for commands that only
        /// match people by name, contact id and email.
        public static let log = Omitted(rawValue: 1 << 3)
        /// Every interaction but the last contact and the next planned entry on the day asked for
        /// (the newest interaction without a day): what `list` and `due` show. `Vault.summaries`
        /// keeps those two in each schedule and none in the facts.
        public static let otherEntries = Omitted(rawValue: 1 << 4)
        /// Aliases, emails and contact id: what matches a person, not what a listing shows.
        public static let matchKeys = Omitted(rawValue: 1 << 5)
        /// Every interaction but those dated more than a year after the day asked for (what
        /// `crm check` warns about; none without a day), and every note.
        public static let nearEntries = Omitted(rawValue: 1 << 6)
        /// With `.notes`, the last contact's note too: for listings that print no note (`list`,
        /// `birthdays`), so 100,000 people are not held with one each.
        public static let lastNote = Omitted(rawValue: 1 << 7)
    }
}

extension PersonFacts.Fields {
    /// These facts without the `omitted` parts, for `today` (see `PersonFacts.Omitted`).
    func omitting(_ omitted: PersonFacts.Omitted, today: Day?) -> Self {
        var fields = self
        if omitted.contains(.log) {
            fields.timeline = Timeline(interactions: [], open: [], followUps: [], horizon: nil)
        } else if omitted.contains(.nearEntries) {
            let limit = today.map(Timeline.farFutureLimit)
            fields.timeline = Timeline(interactions: limit.map { limit in timeline.interactions.filter { $0.date > limit } } ?? [],
                                       open: [], followUps: [], horizon: timeline.horizon).keepingNote(of: nil)
        } else if !omitted.isDisjoint(with: [.notes, .otherEntries]) {
            let last = today.map(timeline.last) ?? timeline.newest
            if omitted.contains(.otherEntries) {
                // Newest first, as the timeline holds them: the next planned entry is dated after the last contact.
                let planned = today.flatMap { day in timeline.interactions.last { $0.date > day } }
                fields.timeline.interactions = [planned, last].compactMap { $0 }
            }
            if omitted.contains(.notes) { fields.timeline = fields.timeline.keepingNote(of: omitted.contains(.lastNote) ? nil : last) }
        }
        if omitted.contains(.matchKeys) {
            fields.foldedAliases = []
            fields.emails = []
            fields.contactID = nil
        }
        if omitted.contains(.tally) { fields.tally = InteractionTally(count: tally.count, bytes: []) }
        if omitted.contains(.problems) { fields.problems = [] }
        return fields
    }
}

extension Timeline {
    /// This timeline with every note emptied but `kept`'s (an entry of its interactions).
    func keepingNote(of kept: Interaction?) -> Timeline {
        func emptied(_ entries: [Interaction]) -> [Interaction] {
            entries.map { entry in
                var entry = entry
                if entry != kept { entry.note = "" }
                return entry
            }
        }
        return Timeline(interactions: emptied(interactions), open: emptied(open),
                        followUps: followUps.map { _ in "" }, horizon: horizon)
    }
}
