import CRMFormat
import CRMVault

/// What `crm import` does with each card of a book: add it, or skip it because someone already
/// tracks it.
///
/// A person tracks a card when they have its contact id; else, when they are not linked to
/// another card of the same book, when they have its name (ignoring case and accents) and
/// details that fit (see `Fit`; each such person stands for one card of the book, and its
/// twins), else one of its emails (ignoring case). Within one book, two
/// cards are one person only when they have the same UID, or the same name, phones and emails
/// (no UID, or only one of them with one): two John Smiths with different numbers are two
/// people. Cards are taken in book order and each one added counts for the ones after it, so a
/// card given twice is added once and a second import adds nothing, cards without a UID
/// included (they are known again by name, phones and emails).
package enum ContactImport {
    /// How a card was found to be tracked already.
    package enum Match: String, Sendable {
        case contactID = "contact id"
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
    }

    /// What happens to one card.
    package enum Decision: Sendable {
        /// Not tracked yet: becomes a person.
        case add(Contact)
        /// Already tracked by `tracker`, found by `match`.
        case skip(Contact, tracker: Tracker, match: Match)
        /// The card's name is empty, so it cannot become a person.
        case unnamed(Contact)
    }

    /// A person, or a card added earlier, as cards are compared with them.
    struct Tracked {
        var tracker: Tracker
        var contactID: String?
        var emails: [String]
        /// `nil` until needed: the facts cache holds no phones, so a person's are read from the
        /// file only when their name matches a card's.
        var phones: [String]?
    }

    /// The decision for every contact of `book`, in book order, given the people in the vault.
    package static func plan(_ book: ContactBook, people: [Person]) -> [Decision] {
        plan(book, people: people.map { person in
            Tracked(tracker: Tracker(id: person.id, name: person.name), contactID: person.document.contactID,
                    emails: person.document.emails, phones: person.document.phones)
        }, phones: { _ in [] })
    }

    /// The same for the people of `vault` (their facts from the cache where files are unchanged):
    /// only the people who share a contact id, an email or a name with a card are held, so an
    /// import into 100,000 people keeps a few thousand; a person's phones are read from their
    /// file only when their name is a card's.
    package static func plan(_ book: ContactBook, vault: Vault) -> [Decision] {
        let uids = Set(book.contacts.compactMap(\.uid))
        let emails = Set(book.contacts.flatMap { $0.emails.map(emailKey) })
        let names = Set(book.contacts.map { nameKey($0.name) })
        let (rows, _) = vault.facts(today: nil) { person -> PersonFacts? in
            let shares = person.contactID.map(uids.contains) == true || names.contains(nameKey(person.name))
                || person.emails.contains { emails.contains(emailKey($0)) }
            return shares ? person : nil
        }
        // The others hold no key a card is looked up by: leaving them out changes no decision.
        let people = rows.compactMap { $0 }.map { person in
            Tracked(tracker: Tracker(id: person.id, name: person.name), contactID: person.contactID, emails: person.emails)
        }
        return plan(book, people: people, phones: { id in
            (try? vault.load(path: "people/" + id + ".md"))?.document.phones ?? []
        })
    }

    /// How well a person's details fit a card of the same name, best first; `nil` when they
    /// contradict it.
    enum Fit: Int, Comparable {
        /// The same phones and emails.
        case same
        /// At least one phone or email in common.
        case sharesOne
        /// Nothing in common, nothing against: one of them has no phones, and one no emails.
        case noConflict

        static func < (a: Fit, b: Fit) -> Bool { a.rawValue < b.rawValue }

        init?(phones a: [String], emails x: [String], against b: [String], _ y: [String]) {
            let samePhones = a.allSatisfy { p in b.contains { PhoneNumber.same(p, $0) } }
                && b.allSatisfy { p in a.contains { PhoneNumber.same(p, $0) } }
            let sameEmails = Set(x.map(emailKey)) == Set(y.map(emailKey))
            if samePhones && sameEmails {
                self = .same
            } else if a.contains(where: { p in b.contains { PhoneNumber.same(p, $0) } })
                        || !Set(x.map(emailKey)).isDisjoint(with: y.map(emailKey)) {
                self = .sharesOne
            } else if (a.isEmpty || b.isEmpty) && (x.isEmpty || y.isEmpty) {
                self = .noConflict
            } else {
                return nil
            }
        }
    }

    static func plan(_ book: ContactBook, people: [Tracked], phones: (String) -> [String]) -> [Decision] {
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
            guard !contact.name.isEmpty else { return .unnamed(contact) }
            if let uid = contact.uid, let tracker = byID[uid] { return .skip(contact, tracker: tracker, match: .contactID) }
            let key = nameKey(contact.name)
            var best: (fit: Fit, index: Int)?
            for index in byName[key] ?? [] {
                // A person a different card of this book already went to is not this one's.
                if let claimer = claimed[index], !isSameCard(claimer, contact) { continue }
                if people[index].phones == nil { people[index].phones = phones(people[index].tracker.id ?? "") }
                guard let fit = Fit(phones: people[index].phones ?? [], emails: people[index].emails,
                                    against: contact.phones, contact.emails) else { continue }
                if best.map({ fit < $0.fit }) ?? true { best = (fit, index) }
            }
            if let best {
                if claimed[best.index] == nil { claimed[best.index] = contact }
                return .skip(contact, tracker: people[best.index].tracker, match: .name)
            }
            if let tracker = contact.emails.lazy.compactMap({ byEmail[emailKey($0)] }).first {
                return .skip(contact, tracker: tracker, match: .email)
            }
            if let twin = added[key]?.first(where: { isSameCard($0, contact) }) {
                return .skip(contact, tracker: Tracker(id: nil, name: twin.name), match: .sameCard)
            }
            if let uid = contact.uid { byID[uid] = Tracker(id: nil, name: contact.name) }
            added[key, default: []].append(contact)
            return .add(contact)
        }
    }

    /// Whether two cards of one book with the same name are one person: no two different UIDs,
    /// the same phones and the same emails.
    private static func isSameCard(_ a: Contact, _ b: Contact) -> Bool {
        (a.uid == nil || b.uid == nil) && Fit(phones: a.phones, emails: a.emails, against: b.phones, b.emails) == .same
    }

    /// What a card and a person are matched by: an email ignoring case, a name folded.
    static func emailKey(_ email: String) -> String { email.lowercased() }
    static func nameKey(_ name: String) -> String { name.folded }
}

extension ContactImport {
    /// Who in `vault` already tracks each of `contacts`, by the rule `plan` uses (`nil` for a
    /// contact nobody tracks): what the `crm add --from` picker marks as tracked.
    package static func trackers(of contacts: [Contact], vault: Vault) -> [(tracker: Tracker, match: Match)?] {
        plan(ContactBook(checking: contacts, diagnostics: []), vault: vault).map { decision in
            guard case .skip(_, let tracker, let match) = decision, tracker.id != nil else { return nil }
            return (tracker, match)
        }
    }

    /// "people/ada.md already tracks Ada Lovelace", with "with that contact id" or "with that
    /// email" when the names differ: why `crm add --from` refuses a tracked `contact`.
    package static func trackedMessage(_ tracker: Tracker, match: Match, contact: Contact) -> String {
        let how = switch match {
        case _ where nameKey(tracker.name) == nameKey(contact.name): ""
        case .contactID: " with that contact id"
        case .email: " with that email"
        case .name, .sameCard: ""
        }
        return "people/\(tracker.id ?? "").md already tracks \(tracker.name)\(how)"
    }
}
