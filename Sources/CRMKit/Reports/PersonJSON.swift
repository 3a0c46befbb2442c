import CRMFormat
import CRMVault

/// The JSON shapes for people (`crm show --json`, `crm export --format json`; docs/commands.md).
extension Person {
    /// `crm show PERSON --json`; with a contacts `view`, its phone, email and birthday, and
    /// `source` (`contacts` or `snapshot`). `connections` (see `VaultLinks`) add the entries of
    /// other files the person takes part in to `interactions` (each with its `from`), the other
    /// participants of each (`with`), `mentions` and `related`.
    package func showJSON(config: VaultConfig, today: Day, view: ContactView? = nil,
                         connections: PersonConnections = PersonConnections()) -> JSON {
        let doc = document
        let schedule = DueSchedule(document: doc, config: config, today: today, shared: connections.shared)
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
            ("dates", .object(doc.dates.map { ($0.name, .string($0.date.description)) })),
            ("deceased", .optional(doc.deceased?.description)),
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
            // The person's own entries and the shared ones, newest first; on the same moment, the person's own first.
            ("interactions", .array(doc.interactions.map { ($0, nil as SharedInteraction?) }
                .merged(with: connections.shared.map { ($0.interaction, $0) }) { $0.0.isNewer(than: $1.0) }.map { entry, shared in
                entry.json(on: today, from: shared?.path, with: shared?.with ?? connections.with[entry.line] ?? [],
                           text: shared == nil ? doc.log?.textBelow[entry.line]?.text : nil)
            })),
            ("mentions", .array(connections.mentions.map { mention in
                .object([("path", .string(mention.path)), ("line", .number(mention.line)), ("text", .string(mention.text))])
            })),
            ("related", .array(connections.related.map { relation in
                .object([("relation", .string(relation.relation)), ("id", .optional(relation.id)), ("name", .string(relation.name))])
            })),
        ]
        if let view { pairs.append(("source", .string(view.source.rawValue))) }
        return .object(pairs)
    }
}

extension Interaction {
    /// `json(on:)` with `from` (the file the entry lives in, null for the person's own), `with`
    /// (the other participants' ids) and `text` (hand-written text under the entry in the log,
    /// see `InteractionLog.textBelow`; null when there is none).
    package func json(on today: Day, from: String? = nil, with: [String], text: String? = nil) -> JSON {
        .object(pairs(on: today) + [("from", .optional(from)), ("with", .array(with.map(JSON.string))), ("text", .optional(text))])
    }

    /// `{"date", "time", "type", "note", "line", "status", "checkbox"}`, the status as of `today`.
    package func json(on today: Day) -> JSON { .object(pairs(on: today)) }

    private func pairs(on today: Day) -> [(String, JSON)] {
        [
            ("date", .string(date.description)),
            ("time", .optional(time?.description)),
            ("type", .string(type)),
            ("note", .string(note)),
            ("line", .number(line)),
            ("status", .string(status(on: today).rawValue)),
            ("checkbox", .optional(checkbox?.rawValue)),
        ]
    }
}
