import CRMFormat
import CRMVault

/// When a person is due for contact, by the rules of `crm due`: the cadence is the person's `every`,
/// else the shortest `tag_every` of their tags, else the vault's `every`; due is the last
/// interaction plus the cadence, or `added` plus the cadence when never contacted, or today when
/// neither is known; `snooze` postpones it (due becomes the later of the two), and so does the
/// next planned or open item dated today or later (an overdue open item does not). A person
/// whose `deceased:` is a date is never due.
///
/// Invalid values are not guessed at: a person whose `every` is not a cadence has no cadence and
/// no due date (not the tag's or the vault's); an invalid `snooze` or `added` is ignored. Each is
/// in `problems`, for commands to warn about.
package struct DueSchedule: Sendable {
    package enum CadenceSource: String, Sendable { case person, tag, vault }

    package let cadence: Cadence?
    package let cadenceSource: CadenceSource?
    /// The newest interaction dated today or earlier.
    package let last: Interaction?
    /// The earliest open item dated today or later, or planned entry (dated after today).
    package let next: Interaction?
    /// The due date without today: last interaction (or `added`) plus the cadence, or the snooze
    /// or the next plan when that is later. Nil when due at once (never contacted, no `added`,
    /// no snooze, no plan) or without a cadence.
    package private(set) var datedDue: Day?
    /// The due date: `datedDue`, or today when due at once; nil without a cadence.
    package let due: Day?
    /// Whether the snooze is what sets the due date.
    package let isSnoozed: Bool
    /// Invalid `every`, `snooze` or `added` values, as errors at their lines.
    package let problems: [Diagnostic]

    /// The schedule of a person's file; `shared` are the entries of other files they take part
    /// in (`PersonConnections.shared`), which count as their own.
    package init(document: PersonDocument, config: VaultConfig, today: Day, shared: [SharedInteraction] = []) {
        self.init(facts: PersonFacts(document: document, id: "", checking: false, today: today).including(shared, today: today),
                  config: config, on: today)
    }

    /// The schedule on `today`; nil: as the files alone say it on any day, with the newest
    /// interaction as the last and no plans (for `INDEX.md`, which must not change with the day).
    package init(facts: PersonFacts, config: VaultConfig, on today: Day?) {
        let fieldProblems = facts.fieldProblems
        problems = ["every", "snooze", "added"].compactMap { fieldProblems[$0] }
        let timeline = facts.timeline
        last = today.map(timeline.last) ?? timeline.newest
        next = today.flatMap(timeline.next)
        (cadence, cadenceSource) = if fieldProblems["every"] != nil {
            (nil, nil)
        } else if let own = facts.every {
            (own, .person)
        } else if let tagged = config.tagCadence(facts.tags) {
            (tagged, .tag)
        } else {
            (config.every, config.every == nil ? nil : .vault)
        }
        guard let cadence, facts.deceased == nil else {
            datedDue = nil
            due = nil
            isSnoozed = false
            return
        }
        let natural = last.map { cadence.step(from: $0.date) } ?? facts.added.map { cadence.step(from: $0) }
        isSnoozed = facts.snooze.map { snooze in natural.map { snooze > $0 } ?? true } ?? false
        datedDue = isSnoozed ? facts.snooze : natural
        if let planned = next?.date, datedDue.map({ planned > $0 }) ?? true {
            datedDue = planned
        }
        due = datedDue ?? today
    }
}
