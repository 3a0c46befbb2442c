import CRMFormat
import CRMVault

/// The fields a person file keeps from their contact: phone numbers, email addresses, birthday,
/// nicknames (`aliases`).
///
/// The person's `name` is not part of it: `refresh` never renames, since people edit names.
package struct ContactSnapshot: Sendable, Equatable {
    /// Phone numbers, the primary first.
    package var phones: [String]
    /// Email addresses, the primary first.
    package var emails: [String]
    /// `YYYY-MM-DD` or `--MM-DD`.
    package var birthday: String?
    /// Other names (the file's `aliases`, the card's nicknames).
    package var aliases: [String] = []
}

extension ContactSnapshot {
    /// What the contact says now, for a person called `name` (a nickname that is the person's
    /// name is no alias).
    package init(_ contact: Contact, name: String? = nil) {
        let name = name?.folded
        self.init(phones: contact.phones, emails: contact.emails, birthday: contact.birthday,
                  aliases: contact.nicknames.filter { $0.folded != name })
    }

    /// What the person file says.
    package init(_ document: PersonDocument) {
        self.init(phones: document.phones, emails: document.emails, birthday: document.birthday, aliases: document.aliases)
    }

    /// This snapshot (the file's) brought up to date with `current` (the contact as it is now).
    ///
    /// Phones and emails: the contact's, in its order, then the file's that the contact does not
    /// have (a number typed by hand is never dropped), unless `pruning`. Birthday: the contact's,
    /// else the file's. Aliases: the file's, then the contact's nicknames it does not have yet;
    /// an alias is never removed, even when pruning (only a person writes them).
    package func updated(with current: ContactSnapshot, pruning: Bool = false) -> ContactSnapshot {
        let kept = onlyInFile(against: current)
        return ContactSnapshot(
            phones: current.phones + (pruning ? [] : kept.phones),
            emails: current.emails + (pruning ? [] : kept.emails),
            birthday: current.birthday ?? birthday,
            aliases: aliases + current.aliases.filter { nickname in !aliases.contains { $0.folded == nickname.folded } })
    }

    /// The phones and emails of this snapshot (the file's) that `current` does not have: the
    /// values a refresh keeps and names, or drops with `--prune`. A phone is the same number
    /// written another way (`PhoneNumber.same`), an email the same ignoring case.
    package func onlyInFile(against current: ContactSnapshot) -> (phones: [String], emails: [String]) {
        (phones.filter { phone in !current.phones.contains { PhoneNumber.same($0, phone) } },
         emails.filter { email in !current.emails.contains { $0.lowercased() == email.lowercased() } })
    }

    /// The fields of `new` that differ from this snapshot, in file order (`phone`, `email`,
    /// `birthday`, `aliases`). A field `new` leaves empty is a change (its key is removed) only
    /// when this snapshot has it, which `updated(with:pruning:)` does only when pruning.
    package func changes(to new: ContactSnapshot) -> [SnapshotChange] {
        let fields: [(String, [String], [String])] = [
            ("phone", phones, new.phones),
            ("email", emails, new.emails),
            ("birthday", birthday.map { [$0] } ?? [], new.birthday.map { [$0] } ?? []),
            ("aliases", aliases, new.aliases),
        ]
        return fields.compactMap { key, old, new in
            old == new ? nil : SnapshotChange(key: key, old: old, new: new)
        }
    }
}

/// One front-matter field a refresh changes.
package struct SnapshotChange: Sendable, Equatable {
    /// `phone`, `email`, `birthday` or `aliases`.
    package var key: String
    /// The values in the file before (empty when the key was not there).
    package var old: [String]
    /// The values to write; empty when the key is removed (`--prune`, the contact has none).
    package var new: [String]

    /// What is written: one value as a string, several as a list (`aliases` always a list, as
    /// Obsidian writes it); `nil` when the key is removed.
    package var value: FieldValue? { key == "aliases" && !new.isEmpty ? .list(new) : FieldValue(new) }
}

extension FieldValue {
    /// One value as a string, several as a list (the first is primary); `nil` for none.
    package init?(_ values: [String]) {
        switch values.count {
        case 0: return nil
        case 1: self = .string(values[0])
        default: self = .list(values)
        }
    }
}

extension PersonDocument {
    /// The file with its snapshot brought up to date with `contact` (see
    /// `ContactSnapshot.updated(with:pruning:)`): each changed key is set in place (its comment
    /// kept), nothing else is touched. Returns the same bytes when nothing changed.
    package func refreshed(from contact: Contact, pruning: Bool = false) throws(PersonFileError) -> [UInt8] {
        let old = ContactSnapshot(self)
        var document = self
        for change in old.changes(to: old.updated(with: ContactSnapshot(contact, name: name), pruning: pruning)) {
            let bytes = if let value = change.value {
                try document.setting(change.key, to: value)
            } else {
                try document.removing(change.key)
            }
            document = PersonDocument(bytes: bytes, path: path, settings: settings)
        }
        return document.text.bytes
    }
}
