/// What `crm import` does with each card of a book: add it, or skip it because someone already
/// tracks it.
///
/// A person tracks a card when they have its contact id, else one of its emails (ignoring case),
/// else its name (ignoring case and accents). Emails and names only count for people not linked
/// to another card of the same book, so two John Smiths in the book become two people. Cards are
/// taken in book order and each one added counts for the ones after it, so a card given twice
/// is added once and a second import adds nothing.
public enum ContactImport {
    /// How a card was found to be tracked already.
    public enum Match: String, Sendable {
        case contactID = "contact id"
        case email
        case name
    }

    /// Who tracks a card: a person in the vault, or a card added earlier in the same import.
    public struct Tracker: Sendable, Equatable {
        /// The person's id; `nil` for a card added earlier in the same import.
        public var id: String?
        /// The person's name.
        public var name: String
    }

    /// What happens to one card.
    public enum Decision: Sendable {
        /// Not tracked yet: becomes a person.
        case add(Contact)
        /// Already tracked by `tracker`, found by `match`.
        case skip(Contact, tracker: Tracker, match: Match)
        /// The card's name is empty, so it cannot become a person.
        case unnamed(Contact)
    }

    /// The decision for every contact of `book`, in book order, given the people in the vault.
    public static func plan(_ book: ContactBook, people: [Person]) -> [Decision] {
        plan(book, people: people.map { PersonFacts(document: $0.document, id: $0.id, checking: false) })
    }

    /// The same for the people of `vault` (their facts from the cache where files are unchanged):
    /// only the people who share a contact id, an email or a name with a card are held, so an
    /// import into 100,000 people keeps a few thousand.
    public static func plan(_ book: ContactBook, vault: Vault) -> [Decision] {
        let uids = Set(book.contacts.compactMap(\.uid))
        let emails = Set(book.contacts.flatMap { $0.emails.map(emailKey) })
        let names = Set(book.contacts.map { nameKey($0.name) })
        let (rows, _) = vault.facts(today: nil) { person -> PersonFacts? in
            let shares = person.contactID.map(uids.contains) == true || names.contains(nameKey(person.name))
                || person.emails.contains { emails.contains(emailKey($0)) }
            return shares ? person : nil
        }
        // The others hold no key a card is looked up by: leaving them out changes no decision.
        return plan(book, people: rows.compactMap { $0 })
    }

    /// The same from the people's facts (`Vault.facts`: no file is held, or read when cached).
    public static func plan(_ book: ContactBook, people: [PersonFacts]) -> [Decision] {
        let uids = Set(book.contacts.compactMap(\.uid))
        var byID: [String: Tracker] = [:], byEmail: [String: Tracker] = [:], byName: [String: Tracker] = [:]
        func track(_ tracker: Tracker, contactID: String?, emails: [String], name: String) {
            if let contactID, byID[contactID] == nil { byID[contactID] = tracker }
            guard contactID.map({ !uids.contains($0) }) ?? true else { return }
            for email in emails where byEmail[emailKey(email)] == nil { byEmail[emailKey(email)] = tracker }
            if byName[nameKey(name)] == nil { byName[nameKey(name)] = tracker }
        }
        for person in people {
            track(Tracker(id: person.id, name: person.name), contactID: person.contactID, emails: person.emails, name: person.name)
        }
        return book.contacts.map { contact in
            guard !contact.name.isEmpty else { return .unnamed(contact) }
            if let uid = contact.uid, let tracker = byID[uid] { return .skip(contact, tracker: tracker, match: .contactID) }
            if let tracker = contact.emails.lazy.compactMap({ byEmail[emailKey($0)] }).first {
                return .skip(contact, tracker: tracker, match: .email)
            }
            if let tracker = byName[nameKey(contact.name)] { return .skip(contact, tracker: tracker, match: .name) }
            track(Tracker(id: nil, name: contact.name), contactID: contact.uid, emails: contact.emails, name: contact.name)
            return .add(contact)
        }
    }

    /// What a card and a person are matched by: an email ignoring case, a name folded.
    private static func emailKey(_ email: String) -> String { email.lowercased() }
    private static func nameKey(_ name: String) -> String { name.folded }
}
