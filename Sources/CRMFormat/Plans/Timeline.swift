/// What a person's log says about last and next contact, on any day from `horizon` on.
///
/// "Planned" depends on the day (a plain entry dated after today is planned until its day comes),
/// so this holds dates, not statuses: the interactions (plain and ticked entries) newest first,
/// down to the newest one dated on or before the day it was made for, and every open item. The
/// facts cache keeps it; it answers for any later day without reading the file again.
package struct Timeline: Sendable, Equatable {
    /// Plain and ticked entries, newest first (file order within a moment), possibly cut: those
    /// older than the newest one dated on or before `horizon` are left out.
    package var interactions: [Interaction]
    /// Open dated items (`- [ ] DATE …`), earliest first.
    package var open: [Interaction]
    /// Open undated follow-ups' notes, in file order.
    package var followUps: [String]
    /// The first day this timeline answers for; nil: any day.
    package var horizon: Day?

    /// The timeline of `entries` (in file order) and `followUps`, answering for `today` and every
    /// later day; nil `today`: for any day from the newest interaction's on.
    package init(entries: [Interaction], followUps: [FollowUp] = [], today: Day?) {
        // Without open items the entries are the interactions: their array is shared, not copied.
        var interactions = entries.contains { !$0.isInteraction } ? entries.filter(\.isInteraction) : entries
        Timeline.sortNewestFirst(&interactions)
        let cut = today.map { day in interactions.firstIndex { $0.date <= day } } ?? (interactions.isEmpty ? nil : 0)
        if let cut {
            horizon = interactions[cut].date
            interactions = Array(interactions[...cut])   // a new array: removing would keep every entry's room
        }
        self.interactions = interactions
        // Swift's sort is stable: file order stays within a day.
        open = entries.filter { !$0.isInteraction }.sorted { $0.date < $1.date }
        self.followUps = followUps.filter { !$0.isDone }.map(\.note)
    }

    package init(interactions: [Interaction], open: [Interaction], followUps: [String], horizon: Day?) {
        self.interactions = interactions
        self.open = open
        self.followUps = followUps
        self.horizon = horizon
    }

    /// This timeline with `shared` added: entries of other files the person takes part in (a
    /// shared entry in someone's log, a daily note's item), which count for last and next contact
    /// as the person's own do. Within a day the person's own entries come first. `today` cuts the
    /// interactions as `init` does; nil keeps them all.
    package func including(_ shared: [Interaction], today: Day?) -> Timeline {
        guard !shared.isEmpty else { return self }
        var interactions = self.interactions + shared.filter(\.isInteraction)
        Timeline.sortNewestFirst(&interactions)
        var horizon = self.horizon
        if let today, let cut = interactions.firstIndex(where: { $0.date <= today }) {
            horizon = max(horizon ?? interactions[cut].date, interactions[cut].date)
            interactions = Array(interactions[...cut])
        }
        let open = (self.open + shared.filter { !$0.isInteraction }).sorted { $0.date < $1.date }
        return Timeline(interactions: interactions, open: open, followUps: followUps, horizon: horizon)
    }

    /// The newest interaction whatever its date (what the files alone say, as `INDEX.md` shows it).
    package var newest: Interaction? { interactions.first }

    /// The last contact: the newest interaction dated `today` or earlier.
    package func last(on today: Day) -> Interaction? { interactions.first { $0.date <= today } }

    /// The next contact: the earliest open item dated `today` or later, or planned entry (dated after today).
    package func next(on today: Day) -> Interaction? {
        let open = self.open.first { $0.date >= today }
        let planned = interactions.last { $0.date > today }
        guard let open, let planned else { return open ?? planned }
        return planned.date < open.date ? planned : open
    }

    /// Open items dated before `today`: follow-ups not yet done, oldest first.
    package func overdue(on today: Day) -> [Interaction] { open.prefix { $0.date < today }.map { $0 } }

    /// What is coming on `today` and through `through`: open items dated in that span and planned
    /// entries (dated after today), by date, then time (untimed first), then file order.
    package func coming(on today: Day, through: Day) -> [Interaction] {
        // Interactions are newest first: those after today are a prefix.
        let items = open.filter { $0.date >= today && $0.date <= through }
            + interactions.prefix { $0.date > today }.filter { $0.date <= through }
        guard items.count > 1 else { return items }
        return items.sorted { x, y in
            if x.date != y.date { return x.date < y.date }
            let tx = x.time.map { $0.hour * 60 + $0.minute } ?? -1, ty = y.time.map { $0.hour * 60 + $0.minute } ?? -1
            return tx != ty ? tx < ty : x.line < y.line
        }
    }

    /// Sorts newest day first; stable, so file order stays within a day.
    static func sortNewestFirst(_ entries: inout [Interaction]) {
        // Most logs are written newest first: nothing to move. Otherwise positions are sorted, not entries.
        if entries.indices.dropFirst().allSatisfy({ entries[$0 - 1].date >= entries[$0].date }) { return }
        let order = entries.indices.sorted { entries[$0].date > entries[$1].date }
        entries = order.map { entries[$0] }
    }
}
