/// The fields a person file keeps from their contact: phone numbers, email addresses, birthday.
///
/// The person's `name` is not part of it: `refresh` never renames, since people edit names.
public struct ContactSnapshot: Sendable, Equatable {
    /// Phone numbers, the primary first.
    public var phones: [String]
    /// Email addresses, the primary first.
    public var emails: [String]
    /// `YYYY-MM-DD` or `--MM-DD`.
    public var birthday: String?

    /// A snapshot of the given fields.
    public init(phones: [String], emails: [String], birthday: String?) {
        self.phones = phones
        self.emails = emails
        self.birthday = birthday
    }

    /// What the contact says now.
    public init(_ contact: Contact) {
        self.init(phones: contact.phones, emails: contact.emails, birthday: contact.birthday)
    }

    /// What the person file says.
    public init(_ document: PersonDocument) {
        self.init(phones: document.phones, emails: document.emails, birthday: document.birthday)
    }

    /// This snapshot brought up to date with `current` (the contact as it is now): every field
    /// the contact has replaces the old one; a field the contact no longer has keeps its old
    /// value, so a number or birthday typed into the file is never dropped.
    public func updated(with current: ContactSnapshot) -> ContactSnapshot {
        ContactSnapshot(
            phones: current.phones.isEmpty ? phones : current.phones,
            emails: current.emails.isEmpty ? emails : current.emails,
            birthday: current.birthday ?? birthday)
    }

    /// The fields of `new` that differ from this snapshot, in file order (`phone`, `email`,
    /// `birthday`); fields `new` leaves empty are not changes.
    public func changes(to new: ContactSnapshot) -> [SnapshotChange] {
        let fields: [(String, [String], [String])] = [
            ("phone", phones, new.phones),
            ("email", emails, new.emails),
            ("birthday", birthday.map { [$0] } ?? [], new.birthday.map { [$0] } ?? []),
        ]
        return fields.compactMap { key, old, new in
            old == new || new.isEmpty ? nil : SnapshotChange(key: key, old: old, new: new)
        }
    }
}

/// One front-matter field a refresh changes.
public struct SnapshotChange: Sendable, Equatable {
    /// `phone`, `email` or `birthday`.
    public var key: String
    /// The values in the file before (empty when the key was not there).
    public var old: [String]
    /// The values to write; never empty.
    public var new: [String]

    /// What is written: one value as a string, several as a list.
    public var value: FieldValue { FieldValue(new) ?? .list([]) }
}

extension FieldValue {
    /// One value as a string, several as a list (the first is primary); `nil` for none.
    public init?(_ values: [String]) {
        switch values.count {
        case 0: return nil
        case 1: self = .string(values[0])
        default: self = .list(values)
        }
    }
}

extension PersonDocument {
    /// The file with its phone, email and birthday brought up to date with `contact` (see
    /// `ContactSnapshot.updated(with:)`): each changed key is set in place, nothing else is
    /// touched. Returns the same bytes when nothing changed.
    public func refreshed(from contact: Contact) throws(PersonFileError) -> [UInt8] {
        let old = ContactSnapshot(self)
        var document = self
        for change in old.changes(to: old.updated(with: ContactSnapshot(contact))) {
            document = PersonDocument(bytes: try document.setting(change.key, to: change.value), path: path, settings: settings)
        }
        return document.text.bytes
    }
}

extension Contact {
    /// The front matter `crm add --from` and `crm import` write for this contact, in this order:
    /// `name`, `contact_id` (the UID as written, when the card has one), `phone` and `email`
    /// (preferred first; a list when several), `birthday`. Nothing else from the card.
    public var personFields: [(key: String, value: FieldValue)] {
        var fields: [(key: String, value: FieldValue)] = [("name", .string(name))]
        if let uid { fields.append(("contact_id", .string(uid))) }
        if let phone = FieldValue(phones) { fields.append(("phone", phone)) }
        if let email = FieldValue(emails) { fields.append(("email", email)) }
        if let birthday { fields.append(("birthday", .string(birthday))) }
        return fields
    }
}
