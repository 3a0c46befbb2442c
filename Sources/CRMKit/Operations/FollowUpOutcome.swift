import CRMFormat
import CRMVault

/// What `Vault.planFollowUp(_:for:today:)` did: an undated follow-up, `- [ ] NOTE`, written in
/// one person's log (`crm plan PERSON NOTE…` without `--date`).
package struct FollowUpOutcome: Outcome {
    /// The person as written.
    package let person: Person
    /// The item as written, with its 1-based line.
    package let item: FollowUp
    /// The others who will take part, linked in the note, each once.
    package let others: [Person]
    package let today: Day

    package var lines: [OutcomeLine] {
        let names = SharedEntry.list([person.name] + others.map(\.name))
        return [.said("Planned a follow-up with \(names), no date (\(person.path):\(item.line))")]
    }

    /// `crm plan --json` of an undated follow-up: `{"id", "path", "interaction": null, "follow_up"}`.
    package var json: JSON { .object(person.reference + LogItem.followUp(item).jsonPairs(on: today)) }
}

extension Vault {
    /// Writes `note` as an undated follow-up in the log of the person `query` names (a PERSON
    /// argument), where `PersonDocument.addingFollowUp` puts it, with `others` (PERSON arguments,
    /// checked as `SharedEntry.participants` checks them) linked as `SharedEntry.note` words it.
    package func planFollowUp(_ note: String, for query: String, with others: [String] = [], today: Day) throws -> FollowUpOutcome {
        let (person, others) = try SharedEntry.participants(others, of: query, in: self)
        let note = SharedEntry.note(note, with: others)
        var line = 0
        let (written, _) = try update(person, change: "follow-up with \(person.name)") { document in
            let inserted = try document.addingFollowUp(note: note)
            line = inserted.line
            return inserted.bytes
        }
        guard let item = written.document.log?.followUps.first(where: { $0.line == line }) else {
            throw VaultError("\(written.path):\(line): the follow-up was written but does not read back as one; see crm check")
        }
        return FollowUpOutcome(person: written, item: item, others: others, today: today)
    }
}
