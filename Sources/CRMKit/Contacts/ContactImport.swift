import CRMFormat
import CRMVault

/// What `crm import` does with each card of a book: add it, or skip it because someone already
/// tracks it, or leave it because more than one person might.
///
/// A person tracks a card when they have its contact id (or, for a LinkedIn connection, its
/// profile URL as `linkedin:`); else, when they are not linked to another card of the same
/// book, when they have its name (ignoring case and accents) and details that fit (see `Fit`:
/// a phone or email in common, or nothing against them, a different `company` counting against;
/// each such person stands for one card of the book, and its twins), else one of its emails
/// (ignoring case). When several people of the name fit as well as each other, the card is
/// `ambiguous`: it is neither added nor taken for one of them. Within one book, two cards are
/// one person only when they have the same UID, or the same name, phones, emails and company
/// (no UID, or only one of them with one): two John Smiths with different numbers are two
/// people. Cards are taken in book order and each one added counts for the ones after it, so a
/// card given twice is added once and a second import adds nothing, cards without a UID
/// included (they are known again by name, phones and emails).
package enum ContactImport {
    /// How a card was found to be tracked already.
    package enum Match: String, Sendable {
        case contactID = "contact id"
        case linkedIn = "LinkedIn URL"
        case name
        case email
        /// A card earlier in the same book with the same name, phones and emails.
        case sameCard = "name, phones and emails"
    }

    /// Who tracks a card: a person in the vault, or a card added earlier in the same import.
    package struct Tracker: Sendable, Equatable {
        /// The person's id; `nil` for a card added earlier in the same import.
        package var id: String?
        /// The person's name.
        package var name: String
        /// The person's `company:`, when known: what tells people of one name apart.
        package var company: String?
    }

    /// What happens to one card.
    package enum Decision: Sendable {
        /// Not tracked yet: becomes a person.
        case add(Contact)
        /// Already tracked by `tracker`, found by `match`.
        case skip(Contact, tracker: Tracker, match: Match)
        /// Several people of its name fit it equally well (`candidates`): nobody is added, and
        /// none of them is taken for it.
        case ambiguous(Contact, candidates: [Tracker])
        /// The card's name is empty, so it cannot become a person.
        case unnamed(Contact)
    }

    /// What a person's file says that the facts cache does not hold: read only for people who
    /// bear a card's name.
    struct Details {
        var phones: [String]
        var company: String?
        var linkedIn: String?
    }

    /// A person, or a card added earlier, as cards are compared with them.
    struct Tracked {
        var tracker: Tracker
        var contactID: String?
        var emails: [String]
        /// `nil` until needed (see `Details`).
        var details: Details?
    }

    /// The decision for every contact of `book`, in book order, given the people in the vault.
    package static func plan(_ book: ContactBook, people: [Person]) -> [Decision] {
        plan(book, people: people.map { person in
            Tracked(tracker: Tracker(id: person.id, name: person.name), contactID: person.document.contactID,
                    emails: person.document.emails, details: Details(person.document))
        }, details: { _ in Details(phones: []) })
    }

    /// The same for the people of `vault` (their facts from the cache where files are unchanged):
    /// only the people who share a contact id, an email or a name with a card are held, so an
    /// import into 100,000 people keeps a few thousand; a person's phones, company and LinkedIn
    /// URL are read from their file only when their name is a card's.
    package static func plan(_ book: ContactBook, vault: Vault) -> [Decision] {
        let uids = Set(book.contacts.compactMap(\.uid))
        let emails = Set(book.contacts.flatMap { $0.emails.map(emailKey) })
        let names = Set(book.contacts.map { nameKey($0.name) })
        let rows = vault.facts(today: nil).rows.map { person -> PersonFacts? in
            let shares = person.contactID.map(uids.contains) == true || names.contains(nameKey(person.name))
                || person.emails.contains { emails.contains(emailKey($0)) }
            return shares ? person : nil
        }
        // The others hold no key a card is looked up by: leaving them out changes no decision.
        let people = rows.compactMap { $0 }.map { person in
            Tracked(tracker: Tracker(id: person.id, name: person.name), contactID: person.contactID, emails: person.emails)
        }
        return plan(book, people: people, details: { id in
            (try? vault.load(path: "people/" + id + ".md")).map { Details($0.document) } ?? Details(phones: [])
        })
    }

    /// How well a person's details fit a card of the same name; `nil` when they contradict it.
    /// Lower is better, field by field: a phone or email in common (all of them the same, then
    /// some), then the same `company`. Nothing else tells two people of one name apart: a card
    /// that has no phone or email fits someone who has none as well as someone who has some.
    struct Fit: Comparable {
        private var evidence: Int
        private var company: Int

        static func < (a: Fit, b: Fit) -> Bool { (a.evidence, a.company) < (b.evidence, b.company) }

        /// Phones and emails contradict when both sides have some and none is common to both
        /// (one without phones and one without emails is nothing against); companies when both
        /// have one and they differ, unless a phone or email is common (people change jobs).
        init?(phones a: [String], emails x: [String], company c: String?, against b: [String], _ y: [String], company d: String?) {
            let shares = a.contains(where: { p in b.contains { PhoneNumber.same(p, $0) } })
                || !Set(x.map(emailKey)).isDisjoint(with: y.map(emailKey))
            let companies = [c, d].map { $0.map(nameKey).flatMap { $0.isEmpty ? nil : $0 } }
            let sameCompany = companies[0] != nil && companies[0] == companies[1]
            let otherCompany = companies[0] != nil && companies[1] != nil && !sameCompany
            if shares {
                evidence = ContactImport.samePhones(a, b) && Set(x.map(emailKey)) == Set(y.map(emailKey)) ? 0 : 1
            } else {
                guard (a.isEmpty || b.isEmpty) && (x.isEmpty || y.isEmpty), !otherCompany else { return nil }
                evidence = 2
            }
            company = sameCompany ? 0 : 1
        }
    }

    static func plan(_ book: ContactBook, people: [Tracked], details: (String) -> Details) -> [Decision] {
        let uids = Set(book.contacts.compactMap(\.uid))
        var people = people
        var byID: [String: Tracker] = [:], byEmail: [String: Tracker] = [:], byName: [String: [Int]] = [:]
        for (index, person) in people.enumerated() {
            if let contactID = person.contactID, byID[contactID] == nil { byID[contactID] = person.tracker }
            // A person linked to another card of this book is that card's, not a match by name or email.
            guard person.contactID.map({ !uids.contains($0) }) ?? true else { continue }
            for email in person.emails where byEmail[emailKey(email)] == nil { byEmail[emailKey(email)] = person.tracker }
            byName[nameKey(person.tracker.name), default: []].append(index)
        }
        var added: [String: [Contact]] = [:], claimed: [Int: Contact] = [:]
        return book.contacts.map { contact in
            guard FieldSchema.isVisible(contact.name) else { return .unnamed(contact) }
            if let uid = contact.uid, let tracker = byID[uid] { return .skip(contact, tracker: tracker, match: .contactID) }
            let key = nameKey(contact.name)
            var fits: [(fit: Fit, index: Int)] = []
            for index in byName[key] ?? [] {
                if people[index].details == nil {
                    people[index].details = details(people[index].tracker.id ?? "")
                    people[index].tracker.company = people[index].details?.company
                }
                let person = people[index].details ?? Details(phones: [])
                if let uid = contact.uid, person.linkedIn == uid {
                    return .skip(contact, tracker: people[index].tracker, match: .linkedIn)
                }
                // A person a different card of this book already went to is not this one's.
                if let claimer = claimed[index], !isSameCard(claimer, contact) { continue }
                guard let fit = Fit(phones: person.phones, emails: people[index].emails, company: person.company,
                                    against: contact.phones, contact.emails, company: contact.company) else { continue }
                fits.append((fit, index))
            }
            if let best = fits.min(by: { $0.fit < $1.fit }) {
                let tied = fits.filter { $0.fit == best.fit }
                guard tied.count == 1 else {
                    return .ambiguous(contact, candidates: tied.map { people[$0.index].tracker }.sorted { ($0.id ?? "") < ($1.id ?? "") })
                }
                if claimed[best.index] == nil { claimed[best.index] = contact }
                return .skip(contact, tracker: people[best.index].tracker, match: .name)
            }
            if let tracker = contact.emails.lazy.compactMap({ byEmail[emailKey($0)] }).first {
                return .skip(contact, tracker: tracker, match: .email)
            }
            if let twin = added[key]?.first(where: { isSameCard($0, contact) }) {
                return .skip(contact, tracker: Tracker(id: nil, name: twin.name, company: twin.company), match: .sameCard)
            }
            if let uid = contact.uid { byID[uid] = Tracker(id: nil, name: contact.name, company: contact.company) }
            added[key, default: []].append(contact)
            return .add(contact)
        }
    }

    /// Whether two cards of one book with the same name are one person: no two different UIDs,
    /// the same phones and emails, no two different companies.
    private static func isSameCard(_ a: Contact, _ b: Contact) -> Bool {
        let companies = Set([a.company, b.company].compactMap { $0.map(nameKey) }.filter { !$0.isEmpty })
        return (a.uid == nil || b.uid == nil) && samePhones(a.phones, b.phones)
            && Set(a.emails.map(emailKey)) == Set(b.emails.map(emailKey)) && companies.count <= 1
    }

    /// Whether each number of `a` is one of `b` and the other way round (`PhoneNumber.same`).
    static func samePhones(_ a: [String], _ b: [String]) -> Bool {
        a.allSatisfy { p in b.contains { PhoneNumber.same(p, $0) } } && b.allSatisfy { p in a.contains { PhoneNumber.same(p, $0) } }
    }

    /// What a card and a person are matched by: an email ignoring case, a name folded.
    static func emailKey(_ email: String) -> String { email.lowercased() }
    static func nameKey(_ name: String) -> String { name.folded }
}

extension ContactImport.Details {
    init(_ document: PersonDocument) {
        self.init(phones: document.phones, company: document.company,
                  linkedIn: document.linkedIn)
    }
}

extension ContactImport {
    /// Who in `vault` already tracks each of `contacts`, by the rule `plan` uses (`nil` for a
    /// contact nobody tracks): what the `crm add --from` picker marks as tracked.
    package static func trackers(of contacts: [Contact], vault: Vault) -> [(tracker: Tracker, match: Match)?] {
        plan(ContactBook(checking: contacts, diagnostics: []), vault: vault).map { decision in
            switch decision {
            case .skip(_, let tracker, let match) where tracker.id != nil: (tracker, match)
            // Several people of its name might track it: taken for the first, so that adding it is a choice (--force).
            case .ambiguous(_, let candidates): candidates.first.map { ($0, .name) }
            default: nil
            }
        }
    }

    /// "people/ada.md already tracks Ada Lovelace", with "with that contact id" or "with that
    /// email" when the names differ: why `crm add --from` refuses a tracked `contact`.
    package static func trackedMessage(_ tracker: Tracker, match: Match, contact: Contact) -> String {
        let how = switch match {
        case _ where nameKey(tracker.name) == nameKey(contact.name): ""
        case .contactID: " with that contact id"
        case .email: " with that email"
        case .linkedIn: " with that LinkedIn URL"
        case .name, .sameCard: ""
        }
        return "people/\(tracker.id ?? "").md already tracks \(tracker.name)\(how)"
    }
}
