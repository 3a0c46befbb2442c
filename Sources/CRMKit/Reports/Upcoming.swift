/// What `due` and `birthdays` both list: people by a day of theirs, soonest first, then by name
/// and id (compared as `NameOrder` does), up to a last day.
enum Upcoming {
    /// `all` sorted by `day`: those on or before `horizon`, and the first one after it.
    static func split<Entry>(_ all: [Entry], day: (Entry) -> Day, person: (Entry) -> PersonSummary,
                             through horizon: Day) -> (shown: [Entry], next: Entry?) {
        // Sort small keys, not the entries themselves.
        let names = NameOrder(all.map { person($0).sortName }, ties: all.map { person($0).id })
        let days = all.map { day($0).dayNumber }
        let order = names.sortedIndices { a, b in days[a] == days[b] ? 0 : (days[a] < days[b] ? -1 : 1) }
        let shown = order.prefix { days[$0] <= horizon.dayNumber }
        return (shown.map { all[$0] }, shown.count < order.count ? all[order[shown.count]] : nil)
    }
}
