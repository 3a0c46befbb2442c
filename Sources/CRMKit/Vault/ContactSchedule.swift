/// When a person is due for contact, by the SPEC's rules: the cadence is the person's `every`,
/// else the shortest `tag_every` of their tags, else the vault's `every`; due is the last
/// interaction plus the cadence, or `added` plus the cadence when never contacted, or today when
/// neither is known; `snooze` postpones it.
public struct ContactSchedule: Sendable {
    public enum CadenceSource: String, Sendable { case person, tag, vault }

    public let cadence: Cadence?
    public let cadenceSource: CadenceSource?
    public let last: Interaction?
    public let due: Day?

    public init(document: PersonDocument, config: VaultConfig, today: Day) {
        if let own = document.every {
            cadence = own
            cadenceSource = .person
        } else if let tagged = document.tags.compactMap({ config.tagEvery[$0] }).min(by: { $0.approximateDays < $1.approximateDays }) {
            cadence = tagged
            cadenceSource = .tag
        } else {
            cadence = config.every
            cadenceSource = config.every == nil ? nil : .vault
        }
        last = document.log?.latest
        guard let cadence else { due = nil; return }
        var due = last.map { cadence.step(from: $0.date) } ?? document.added.map { cadence.step(from: $0) } ?? today
        if let snooze = document.snooze, snooze > due { due = snooze }
        self.due = due
    }
}
