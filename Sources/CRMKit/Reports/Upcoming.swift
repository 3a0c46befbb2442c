/// What `due` and `birthdays` both list: people by a day of theirs, soonest first, then by name
/// and id (`NameOrder`), up to a last day.
enum Upcoming {
    /// `byName` (entries in name order) sorted by `day`, name order kept within a day: those on or
    /// before `horizon`, and the first one after it.
    static func split<Entry>(_ byName: [Entry], day: (Entry) -> Day, through horizon: Day) -> (shown: [Entry], next: Entry?) {
        // Sort small keys, not the entries themselves.
        let order = byName.indices.map { (day: day(byName[$0]).dayNumber, index: $0) }.sorted { $0 < $1 }
        let shown = order.prefix { $0.day <= horizon.dayNumber }
        return (shown.map { byName[$0.index] }, shown.count < order.count ? byName[order[shown.count].index] : nil)
    }
}
