/// A person as the listings show them on one day (`crm list`, `crm due`, `crm birthdays`, and
/// each person of `crm agenda` and `crm summary`): what they print of the file's facts, and the
/// schedule those give under the vault's settings. Small enough to hold for 100,000 people at once.
///
/// A class: the due list, the summary's rankings and the sorted output each refer to one person,
/// and sharing one immutable object keeps each summary to one copy in memory.
public final class PersonSummary: Sendable {
    public let id: String
    public let name: String
    /// The name in lower case without accents, for sorting and matching.
    public let sortName: String
    public let tags: [String]
    /// `birthday:` as written.
    public let birthday: String?
    /// The problem with `birthday:`, when it is not a date.
    public let birthdayProblem: Diagnostic?
    public let added: Day?
    public let interactionCount: Int
    /// Open items dated before today: overdue follow-ups (`DueList.overdueFollowUps`).
    public let overdueFollowUps: Int
    public let schedule: DueSchedule

    public init(facts: PersonFacts, config: VaultConfig, today: Day) {
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

    public convenience init(_ person: Person, config: VaultConfig, today: Day) {
        self.init(facts: PersonFacts(document: person.document, id: person.id, checking: false, today: today),
                  config: config, today: today)
    }

    public var path: String { "people/" + id + ".md" }

    /// One row of `crm list --json`: `{"id", "name", "tags", "every", "last", "due", "interactions"}`, plus `next`.
    public var listJSON: JSON {
        .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("tags", .array(tags.map(JSON.string))),
            ("every", .optional(schedule.cadence?.description)),
            ("last", .optional(schedule.last?.date.description)),
            ("due", .optional(schedule.due?.description)),
            ("next", .optional(schedule.next?.date.description)),
            ("interactions", .number(interactionCount)),
        ])
    }

    /// `crm list --json` of `people` in `order`: the rows of `listJSON` as one array, rendered,
    /// written straight into bytes without building the JSON values (a test holds the two to the
    /// same bytes: a key added to one must be added to the other).
    public static func listJSON(_ people: [PersonSummary], order: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        listJSON(people, order: order) { out += $0 }
        return out
    }

    /// The same bytes handed to `write` in pieces of about 64 KB, so the output of 100,000 people
    /// is never whole in memory.
    public static func listJSON(_ people: [PersonSummary], order: [Int], to write: (ArraySlice<UInt8>) -> Void) {
        guard !order.isEmpty else { return write("[]".utf8.map { $0 }[...]) }
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16 + 4096)
        func key(_ name: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        func optional(_ value: String?) {
            if let value { JSON.writeString(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
        }
        for (i, index) in order.enumerated() {
            let person = people[index]
            key(i == 0 ? "[\n  {\n    \"id\": " : ",\n  {\n    \"id\": ")
            JSON.writeString(person.id, to: &out)
            key(",\n    \"name\": ")
            JSON.writeString(person.name, to: &out)
            key(",\n    \"tags\": ")
            if person.tags.isEmpty {
                key("[]")
            } else {
                for (t, tag) in person.tags.enumerated() {
                    key(t == 0 ? "[\n      " : ",\n      ")
                    JSON.writeString(tag, to: &out)
                }
                key("\n    ]")
            }
            key(",\n    \"every\": ")
            optional(person.schedule.cadence?.description)
            key(",\n    \"last\": ")
            optional(person.schedule.last?.date.description)
            key(",\n    \"due\": ")
            optional(person.schedule.due?.description)
            key(",\n    \"next\": ")
            optional(person.schedule.next?.date.description)
            key(",\n    \"interactions\": ")
            out.append(contentsOf: String(person.interactionCount).utf8)
            key("\n  }")
            if out.count >= 1 << 16 {
                write(out[...])
                out.removeAll(keepingCapacity: true)
            }
        }
        key("\n]")
        write(out[...])
    }
}

extension Vault {
    /// Everyone as the listings show them on `today` (from the facts cache where files are
    /// unchanged), and the warnings to print: files that could not be read are left out (see
    /// `ReadProblems`).
    public func summaries(today: Day) -> (people: [PersonSummary], problems: [Diagnostic]) {
        let config = config
        let (people, problems) = listing(today: today) { PersonSummary(facts: $0, config: config, today: today) }
        return (people, problems)
    }
}
