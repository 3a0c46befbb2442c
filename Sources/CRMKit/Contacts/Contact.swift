import CRMFormat
import CRMVault

/// One person read from an address book (a vCard, or a row of a CSV export): the snapshot My
/// Person CRM stores, and where it was found.
public struct Contact: Sendable, Equatable {
    /// The card's `UID` as written (escapes undone, `urn:uuid:` kept); `nil` when the card has
    /// none (every CSV row).
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
    /// Nicknames (vCard `NICKNAME`, a CSV's nickname column), kept once ignoring case and accents:
    /// the person's `aliases`.
    package var nicknames: [String]
    /// The organisation, kept from a CSV export (`company:` in the person file); `nil` for a
    /// vCard, whose card stays where it is to be looked up.
    package var company: String?
    /// The position held there, kept from a CSV export (`position:`); `nil` for a vCard.
    package var position: String?
    /// Groups the address book put the contact in (a Google export's labels, an Outlook
    /// export's categories), system groups left out: the person's `tags`.
    package var tags: [String]
    /// When the contact was made, when the address book says so (LinkedIn's "Connected On"):
    /// the person's `added`.
    package var added: Day?
    /// `ORG`'s first part (the organisation), shown and searched by the contact picker; never
    /// stored in a person file.
    package var organization: String?
    /// The file the card came from.
    package var path: String
    /// The 1-based line of the card's `BEGIN:VCARD`, or of the CSV row.
    package var line: Int

    /// Creates a contact from its fields.
    package init(
        uid: String?, name: String, phones: [String], emails: [String], birthday: String?,
        nicknames: [String] = [], company: String? = nil, position: String? = nil, tags: [String] = [],
        added: Day? = nil, path: String, line: Int, organization: String? = nil
    ) {
        self.uid = uid
        self.name = name
        self.phones = phones
        self.emails = emails
        self.birthday = birthday
        self.nicknames = nicknames
        self.company = company
        self.position = position
        self.tags = tags
        self.added = added
        self.organization = organization
        self.path = path
        self.line = line
    }
}
