import CRMFormat
import CRMVault

/// What a person added from a contact (`crm add --from`, `crm import`) starts with, besides the
/// contact's own fields.
public struct NewPersonOptions: Sendable {
    /// `--tag`: tags for everyone added, after the contact's own (its address-book groups).
    public var tags: [String]
    /// `--every`: the stay-in-touch cadence of everyone added.
    public var every: Cadence?
    /// `--spread` (with `every`): the first due dates of the people one import adds spread over
    /// one cadence (see `ImportSpread`).
    package var spread: Bool
    /// The day of the import: `added`, unless the address book knows when the contact was made.
    public var today: Day

    public init(tags: [String] = [], every: Cadence? = nil, spread: Bool = false, today: Day) {
        self.tags = tags
        self.every = every
        self.spread = spread
        self.today = today
    }
}

extension ContactImport {
    /// The files of the people `plan` adds, in its order, ready for `Vault.create`: a slug of
    /// each name and the person file (`Contact.personFields`, with the `snooze` `ImportSpread`
    /// gives when `options.spread`).
    package static func newFiles(_ plan: [Decision], options: NewPersonOptions, heading: String) -> [(slug: String, bytes: [UInt8])] {
        let adding = plan.compactMap { decision -> Contact? in if case .add(let contact) = decision { contact } else { nil } }
        var snoozes: [Day?] = Array(repeating: nil, count: adding.count)
        if options.spread, let every = options.every {
            snoozes = ImportSpread.snoozes(added: adding.map { $0.added ?? options.today }, every: every, today: options.today)
        }
        return zip(adding, snoozes).map { contact, snooze in
            (Slug.make(contact.name), NewPersonFile.render(contact.personFields(options, snooze: snooze), heading: heading))
        }
    }
}

extension Contact {
    /// The front matter of a person added from this contact, in this order: `name`,
    /// `contact_id` (the UID as written, when the card has one), `phone` and `email` (preferred
    /// first; a list when several), `birthday`, `aliases` (its nicknames), `company` and
    /// `position` (from a CSV), `tags` (its groups, then `options.tags`), `every`, `snooze` (when
    /// given: see `ImportSpread`), `added` (when the contact was made, else `options.today`).
    /// Nothing else from the card.
    package func personFields(_ options: NewPersonOptions, snooze: Day? = nil) -> [(key: String, value: FieldValue)] {
        var fields: [(key: String, value: FieldValue)] = [("name", .string(name))]
        if let uid { fields.append(("contact_id", .string(uid))) }
        if let phone = FieldValue(phones) { fields.append(("phone", phone)) }
        if let email = FieldValue(emails) { fields.append(("email", email)) }
        if let birthday { fields.append(("birthday", .string(birthday))) }
        if !nicknames.isEmpty { fields.append(("aliases", .list(nicknames))) }
        if let company { fields.append(("company", .string(company))) }
        if let position { fields.append(("position", .string(position))) }
        var tags = self.tags
        for tag in options.tags where !tags.contains(tag) { tags.append(tag) }
        if !tags.isEmpty { fields.append(("tags", .list(tags))) }
        if let every = options.every { fields.append(("every", .string(every.description))) }
        if let snooze { fields.append(("snooze", .string(snooze.description))) }
        fields.append(("added", .string((added ?? options.today).description)))
        return fields
    }
}

/// `crm import --every C --spread`: the first due dates of the people one import adds, spread
/// evenly over one cadence so that they do not all fall due on one day.
///
/// Someone added today with cadence C is first due on today + C. Spread, the k-th of n people
/// added (0-based, in the order they are added) is first due k/n of a cadence later: the
/// first on today + C, the last a little before today + 2C. The later date is written as
/// `snooze:` (not due before), so `added` stays the day the person was added and `every` their
/// cadence; a snooze never makes anyone due sooner, and once the first contact is logged it is
/// in the past and counts no more. A person whose own first due date is later already (added
/// recently, from LinkedIn's "Connected On") gets none.
package enum ImportSpread {
    /// The `snooze` of each person added, in order; `nil` where none is needed.
    package static func snoozes(added: [Day], every: Cadence, today: Day) -> [Day?] {
        let start = every.step(from: today)
        let length = start.days(until: every.step(from: start))
        return added.enumerated().map { k, day in
            let due = start.adding(days: k * length / added.count)
            return due > every.step(from: day) ? due : nil
        }
    }
}
