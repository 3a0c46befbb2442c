import CRMFormat
import CRMVault

/// One person read from an address book (a vCard, or a row of a CSV export): the snapshot My
/// Person CRM stores, and where it was found.
public struct Contact: Sendable, Equatable {
    /// The card's `UID` as written (escapes undone, `urn:uuid:` kept); for a LinkedIn connection
    /// its profile URL; `nil` when the card has none (a Google or Outlook CSV row).
    public var uid: String?
    /// `FN`, else the parts of `N` (prefix, given, additional, family, suffix) joined by single
    /// spaces, else the organisation (`ORG`'s first part), for a card of a shop or a plumber.
    public var name: String
    /// Phone numbers, preferred first (`PREF=n`, lowest first, or `TYPE=pref`), then mobile numbers,
    /// then file order; a `tel:` prefix is removed and numbers differing only in spaces, dashes,
    /// dots or parentheses are kept once.
    public var phones: [String]
    /// Email addresses, preferred first (`PREF=n` or `TYPE=pref`), then file order; kept once
    /// ignoring case.
    public var emails: [String]
    /// `YYYY-MM-DD`, or `--MM-DD` when the card does not know the year.
    public var birthday: String?
    /// The card's `ANNIVERSARY` (vCard 4.0), as `birthday` is written: the person's
    /// `dates: anniversary:`, which the vCard export writes back.
    package var anniversary: PartialDate?
    /// Nicknames (vCard `NICKNAME`, Android's nickname row, a CSV's nickname column), kept once
    /// ignoring case and accents: the person's `aliases`.
    package var nicknames: [String] = []
    /// The organisation (`ORG`'s first part, a CSV's company column): the person's `company:`,
    /// shown and searched by the contact picker. An organisation's card (`KIND:org`, or no name
    /// but the organisation's) has its own name here.
    package var company: String?
    /// The position held there (`TITLE`, a CSV's job title): `position:`.
    package var position: String?
    /// Groups the address book put the contact in (`CATEGORIES`, a Google export's labels, an
    /// Outlook export's categories), system groups left out: the person's `tags`.
    package var tags: [String] = []
    /// Free text about the person (`NOTE`, a CSV's Notes), line breaks as `\n`: the person's notes.
    package var notes: String?
    /// The people the card relates the contact to (`RELATED`, Google's relations, Outlook's
    /// spouse), in card order: the person's `related:`.
    package var related: [ContactRelation] = []
    /// When the address book says the contact was made (LinkedIn's "Connected On"): the
    /// person's `connected:`, not `added` (the cadence starts at the import).
    package var connected: Day?
    /// The file the card came from.
    package var path: String
    /// The 1-based line of the card's `BEGIN:VCARD`, or of the CSV row.
    package var line: Int
}

extension Contact {
    /// Whether `group` is one an address book puts contacts in by itself, no tag of the user's:
    /// Google's `myContacts` (every contact is in it), `starred` (a flag), `Other contacts`.
    package static func isSystemGroup(_ group: String) -> Bool {
        ["mycontacts", "my contacts", "starred", "starred in android", "other", "other contacts", "blocked"].contains(group.lowercased())
    }
}

/// One relationship a card states: the relation (`spouse`, `child`, `co-worker`) and the other
/// person, by the `UID` of their card (`RELATED:urn:uuid:…`) or by a name (`RELATED;VALUE=text`).
package struct ContactRelation: Sendable, Equatable {
    /// The relation, from the card's side: the other person is the contact's `relation`.
    package var relation: String
    /// The other person's card (a URI: `urn:uuid:…`, a profile URL), when the card names it so.
    package var uid: String?
    /// The other person's name, when the card names them by text.
    package var name: String?
}
