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
/// ORG:Analytical Society
/// TITLE:Programmer
/// TEL;VALUE=text;PREF=1:+44 20 7946 0018
/// EMAIL;PREF=1:ada@example.org
/// BDAY:18151210
/// ANNIVERSARY:18350708
/// CATEGORIES:friends,mathematics
/// NOTE:Met through the Analytical Society.
/// END:VCARD
/// ```
///
/// `UID` is the person's `contact_id`; without one, `urn:uuid:` and a UUID derived from the
/// person's id, the same on every export. Phone numbers are written as text exactly as the file
/// has them (a `tel:` URI could not hold `+44 20 7946 0018`); the first phone and email carry
/// `PREF=1`, so `crm import` keeps them first. A birthday without a year is `--MMDD`; one that
/// is not a date is left out (see `leftOut(of:)`). `anniversary:` of `dates:` is `ANNIVERSARY`
/// (`20150620`, `--0620`, `2019-03` or `2019`); the other dates have no vCard property and stay in
/// the file only. `N` is derived from the name (see
/// `StructuredName`), each alias is a `NICKNAME`, `company:` and `position:` are `ORG` and
/// `TITLE` (a person whose company is their name is an organisation: `KIND:org`, and an empty
/// `N`), tags become `CATEGORIES`, the notes `NOTE`, relationships `RELATED` (see
/// `RelatedCard`). Lines end in CRLF and are folded at 75 octets. `crm import` reads every one
/// of these back as it was.
enum VCardExport {
    /// The card of one person; `related` (as `VaultLinks` gives them) become `RELATED` lines.
    static func card(for person: Person, related: [RelatedCard] = []) -> String {
        let doc = person.document
        let isOrganization = doc.company == person.name
        var lines = ["BEGIN:VCARD", "VERSION:4.0"] + (isOrganization ? ["KIND:org"] : [])
        let name = isOrganization ? StructuredName() : StructuredName(name: person.name)
        lines += ["UID:" + text(uid(for: person)), "FN:" + text(person.name), "N:" + name.components.map(text).joined(separator: ";")]
        // One NICKNAME per alias: vobject reads only the first value of a comma-separated list.
        for alias in doc.aliases {
            lines.append("NICKNAME:" + text(alias))
        }
        if let company = doc.company { lines.append("ORG:" + text(company)) }
        if let position = doc.position { lines.append("TITLE:" + text(position)) }
        for (index, phone) in doc.phones.enumerated() {
            lines.append("TEL;VALUE=text" + (index == 0 ? ";PREF=1" : "") + ":" + text(phone))
        }
        for (index, email) in doc.emails.enumerated() {
            lines.append("EMAIL" + (index == 0 ? ";PREF=1" : "") + ":" + text(email))
        }
        if let birthday = doc.birthday.flatMap(Birthday.init) {
            lines.append("BDAY:" + basicFormat(birthday))
        }
        if let anniversary = doc.dates.last(where: { $0.name == "anniversary" }) {
            lines.append("ANNIVERSARY:" + basicFormat(anniversary.date))
        }
        if !doc.tags.isEmpty {
            lines.append("CATEGORIES:" + doc.tags.map(text).joined(separator: ","))
        }
        let notes = doc.notes
        if !notes.isEmpty { lines.append("NOTE:" + text(notes)) }
        lines += related.map(\.line)
        lines.append("END:VCARD")
        return lines.map(ContentLine.folded).joined()
    }

    /// The card's `UID`: the `contact_id`, else `urn:uuid:` and the version 5 UUID of
    /// `"person:" + id` (see `EventUID.stable`).
    static func uid(for person: Person) -> String {
        uid(id: person.id, contactID: person.document.contactID)
    }

    /// The `UID` of the card of the person `id` whose `contact_id` is `contactID`.
    static func uid(id: String, contactID: String?) -> String {
        contactID ?? "urn:uuid:" + EventUID.stable("person:" + id)
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

    /// A date of `dates:` as RFC 6350 §4.3.1 writes one: `20150620`, `--0620`, `2019-03`, `2019`.
    static func basicFormat(_ date: PartialDate) -> String {
        if let yearly = date.yearly { return basicFormat(yearly) }
        return date.description
    }

    /// A TEXT value: `\` `;` `,` and line breaks escaped (the same rules as iCalendar's).
    private static func text(_ value: String) -> String { ContentLine.escaped(value) }
}
