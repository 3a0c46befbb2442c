import CRMFormat
import CRMVault

/// A person's contact snapshot as a vCard 4.0 (RFC 6350), the form address books import.
///
/// ```
/// BEGIN:VCARD
/// VERSION:4.0
/// UID:6B29FC40-CA47-1067-B31D-00DD010662DA
/// FN:Ada Lovelace
/// N:Lovelace;Ada;;;
/// NICKNAME:Enchantress of Numbers
/// TEL;VALUE=text;PREF=1:+44 20 7946 0018
/// EMAIL;PREF=1:ada@example.org
/// BDAY:18151210
/// CATEGORIES:friends,mathematics
/// END:VCARD
/// ```
///
/// `UID` is the person's `contact_id`; without one, `urn:uuid:` and a UUID derived from the
/// person's id, the same on every export. Phone numbers are written as text exactly as the file
/// has them (a `tel:` URI could not hold `+44 20 7946 0018`); the first phone and email carry
/// `PREF=1`, so `crm import` keeps them first. A birthday without a year is `--MMDD`; one that
/// is not a date is left out (see `leftOut(of:)`). `N` is derived from the name (see
/// `StructuredName`), each alias is a `NICKNAME`, tags become `CATEGORIES`, relationships
/// `RELATED` (see `RelatedCard`). Lines end in CRLF and are folded at 75 octets.
enum VCardExport {
    /// The card of one person; `related` (as `VaultLinks` gives them) become `RELATED` lines.
    static func card(for person: Person, related: [RelatedCard] = []) -> String {
        let doc = person.document
        var lines = ["BEGIN:VCARD", "VERSION:4.0", "UID:" + text(uid(for: person)), "FN:" + text(person.name),
                     "N:" + StructuredName(name: person.name).components.map(text).joined(separator: ";")]
        // One NICKNAME per alias: vobject reads only the first value of a comma-separated list.
        for alias in doc.aliases {
            lines.append("NICKNAME:" + text(alias))
        }
        for (index, phone) in doc.phones.enumerated() {
            lines.append("TEL;VALUE=text" + (index == 0 ? ";PREF=1" : "") + ":" + text(phone))
        }
        for (index, email) in doc.emails.enumerated() {
            lines.append("EMAIL" + (index == 0 ? ";PREF=1" : "") + ":" + text(email))
        }
        if let birthday = doc.birthday.flatMap(Birthday.init) {
            lines.append("BDAY:" + basicFormat(birthday))
        }
        if !doc.tags.isEmpty {
            lines.append("CATEGORIES:" + doc.tags.map(text).joined(separator: ","))
        }
        lines += related.map(\.line)
        lines.append("END:VCARD")
        return lines.map(ContentLine.folded).joined()
    }

    /// The card's `UID`: the `contact_id`, else `urn:uuid:` and the version 5 UUID of
    /// `"person:" + id` (see `EventUID.stable`).
    static func uid(for person: Person) -> String {
        person.document.contactID ?? "urn:uuid:" + EventUID.stable("person:" + person.id)
    }

    /// Why the card has no birthday when the file has one that is not a date, at its line.
    static func leftOut(of person: Person) -> Diagnostic? {
        guard var problem = person.document.fieldProblem("birthday") else { return nil }
        problem.severity = .warning
        problem.message += "; the card has no BDAY"
        return problem
    }

    /// `19851210`, or `--1210` without the year (RFC 6350 §4.3.1).
    static func basicFormat(_ birthday: Birthday) -> String {
        let monthDay = (birthday.month < 10 ? "0" : "") + "\(birthday.month)" + (birthday.day < 10 ? "0" : "") + "\(birthday.day)"
        guard let year = birthday.year else { return "--" + monthDay }
        return String(repeating: "0", count: max(0, 4 - String(year).count)) + "\(year)" + monthDay
    }

    /// A TEXT value: `\` `;` `,` and line breaks escaped (the same rules as iCalendar's).
    private static func text(_ value: String) -> String { ContentLine.escaped(value) }
}
