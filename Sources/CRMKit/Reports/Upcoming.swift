import CRMFormat
import CRMVault

/// What `due` and `birthdays` both list: people by a day of theirs, soonest first, then by name
/// and id (`nameOrder`), up to a last day.
enum Upcoming {
    /// `all` sorted by `day`: those on or before `horizon`, and the first one after it. Only those
    /// and the others of that first later day are put in name order: most people are not due.
    static func split<Entry>(_ all: [Entry], day: (Entry) -> Day, person: (Entry) -> PeopleListing.Row,
                             through horizon: Day) -> (shown: [Entry], next: Entry?) {
        let days = all.map { day($0).dayNumber }
        let nextDay = days.lazy.filter { $0 > horizon.dayNumber }.min()
        let kept = all.indices.filter { days[$0] <= horizon.dayNumber || days[$0] == nextDay }
        let byName = nameOrder(kept.map { person(all[$0]).sortName }, ids: kept.map { person(all[$0]).id })
        let order = byName.indices.map { (day: days[kept[byName[$0]]], rank: $0) }.sorted { $0 < $1 }.map { kept[byName[$0.rank]] }
        let shown = order.prefix { days[$0] <= horizon.dayNumber }
        return (shown.map { all[$0] }, shown.count < order.count ? all[order[shown.count]] : nil)
    }
}
