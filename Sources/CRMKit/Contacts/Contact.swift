/// One person read from a vCard: the snapshot My Person CRM stores, and where the card was found.
public struct Contact: Sendable, Equatable {
    /// The card's `UID` as written (escapes undone, `urn:uuid:` kept); `nil` when the card has none.
    public var uid: String?
    /// `FN`, else the parts of `N` (prefix, given, additional, family, suffix) joined by single spaces.
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
    /// `ORG`, its parts (organisation, units) joined with ", "; shown and searched by the
    /// contact picker, never stored in a person file.
    public var organization: String?
    /// The file the card came from.
    public var path: String
    /// The 1-based line of the card's `BEGIN:VCARD`.
    public var line: Int

    /// Creates a contact from its fields.
    public init(
        uid: String?, name: String, phones: [String], emails: [String], birthday: String?,
        path: String, line: Int, organization: String? = nil
    ) {
        self.uid = uid
        self.name = name
        self.phones = phones
        self.emails = emails
        self.birthday = birthday
        self.organization = organization
        self.path = path
        self.line = line
    }
}
