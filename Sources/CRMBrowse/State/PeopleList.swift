import CRMKit
import CRMTerminal

/// The people list: its order, the filter typed with `/`, the rows shown, the selection and
/// the people marked with Space.
package struct PeopleList: Sendable {
    package internal(set) var order: PeopleListing.Order = .due
    /// The filter: fuzzy, over names, aliases, tags and emails, case and accents ignored.
    package internal(set) var filter = TextField()
    /// Whether the filter is being typed (`/` until Enter or Esc).
    package internal(set) var isTypingFilter = false
    /// The listing's rows shown, in the order shown: the best matches first while filtered,
    /// in `order` within a match's score.
    package internal(set) var shown: [Int] = []
    /// The index in `shown` of the selected row.
    package internal(set) var selected = 0
    /// The index in `shown` of the first row on the screen.
    package internal(set) var top = 0
    /// The ids of the people marked (Space), in the order marked.
    package internal(set) var marked: [String] = []
    /// The widest name listed, in cells, for the name column.
    package internal(set) var widestName = 0

    /// Rows in `order`, made once per order.
    private var ordered: [Int] = []
    /// Each row's place in `ordered`.
    private var rank: [Int] = []
    /// What the filter matches in each row, made the first time a filter is typed.
    private var candidates: [FuzzyCandidate]?
    private var pattern = FuzzyPattern("")

    init(listing: PeopleListing) {
        widestName = Self.widestName(listing)
        reorder(listing)
    }

    private static func widestName(_ listing: PeopleListing) -> Int {
        listing.rows.reduce(0) { max($0, DisplayWidth.of(listing.label($1))) }
    }

    package var isFiltered: Bool { !pattern.isEmpty }

    /// The id of the selected person, if a row is shown.
    func selectedID(in listing: PeopleListing) -> String? {
        shown.indices.contains(selected) ? listing.rows[shown[selected]].id : nil
    }

    mutating func setOrder(_ new: PeopleListing.Order, listing: PeopleListing, rows: Int) {
        let id = selectedID(in: listing)
        order = new
        reorder(listing)
        refilter(listing, keeping: id, narrowing: false, rows: rows)
    }

    /// The order after this one (`s`): due, name, last.
    static func order(after order: PeopleListing.Order) -> PeopleListing.Order {
        let all = PeopleListing.Order.allCases
        return all[(all.firstIndex(of: order)! + 1) % all.count]
    }

    /// The vault changed: `listing` replaces the one the rows were of; `id` (the person selected
    /// before) stays selected while listed, and marks stay on the people still listed.
    mutating func replaceListing(_ listing: PeopleListing, keeping id: String?, rows: Int) {
        candidates = nil
        widestName = Self.widestName(listing)
        reorder(listing)
        let known = Set(listing.rows.map(\.id))
        marked.removeAll { !known.contains($0) }
        refilter(listing, keeping: id, narrowing: false, rows: rows)
    }

    private mutating func reorder(_ listing: PeopleListing) {
        ordered = listing.indices(in: order)
        rank = Array(repeating: 0, count: ordered.count)
        for (place, row) in ordered.enumerated() { rank[row] = place }
        if pattern.isEmpty { shown = ordered }
    }

    /// Applies an editing key to the filter; the best match is then selected.
    mutating func editFilter(_ key: Key, listing: PeopleListing, rows: Int) -> Bool {
        guard filter.handle(key) else { return false }
        refilter(listing, keeping: nil, narrowing: true, rows: rows)
        return true
    }

    /// Esc: no filter, everyone shown, the selected person still selected.
    mutating func clearFilter(_ listing: PeopleListing, rows: Int) {
        let id = selectedID(in: listing)
        filter = TextField()
        isTypingFilter = false
        refilter(listing, keeping: id, narrowing: false, rows: rows)
    }

    mutating func startFilter() { isTypingFilter = true }
    mutating func keepFilter() { isTypingFilter = false }

    /// Matches the filter again, among the rows shown when `narrowing` and the new pattern
    /// narrows the old one (a character typed onto it), else among everyone; selects `id`
    /// when it is shown, else the first row.
    private mutating func refilter(_ listing: PeopleListing, keeping id: String?, narrowing: Bool, rows: Int) {
        let new = FuzzyPattern(filter.text.folded)
        if new.isEmpty {
            shown = ordered
        } else {
            prepareFilter(listing)
            let pool = narrowing && !pattern.isEmpty && pattern.narrows(to: new) ? shown : ordered
            var scored: [(score: Int, rank: Int, row: Int)] = []
            candidates!.withUnsafeBufferPointer { candidates in
                for row in pool {
                    if let score = new.score(candidates[row]) { scored.append((-score, rank[row], row)) }
                }
            }
            scored.sort { ($0.score, $0.rank) < ($1.score, $1.rank) }
            shown = scored.map(\.row)
        }
        pattern = new
        selected = id.flatMap { id in shown.firstIndex { listing.rows[$0].id == id } } ?? 0
        scroll(rows: rows)
    }

    /// What the filter looks at, folded as the filter is: the name (and a name in another script
    /// spelt in Latin letters, as a PERSON argument is matched: `/olga` finds Ольга), then the
    /// aliases, the tags and the emails.
    static func candidate(_ row: PeopleListing.Row) -> FuzzyCandidate {
        var candidate = FuzzyCandidate()
        candidate.reserve(row.sortName.utf8.count + 24)
        candidate.append(row.sortName)
        if !isFolded(row.sortName), let latin = Transliteration.latin(row.sortName), latin != row.sortName { candidate.append(latin) }
        for alias in row.aliases { candidate.append(alias) }
        for tag in row.tags { candidate.append(isFolded(tag) ? tag : tag.folded) }
        for email in row.emails { candidate.append(isFolded(email) ? email : email.folded) }
        return candidate
    }

    /// Whether `text` is lower-case ASCII, which folding leaves as it is (most tags and emails):
    /// the folding, which makes a new string, is then not needed.
    private static func isFolded(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count, bytes[i] < 0x80, !(0x41...0x5A).contains(bytes[i]) { i += 1 }
            return i == bytes.count
        }
    }

    /// Makes what the filter looks at, if it is not made yet: the app does it once the first
    /// screen is drawn, so that no key typed into the filter waits for it.
    mutating func prepareFilter(_ listing: PeopleListing) {
        if candidates == nil { candidates = listing.rows.map(Self.candidate) }
    }

    /// Moves the selection by `delta` rows (clamped), keeping it on the screen.
    mutating func move(by delta: Int, rows: Int) { moveTo(selected + delta, rows: rows) }

    mutating func moveTo(_ index: Int, rows: Int) {
        guard !shown.isEmpty else { return }
        selected = max(0, min(shown.count - 1, index))
        scroll(rows: rows)
    }

    /// Keeps the selected row among the `rows` shown.
    mutating func scroll(rows: Int) {
        top = Self.top(top, selected: selected, count: shown.count, rows: rows)
    }

    /// The first row to show so that `selected` is on a screen of `rows` rows, moving `top` as
    /// little as possible.
    static func top(_ top: Int, selected: Int, count: Int, rows: Int) -> Int {
        let rows = max(1, rows)
        var top = min(top, selected)
        if selected >= top + rows { top = selected - rows + 1 }
        return max(0, min(top, max(0, count - rows)))
    }

    /// Marks the selected person, or unmarks them.
    mutating func toggleMark(_ listing: PeopleListing) {
        guard let id = selectedID(in: listing) else { return }
        if let i = marked.firstIndex(of: id) { marked.remove(at: i) } else { marked.append(id) }
    }

    mutating func clearMarks() { marked = [] }
}
