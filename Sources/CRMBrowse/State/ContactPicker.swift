import CRMKit
import CRMTerminal

/// The contact picker: the address book, filtered as you type (names, organisations, emails,
/// phones), the contacts someone already tracks marked and not pickable.
package struct ContactPicker: Sendable {
    /// One contact of the book.
    package struct Choice: Sendable {
        package let contact: Contact
        /// Who tracks it already (found as `crm import` finds them); nil: it can be added.
        package let trackedBy: String?
        let candidate: FuzzyCandidate
    }

    /// The address book as shown (`~/contacts.vcf`).
    package let source: String
    package let choices: [Choice]
    package internal(set) var filter = TextField()
    /// Indices of `choices` shown, best matches first.
    package internal(set) var shown: [Int]
    package internal(set) var selected = 0
    package internal(set) var top = 0

    init(source: String, decisions: [ContactImport.Decision], filter: String = "", rows: Int = 20) {
        self.source = source
        choices = decisions.map { decision in
            let trackedBy: String? = switch decision {
            case .add, .unnamed: nil
            // A card given twice in the book is tracked by an earlier card, not by a person.
            case .skip(_, let tracker, _): tracker.id == nil ? nil : tracker.name
            // Several people of its name might track it: which one is not known.
            case .ambiguous(_, let candidates): candidates.map { $0.id ?? $0.name }.joined(separator: " or ")
            }
            return Choice(contact: decision.contact, trackedBy: trackedBy, candidate: Self.candidate(decision.contact))
        }
        shown = Array(choices.indices)
        if !filter.isEmpty {
            self.filter = TextField(filter)
            refilter(rows: rows)
        }
    }

    private static func candidate(_ contact: Contact) -> FuzzyCandidate {
        FuzzyCandidate([contact.name.folded] + [contact.company?.folded ?? ""] + contact.emails.map(\.folded)
                       + contact.phones.map(PhoneNumber.digits))
    }

    package var selectedChoice: Choice? { shown.indices.contains(selected) ? choices[shown[selected]] : nil }

    mutating func editFilter(_ key: Key, rows: Int) -> Bool {
        guard filter.handle(key) else { return false }
        refilter(rows: rows)
        return true
    }

    mutating func clearFilter(rows: Int) {
        filter = TextField()
        refilter(rows: rows)
    }

    private mutating func refilter(rows: Int) {
        let text = filter.text.folded
        // A phone number is matched by its digits, as `crm add --from` matches it.
        let digits = PhoneNumber.digits(text)
        let pattern = FuzzyPattern(digits.count >= 3 && digits.count * 2 >= text.filter { $0 != " " }.count ? digits : text)
        if pattern.isEmpty {
            shown = Array(choices.indices)
        } else {
            shown = choices.indices.compactMap { i in pattern.score(choices[i].candidate).map { (-$0, i) } }
                .sorted { $0 < $1 }.map(\.1)
        }
        selected = 0
        top = 0
        scroll(rows: rows)
    }

    mutating func move(by delta: Int, rows: Int) {
        guard !shown.isEmpty else { return }
        selected = max(0, min(shown.count - 1, selected + delta))
        scroll(rows: rows)
    }

    mutating func scroll(rows: Int) {
        top = PeopleList.top(top, selected: selected, count: shown.count, rows: rows)
    }
}

/// Adding a person by name (`a` with no address book), as the app's manual entry.
package struct NameEntry: Sendable {
    package internal(set) var name = TextField()
    package internal(set) var problem: String?
}

/// The About screen (`?`): version, vault, licence and the keys, scrolled.
package struct AboutPage: Sendable {
    package internal(set) var scroll = 0
}
