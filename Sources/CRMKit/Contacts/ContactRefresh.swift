import CRMFormat
import CRMVault

/// What `crm refresh` finds for one person, before anything is written.
package struct RefreshOutcome: Sendable {
    /// Where the person stands against the contacts source.
    package enum Status: String, Sendable {
        /// The contact exists and some snapshot fields differ.
        case updated
        /// The contact exists and the snapshot is up to date.
        case unchanged
        /// The person's contact id is not in the source; the snapshot stays as it is.
        case gone
        /// The person has no `contact_id`, so no contact can be followed.
        case unlinked
    }

    /// The person as read.
    package var person: Person
    /// Updated, unchanged, gone or unlinked.
    package var status: Status
    /// The fields that change, for `updated`.
    package var changes: [SnapshotChange] = []
    /// The phones and emails the file holds and the contact does not, kept (without pruning):
    /// `phone` and `email` changes whose `new` lists them, for `updated` and `unchanged`.
    package var kept: [SnapshotChange] = []
    /// The person's contact, for `updated` and `unchanged`.
    package var contact: Contact?

    /// Compares `person` with their contact in `contacts` (see `ContactBook.contactsByUID()`);
    /// `pruning` drops the phones and emails the contact does not have.
    package init(person: Person, contacts: [String: Contact], pruning: Bool = false) {
        self.person = person
        guard let id = person.document.contactID else { status = .unlinked; return }
        guard let contact = contacts[id] else { status = .gone; return }
        self.contact = contact
        let old = ContactSnapshot(person.document)
        let current = ContactSnapshot(contact, name: person.document.name)
        changes = old.changes(to: old.updated(with: current, pruning: pruning))
        if !pruning {
            let extra = old.onlyInFile(against: current)
            kept = [("phone", extra.phones), ("email", extra.emails)].filter { !$0.1.isEmpty }
                .map { SnapshotChange(key: $0.0, old: $0.1, new: $0.1) }
        }
        status = changes.isEmpty ? .unchanged : .updated
    }
}

extension RefreshOutcome {
    /// `{"id", "name", …}` as `crm refresh --json` lists it: `path`, `changes` and `kept` for
    /// people with a contact, `contact_id` for the gone ones.
    package var json: JSON {
        var fields: [(String, JSON)] = [("id", .string(person.id)), ("name", .string(person.name))]
        func values(_ list: [String]) -> JSON { .array(list.map(JSON.string)) }
        switch status {
        case .updated, .unchanged:
            fields.append(("path", .string(person.path)))
            fields.append(("changes", .array(changes.map { change in
                .object([("field", .string(change.key)), ("old", values(change.old)), ("new", values(change.new))])
            })))
            fields.append(("kept", .array(kept.map { .object([("field", .string($0.key)), ("values", values($0.new))]) })))
        case .gone:
            fields.append(("contact_id", .optional(person.document.contactID)))
        case .unlinked:
            fields.append(("path", .string(person.path)))
        }
        return .object(fields)
    }

    /// `{"source", "dry_run", "updated", "unchanged", "gone", "unlinked"}`, each a list of
    /// `json` entries: what `crm refresh --json` prints.
    package static func json(_ outcomes: [RefreshOutcome], source: String, dryRun: Bool, pruning: Bool) -> JSON {
        let of = { (status: Status) in JSON.array(outcomes.filter { $0.status == status }.map(\.json)) }
        return .object([
            ("source", .string(source)), ("dry_run", .bool(dryRun)), ("prune", .bool(pruning)),
            ("updated", of(.updated)), ("unchanged", of(.unchanged)), ("gone", of(.gone)), ("unlinked", of(.unlinked)),
        ])
    }
}

/// What `crm show --contacts` shows for a person: the current details when their contact still
/// exists, else the snapshot in the file.
package struct ContactView: Sendable {
    /// Where the details come from.
    package enum Source: String, Sendable { case contacts, snapshot }

    /// `contacts` when the person's contact was found, else `snapshot`.
    package var source: Source
    /// Phone, email and birthday to show: with a contact, the file's brought up to date with it
    /// (what `crm refresh` would write); else the file's.
    package var details: ContactSnapshot

    /// The view of `document` given the contacts by UID.
    package init(document: PersonDocument, contacts: [String: Contact]) {
        let snapshot = ContactSnapshot(document)
        if let id = document.contactID, let contact = contacts[id] {
            source = .contacts
            details = snapshot.updated(with: ContactSnapshot(contact, name: document.name))
        } else {
            source = .snapshot
            details = snapshot
        }
    }
}
