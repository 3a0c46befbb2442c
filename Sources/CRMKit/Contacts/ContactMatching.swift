import CRMFormat
import CRMVault

extension ContactBook {
    /// The contacts a picker query selects, in book order; every contact for an empty query.
    ///
    /// A contact matches when the query, ignoring case and accents, is part of its name or of
    /// one of its emails, or when the query is a phone number (digits, with spaces, dashes, dots,
    /// parentheses and a leading `+` ignored) whose digits are part of one of its phones' digits.
    package func matching(_ query: String) -> [Contact] {
        let text = query.trimmingSpaces.folded
        guard !text.isEmpty else { return contacts }
        let compact = PhoneNumber.compact(text)
        let number = compact.hasPrefix("+") ? String(compact.dropFirst()) : compact
        let isNumber = !number.isEmpty && PhoneNumber.digits(number) == number
        return contacts.filter { contact in
            contact.name.folded.contains(text)
                || contact.emails.contains { $0.folded.contains(text) }
                || isNumber && contact.phones.contains { PhoneNumber.digits($0).contains(number) }
        }
    }
}
