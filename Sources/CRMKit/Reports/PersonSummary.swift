import CRMFormat
import CRMVault

/// A person as the listings show them on one day (`crm list`, `crm due`, `crm birthdays`, and
/// each person of `crm agenda` and `crm summary`): what they print of the file's facts, and the
/// schedule those give under the vault's settings. Small enough to hold for 100,000 people at once.
///
/// A class: the due list, the summary's rankings and the sorted output each refer to one person,
/// and sharing one immutable object keeps each summary to one copy in memory.
package final class PersonSummary: Sendable {
    package let id: String
    package let name: String
    /// The name in lower case without accents, for sorting and matching.
    package let sortName: String
    package let tags: [String]
    /// `birthday:` as written.
    package let birthday: String?
    /// The problem with `birthday:`, when it is not a date.
    package let birthdayProblem: Diagnostic?
    package let added: Day?
    package let interactionCount: Int
    /// Open items dated before today: overdue follow-ups (`DueList.overdueFollowUps`).
    package let overdueFollowUps: Int
    package let schedule: DueSchedule

    package init(facts: PersonFacts, config: VaultConfig, today: Day) {
        id = facts.id
        name = facts.name
        sortName = facts.sortName
        tags = facts.tags
        birthday = facts.birthday
        birthdayProblem = facts.fieldProblems["birthday"]
        added = facts.added
        interactionCount = facts.interactionCount
        overdueFollowUps = facts.timeline.open.prefix { $0.date < today }.count
        schedule = DueSchedule(facts: facts, config: config, today: today)
    }

    package convenience init(_ person: Person, config: VaultConfig, today: Day) {
        self.init(facts: PersonFacts(document: person.document, id: person.id, checking: false, today: today),
                  config: config, today: today)
    }

    package var path: String { "people/" + id + ".md" }
}

extension Vault {
    /// Everyone as the listings show them on `today` (from the facts cache where files are
    /// unchanged), and the warnings to print: files that could not be read are left out (see
    /// `ReadProblems`).
    package func summaries(today: Day) -> (people: [PersonSummary], problems: [Diagnostic]) {
        let config = config
        let (people, problems) = listing(today: today) { PersonSummary(facts: $0, config: config, today: today) }
        return (people, problems)
    }
}
