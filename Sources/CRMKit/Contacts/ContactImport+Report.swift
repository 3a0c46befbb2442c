import CRMFormat
import CRMVault

extension ContactImport.Decision {
    /// The contact the decision is about.
    package var contact: Contact {
        switch self {
        case .add(let contact), .skip(let contact, _, _), .ambiguous(let contact, _), .unnamed(let contact): contact
        }
    }

    /// One line of `crm import`'s report: `Added NAME (PATH)` (`Would add NAME` without a
    /// path), with `: not OTHER, whose phones, emails, company or UID differ` when `namesake` (a path, or
    /// a card's place) has the same name; `Skipped NAME: tracked as ID (same …)`; or the unnamed
    /// card's place.
    package func line(path: String?, dryRun: Bool, namesake: String? = nil) -> String {
        switch self {
        case .add(let contact):
            let added = path.map { "Added \(contact.name) (\($0))" } ?? "\(dryRun ? "Would add" : "Added") \(contact.name)"
            return added + (namesake.map { ": not \($0), whose phones, emails, company or UID differ" } ?? "")
        case .skip(let contact, let tracker, let match):
            let who = tracker.id.map { "tracked as \($0)" } ?? "a card above"
            return "Skipped \(contact.name): \(who) (same \(match.rawValue))"
        case .ambiguous(let contact, let candidates):
            let who = candidates.map { candidate in
                (candidate.id ?? candidate.name) + (candidate.company.map { " (\($0))" } ?? "")
            }
            let hint = if let uid = contact.uid {
                LinkedInProfile.isProfileURL(uid) ? "linkedin: \(uid)" : "contact_id: \(uid)"
            } else if !contact.phones.isEmpty || !contact.emails.isEmpty {
                "one of its phones or emails"
            } else if let company = contact.company {
                "company: \(company)"
            } else {
                "a detail of the card"
            }
            return "Not added \(contact.name): could be \(who.dropLast().joined(separator: ", ")) or \(who.last ?? ""), "
                + "with nothing to tell which; add \(hint) to the one it is, and import again"
        case .unnamed(let contact):
            return "Skipped the card at \(contact.path):\(contact.line): "
                + (contact.name.isEmpty ? "it has no name" : "its name has no visible character")
        }
    }

    /// The decision as `crm import --json` lists it under `added` (with the new person's `id`
    /// and `path`, null in a dry run, and the `namesake` another person of that name is, if any)
    /// or `skipped` (with a `reason` and the tracker's `id`).
    package func json(id: String?, path: String?, namesake: String? = nil) -> JSON {
        switch self {
        case .add(let contact):
            return .object([
                ("id", .optional(id)), ("path", .optional(path)), ("name", .string(contact.name)),
                ("contact_id", .optional(contact.uid)), ("line", .number(contact.line)), ("namesake", .optional(namesake)),
            ])
        case .skip(let contact, let tracker, let match):
            return .object([
                ("name", .string(contact.name)), ("contact_id", .optional(contact.uid)),
                ("reason", .string("same \(match.rawValue)")), ("id", .optional(tracker.id)), ("line", .number(contact.line)),
            ])
        case .ambiguous(let contact, let candidates):
            return .object([
                ("name", .string(contact.name)), ("contact_id", .optional(contact.uid)),
                ("reason", .string("ambiguous")), ("id", .null), ("line", .number(contact.line)),
                ("candidates", .array(candidates.map { JSON.optional($0.id) })),
            ])
        case .unnamed(let contact):
            return .object([
                ("name", .string("")), ("contact_id", .optional(contact.uid)),
                ("reason", .string("no name")), ("id", .null), ("line", .number(contact.line)),
            ])
        }
    }
}

extension ContactImport {
    /// One warning per file for the contacts added without a UID: how many, at the first of
    /// them, and what it means: `crm refresh` cannot follow them, a second import knows them by
    /// name, phones and emails.
    package static func missingUIDs(_ plan: [Decision], dryRun: Bool) -> [Diagnostic] {
        var byFile: [(path: String, line: Int, count: Int)] = []
        for case .add(let contact) in plan where contact.uid == nil {
            if let index = byFile.firstIndex(where: { $0.path == contact.path }) {
                byFile[index].count += 1
            } else {
                byFile.append((contact.path, contact.line, 1))
            }
        }
        return byFile.map { file in
            let cards = file.count == 1 ? "1 contact" : "\(file.count) contacts"
            let people = file.count == 1 ? "the person" : "the \(file.count) people"
            return Diagnostic(path: file.path, line: file.line, severity: .warning, message:
                "\(cards) \(dryRun ? "to add" : "added") from this file \(file.count == 1 ? "has" : "have") no UID (the first here): "
                + "\(people) will have no contact_id, so 'crm refresh' cannot follow them; "
                + "'crm import' knows them again by name, phones and emails")
        }
    }
}

extension ContactImport {
    /// Who else bears the name of a contact `plan` adds: the person in `vault`, or the card
    /// added earlier in the same import, with that name (ignoring case and accents), by the
    /// index of the decision; none for a name nobody else has. What `crm import` reports beside a
    /// second John Smith, so that two people of one name are never a surprise.
    package static func namesakes(_ plan: [Decision], vault: Vault) -> [Int: Namesake] {
        var names: [String: Int] = [:]
        for (index, decision) in plan.enumerated() {
            if case .add(let contact) = decision, names[nameKey(contact.name)] == nil { names[nameKey(contact.name)] = index }
        }
        guard !names.isEmpty else { return [:] }
        let keys = Set(names.keys)
        let rows = vault.facts(today: nil).rows.map { person -> (key: String, id: String)? in
            let key = nameKey(person.name)
            return keys.contains(key) ? (key, person.id) : nil
        }
        var inVault: [String: String] = [:]
        for case let row? in rows where inVault[row.key] == nil { inVault[row.key] = row.id }
        var found: [Int: Namesake] = [:]
        for (index, decision) in plan.enumerated() {
            guard case .add(let contact) = decision else { continue }
            let key = nameKey(contact.name)
            if let id = inVault[key] {
                found[index] = .person(id: id)
            } else if let first = names[key], first != index {
                found[index] = .card(index: first)
            }
        }
        return found
    }

    /// Another bearer of a name: a person of the vault, or a card of the import (by the index of
    /// its decision in the plan).
    package enum Namesake: Sendable, Equatable {
        case person(id: String)
        case card(index: Int)
    }
}
