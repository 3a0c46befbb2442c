/// The JSON shapes for people (`crm show --json`, `crm export --format json`; docs/commands.md).
extension Person {
    /// `crm show PERSON --json`; with a contacts `view`, its phone, email and birthday, and
    /// `source` (`contacts` or `snapshot`).
    public func showJSON(config: VaultConfig, today: Day, view: ContactView? = nil) -> JSON {
        let doc = document
        let schedule = DueSchedule(document: doc, config: config, today: today)
        let details = view?.details ?? ContactSnapshot(doc)
        var pairs: [(String, JSON)] = [
            ("id", .string(id)),
            ("path", .string(path)),
            ("name", .string(name)),
            ("contact_id", .optional(doc.contactID)),
            ("phone", .optional(details.phones.first)),
            ("email", .optional(details.emails.first)),
            ("phones", .array(details.phones.map(JSON.string))),
            ("emails", .array(details.emails.map(JSON.string))),
            ("birthday", .optional(details.birthday)),
            ("tags", .array(doc.tags.map(JSON.string))),
            ("aliases", .array(doc.aliases.map(JSON.string))),
            ("every", .optional(schedule.cadence?.description)),
            ("snooze", .optional(doc.snooze?.description)),
            ("added", .optional(doc.added?.description)),
            ("last", .optional(schedule.last?.date.description)),
            ("due", .optional(schedule.due?.description)),
            ("next", .optional(schedule.next?.date.description)),
            ("properties", .object((doc.frontMatter?.properties ?? []).map { ($0.key, $0.value.json) })),
            ("notes", .string(doc.notes)),
            ("interactions", .array(doc.interactions.map { $0.json(on: today) })),
        ]
        if let view { pairs.append(("source", .string(view.source.rawValue))) }
        return .object(pairs)
    }
}

extension Interaction {
    /// `{"date", "time", "type", "note", "line", "status", "checkbox"}`, the status as of `today`.
    public func json(on today: Day) -> JSON {
        .object([
            ("date", .string(date.description)),
            ("time", .optional(time?.description)),
            ("type", .string(type)),
            ("note", .string(note)),
            ("line", .number(line)),
            ("status", .string(status(on: today).rawValue)),
            ("checkbox", .optional(checkbox?.rawValue)),
        ])
    }
}
