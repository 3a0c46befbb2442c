import CRMFormat
import CRMVault

/// What `due` and `birthdays` both list: people by a day of theirs, soonest first, then by name
/// and id (`NameOrder`), up to a last day.
enum Upcoming {
    /// `all` sorted by `day`: those on or before `horizon`, and the first one after it. Only those
    /// and the others of that first later day are put in name order: most people are not due.
    static func split<Entry>(_ all: [Entry], day: (Entry) -> Day, person: (Entry) -> PeopleListing.Row,
                             through horizon: Day) -> (shown: [Entry], next: Entry?) {
        let days = all.map { day($0).dayNumber }
        let nextDay = days.lazy.filter { $0 > horizon.dayNumber }.min()
        let kept = all.indices.filter { days[$0] <= horizon.dayNumber || days[$0] == nextDay }
        // Sort small keys, not the entries themselves.
        let names = NameOrder(kept.map { person(all[$0]).sortName }, ties: kept.map { person(all[$0]).id })
        let order = names.sortedIndices(first: kept.map { days[$0] }).map { kept[$0] }
        let shown = order.prefix { days[$0] <= horizon.dayNumber }
        return (shown.map { all[$0] }, shown.count < order.count ? all[order[shown.count]] : nil)
    }
}
