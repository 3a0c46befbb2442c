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
        /// The person's contact id cannot be one of this source's (a LinkedIn profile URL in an
        /// address book, or the other way round; see `ContactBook.isFromAnotherSource`).
        case otherSource = "other_source"
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

    /// Compares `person` with their contact in `book` (`contacts` is `book.contactsByUID()`):
    /// the one whose id is their `contact_id`, else, in a LinkedIn export, their `linkedin:`;
    /// a person without either, the card whose UID is the one `crm export` gives them.
    /// `pruning` drops the phones and emails the contact does not have.
    package init(person: Person, contacts: [String: Contact], in book: ContactBook, pruning: Bool = false) {
        self.person = person
        let id = person.document.contactID
        let linkedIn = person.document.linkedIn
        // Without a contact_id, the card `crm export` gave the person (a vdir exported and edited on a phone).
        let exported = id == nil ? contacts[VCardExport.uid(id: person.id, contactID: nil)] : nil
        guard let contact = id.flatMap({ contacts[$0] }) ?? (book.isLinkedIn ? linkedIn.flatMap { contacts[$0] } : nil) ?? exported else {
            if let id {
                status = book.isFromAnotherSource(id) ? .otherSource : .gone
            } else {
                status = linkedIn != nil && !book.isLinkedIn ? .otherSource : .unlinked
            }
            return
        }
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
        case .gone, .otherSource:
            fields.append(("contact_id", .optional(person.document.contactID)))
        case .unlinked:
            fields.append(("path", .string(person.path)))
        }
        return .object(fields)
    }

    /// `{"source", "dry_run", "updated", "unchanged", "gone", "other_source", "unlinked"}`, each
    /// a list of `json` entries: what `crm refresh --json` prints.
    package static func json(_ outcomes: [RefreshOutcome], source: String, dryRun: Bool, pruning: Bool) -> JSON {
        let of = { (status: Status) in JSON.array(outcomes.filter { $0.status == status }.map(\.json)) }
        return .object([
            ("source", .string(source)), ("dry_run", .bool(dryRun)), ("prune", .bool(pruning)),
            ("updated", of(.updated)), ("unchanged", of(.unchanged)), ("gone", of(.gone)),
            ("other_source", of(.otherSource)), ("unlinked", of(.unlinked)),
        ])
    }

    /// What `crm refresh` prints: a line per person updated, unchanged or gone (and what it
    /// kept); the people it cannot follow (no `contact_id`) and those from another source in
    /// one line each, a line per person with `verbose`; then the counts.
    package static func lines(_ outcomes: [RefreshOutcome], source: String, dryRun: Bool, verbose: Bool) -> [String] {
        func listed(_ values: [String]) -> String { values.isEmpty ? "(none)" : values.joined(separator: ", ") }
        var lines: [String] = []
        for outcome in outcomes {
            let person = outcome.person
            switch outcome.status {
            case .updated:
                lines.append((dryRun ? "Would update" : "Updated") + " \(person.name) (\(person.path)):")
                lines += outcome.changes.map { "  \($0.key): \(listed($0.old)) → \(listed($0.new))" }
            case .unchanged:
                lines.append("Unchanged: \(person.name)")
            case .gone:
                lines.append("Gone: \(person.name): contact \(person.document.contactID ?? "") not found in \(source); snapshot kept")
            case .otherSource where verbose:
                let id = person.document.contactID ?? person.document.linkedIn ?? ""
                lines.append("From another source: \(person.name) (\(person.path)): contact \(id) is not looked for in \(source)")
            case .unlinked where verbose:
                lines.append("Not linked: \(person.name) (\(person.path)) has no contact_id; refresh cannot follow them")
            case .otherSource, .unlinked:
                break
            }
            for kept in outcome.kept {
                let one = kept.new.count == 1
                lines.append("  kept \(kept.key)\(one ? "" : "s") \(listed(kept.new)): not on the card (--prune removes \(one ? "it" : "them"))")
            }
        }
        let count = { (status: Status) in outcomes.count { $0.status == status } }
        let people = { (n: Int) in n == 1 ? "1 person" : "\(n) people" }
        if !verbose, count(.otherSource) > 0 {
            let n = count(.otherSource)
            let other = outcomes.contains { $0.status == .otherSource && !$0.isLinkedIn } ? "an address book" : "LinkedIn"
            lines.append("\(people(n))'s contact\(n == 1 ? " is" : "s are") from another source (\(other)): "
                         + "not looked for in \(source) (--verbose names them)")
        }
        if !verbose, count(.unlinked) > 0 {
            let n = count(.unlinked)
            lines.append("\(people(n)) \(n == 1 ? "has" : "have") no contact_id, so refresh cannot follow them (--verbose names them)")
        }
        var summary = "\(count(.updated)) \(dryRun ? "to update" : "updated"), \(count(.unchanged)) unchanged, \(count(.gone)) gone"
        if count(.otherSource) > 0 { summary += ", \(count(.otherSource)) from another source" }
        if count(.unlinked) > 0 { summary += ", \(count(.unlinked)) not linked" }
        lines.append(summary + "." + (dryRun ? " Nothing written (--dry-run)." : ""))
        return lines
    }

    /// Whether the person's contact id (or `linkedin:`) is a LinkedIn profile URL.
    private var isLinkedIn: Bool {
        (person.document.contactID ?? person.document.linkedIn).map(LinkedInProfile.isProfileURL) ?? false
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
