/// The JSON shapes of SPEC §4 for people.
extension Person {
    /// `crm show PERSON --json`.
    public func showJSON(config: VaultConfig, today: Day) -> JSON {
        let doc = document
        let schedule = ContactSchedule(document: doc, config: config, today: today)
        return .object([
            ("id", .string(id)),
            ("path", .string(path)),
            ("name", .string(name)),
            ("contact_id", .optional(doc.contactID)),
            ("phone", .optional(doc.phones.first)),
            ("email", .optional(doc.emails.first)),
            ("phones", .array(doc.phones.map(JSON.string))),
            ("emails", .array(doc.emails.map(JSON.string))),
            ("birthday", .optional(doc.birthday)),
            ("tags", .array(doc.tags.map(JSON.string))),
            ("aliases", .array(doc.aliases.map(JSON.string))),
            ("every", .optional(schedule.cadence?.description)),
            ("snooze", .optional(doc.snooze?.description)),
            ("added", .optional(doc.added?.description)),
            ("last", .optional(schedule.last?.date.description)),
            ("due", .optional(schedule.due?.description)),
            ("properties", .object((doc.frontMatter?.properties ?? []).map { ($0.key, $0.value.json) })),
            ("notes", .string(doc.notes)),
            ("interactions", .array(doc.interactions.map(\.json))),
        ])
    }

    /// One row of `crm list --json`.
    public func listJSON(config: VaultConfig, today: Day) -> JSON {
        let schedule = ContactSchedule(document: document, config: config, today: today)
        return .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("tags", .array(document.tags.map(JSON.string))),
            ("every", .optional(schedule.cadence?.description)),
            ("last", .optional(schedule.last?.date.description)),
            ("due", .optional(schedule.due?.description)),
            ("interactions", .number(document.log?.entries.count ?? 0)),
        ])
    }
}

extension Interaction {
    public var json: JSON {
        .object([
            ("date", .string(date.description)),
            ("time", .optional(time?.description)),
            ("type", .string(type)),
            ("note", .string(note)),
            ("line", .number(line)),
        ])
    }
}
