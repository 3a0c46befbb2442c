/// What `crm refresh` finds for one person, before anything is written.
public struct RefreshOutcome: Sendable {
    /// Where the person stands against the contacts source.
    public enum Status: String, Sendable {
        /// The contact exists and some snapshot fields differ.
        case updated
        /// The contact exists and the snapshot is up to date.
        case unchanged
        /// The person's contact id is not in the source; the snapshot stays as it is.
        case gone
        /// The person has no `contact_id`.
        case unlinked
    }

    /// The person as read.
    public var person: Person
    /// Updated, unchanged, gone or unlinked.
    public var status: Status
    /// The fields that change, for `updated`.
    public var changes: [SnapshotChange] = []
    /// The person's contact, for `updated` and `unchanged`.
    public var contact: Contact?

    /// Compares `person` with their contact in `contacts` (see `ContactBook.contactsByUID()`).
    public init(person: Person, contacts: [String: Contact]) {
        self.person = person
        guard let id = person.document.contactID else { status = .unlinked; return }
        guard let contact = contacts[id] else { status = .gone; return }
        self.contact = contact
        let old = ContactSnapshot(person.document)
        changes = old.changes(to: old.updated(with: ContactSnapshot(contact)))
        status = changes.isEmpty ? .unchanged : .updated
    }
}

/// What `crm show --contacts` shows for a person: the current details when their contact still
/// exists, else the snapshot in the file.
public struct ContactView: Sendable {
    /// Where the details come from.
    public enum Source: String, Sendable { case contacts, snapshot }

    /// `contacts` when the person's contact was found, else `snapshot`.
    public var source: Source
    /// Phone, email and birthday to show: with a contact, the file's brought up to date with it
    /// (what `crm refresh` would write); else the file's.
    public var details: ContactSnapshot

    /// The view of `document` given the contacts by UID.
    public init(document: PersonDocument, contacts: [String: Contact]) {
        let snapshot = ContactSnapshot(document)
        if let id = document.contactID, let contact = contacts[id] {
            source = .contacts
            details = snapshot.updated(with: ContactSnapshot(contact))
        } else {
            source = .snapshot
            details = snapshot
        }
    }
}
