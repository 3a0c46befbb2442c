/// What the listings need of a person, without the file itself: small enough to hold for
/// 100,000 people at once (`crm list`, `crm due`, `crm birthdays`).
public struct PersonSummary: Sendable {
    public let id: String
    public let path: String
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
    public let schedule: ContactSchedule

    public init(_ person: Person, config: VaultConfig, today: Day) {
        let document = person.document
        id = person.id
        path = person.path
        name = person.name
        sortName = name.folded
        tags = document.tags
        birthday = document.birthday
        birthdayProblem = document.fieldProblem("birthday")
        added = document.added
        interactionCount = document.log?.entries.count ?? 0
        schedule = ContactSchedule(document: document, config: config, today: today)
    }

    /// One row of `crm list --json`: `{"id", "name", "tags", "every", "last", "due", "interactions"}`.
    public var listJSON: JSON {
        .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("tags", .array(tags.map(JSON.string))),
            ("every", .optional(schedule.cadence?.description)),
            ("last", .optional(schedule.last?.date.description)),
            ("due", .optional(schedule.due?.description)),
            ("interactions", .number(interactionCount)),
        ])
    }
}
