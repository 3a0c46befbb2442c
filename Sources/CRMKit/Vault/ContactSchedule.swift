/// When a person is due for contact, by the SPEC's rules: the cadence is the person's `every`,
/// else the shortest `tag_every` of their tags, else the vault's `every`; due is the last
/// interaction plus the cadence, or `added` plus the cadence when never contacted, or today when
/// neither is known; `snooze` postpones it (due becomes the later of the two).
///
/// Invalid values are not guessed at: a person whose `every` is not a cadence has no cadence and
/// no due date (not the tag's or the vault's); an invalid `snooze` or `added` is ignored. Each is
/// in `problems`, for commands to warn about.
public struct ContactSchedule: Sendable {
    public enum CadenceSource: String, Sendable { case person, tag, vault }

    public let cadence: Cadence?
    public let cadenceSource: CadenceSource?
    public let last: Interaction?
    /// The due date as the files alone give it: last interaction (or `added`) plus the cadence,
    /// or the snooze when that is later. Nil when due at once (never contacted, no `added`, no
    /// snooze) or without a cadence. It does not depend on today, so `INDEX.md` can show it.
    public let datedDue: Day?
    /// The due date: `datedDue`, or today when due at once; nil without a cadence.
    public let due: Day?
    /// Whether the snooze is what sets the due date.
    public let isSnoozed: Bool
    /// Invalid `every`, `snooze` or `added` values, as errors at their lines.
    public let problems: [Diagnostic]

    public init(document: PersonDocument, config: VaultConfig, today: Day) {
        self.init(facts: PersonFacts(document: document, id: "", checking: false), config: config, today: today)
    }

    public init(facts: PersonFacts, config: VaultConfig, today: Day) {
        // Most people have no problems and no tag cadence: those lookups are skipped, which counts
        // when 100,000 people are listed.
        let fieldProblems = facts.fieldProblems
        problems = fieldProblems.isEmpty ? [] : ["every", "snooze", "added"].compactMap { fieldProblems[$0] }
        last = facts.last
        if !fieldProblems.isEmpty, fieldProblems["every"] != nil {
            cadence = nil
            cadenceSource = nil
        } else if let own = facts.every {
            cadence = own
            cadenceSource = .person
        } else if !config.tagEvery.isEmpty,
                  let tagged = facts.tags.compactMap({ config.tagEvery[$0] }).min(by: { $0.approximateDays < $1.approximateDays }) {
            cadence = tagged
            cadenceSource = .tag
        } else {
            cadence = config.every
            cadenceSource = config.every == nil ? nil : .vault
        }
        guard let cadence else {
            datedDue = nil
            due = nil
            isSnoozed = false
            return
        }
        let natural = last.map { cadence.step(from: $0.date) } ?? facts.added.map { cadence.step(from: $0) }
        if let snooze = facts.snooze, natural.map({ snooze > $0 }) ?? true {
            datedDue = snooze
            isSnoozed = true
        } else {
            datedDue = natural
            isSnoozed = false
        }
        due = datedDue ?? today
    }

    /// Days the person is overdue on `today`: positive when overdue, 0 when due today, negative
    /// when not yet due; nil without a due date.
    public func overdueDays(on today: Day) -> Int? { due.map { $0.days(until: today) } }
}
